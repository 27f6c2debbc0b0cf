"""Where each pile and foundation sits in the horseshoe, in SVG user units.

The piles form a horseshoe open at the bottom: piles 1 to 4 up the left side
(pile 1 lowest), 5 to 12 along the top from left to right, 13 to 16 down the
right side. In the centre, the four ascending (ace) foundations in the first row
and the four descending (king) foundations below, in suit order ♠ ♥ ♦ ♣. The
layout is the same in every language: right-to-left pages do not mirror it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from crescent.places import FOUNDATIONS, PILES, Place

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
    row, column = divmod(index, 4)
    row_width = 3 * FOUNDATION_GAP + CARD_W
    left = (WIDTH - row_width) // 2 + ROW_LABEL_W // 2
    top = MARGIN + SLOT_H + 40 + row * (SLOT_H + 16)
    return left + column * FOUNDATION_GAP, top


ORIGINS: Final[dict[Place, tuple[int, int]]] = {
    **{place: _pile_origin(place.pile_number) for place in PILES},
    **{place: _foundation_origin(i) for i, place in enumerate(FOUNDATIONS)},
}
"""The top-left corner of each place's card."""


def row_label_origin(ascending: bool) -> tuple[int, int]:
    """Where the label of a foundation row ends (right edge, card middle)."""
    x, y = ORIGINS[FOUNDATIONS[0 if ascending else 4]]
    return x - 14, y + CARD_H // 2


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
