"""Where each pile and foundation sits in the horseshoe, in SVG user units.

The piles form a horseshoe open at the bottom: piles 1 to 4 up the left side
(pile 1 lowest), 5 to 12 along the top from left to right, 13 to 16 down the
right side. In the centre, the four ascending (ace) foundations in the first row
and the four descending (king) foundations below, in suit order ♠ ♥ ♦ ♣. The
layout is the same in every language: right-to-left pages do not mirror it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from crescent.places import FOUNDATIONS, PILES, Place
from crescent.tables import SUITS

CARD_W: Final = 60
CARD_H: Final = 84
SLOT_W: Final = 78
SLOT_H: Final = 126
MARGIN: Final = 10
WIDTH: Final = 2 * MARGIN + 9 * SLOT_W + CARD_W
HEIGHT: Final = 2 * MARGIN + 4 * SLOT_H + CARD_H + 40
FOUNDATION_GAP: Final = 96
ROW_LABEL_W: Final = 64


def _pile_origin(number: int) -> tuple[int, int]:
    if number <= 4:
        return MARGIN, MARGIN + (5 - number) * SLOT_H
    if number <= 12:
        return MARGIN + (number - 4) * SLOT_W, MARGIN
    return MARGIN + 9 * SLOT_W, MARGIN + (number - 12) * SLOT_H


def _foundation_origin(index: int) -> tuple[int, int]:
    row, column = divmod(index, SUITS)
    row_width = 3 * FOUNDATION_GAP + CARD_W
    left = (WIDTH - row_width) // 2 + ROW_LABEL_W // 2
    top = MARGIN + SLOT_H + 40 + row * (SLOT_H + 16)
    return left + column * FOUNDATION_GAP, top


ORIGINS: Final[dict[Place, tuple[int, int]]] = {
    **{place: _pile_origin(place.pile_number) for place in PILES},
    **{place: _foundation_origin(i) for i, place in enumerate(FOUNDATIONS)},
}
"""The top-left corner of each place's card."""


LABELS_H: Final = 40
"""Room under a card for its labels (pile number, card count)."""
ROW_LABEL_ROOM: Final = 60
"""Room left of a foundation row for its label (`A→K`)."""


def _extent(place: Place) -> tuple[int, int, int, int]:
    """Left, top, right and bottom of a place with its labels."""
    x, y = ORIGINS[place]
    room = ROW_LABEL_ROOM if place in (FOUNDATIONS[0], FOUNDATIONS[4]) else 0
    return x - room, y, x + CARD_W, y + CARD_H + LABELS_H


def bounds(places: Iterable[Place]) -> tuple[int, int, int, int]:
    """The viewBox `(x, y, width, height)` that shows `places` with their labels.

    A place the box would cut through is shown whole.
    """
    extents = [_extent(place) for place in places]
    left, top = min(e[0] for e in extents), min(e[1] for e in extents)
    right, bottom = max(e[2] for e in extents), max(e[3] for e in extents)
    for a, b, c, d in map(_extent, ORIGINS):
        if a < right and c > left and b < bottom and d > top:
            left, top, right, bottom = min(left, a), min(top, b), max(right, c), max(bottom, d)
    left, top = max(0, left - MARGIN), max(0, top - MARGIN)
    right, bottom = min(WIDTH, right + MARGIN), min(HEIGHT, bottom + MARGIN)
    return left, top, right - left, bottom - top


def shown(place: Place, view_box: tuple[int, int, int, int]) -> bool:
    """True when the card of `place` lies inside `view_box`."""
    x, y = ORIGINS[place]
    left, top, width, height = view_box
    return left <= x and x + CARD_W <= left + width and top <= y and y + CARD_H <= top + height


@dataclass(frozen=True)
class Horseshoe:
    """One arrangement of the horseshoe: where each place sits, and the drawing's size.

    Every arrangement keeps the same horseshoe (piles 1 to 4 up the left side, 5 to
    12 along the top, 13 to 16 down the right side, the ace foundations' row above
    the kings') and the same card size; only the distances change.
    """

    name: str
    width: int
    height: int
    origins: Mapping[Place, tuple[int, int]]
    """The top-left corner of each place's card."""

    def row_label(self, ascending: bool) -> tuple[int, int]:
        """Where the label of a foundation row ends (right edge, card middle)."""
        x, y = self.origins[FOUNDATIONS[0 if ascending else 4]]
        return x - 14, y + CARD_H // 2


CLASSIC: Final = Horseshoe("classic", WIDTH, HEIGHT, ORIGINS)
"""The diagrams' horseshoe: the side columns below the ends of the top row."""


def _live(
    name: str, columns: tuple[int, int, int], pitch: int, side_top: int, gap: int
) -> Horseshoe:
    """A live board's horseshoe: the left column, top row and right column at `columns`.

    `columns` are the x of the left column, of the top row's first pile and of the
    right column; the top row's piles are `pitch` apart; the side columns start at
    `side_top`. The foundations sit in the middle, below the top row, between the
    side columns.
    """
    left, first, right = columns
    origins: dict[Place, tuple[int, int]] = {}
    for place in PILES:
        number = place.pile_number
        if number <= 4:
            origins[place] = (left, side_top + (4 - number) * SLOT_H)
        elif number <= 12:
            origins[place] = (first + (number - 5) * pitch, MARGIN)
        else:
            origins[place] = (right, side_top + (number - 13) * SLOT_H)
    height = side_top + 3 * SLOT_H + CARD_H + LABELS_H + MARGIN
    inner_left, inner_right = left + CARD_W, right
    middle_top = MARGIN + SLOT_H
    rows_h = SLOT_H + CARD_H + LABELS_H // 2
    row_top = middle_top + (height - MARGIN - middle_top - rows_h) // 2
    row_w = ROW_LABEL_W + 3 * gap + CARD_W  # four foundations, their row's label in front
    row_left = (inner_left + inner_right - row_w) // 2 + ROW_LABEL_W
    for index, place in enumerate(FOUNDATIONS):
        row, column = divmod(index, SUITS)
        origins[place] = (row_left + column * gap, row_top + row * SLOT_H)
    width = right + CARD_W + left
    return Horseshoe(name, width, height, origins)


WIDE: Final = _live(
    "wide", (MARGIN, MARGIN + SLOT_W, MARGIN + 9 * SLOT_W), SLOT_W, MARGIN + 40, FOUNDATION_GAP
)
"""The live board on a wide screen: ten cards across, the side columns a little lower
than the top row, so that the horseshoe is four cards high."""
TALL_PITCH: Final = 64
"""The top row's spacing on a phone held upright: 8 cards across the screen."""
TALL: Final = _live("tall", (4, 4, 4 + 7 * TALL_PITCH), TALL_PITCH, MARGIN + SLOT_H, 72)
"""The live board on a phone held upright: the side columns hang from the ends of the
top row, so that eight cards span the screen's width (each 45 px wide on a 390 px
screen) and the foundations sit between the side columns."""
LIVE: Final[dict[str, Horseshoe]] = {shape.name: shape for shape in (WIDE, TALL)}
"""The live board's arrangements by name; the page picks the one that fits its screen."""
