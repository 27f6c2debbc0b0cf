"""A number and its word are never parted by a line break (`crescent.i18n.held_numbers`).

A Russian reader saw the example's step "Ход 19: В♠ из стопки 6 на 10♠ стопки" end a
line and "7" start the next. Every message of every language is checked: wherever a
number field or a number sits beside a word, one side is held by a no-break space.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from crescent.i18n import LANGUAGES, LOCALE_DIR, NO_BREAK_SPACE, catalog, held_numbers
from crescent.render.steps import describe_step
from crescent.timeline import steps
from tools.games import example_record

NUMBER = r"(?:\{(?:number|source_number|target_number|count|moves|seconds)\}|\d+)"
PARTED = re.compile(rf"[^\W\d_] {NUMBER}(?:\.? [^\W\d_])")
"""A number with a plain space on each side, both sides words: nothing holds it."""


@pytest.mark.parametrize(
    ("template", "shown"),
    [
        ("from pile {source_number} onto", "from pile\u00a0{source_number} onto"),
        ("Won in {moves} moves", "Won in {moves}\u00a0moves"),
        ("Redeal ({count} left)", "Redeal ({count}\u00a0left)"),
        (
            "Hamle {number}: {source_number}. sütunun",
            "Hamle\u00a0{number}: {source_number}.\u00a0sütunun",
        ),
        ("on pile 7. Then", "on pile\u00a07. Then"),
        ("Moves: {count}", "Moves: {count}"),
        ("the {card} of {suit}", "the {card} of {suit}"),
        ("CR1-N-AAAAAAB at 10:30", "CR1-N-AAAAAAB at\u00a010:30"),
    ],
)
def test_a_number_is_held_to_its_word(template: str, shown: str) -> None:
    assert held_numbers(template) == shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_leaves_a_number_free_to_part_from_its_words(lang: str) -> None:
    words = catalog(lang)
    with (LOCALE_DIR / "en" / "LC_MESSAGES" / "crescent.po").open("rb") as handle:
        keys = sorted(message.id for message in read_po(handle) if isinstance(message.id, str))
    parted = [key for key in keys if key and PARTED.search(words.text(key))]
    assert parted == []
    for step in steps(example_record()):
        sentence = describe_step(step, lang)
        assert not re.search(r"[^\W\d_] \d+(?: [^\W\d_]|$)", sentence), sentence
        assert NO_BREAK_SPACE in sentence or step.move_number is None
