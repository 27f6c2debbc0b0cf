"""Every benchmark the repo keeps still starts: it imports what it uses and reads its
options (`--help`). A benchmark broken by a rename elsewhere was found only when its
numbers were next wanted; what a run measures stays the benchmarks' own business."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.site.conftest import ROOT

BENCHMARKS = sorted(
    path.name
    for path in (ROOT / "bench").glob("*.py")
    if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")
)
"""The scripts of bench/ (its modules, such as hints.py, start with the script that
imports them)."""


def test_the_benchmarks_are_found() -> None:
    assert {"movegen.py", "build.py", "winrate.py", "lighthouse.py"} <= set(BENCHMARKS)


@pytest.mark.parametrize("name", BENCHMARKS)
def test_a_benchmark_starts_and_reads_its_options(name: str) -> None:
    done = subprocess.run(
        [sys.executable, f"bench/{name}", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage: "), done.stdout[:500]
