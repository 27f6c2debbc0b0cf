"""Facts written in words: "one rank higher" names the number 1 as "1 rank" does, and
"cannot" says "not" as surely as a number says how many.

A glossary's `[numbers] words` gives, for each number, the patterns of its words in the
language (`translations.terms`: `един|една|едно`, `одн*`, Hebrew prefixes included);
its `[negation] words` the patterns of the words that deny (`не`, `לא`, Turkish `*madı`).
English's `not-counted` lists give the phrases in which such a word is neither ("this
one", "like one"). The facts check (`translations.facts`) reads an English number word
as that number's fact and an English negation as the fact "a negation": a translation
that says neither the fact nor a word for it lacks it ("can" for "cannot" says the
opposite). A translation's own words count only towards what the English names, never as
facts of their own, since many languages say "one" for "a" (bg "една", tr "bir") and
deny twice where English denies once ("никогда не").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Final

from translations.terms import compile_pattern, is_word_list


@dataclass(frozen=True)
class Spelled:
    """A language's number words: (number, pattern) pairs and the phrases not counted."""

    words: tuple[tuple[str, str], ...] = ()
    prefixes: str = ""
    not_counted: tuple[str, ...] = ()

    def count(self, text: str) -> Counter[str]:
        """The numbers `text` writes in words. A phrase is read before a single word, and
        its words are read no more ("on bir" is 11, not 10 and 1; "שלוש עשרה" is 13)."""
        for phrase in self.not_counted:
            text = compile_pattern(phrase, self.prefixes).sub(" ", text)
        found: Counter[str] = Counter()
        for number, pattern in sorted(self.words, key=_phrase_first):
            regex = compile_pattern(pattern, self.prefixes)
            found[number] += sum(1 for _ in regex.finditer(text))
            text = regex.sub(" ", text)
        return +found


NONE: Final = Spelled()
"""No number words: digits only."""
NUMBER_KEY = re.compile(r"\d+")


NEGATION: Final = "a negation"
"""The fact a word that denies names ("not", "never", "не", "לא")."""


def parse(
    numbers: dict[str, object], negation: dict[str, object], prefixes: str
) -> tuple[Spelled, list[str]]:
    """The facts in words of a glossary's `[numbers]` and `[negation]` tables (their
    `words` and `not-counted`), and what is wrong with them."""
    spelled_numbers, problems = _numbers(numbers)
    denying = negation.get("words", [])
    if not is_word_list(denying):
        problems.append('[negation] words must be a list in brackets, such as ["not", "never"]')
        denying = []
    assert isinstance(denying, list)
    not_counted = []
    for table, name in ((numbers, "numbers"), (negation, "negation")):
        phrases = table.get("not-counted", [])
        if is_word_list(phrases):
            assert isinstance(phrases, list)
            not_counted += phrases
        else:
            problems.append(f'[{name}] not-counted must be a list in brackets: ["this one"]')
    words = spelled_numbers + tuple((NEGATION, pattern) for pattern in denying if pattern.strip())
    return Spelled(words, prefixes, tuple(not_counted)), problems


def _numbers(numbers: dict[str, object]) -> tuple[tuple[tuple[str, str], ...], list[str]]:
    """The (number, pattern) pairs of a `[numbers]` table's `words`, and what is wrong."""
    problems = []
    words = numbers.get("words", {})
    found: list[tuple[str, str]] = []
    if not isinstance(words, dict):
        problems.append('[numbers] words must be a table, such as words = { 1 = ["one"] }')
        words = {}
    for number, patterns in words.items():
        if not NUMBER_KEY.fullmatch(number) or not is_word_list(patterns):
            problems.append(
                f"[numbers] words: {number} = {patterns!r} must be a number and a list "
                'of patterns in brackets, such as 1 = ["one"]'
            )
            continue
        found += [(number, pattern) for pattern in patterns if pattern.strip()]
    return tuple(found), problems


def _phrase_first(pair: tuple[str, str]) -> tuple[int, int]:
    """The reading order of a (number, pattern): more words first, then longer ones."""
    return -len(pair[1].split()), -len(pair[1])
