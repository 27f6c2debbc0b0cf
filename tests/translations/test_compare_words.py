"""The toolkit's words on a translated page that the language's site catalog lacks are
shown in English, and marked English (`lang="en" dir="ltr"`): a screen reader says them
as English, and in a right-to-left page they run left to right."""

from __future__ import annotations

import re

from translations import compare
from translations.ui import KEYS, Words

ENGLISH = ' lang="en" dir="ltr"'


def words(english: bool) -> Words:
    texts = {key: f"words of {key}" for key in KEYS}
    return Words("ar", texts, frozenset(KEYS) if english else frozenset())


def test_each_of_the_words_in_english_is_marked_english() -> None:
    made = {
        "hint": compare.hint,
        "switch": compare.switch,
        "dialog": compare.dialog,
        "controls": lambda w: compare.controls("b1", "<p>English</p>", w),
        "notice": lambda w: compare.notice("../#x", w),
    }
    shown = {
        "hint": ["compare.hint"],
        "switch": ["compare.switch"],
        "dialog": ["compare.original", "compare.close"],
        "controls": ["compare.open", "compare.hide"],
        "notice": ["outdated.notice", "outdated.link"],
    }
    for name, make in made.items():
        fallen, own = make(words(english=True)), make(words(english=False))
        for key in shown[name]:
            text = re.escape(f"words of {key}")
            assert re.search(rf"{re.escape(ENGLISH)}>(?:<[^>]*>)*\s*{text}", fallen), (name, key)
            assert not re.search(rf"{re.escape(ENGLISH)}>(?:<[^>]*>)*\s*{text}", own), (name, key)
