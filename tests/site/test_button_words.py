"""The words of every button are a catalog message the English catalog flags `#, button`.

A glossary's `[[buttons]]` rules (the form of address of a button, in Bulgarian and
Russian) are checked on the flagged messages only (`translations.glossary`): a button
whose message is not flagged would escape them. Every page of every language is read
for its buttons (a `button`, or a link or file label drawn as one, `md-button`).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.site.conftest import LANGUAGES, ROOT, lang_prefix
from translations.catalogs import load
from translations.quotes import message_pattern

BUTTON = re.compile(
    r'<(button|a|label)\b[^>]*class="[^"]*\bmd-button\b[^"]*"[^>]*>(.*?)</\1>', re.S
)
ICONS = "⏮◀▶⏸⏭"
"""The symbols the viewer's buttons show beside or instead of words."""
CATALOGS = (
    "crescent/locale/{}/LC_MESSAGES/crescent.po",
    "translations/locale/{}/LC_MESSAGES/site.po",
)


def words_of(text: str) -> str:
    """What a button's inner HTML reads as: its text, tags and the symbols of its icons
    (the autoplay's ▶) left out, spaces as one."""
    said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())
    return said.strip(ICONS + " ")


def flagged(lang: str) -> set[str]:
    """Each form, in `lang`, of the messages the English catalog flags `#, button`."""
    buttons: set[str] = set()
    for catalog in CATALOGS:
        english = load(ROOT / catalog.format("en"))
        for key, message in load(ROOT / catalog.format(lang)).items():
            if key in english and "button" in english[key].flags:
                buttons.update(message.forms)
    return buttons


def unflagged(pages: list[str], lang: str) -> set[str]:
    """The words of the buttons of `pages` (HTML) that no flagged message of `lang` says."""
    patterns = [message_pattern(" ".join(form.split())) for form in flagged(lang) if form]
    found = set()
    for text in pages:
        for match in BUTTON.finditer(text):
            said = words_of(match.group(2))
            if said and not any(p.fullmatch(said) for p in patterns):
                found.add(said)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_button_says_a_message_flagged_as_a_button(site: Path, lang: str) -> None:
    root = site / lang_prefix(lang)
    pages = [
        page.read_text(encoding="utf-8")
        for page in sorted(root.rglob("*.html"))
        if lang != "en" or page.relative_to(root).parts[0] not in LANGUAGES
    ]
    assert any(BUTTON.search(text) for text in pages), "no button found: the pattern is stale"
    assert unflagged(pages, lang) == set(), (
        "buttons whose message the English catalog does not flag"
    )


def test_a_button_whose_message_is_not_flagged_is_found() -> None:
    """A button saying a message that is not flagged (a status line's words) is found; a
    flagged one, with its field filled in (the redeal button), is not."""
    page = (
        '<button class="md-button">Nothing picked: choose a card</button>'
        '<button class="md-button crescent-demo-redeal">Redeal (<span>3</span> left)</button>'
        '<a class="md-button" href="../examples/">Step through this game</a>'
    )
    assert unflagged([page], "en") == {"Nothing picked: choose a card"}
