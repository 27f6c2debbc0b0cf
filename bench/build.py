"""Benchmark: the five-language strict build, with and without diagrams, and a preview.

Runs, interleaved in one session, the full build (diagrams drawn), the same build
with `CRESCENT_DIAGRAMS=off`, and the one-language preview (`CRESCENT_ONLY_LANG`),
several rounds each, and prints the medians and ratios. Targets: diagrams cost at
most 30% on top of the build without them; the preview takes under a third of the
full build.

    .venv/bin/python bench/build.py [--rounds 5] [--lang he]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed_build(env: dict[str, str]) -> float:
    """Seconds for one `mkdocs build --strict` into a fresh folder."""
    with tempfile.TemporaryDirectory() as target:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", target],
            cwd=ROOT,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
            check=True,
        )
        return time.perf_counter() - start


def main() -> None:
    """Time the three builds and print medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--lang", default="he")
    args = parser.parse_args()
    variants = {
        "full": {"CRESCENT_DIAGRAMS": "on"},
        "no diagrams": {"CRESCENT_DIAGRAMS": "off"},
        f"preview ({args.lang})": {"CRESCENT_ONLY_LANG": args.lang},
    }
    times: dict[str, list[float]] = {name: [] for name in variants}
    timed_build({})  # warm the file cache once
    for _ in range(args.rounds):
        for name, env in variants.items():
            times[name].append(timed_build(env))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, median in medians.items():
        print(
            f"{name:>16}: median {median:.2f} s  (runs: "
            + ", ".join(f"{t:.2f}" for t in times[name])
            + ")"
        )
    full, bare = medians["full"], medians["no diagrams"]
    preview = medians[f"preview ({args.lang})"]
    print(f"diagram cost: +{(full / bare - 1) * 100:.1f}% (target at most +30%)")
    print(f"preview / full: {preview / full:.2f} (target under 0.33)")


if __name__ == "__main__":
    main()
