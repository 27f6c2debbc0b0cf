"""Facts written in words: "one rank higher" names the number 1 as "1 rank" does, and
"cannot" says "not" as surely as a number says how many.

A glossary's `[numbers] words` gives, for each number, the patterns of its words in the
language (`translations.terms`: `един|една|едно`, `одн*`, Hebrew prefixes included);
its `[negation] words` the patterns of the words that deny (`не`, `לא`, Turkish
`*madı`). The `not-counted` lists (English's, and a language's own) give the phrases in
which such a word is neither ("this one", "like one"; Hebrew אי פעם, "ever"). The facts
check (`translations.facts`) reads an English number word as that number's fact and an
English negation as the fact "a negation": a translation that says neither the fact nor
a word for it lacks it ("can" for "cannot" says the opposite). A translation's own words
count only towards what the English names, never as facts of their own, since many
languages say "one" for "a" (bg "една", tr "bir") and deny twice where English denies
once ("никогда не").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final

from translations.terms import WORD_START, compile_pattern, is_word_list


@dataclass(frozen=True)
class Spelled:
    """A language's words for facts: (fact, pattern) pairs, the fact a number or NEGATION,
    its prefix letters, and the phrases not counted."""

    words: tuple[tuple[str, str], ...] = ()
    prefixes: str = ""
    not_counted: tuple[str, ...] = ()

    def says(self, fact: str) -> bool:
        """Whether some word of the language names `fact` (a number, NEGATION)."""
        return any(named == fact for named, _ in self.words)

    def count(self, text: str) -> Counter[str]:
        """The facts `text` writes in words. A phrase is read before a single word, and
        its words are read no more ("on bir" is 11, not 10 and 1; "שלוש עשרה" is 13)."""
        return Counter(_counted(self, text)) if self.words else Counter()


@lru_cache(maxsize=4096)
def _counted(spelled: Spelled, text: str) -> dict[str, int]:
    """What `spelled` reads in `text`, kept: an English text is read for each language."""
    skipped, reading, facts = _reader(spelled.words, spelled.prefixes, spelled.not_counted)
    if skipped is not None:
        text = skipped.sub(" ", text)
    return dict(Counter(facts[match.lastindex or 0] for match in reading.finditer(text)))


@cache
def _reader(
    words: tuple[tuple[str, str], ...], prefixes: str, not_counted: tuple[str, ...]
) -> tuple[re.Pattern[str] | None, re.Pattern[str], dict[int, str]]:
    """One expression for the phrases not counted (None: none), one whose alternatives
    are the patterns, phrases and longer ones first (each its own group), and the fact
    of each group: one pass over a text reads them all, where a pass per pattern (some
    hundred of them) doubled the report's time."""
    ordered = sorted(words, key=_phrase_first)
    # Each pattern starts at a word's start: asked once, not once per pattern and letter.
    starts = [compile_pattern(pattern, prefixes).pattern for _, pattern in ordered]
    assert all(start.startswith(WORD_START) for start in starts)
    reading = re.compile(
        WORD_START + "(?:" + "|".join(f"({p[len(WORD_START) :]})" for p in starts) + ")",
        re.IGNORECASE,
    )
    facts = {group: fact for group, (fact, _) in enumerate(ordered, 1)}
    skipped = None
    if not_counted:
        skipped = re.compile(
            "|".join(compile_pattern(phrase, prefixes).pattern for phrase in not_counted),
            re.IGNORECASE,
        )
    return skipped, reading, facts


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
