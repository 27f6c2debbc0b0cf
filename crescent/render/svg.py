"""The horseshoe diagram as an inline SVG.

Each pile shows its top card with the pile number and card count under it; each
foundation its top card and count; an empty pile is a dashed outline that keeps
its number. The card (or the outline) is a group of its own, `cr-face`, so that
a live board can make it travel while the place's words stay where they are.
Card faces are white with red (hearts, diamonds) or black suits in both colour
schemes; labels use `currentColor`, so they follow the page's text
colour in light and dark. Every pile and foundation is a `<g>` carrying
`data-pile` or `data-foundation`, `data-count` and `data-top` (record notation),
the contract the browser tests and scripts rely on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from crescent.cards import Card
from crescent.i18n import catalog
from crescent.places import FOUNDATIONS, PILES, Place
from crescent.position import Position
from crescent.render.layout import CARD_H, CARD_W, CLASSIC, Horseshoe, shown
from crescent.render.markup import escape
from crescent.render.text import place_description
from crescent.tables import ACE, KING

RED: Final = "#c62828"
BLACK: Final = "#212121"
FACE: Final = "#ffffff"
EDGE: Final = "#616161"
MARK: Final = "#1565c0"
MARK_OUTSET: Final = 2
"""How far a marked place's ring lies outside its card. The thickest ring (5 units,
Play's picked card) then reaches 4.5 units out, so it stays clear of the next card of
a phone's top row (4 units away, touched by half a unit) and of the count of the pile
above it in a side column (piles 126 units apart: the ring starts 121.5 units under
that pile's top, the count's lowest letters end above 121). At 5 units out, rings
covered both."""
NUMBER_Y: Final = 18.5
"""A pile's number, its baseline this far under the card: at a phone's 20 px
(crescent.css) its digits start just below a demo's ring (4 units under the card);
Play, whose ring reaches 4.5, keeps its numbers at 16 px (play.css)."""
COUNT_Y: Final = 33
"""A pile's card count, its baseline this far under the card (on a phone 0.8 more, at
16.5 px: crescent.css): its tallest letters (Hebrew's ל) stay some 3 units under the
number's digits, and the count clear of the ring of the pile below (see MARK_OUTSET).
At 21 and 17 px the two touched (tests/browser/test_labels.py measures the ink)."""


def render_svg(
    position: Position,
    lang: str,
    *,
    label: str | None = None,
    marked: Iterable[Place] = (),
    interactive: bool = False,
    view_box: tuple[int, int, int, int] | None = None,
    shape: Horseshoe = CLASSIC,
) -> str:
    """The diagram of `position` with labels in `lang`.

    `label` is the accessible name (default: the catalog's diagram label);
    `marked` places get a highlight (a move's source and target); with
    `interactive`, the drawing is a group of buttons: piles and foundations are
    focusable and named in `lang`, their drawn words hidden from assistive
    technology.
    A `view_box` (see `layout.bounds`) shows only part of the horseshoe, at its
    natural size (width and height in CSS pixels); every place is still drawn,
    but only those in view are operable.
    `shape` arranges the horseshoe (the diagrams' `CLASSIC`, or a live board's).
    """
    words = catalog(lang)
    name = label if label is not None else words.text("diagram.label")
    marked_places = set(marked)
    box = f'viewBox="0 0 {shape.width} {shape.height}"'
    if view_box is not None:
        x, y, width, height = view_box
        box = f'viewBox="{x} {y} {width} {height}" width="{width}" height="{height}"'
    parts = [
        f'<svg class="crescent-svg" xmlns="http://www.w3.org/2000/svg" '
        f'{box} role="{"group" if interactive else "img"}" aria-label="{escape(name)}" '
        f'font-family="system-ui, \'DejaVu Sans\', sans-serif" direction="ltr">'
    ]
    parts.extend(_row_labels(lang, shape))
    for place in (*PILES, *FOUNDATIONS):
        role = ""
        if interactive:
            role = "button" if view_box is None or shown(place, view_box) else "hidden"
        origin = shape.origins[place]
        parts.append(_place(position, place, lang, place in marked_places, role, origin))
    parts.append("</svg>")
    return "".join(parts)


def _row_labels(lang: str, shape: Horseshoe) -> list[str]:
    words = catalog(lang)
    labels = []
    for ascending in (True, False):
        x, y = shape.row_label(ascending)
        first, last = (ACE, KING) if ascending else (KING, ACE)
        text = f"{words.rank(first)}→{words.rank(last)}"
        labels.append(
            f'<text x="{x}" y="{y + 6}" text-anchor="end" font-size="17" fill="currentColor" '
            f'aria-hidden="true">{escape(text)}</text>'
        )
    return labels


def _place(
    position: Position,
    place: Place,
    lang: str,
    marked: bool,
    role: str,
    origin: tuple[int, int],
) -> str:
    """One place at `origin`; `role` is "button" (operable), "hidden" (out of view) or ""."""
    words = catalog(lang)
    x, y = origin
    card = position.top(place)
    count = position.count(place)
    attribute = (
        f'data-pile="{place.pile_number}"' if place.is_pile else f'data-foundation="{place.text}"'
    )
    kind = "cr-pile" if place.is_pile else "cr-foundation"
    classes = f"{kind}{' cr-marked' if marked else ''}"
    name = escape(place_description(position, place, lang))
    access = {
        "button": f' tabindex="0" role="button" aria-label="{name}"',
        "hidden": ' aria-hidden="true"',
    }.get(role, "")
    parts = [
        f'<g class="{classes}" {attribute} data-count="{count}" '
        f'data-top="{card if card is not None else ""}" transform="translate({x} {y})"{access}>'
    ]
    if role == "button":
        parts.append('<g aria-hidden="true">')  # the button's name says what the drawing shows
    if marked:
        parts.append(
            f'<rect x="-{MARK_OUTSET}" y="-{MARK_OUTSET}" width="{CARD_W + 2 * MARK_OUTSET}" '
            f'height="{CARD_H + 2 * MARK_OUTSET}" rx="8" fill="none" stroke="{MARK}" '
            'stroke-width="4"/>'
        )
    face = _card(card, lang) if card is not None else _empty()
    parts.append(f'<g class="cr-face">{face}</g>')
    if place.is_pile:
        number = words.format("diagram.pile-number", number=place.pile_number)
        direction = words.direction_of("diagram.pile-number")
        parts.append(_label(number, CARD_H + NUMBER_Y, 16, direction, "cr-number", bold=True))
    count_y = CARD_H + (COUNT_Y if place.is_pile else 19)
    direction = words.direction_of("count.cards")
    parts.append(_label(words.cards(count), count_y, 13, direction, "cr-count"))
    parts.append("</g></g>" if role == "button" else "</g>")
    return "".join(parts)


def _card(card: Card, lang: str) -> str:
    words = catalog(lang)
    colour = RED if card.suit.is_red else BLACK
    rank = escape(words.rank(card.rank))
    size = 24 if len(rank) > 1 else 28
    return (
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="{FACE}" stroke="{EDGE}"/>'
        f'<text x="{CARD_W // 2}" y="36" text-anchor="middle" font-size="{size}" '
        f'font-weight="700" fill="{colour}">{rank}</text>'
        f'<text x="{CARD_W // 2}" y="71" text-anchor="middle" font-size="30" '
        f'fill="{colour}">{card.suit.symbol}</text>'
    )


def _empty() -> str:
    return (
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" stroke="currentColor" '
        f'stroke-opacity="0.55" stroke-dasharray="6 4"/>'
    )


def _label(
    text: str, y: float, size: int, direction: str, css_class: str, bold: bool = False
) -> str:
    """A line under a card; its class lets a phone's stylesheet enlarge it (crescent.css)."""
    weight = ' font-weight="700"' if bold else ""
    return (
        f'<text class="{css_class}" x="{CARD_W // 2}" y="{y}" text-anchor="middle" '
        f'font-size="{size}"{weight} '
        f'fill="currentColor" direction="{direction}">{escape(text)}</text>'
    )
