"""Random and hostile text into every parser: it parses, or raises the engine's error."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent.cards import Card
from crescent.codes import GameCode
from crescent.errors import CrescentError
from crescent.i18n import FIELD, LANGUAGES, catalog
from crescent.moves import parse_action
from crescent.places import Place
from crescent.position import Position
from crescent.record import Record
from crescent.scenario import loads_scenario

T = TypeVar("T")


def scenario_text(position: Position) -> str:
    """A scenario of `position`, in the format `loads_scenario` reads."""
    piles = {str(n): " ".join(map(str, pile)) for n, pile in enumerate(position.piles, 1) if pile}
    up, down = (
        dict(zip("SHDC", position.up, strict=True)),
        dict(zip("SHDC", position.down, strict=True)),
    )
    return json.dumps(
        {"piles": piles, "up": up, "down": down, "redeals_left": position.redeals_left}
    )


HOSTILE = st.sampled_from(
    [
        "<script>alert(1)</script>",
        "\x00",
        "\u202e",
        "CR1-N-" + "A" * 10_000,
        "💥",
        "null",
        "{}",
        "[]",
        '{"format": "crescent-game/1", "code": null}',
        "CR1-L-" + "-" * 15,
        "CR1-N-ÄAAAAAA",
        "cr1-n-aaaaaaß",
        "ß",
        "ßS",
        "1e999",
        '{"moves": [[]]}',
        "10♥♥",
        "١٠H",
        "-N-AAAAAAB",
        "CR1--N-AAAAAAB",
        "p1 ",
        " up-",
    ]
)
TEXT = st.one_of(st.text(max_size=300), HOSTILE, st.text(alphabet="CR1-NL AKQJT0123456789SHDC♠♥♦♣"))


QUOTED_FIELD = re.compile(r"[“„«\"‘]\{(\w+)\}[”“»\"’]")
"""A field in quotation marks, in any catalog's style: filled with nothing, the message
quotes nothing ("not “”"), which reads as a fault of the message."""

PYTHON_WORDS = re.compile(r"\b(?:None|True|False)\b")
"""Python's names of JSON's null, true and false: a message that shows one shows a
value as the engine holds it, not as the reader wrote it."""


def _parses_or_says_why(parse: Callable[[str], T], text: str, show: Callable[[T], str]) -> None:
    """`text` parses into a value whose canonical text parses back to the same value,
    or raises the engine's error, whose key every catalog says in words: every field of
    the message filled, and no value in Python's words the reader did not write."""
    try:
        value = parse(text)
    except CrescentError as error:
        for lang in LANGUAGES:
            assert catalog(lang).has(error.key), f"{error.key} is in the {lang} catalog"
            message = error.message(lang, isolate=True)
            assert message and message != error.key
            unfilled = set(FIELD.findall(catalog(lang).text(error.key))) - set(error.values)
            assert not unfilled, f"{error.key} in {lang} leaves {unfilled} unfilled"
            for name in QUOTED_FIELD.findall(catalog(lang).text(error.key)):
                quoted = str(error.values[name]).strip()
                assert quoted, f"{error.key} in {lang} quotes nothing: {error.message(lang)}"
        for word in PYTHON_WORDS.findall(error.message("en")):
            assert word in text, f"{error.key} shows {word}, which the input does not say"
        return
    assert parse(show(value)) == value


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_codes(text: str) -> None:
    _parses_or_says_why(GameCode.parse, text, lambda code: code.text)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_cards_places_and_moves(text: str) -> None:
    _parses_or_says_why(Card.parse, text, str)
    _parses_or_says_why(Place.parse, text, lambda place: place.text)
    _parses_or_says_why(parse_action, text, lambda action: action.text)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_records_and_scenarios(text: str) -> None:
    _parses_or_says_why(Record.loads, text, Record.dumps)
    _parses_or_says_why(loads_scenario, text, scenario_text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {"format": st.sampled_from(["crescent-game/1", "x"]) | JSON_VALUES},
        optional={
            "code": st.sampled_from(["CR1-N-AAAAAAB"]) | JSON_VALUES,
            "deal": JSON_VALUES,
            "moves": st.lists(TEXT | JSON_VALUES, max_size=6),
        },
    )
)
@pytest.mark.slow
def test_record_shapes(data: dict[str, object]) -> None:
    _parses_or_says_why(Record.loads, json.dumps(data), Record.dumps)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "piles": st.dictionaries(
                st.text(max_size=3) | st.sampled_from(["²", "١٠", "10"]),
                TEXT | JSON_VALUES,
                max_size=4,
            )
            | JSON_VALUES,
            "up": JSON_VALUES,
            "down": JSON_VALUES,
            "redeals_left": JSON_VALUES,
        },
    )
)
@pytest.mark.slow
def test_scenario_shapes(data: dict[str, object]) -> None:
    _parses_or_says_why(loads_scenario, json.dumps(data), scenario_text)


@pytest.mark.parametrize("text", ["", "   ", "\t"])
def test_nothing_given_is_said_without_quoting_nothing(text: str) -> None:
    """Every parser refuses an empty or blank input with words of its own: quoted, the
    input read as "“” is not a card" (a fault of the message)."""
    _parses_or_says_why(GameCode.parse, text, lambda code: code.text)
    _parses_or_says_why(Card.parse, text, str)
    _parses_or_says_why(Place.parse, text, lambda place: place.text)
    _parses_or_says_why(parse_action, text, lambda action: action.text)
    _parses_or_says_why(Record.loads, text, Record.dumps)
