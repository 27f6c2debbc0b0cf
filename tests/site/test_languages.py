"""The site's languages are the registry's (`crescent.languages`), English first."""

from __future__ import annotations

from mkdocs.config import load_config

from crescent.i18n import LANGUAGES, catalog
from crescent.languages import REGISTRY, SOURCE
from crescent_site.languages import nav_titles
from tests.site.conftest import ROOT


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
