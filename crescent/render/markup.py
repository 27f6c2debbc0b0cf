"""Escaping text for HTML and SVG markup, and isolating card notation from its sentence.

`escape` gives the same result as `html.escape(text)` (quotes included), without
importing the standard `html` package: its entity tables and patterns cost some
45 ms of the browser's start-up in Pyodide, and the engine needs none of them.

Card notation reads left to right in every language (`crescent.bidi` finds it and
isolates it in plain text): in HTML, `isolated_html` puts each card, run of cards
and game code in `<bdi dir="ltr">`, which isolates without a stylesheet and is what
HTML prefers to control characters; used in every language, so that a page never
has notation outside an isolate.
"""

from __future__ import annotations

from typing import Final

from crescent.bidi import notation

_ENTITIES: Final = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}
)


def escape(text: str) -> str:
    """`text` safe inside an element or a quoted attribute value."""
    return text.translate(_ENTITIES)


def isolated_html(text: str) -> str:
    """`text` escaped for HTML, with each card, run of cards and game code in `<bdi dir="ltr">`."""
    return notation().sub(lambda match: f'<bdi dir="ltr">{match.group(0)}</bdi>', escape(text))
