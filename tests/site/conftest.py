"""Builds of the real site, shared by the site tests."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from crescent.i18n import LANGUAGES as LANGUAGES
from tools.build import ROOT
from tools.build import build_site as build_site
from translations.project import SUFFIX

PAGES = ("", "about/", "codes/", "examples/", "win-rate/")


def lang_prefix(lang: str) -> str:
    """Where the site's pages in `lang` begin: '' for English, `he/` for Hebrew."""
    return "" if lang == "en" else f"{lang}/"


def page_path(site: Path, lang: str, page: str) -> Path:
    """The built HTML file of `page` ('' for the rules) in `lang`."""
    return site / lang_prefix(lang) / page / "index.html"


def written_in(lang: str, page: str, project: Path = ROOT) -> str:
    """The language of the text of `page` ('' for the rules) as `lang` shows it: `lang`
    where the docs translate the page, else English (static-i18n shows the English page)."""
    name = page.strip("/") or "index"
    return lang if (project / "docs" / f"{name}.{lang}.md").is_file() else "en"


def one_language(page: str) -> dict[str, str]:
    """The environment of a build of the language of the page file `page` alone, as a
    preview builds it (`CRESCENT_ONLY_LANG`; `index.tr.md`: Turkish); none for an
    English page, which the whole build reads first anyway.

    A page broken in a later language stops the whole build only after the languages
    before it are built: a test of what the build says about that page need not pay for
    them. The whole build's own way of stopping in a later language (static-i18n builds
    it nested in the first) is tested once, in tests/site/test_markers.py."""
    found = SUFFIX.search(page.removesuffix(".md"))
    return {"CRESCENT_ONLY_LANG": found["lang"]} if found else {}


def copy_project(target: Path) -> Path:
    """A copy of the site's sources at `target` that a test may break; packages are linked."""
    target.mkdir()
    for name in ("mkdocs.yml", "docs", "hooks", "overrides", "results", "pyproject.toml"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            shutil.copy(source, target / name)
    for name in ("crescent", "crescent_site", "node_modules", "translations"):
        (target / name).symlink_to(ROOT / name)
    return target


def clone_project(target: Path) -> Path:
    """A copy of the whole working tree at `target` (the files git tracks or would, as they
    are now, and the compiled catalogs), that the toolkit may change: nothing is linked to
    the original but `node_modules`. Run from `target`, Python imports its packages."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    compiled = [p.relative_to(ROOT).as_posix() for p in (ROOT / "crescent").rglob("*.mo")]
    for name in [*filter(None, listed.split("\0")), *compiled]:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    (target / "node_modules").symlink_to(ROOT / "node_modules")
    return target


@pytest.fixture()
def project_copy(tmp_path: Path) -> Iterator[Path]:
    """A copy of the site's sources that a test may break."""
    yield copy_project(tmp_path / "project")
