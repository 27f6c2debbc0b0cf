"""The card input messages: their examples parse, and they say which letters to type.

The engine reads cards in English letters; the pages of a language with letters of
its own (the registry's: R♠, V♦, Д♥) write others. A message that shows `Q♦` as an
example must say that the letters are English and name the letters the pages use, or
it contradicts them; a language that writes the English letters (or has not chosen
its own yet) needs no such words.
"""

from __future__ import annotations

import re

import pytest

from crescent.cards import Card
from crescent.errors import CardError
from crescent.i18n import LANGUAGES, catalog
from crescent.languages import SOURCE_LETTERS, language
from crescent.tables import LETTERED

EXAMPLE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQKT])[SHDC♠♥♦♣](?![\w♠♥♦♣])")


INPUT_MESSAGES = ("card.too-short", "card.empty")
"""The messages that say how a card is written."""


@pytest.mark.parametrize("key", INPUT_MESSAGES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_card_of_the_input_message_parses(lang: str, key: str) -> None:
    text = catalog(lang).text(key)
    examples = EXAMPLE.findall(text)
    assert len(examples) >= 3, text
    for example in examples:
        Card.parse(example)


OWN_LETTERS = [lang for lang in LANGUAGES if language(lang).card_letters != SOURCE_LETTERS]
"""The languages whose cards are written with letters other than the English ones."""


@pytest.mark.parametrize("key", INPUT_MESSAGES)
@pytest.mark.parametrize("lang", OWN_LETTERS)
def test_the_input_message_names_the_pages_letters(lang: str, key: str) -> None:
    words = catalog(lang)
    text = words.format(key, text="x")
    for face, rank in zip("JQK", LETTERED[1:], strict=True):
        letter = words.rank(rank)
        name = words.text(f"rank.name.{face}")
        spaced = (f"{face}{space}{dash} {name}" for space in " \u00a0" for dash in "—–")
        assert f"{face} = {name}" in text or any(d in text for d in spaced), (face, text)
        assert re.search(rf"(?<!\w){re.escape(letter)}(?!\w)", text), (letter, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_letter_that_is_not_english_is_refused_as_a_rank(lang: str) -> None:
    words = catalog(lang)
    for rank in LETTERED[1:]:
        letter = words.rank(rank)
        if letter in "AJQKT":
            continue
        with pytest.raises(CardError) as raised:
            Card.parse(letter + "♦")
        assert raised.value.key == "card.bad-rank"
