"""The site's languages are the registry's (`crescent.languages`), English first."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import load_config

from crescent.i18n import LANGUAGES, catalog
from crescent.languages import REGISTRY, SOURCE
from crescent_site.languages import nav_titles
from tests.site.conftest import ROOT, build_site, clone_project


def test_the_site_builds_the_registrys_languages_in_order() -> None:
    config = load_config(str(ROOT / "mkdocs.yml"))
    languages = config.plugins["i18n"].config.languages
    assert [(entry.locale, entry.name) for entry in languages] == [
        (language.code, language.name) for language in REGISTRY
    ]
    assert [entry.locale for entry in languages if entry.default] == [SOURCE]
    assert [entry.locale for entry in languages if entry.build] == list(LANGUAGES)


def test_every_language_has_its_catalog() -> None:
    catalogs = sorted(path.name for path in (ROOT / "crescent" / "locale").iterdir())
    assert catalogs == sorted(LANGUAGES)


def test_the_english_navigation_titles_are_the_english_catalogs() -> None:
    """The other languages' titles replace the English ones: the two must be one text."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    titles = nav_titles(config["nav"])
    assert titles and all((ROOT / "docs" / f"{page}.md").is_file() for _, page in titles)
    english = catalog(SOURCE)
    assert [(title, english.text(f"site.nav.{page}")) for title, page in titles] == [
        (title, title) for title, _ in titles
    ]


def test_without_a_compiled_catalog_the_build_stops_with_one_line(tmp_path: Path) -> None:
    project = clone_project(tmp_path / "project")
    (project / "crescent/locale/he/LC_MESSAGES/crescent.mo").unlink()
    done = build_site(tmp_path / "site", project=project)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"mkdocs.yml: the compiled catalog for 'he' is missing under {project}/crescent/locale; "
        "run `make setup` (it compiles the PO files with Babel)"
    )
