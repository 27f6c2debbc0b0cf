"""Builds of the real site, shared by the site tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "bg", "he", "ru", "tr")
PAGES = ("", "about/", "codes/", "examples/", "win-rate/")


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


def page_path(site: Path, lang: str, page: str) -> Path:
    """The built HTML file of `page` ('' for the rules) in `lang`."""
    prefix = "" if lang == "en" else f"{lang}/"
    return site / prefix / page / "index.html"


def copy_project(target: Path) -> Path:
    """A copy of the site's sources at `target` that a test may break; packages are linked."""
    target.mkdir()
    for name in ("mkdocs.yml", "docs", "hooks", "overrides", "results", "pyproject.toml"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            shutil.copy(source, target / name)
    for name in ("crescent", "node_modules", "translations"):
        (target / name).symlink_to(ROOT / name)
    return target


@pytest.fixture()
def project_copy(tmp_path: Path) -> Iterator[Path]:
    """A copy of the site's sources that a test may break."""
    yield copy_project(tmp_path / "project")
