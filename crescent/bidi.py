"""Card notation isolated from the direction of the sentence around it.

Card notation (`A♠`, a run `9♣ V♦ V♦ 2♥`, a game code `CR1-N-AAAAAAB`) always reads
left to right, but suit symbols are neutral characters: in a right-to-left sentence
the bidi algorithm reorders them. `notation()` finds notation in any of the site's
languages (the rank letters are the registry's, `crescent.languages`). Plain text that
a page shows with `textContent` (the live boards' messages, the viewer's step
sentences, error messages) gets the Unicode isolates LRI … PDI (`isolated_text`), only in
right-to-left languages, where they change the display (in left-to-right text they
would only add invisible characters to copies). What is already inside an isolate,
such as the reader's own input that an error message quotes
(`crescent.errors.quoted`), is left exactly as it is. HTML isolates with
`<bdi dir="ltr">` instead (`crescent.render.markup.isolated_html`).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from crescent.i18n import (
    LANGUAGES,
    LEFT_TO_RIGHT_ISOLATE,
    POP_DIRECTIONAL_ISOLATE,
    RTL,
    catalog,
)
from crescent.tables import LETTERED

FIRST_STRONG_ISOLATE: Final = "\u2068"
_INITIATORS: Final = frozenset("\u2066\u2067\u2068")
SUITS: Final = "♠♥♦♣♤♡♢♧"


@cache
def notation() -> re.Pattern[str]:
    """Cards and runs of cards (space-separated) in any language's letters, and game codes."""
    letters = {catalog(lang).rank(rank) for lang in LANGUAGES for rank in LETTERED}
    longest_first = sorted({*letters, *map(str, range(2, 11))}, key=lambda r: (-len(r), r))
    ranks = "|".join(map(re.escape, longest_first))
    card = f"(?:{ranks})[{SUITS}]\ufe0f?"
    before = r"(?<![0-9A-Za-z\u00c0-\u024f\u0400-\u04ff])"
    code = r"CR1(?:-(?:[0-9A-Za-z]+|\.\.\.|…))*-?(?![0-9A-Za-z])"
    return re.compile(f"{before}(?:{code}|{card}(?:[ \u00a0]+{card})*)")


def isolated_text(text: str, lang: str) -> str:
    """`text` with its card notation between LRI and PDI when `lang` is right to left."""
    if lang not in RTL:
        return text

    def isolate(match: re.Match[str]) -> str:
        if _inside_isolate(text, match.start()):
            return match.group(0)
        return LEFT_TO_RIGHT_ISOLATE + match.group(0) + POP_DIRECTIONAL_ISOLATE

    return notation().sub(isolate, text)


def _inside_isolate(text: str, index: int) -> bool:
    """Whether position `index` of `text` is inside an isolate (LRI, RLI or FSI … PDI)."""
    depth = 0
    for char in text[:index]:
        if char in _INITIATORS:
            depth += 1
        elif char == POP_DIRECTIONAL_ISOLATE and depth:
            depth -= 1
    return depth > 0
