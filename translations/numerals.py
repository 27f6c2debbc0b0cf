"""How a language writes its numbers: the digit groups and the percent of its catalog.

The engine's catalog says how the language groups digits (`number.group`: "100,000",
"100 000" with a no-break space, "100.000") and writes a percent (`number.percent`:
"30%", "30 %", "%30"); the app writes its numbers so. A page or a message that
writes one otherwise reads unlike the app beside it, and a plain space lets "100 000"
or "30 %" break across two lines. Inline code, link targets and `{fields}` are left
out, as the facts check leaves them out (`translations.facts.LEFT_OUT`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from translations.catalogs import Message
from translations.facts import GROUPING, LEFT_OUT

GROUPED: Final = re.compile(
    rf"(?<![\w.,\u00a0\u202f])\d{{1,3}}(?:{GROUPING.pattern}\d{{3}})+(?![\d\w])"
)
PERCENT: Final = re.compile(
    r"(?<![\w.,])\d+(?:[.,]\d+)?[ \u00a0\u202f]?%|%[ \u00a0\u202f]?\d+(?:[.,]\d+)?"
)
DIGITS: Final = re.compile(r"\d+(?:[.,]\d+)?")
GROUP_KEY: Final = "number.group"
PERCENT_KEY: Final = "number.percent"
SHOWN: Final = {"\u00a0": "a no-break space", "\u202f": "a narrow no-break space", " ": "a space"}


@dataclass(frozen=True)
class Notation:
    """A language's digit group separator and its percent (`{value}` for the number)."""

    group: str
    percent: str

    def grouped(self, written: str) -> str:
        """`written`, a grouped number, with the language's separator."""
        return self.group.join(GROUPING.split(written))

    def percent_of(self, written: str) -> str:
        """The percent `written` as the language writes it."""
        match = DIGITS.search(written)
        return self.percent.replace("{value}", match.group() if match else written)

    def misspelt(self, text: str) -> list[tuple[str, str, str]]:
        """Each number of `text` written otherwise than the language writes it: (as
        written, as it should be, the catalog entry that says so)."""
        text = LEFT_OUT.sub(" ", text)
        found = [(m.group(), self.grouped(m.group()), GROUP_KEY) for m in GROUPED.finditer(text)]
        found += [
            (m.group(), self.percent_of(m.group()), PERCENT_KEY) for m in PERCENT.finditer(text)
        ]
        return [(written, right, key) for written, right, key in found if written != right]


def notation(messages: dict[str, Message]) -> Notation | None:
    """The notation a catalog's `number.group` and `number.percent` give, or None when
    it has not both, translated."""
    group, percent = messages.get(GROUP_KEY), messages.get(PERCENT_KEY)
    if group is None or percent is None or not (group.translated and percent.translated):
        return None
    return Notation(group.text, percent.text)


def advice(misspelt: tuple[str, str, str], source: str) -> str:
    """What a finding says of a number written otherwise (`misspelt`: as written, as
    the language writes it, the entry of the catalog at `source` that says so)."""
    written, right, key = misspelt
    spaces = [SHOWN[c] for c in dict.fromkeys(right) if c in SHOWN]
    how = f" (with {', '.join(spaces)})" if spaces else ""
    return f"“{written}” is written “{right}” in this language{how}: {key} in {source}"
