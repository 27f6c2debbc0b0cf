"""The small pattern language of the glossaries, made into regular expressions.

A pattern is one or more words separated by spaces; the words must follow each
other in the text (any spaces between them):

- `купчина` matches that word only (any letter case);
- `купчин*` matches the stem followed by any ending: купчина, купчината, купчини;
- `*bilir` matches any word that ends so: kazanılabilir, edilebilir (a suffix that
  says the same whatever the word: `*bilir olabil*` is "may" written twice);
- `a|b|c` matches any of the alternatives: `של|אס|מלך עלה`;
- `#` matches a number: `# deste*` matches "2 deste".

A match never starts or ends inside a word. A Hebrew stem that ends in a final
letter (ך ם ן ף ץ) also matches its longer forms, where the letter is written in its
medial shape: `תרשים*` matches תרשים and התרשימים. Languages whose one-letter prefixes
attach to words (Hebrew: ה ב ל מ ש ו כ) list them in the glossary's `prefixes`;
up to three of them may then precede the first word of a pattern, so `ערימ*`
also matches בערימה and מהערימה. A pattern that starts with `=` takes no prefixes:
`=מלך עלה` (king of spades) does not match והמלך עלה (and the king went up).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

MARKS = (
    r"\u200c\u200d\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7"
    r"\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed"
)
"""What a word holds besides letters and digits (`\\w`): the marks written on them
(Hebrew points, Arabic and Persian vowel marks, the hamza of the ezafe, "پایهٔ") and the
zero-width (non-)joiners that Persian writes inside words ("کارت‌های"). A line with none
of them is matched with `\\w` alone, which the regular expressions run faster (the
report took a third longer with the wider class on every line)."""
HAS_MARKS = re.compile(f"[{MARKS}]")
LETTER = r"\w"
WORD_START = rf"(?<!{LETTER})"
"""How every pattern's expression begins: a match never starts inside a word."""
FINAL_LETTERS = {"ך": "כ", "ם": "מ", "ן": "נ", "ף": "פ", "ץ": "צ"}
"""Hebrew letters with a final shape, and their shape inside a word."""


@dataclass(frozen=True)
class Hit:
    """Where a pattern matched: the line, the column span and the words."""

    line: int
    start: int
    end: int
    words: str


@cache
def compile_pattern(pattern: str, prefixes: str = "", marks: bool = False) -> re.Pattern[str]:
    """The regular expression of a glossary pattern (for text with `MARKS` in its words
    when `marks`)."""
    letter = f"[\\w{MARKS}]" if marks else LETTER
    parts = []
    if pattern.startswith("="):
        pattern, prefixes = pattern[1:], ""
    for index, word in enumerate(pattern.split()):
        alternatives = []
        for alternative in word.split("|"):
            if alternative == "#":
                alternatives.append(r"\d+")
            else:
                alternatives.append(_word(alternative, letter))
        part = "(?:" + "|".join(alternatives) + ")"
        if index == 0 and prefixes:
            part = f"[{re.escape(prefixes)}]{{0,3}}?{part}"
        parts.append(part)
    if not parts:
        raise ValueError("empty glossary pattern")
    start = f"(?<!{letter})"
    return re.compile(start + r"\s+".join(parts) + f"(?!{letter})", re.IGNORECASE)


def _word(word: str, letter: str) -> str:
    """The expression of one word of a pattern: a leading `*` for any beginning, a
    trailing one for any ending (`_stem`)."""
    beginning = ""
    if word.startswith("*") and len(word) > 1:
        beginning, word = f"{letter}*", word[1:]
    if word.endswith("*"):
        return beginning + _stem(word[:-1], letter)
    return beginning + re.escape(word)


def _stem(stem: str, letter: str) -> str:
    """The expression of a stem followed by any ending."""
    medial = FINAL_LETTERS.get(stem[-1:])
    if medial is None:
        return re.escape(stem) + f"{letter}*"
    return re.escape(stem[:-1]) + f"(?:{stem[-1]}|{medial}{letter}+)"


def find(pattern: str, lines: list[tuple[int, str]], prefixes: str = "") -> list[Hit]:
    """Every match of `pattern` in numbered `lines`."""
    return list(occurrences(pattern, lines, prefixes))


def occurrences(pattern: str, lines: list[tuple[int, str]], prefixes: str = "") -> Iterator[Hit]:
    """The matches of `pattern` in numbered `lines`, found as they are asked for: a caller
    that needs one match stops the search there."""
    plain = compile_pattern(pattern, prefixes)
    for number, text in lines:
        regex = compile_pattern(pattern, prefixes, True) if HAS_MARKS.search(text) else plain
        for match in regex.finditer(text):
            yield Hit(number, match.start(), match.end(), match.group(0))


def matches(pattern: str, text: str, prefixes: str = "") -> bool:
    """True when `pattern` occurs in `text`."""
    marks = HAS_MARKS.search(text) is not None
    return compile_pattern(pattern, prefixes, marks).search(text) is not None


def is_word_list(value: object) -> bool:
    """True for a list of strings, as a glossary's lists of patterns must be: a bare
    string there would be read letter by letter."""
    return isinstance(value, list) and all(isinstance(word, str) for word in value)
