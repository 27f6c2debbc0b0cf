"""A message a language has not translated yet is shown in English; in a right-to-left
language it runs left to right, isolated, with its punctuation where English has it."""

from __future__ import annotations

import gettext

import pytest

from crescent.i18n import (
    LEFT_TO_RIGHT_ISOLATE,
    NO_BREAK_SPACE,
    POP_DIRECTIONAL_ISOLATE,
    SIGNS,
    Catalog,
    catalog,
)
from crescent.languages import REGISTRY, SOURCE
from crescent_site import legend

RIGHT_TO_LEFT = next(entry.code for entry in REGISTRY if entry.rtl)
LEFT_TO_RIGHT = next(entry.code for entry in REGISTRY if not entry.rtl and entry.code != SOURCE)


def untranslated(lang: str) -> Catalog:
    """`lang` as a language just added: no message of its own, English for every one."""
    english = catalog(SOURCE)._translations
    nothing = gettext.NullTranslations()
    shown = gettext.NullTranslations()
    shown.add_fallback(english)
    return Catalog(lang, shown, english, nothing)


def isolated(text: str) -> str:
    return LEFT_TO_RIGHT_ISOLATE + text + POP_DIRECTIONAL_ISOLATE


def test_english_in_a_right_to_left_language_is_isolated() -> None:
    words = untranslated(RIGHT_TO_LEFT)
    english = catalog(SOURCE)
    assert words.text("viewer.speed-normal") == isolated("1×")
    assert words.text("legend.label") == isolated(english.text("legend.label"))
    assert words.plural("count.cards", 3) == isolated(f"3{NO_BREAK_SPACE}cards")
    assert words.format("place.pile", number=7) == isolated(f"pile{NO_BREAK_SPACE}7")
    assert words.direction_of("count.cards") == "ltr"


@pytest.mark.parametrize("key", sorted(SIGNS))
def test_signs_are_never_isolated(key: str) -> None:
    """A number's marks are read as characters (`grouped`), the card notation has its own
    isolates: neither gets the message's."""
    assert untranslated(RIGHT_TO_LEFT).text(key) == catalog(SOURCE).text(key)


def test_a_missing_message_is_still_missing() -> None:
    words = untranslated(RIGHT_TO_LEFT)
    assert not words.has("no.such.message")
    assert words.has("legend.label")
    assert words.grouped(84747) == "84,747"


def test_left_to_right_languages_and_translated_messages_are_left_alone() -> None:
    english = catalog(SOURCE)
    assert untranslated(LEFT_TO_RIGHT).text("legend.label") == english.text("legend.label")
    assert english.text("legend.label").isprintable()
    translated = catalog(RIGHT_TO_LEFT).text("legend.label")
    assert LEFT_TO_RIGHT_ISOLATE not in translated and translated != english.text("legend.label")


def test_a_legend_in_english_is_marked_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its frame ("Card letters: … .") is the catalog's label: untranslated, the whole
    legend reads as the English sentence it is, left to right."""
    english = legend.render_card_legend(RIGHT_TO_LEFT)
    assert ' lang="en"' not in english and 'dir="ltr">' in english  # only its letters' <bdi>
    monkeypatch.setattr(legend, "catalog", untranslated)
    marked = legend.render_card_legend(RIGHT_TO_LEFT)
    assert marked.startswith(
        f'<p class="crescent-card-legend" data-crescent-legend="{RIGHT_TO_LEFT}"'
        ' lang="en" dir="ltr">'
    )
