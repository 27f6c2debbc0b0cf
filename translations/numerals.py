"""How a language writes its numbers: the digit groups and the percent of its catalog.

The engine's catalog says how the language groups digits (`number.group`: "100,000",
"100 000" with a no-break space, "100.000"), whether it groups a number of four digits
(`number.thousand`: "1,000", or "1000" in Bulgarian, which groups five digits and more)
and how it writes a percent (`number.percent`: "30%", "30 %", "%30"); the app writes its
numbers so. A page or a message that writes one otherwise reads unlike the app beside
it, and a plain space lets "100 000" or "30 %" break across two lines.

A number written without groups is found where its English text writes the same number
grouped ("1000" for "1,000"): a year or a port ("8000") is written without groups in
English too. Inline code, link targets and `{fields}` are left out, as the facts check
leaves them out (`translations.facts.LEFT_OUT`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from translations.catalogs import Message
from translations.facts import GROUPING, LEFT_OUT, digits_of

GROUPED: Final = re.compile(
    rf"(?<![\w.,\u00a0\u202f])\d{{1,3}}(?:{GROUPING.pattern}\d{{3}})+(?![\d\w])"
)
PERCENT: Final = re.compile(
    r"(?<![\w.,])\d+(?:[.,]\d+)?[ \u00a0\u202f]?%|%[ \u00a0\u202f]?\d+(?:[.,]\d+)?"
)
PLAIN: Final = re.compile(r"(?<![\w.,\u00a0\u202f])\d{4,}(?![\d\w]|[.,]\d)")
"""A number of four digits or more written without groups (not a decimal's part)."""
DIGITS: Final = re.compile(r"\d+(?:[.,]\d+)?")
FOUR: Final = 4
"""The digits of the numbers `number.thousand` says how to write."""
GROUP_KEY: Final = "number.group"
THOUSAND_KEY: Final = "number.thousand"
PERCENT_KEY: Final = "number.percent"
SHOWN: Final = {"\u00a0": "a no-break space", "\u202f": "a narrow no-break space", " ": "a space"}


@dataclass(frozen=True)
class Notation:
    """A language's digit group separator, its percent (`{value}` for the number) and
    one thousand in its digits (grouped or not)."""

    group: str
    percent: str
    thousand: str = "1,000"

    def grouped(self, written: str) -> str:
        """`written`, a number grouped or not, as the language writes it."""
        digits = digits_of(written)
        if len(digits) == FOUR and self.thousand.isdigit():
            return digits
        return self.group.join(GROUPING.split(f"{int(digits):,}"))

    def _key(self, written: str) -> str:
        """The catalog entry that says how `written` is grouped."""
        return THOUSAND_KEY if len(digits_of(written)) == FOUR else GROUP_KEY

    def percent_of(self, written: str) -> str:
        """The percent `written` as the language writes it."""
        match = DIGITS.search(written)
        return self.percent.replace("{value}", match.group() if match else written)

    def misspelt(
        self, text: str, english: frozenset[str] = frozenset()
    ) -> list[tuple[str, str, str]]:
        """Each number of `text` written otherwise than the language writes it: (as
        written, as it should be, the catalog entry that says so). `english`: the numbers
        (digits only) its English text writes grouped (`grouped_in`)."""
        text = LEFT_OUT.sub(" ", text)
        numbers = [m.group() for m in GROUPED.finditer(text)]
        numbers += [m.group() for m in PLAIN.finditer(text) if m.group() in english]
        found = [(number, self.grouped(number), self._key(number)) for number in numbers]
        found += [
            (m.group(), self.percent_of(m.group()), PERCENT_KEY) for m in PERCENT.finditer(text)
        ]
        return [(written, right, key) for written, right, key in found if written != right]


def grouped_in(english: str) -> frozenset[str]:
    """The numbers (digits only) an English text writes grouped ("1,000" -> "1000")."""
    text = LEFT_OUT.sub(" ", english)
    return frozenset(digits_of(m.group()) for m in GROUPED.finditer(text))


def notation(messages: dict[str, Message]) -> Notation | None:
    """The notation a catalog's `number.group`, `number.percent` and `number.thousand`
    give, or None when it has not the first two, translated (English's one thousand
    without the third)."""
    group, percent = messages.get(GROUP_KEY), messages.get(PERCENT_KEY)
    if group is None or percent is None or not (group.translated and percent.translated):
        return None
    thousand = messages.get(THOUSAND_KEY)
    if thousand is None or not thousand.translated:
        return Notation(group.text, percent.text)
    return Notation(group.text, percent.text, thousand.text)


def advice(misspelt: tuple[str, str, str], source: str) -> str:
    """What a finding says of a number written otherwise (`misspelt`: as written, as
    the language writes it, the entry of the catalog at `source` that says so)."""
    written, right, key = misspelt
    spaces = [SHOWN[c] for c in dict.fromkeys(right) if c in SHOWN]
    how = f" (with {', '.join(spaces)})" if spaces else ""
    return f"“{written}” is written “{right}” in this language{how}: {key} in {source}"
