"""Strict builds of the real site, for the site tests and the benchmarks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_site(
    target: Path, project: Path = ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the real `mkdocs build --strict` of `project` into `target`."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(target)],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})},
        capture_output=True,
        text=True,
        check=False,
    )


def built_site(site: Path | None, folder: Path) -> Path:
    """`site` when given, else a fresh strict build into `folder` (benchmarks use it)."""
    if site is not None:
        return site
    done = build_site(folder / "site")
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return folder / "site"
