"""No catalog message spells out a number of the rules: the engine fills it in.

A translator should never have to change a number, and a number of the rules has one
value, in `crescent.tables`: messages name it (`{pile_limit}`, `{redeal_limit}`) and
`Catalog.text` fills it in (`crescent.tables.RULE_NUMBERS`).
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from crescent.i18n import LANGUAGES, LOCALE_DIR, catalog
from crescent.tables import PILE_LIMIT, REDEALS, RULE_NUMBERS, UNDO_LIMIT

FIELD = re.compile(r"\{[^{}]*\}")
NUMBER = re.compile(r"(?<![\w.,:/])\d+(?![\w/-]|[.,:]\d)")
BIG = {value for value in RULE_NUMBERS.values() if value >= 10}
"""13, 16, 100, 104: a rule's number wherever it stands alone."""
SMALL = {"redeal": RULE_NUMBERS["redeal_limit"], "cop": RULE_NUMBERS["copies"]}
"""2 and 3 are rule numbers in a message about copies or redeals (by its English words)."""


def _messages(lang: str) -> dict[str, str]:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "crescent.po").open("rb") as handle:
        catalog_file = read_po(handle)
    found = {}
    for message in catalog_file:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        found[key] = " | ".join(texts)
    return found


def spelled_rule_numbers(text: str, english: str) -> list[int]:
    """The rule numbers `text` spells out (its fields aside), given its English words."""
    numbers = [int(found) for found in NUMBER.findall(FIELD.sub(" ", text))]
    small = {value for stem, value in SMALL.items() if stem in english.lower()}
    return [number for number in numbers if number in BIG | small]


def test_the_check_finds_spelled_numbers_and_passes_fields() -> None:
    assert spelled_rule_numbers("a pile holds at most 13", "") == [13]
    assert spelled_rule_numbers("Redeals left must be 0 to 3, not 7", "Redeals left") == [3]
    assert spelled_rule_numbers("13. 16.", "") == [13, 16]
    assert spelled_rule_numbers("3 moves", "moves") == []
    assert spelled_rule_numbers("{pile_limit} or {count}; p16, 10H, 1:13, 1,000, 13.5", "") == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_spells_out_a_rule_number(lang: str) -> None:
    english = _messages("en")
    spelled = {
        key: numbers
        for key, text in _messages(lang).items()
        if (numbers := spelled_rule_numbers(text, english.get(key, key)))
    }
    assert spelled == {}


def test_the_numbers_are_filled_in_and_other_fields_left_alone() -> None:
    words = catalog("en")
    assert words.text("position.pile-too-big").endswith(f"at most\u00a0{PILE_LIMIT}")
    assert words.format("position.redeals", count=7).endswith(
        f"0\u00a0to\u00a0{REDEALS}, not\u00a07"
    )
    assert str(UNDO_LIMIT) in words.text("reason.undo-limit")
    for lang in LANGUAGES:
        for key in ("ui.won", "position.card-total", "scenario.bad-count"):
            assert "{" not in catalog(lang).format(key, count=1, field="f"), (lang, key)
