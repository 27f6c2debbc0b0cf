"""The languages static-i18n builds, from the registry, with their words from the catalogs.

mkdocs.yml does not list the languages: its `plugins.i18n.languages` is

    !!python/object/apply:crescent_site.languages.static_i18n [*nav]

which MkDocs' YAML loader calls while it reads the file, with the site's `nav`, so
that the plugin validates the entries as it would a hand-written list (and
`build_only_locale` is checked against them), and the language menu
(`extra.alternate`) follows. The facts (code, name, order) are the registry's
(`crescent.languages`); the words a translator writes (the site's name and
description, the navigation titles, the palette switch's label, the 404 page's
sentence) are the engine catalog's `site.*` messages, each falling back to English on
its own; so are the words of Material's that the site shows (`THEME_WORDS`), which
fall back to Material's in the language.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from crescent.i18n import LOCALE_DIR, Catalog, CatalogMissing, catalog
from crescent.languages import REGISTRY, SOURCE
from crescent_site.catalogs import compile_edited

NOT_FOUND = ("title", "before", "link", "after")
"""The 404 page's words (`site.not-found.*`), as overrides/404.html reads them."""
THEME_WORDS = (
    "action.skip",
    "clipboard.copy",
    "clipboard.copied",
    "footer",
    "footer.next",
    "footer.previous",
    "header",
    "nav",
    "search",
    "search.placeholder",
    "search.reset",
    "search.result.initializer",
    "search.result.placeholder",
    "search.result.none",
    "search.result.one",
    "search.result.other",
    "search.result.more.one",
    "search.result.more.other",
    "search.result.term.missing",
    "select.language",
    "toc",
)
"""Material's words that the site shows (its keys), which the catalogs own as
`site.theme.<key>`: a language's translation wins over Material's word in it, which
serves until the language has translated it (overrides/partials/language.html).
Material's own were wrong in places ("מסמך1 תואם", one document in Hebrew)."""
PALETTE_SWITCHES = ("dark", "light")
"""What the switch of each of mkdocs.yml's `theme.palette` schemes, in its order, turns
to (`site.palette.*`): the light scheme's switch turns the page dark."""


def static_i18n(nav: list[Any]) -> list[dict[str, Any]]:
    """static-i18n's `languages` option: every registry language, English the default.

    A catalog edited since `make catalogs` (or never compiled) is compiled first
    (`crescent_site.catalogs`). Without the compiled catalogs MkDocs stops here with one
    line saying so (an exception would surface as a traceback of the YAML loader)."""
    if compile_edited(LOCALE_DIR):
        catalog.cache_clear()  # under `mkdocs serve`, the words of the last build
    try:
        return [_entry(entry.code, entry.name, nav) for entry in REGISTRY]
    except CatalogMissing as error:
        raise SystemExit(f"mkdocs.yml: {error}") from None


def _entry(code: str, name: str, nav: list[Any]) -> dict[str, Any]:
    words = catalog(code)
    entry: dict[str, Any] = {
        "locale": code,
        "name": name,
        "build": True,
        "site_name": words.text("site.name"),
        "site_description": words.text("site.description"),
        "theme": {
            "palette": [
                {"toggle": {"name": words.text(f"site.palette.{switch}")}}
                for switch in PALETTE_SWITCHES
            ]
        },
    }
    if code == SOURCE:
        entry["default"] = True
    else:
        translated = nav_translations(nav, words)
        if translated:
            entry["nav_translations"] = translated
    entry["extra"] = {
        "scope": "/",
        "not_found": {part: words.text(f"site.not-found.{part}") for part in NOT_FOUND},
    }
    return entry


def nav_translations(nav: list[Any], words: Catalog) -> dict[str, str]:
    """English navigation title -> the language's (`site.nav.<page>`), where it differs."""
    found = {}
    for title, page in nav_titles(nav):
        text = words.text(f"site.nav.{page}")
        if text != title:
            found[title] = text
    return found


def nav_titles(nav: list[Any]) -> list[tuple[str, str]]:
    """(title, page name) of each titled page of `nav`, sections included: `("Rules", "index")`."""
    found = []
    for item in nav:
        if not isinstance(item, dict):
            continue
        for title, target in item.items():
            if isinstance(target, list):
                found += nav_titles(target)
            elif isinstance(target, str) and target.endswith(".md"):
                found.append((str(title), PurePosixPath(target).with_suffix("").as_posix()))
    return found


def theme_words(code: str) -> dict[str, str]:
    """Material's words (`THEME_WORDS`) that the language's catalog translates, by key."""
    words = catalog(code)
    return {
        key: words.text(f"site.theme.{key}")
        for key in THEME_WORDS
        if words.translated(f"site.theme.{key}") and words.has(f"site.theme.{key}")
    }
