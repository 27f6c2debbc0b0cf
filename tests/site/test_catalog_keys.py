"""No built page shows a raw catalog key (`play.more`, `ui.won`) where its words belong.

A key that reaches a page means a lookup that fell through: a message id mistyped in
a page shell, or a word the catalog lacks. Every page of every language is read:
its text, and the attributes that readers or their screen readers meet.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from crescent.i18n import LANGUAGES, LOCALE_DIR
from tests.site.conftest import PAGES
from tests.site.html import Element, parse

SKIPPED = {"script", "style", "code", "pre"}
"""Elements whose text is not prose: a guide may quote a key in code."""
SHOWN = {"aria-label", "aria-description", "title", "alt", "placeholder", "content", "value"}
"""Attributes whose values readers meet, besides the `data-msg-*` words the scripts show."""


@cache
def keys() -> re.Pattern[str]:
    """A catalog key's shape: one of the English catalog's namespaces, a dot, a name.

    A missing key comes out as itself (`play.mroe`), so a mistyped one is found too.
    """
    with (LOCALE_DIR / "en" / "LC_MESSAGES" / "crescent.po").open("rb") as handle:
        po = read_po(handle)
    ids = {message.id if isinstance(message.id, str) else message.id[0] for message in po}
    namespaces = sorted({key.split(".")[0] for key in ids if "." in key})
    return re.compile(r"(?<![\w.-])(?:" + "|".join(namespaces) + r")\.[a-z0-9][\w.-]*(?<![.-])")


def shown_text(element: Element) -> list[str]:
    """The texts of `element` a reader meets: its prose and its shown attributes."""
    found = [
        value
        for name, value in element.attrs.items()
        if name in SHOWN or name.startswith("data-msg-")
    ]
    for item in element.content:
        if isinstance(item, str):
            found.append(item)
        elif item.tag not in SKIPPED:
            found += shown_text(item)
    return found


def raw_keys(html: str) -> list[str]:
    """The catalog keys shown in `html`."""
    pattern = keys()
    return [match.group(0) for text in shown_text(parse(html)) for match in pattern.finditer(text)]


def test_the_check_finds_a_key_in_text_and_in_shown_attributes_only() -> None:
    page = (
        '<p>Won! <span aria-label="ui.won">x</span> play.more.</p>'
        '<div data-msg-opened="viewer.opened" data-reason="reason.same-suit"></div>'
        "<code>ui.reset</code><script>const k = 'ui.undo';</script><p>play.mroe, e.g. 9.5</p>"
    )
    assert raw_keys(page) == ["ui.won", "play.more", "viewer.opened", "play.mroe"]


def _pages(site: Path, lang: str) -> list[Path]:
    if lang != LANGUAGES[0]:
        return sorted((site / lang).rglob("*.html"))
    others = {site / other for other in LANGUAGES[1:]}
    return sorted(
        path for path in site.rglob("*.html") if not any(p in others for p in path.parents)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_a_raw_catalog_key(site: Path, lang: str) -> None:
    pages = _pages(site, lang)
    prefix = "" if lang == LANGUAGES[0] else f"{lang}/"
    built = {str(path.relative_to(site)) for path in pages}
    assert {f"{prefix}{page}index.html" for page in PAGES} <= built
    shown = {
        str(path.relative_to(site)): found
        for path in pages
        if (found := raw_keys(path.read_text(encoding="utf-8")))
    }
    assert shown == {}
