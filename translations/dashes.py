"""Spaced dashes: the dash a language writes between two words, and the space before it.

A glossary's `[typography] dash` names the dash its language sets between words
(Russian "—", Bulgarian "–"). The dash takes a no-break space before it, so that no
line starts with it, and a plain space after. A spaced dash of the other kind, or one
after a plain space, is flagged with how to write it; a language whose glossary names
no dash is not checked.
"""

from __future__ import annotations

import re
from typing import Final

DASHES: Final = ("—", "–")
"""The dashes a glossary may name: em and en."""
NO_BREAK: Final = "\u00a0"
SPACED: Final = re.compile(r"(\S+)([ \u00a0])([—–])(?= )")
"""A dash between spaces, with the word before it."""


def misdashed(dash: str, text: str) -> list[str]:
    """The word before each spaced dash of `text` written otherwise than `dash` after a
    no-break space, with that dash (none when `dash` is empty)."""
    if not dash:
        return []
    return [
        f"{match.group(1)} {match.group(3)}"
        for match in SPACED.finditer(text)
        if match.group(2) + match.group(3) != NO_BREAK + dash
    ]


def advice(written: str, dash: str) -> str:
    """What a finding says of the spaced dash `written` (with the word before it)."""
    return (
        f"“{written}”: this language sets {dash} between words ([typography] dash), with a "
        "no-break space before it so that no line starts with the dash"
    )
