"""Places a card can be: the 16 piles and the 8 foundations.

A `Place` is an int: 0..15 are piles 1..16, 16..19 the ascending (ace)
foundations of ♠ ♥ ♦ ♣, 20..23 the descending (king) foundations. Their record
text is `p1`..`p16`, `up-S`..`up-C`, `down-S`..`down-C`.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Final

from crescent.cards import Suit
from crescent.errors import PlaceError
from crescent.tables import PILE_COUNT, SUITS

if TYPE_CHECKING:
    from crescent.i18n import Catalog


class Place(IntEnum):
    """A pile or a foundation."""

    P1 = 0
    P2 = 1
    P3 = 2
    P4 = 3
    P5 = 4
    P6 = 5
    P7 = 6
    P8 = 7
    P9 = 8
    P10 = 9
    P11 = 10
    P12 = 11
    P13 = 12
    P14 = 13
    P15 = 14
    P16 = 15
    UP_S = 16
    UP_H = 17
    UP_D = 18
    UP_C = 19
    DOWN_S = 20
    DOWN_H = 21
    DOWN_D = 22
    DOWN_C = 23

    @property
    def is_pile(self) -> bool:
        """True for the 16 piles."""
        return self < PILE_COUNT

    @property
    def is_foundation(self) -> bool:
        """True for the 8 foundations."""
        return self >= PILE_COUNT

    @property
    def pile_number(self) -> int:
        """1..16 for a pile (as the seeds number them); raises for a foundation."""
        if not self.is_pile:
            raise PlaceError("place.not-a-pile", text=self.text)
        return self + 1

    @property
    def ascending(self) -> bool:
        """True for an ace foundation, which builds up from A to K."""
        return PILE_COUNT <= self < PILE_COUNT + SUITS

    @property
    def suit(self) -> Suit:
        """The suit of a foundation."""
        if not self.is_foundation:
            raise PlaceError("place.not-a-foundation", text=self.text)
        return Suit((self - PILE_COUNT) % SUITS)

    @property
    def text(self) -> str:
        """The record text: `p10`, `up-S`, `down-C`."""
        return PLACE_TEXT[self]

    def worded(self, words: Catalog) -> str:
        """The place in the words of `words`' language: `pile 10`, `ascending spade foundation`."""
        return words.place(self)

    @classmethod
    def pile(cls, number: int) -> Place:
        """The pile numbered `number` (1..16)."""
        if not 1 <= number <= PILE_COUNT:
            raise PlaceError("place.bad-pile-number", text=str(number))
        return PLACES[number - 1]

    @classmethod
    def foundation(cls, suit: Suit, ascending: bool) -> Place:
        """The ascending or descending foundation of `suit`."""
        return PLACES[PILE_COUNT + (0 if ascending else SUITS) + suit]

    @classmethod
    def parse(cls, text: str) -> Place:
        """Read `p10`, `P10`, `up-S`, `down-c`; raise `PlaceError` naming the text."""
        if not text.strip():  # nothing to quote
            raise PlaceError("place.empty")
        place = _PARSE.get(text.strip().lower())
        if place is None:
            raise PlaceError("place.unknown", text=text)
        return place


PLACES: Final[tuple[Place, ...]] = tuple(Place)
PILES: Final[tuple[Place, ...]] = PLACES[:PILE_COUNT]
FOUNDATIONS: Final[tuple[Place, ...]] = PLACES[PILE_COUNT:]
PLACE_TEXT: Final[tuple[str, ...]] = tuple(
    [f"p{n}" for n in range(1, PILE_COUNT + 1)]
    + [f"{d}-{s}" for d in ("up", "down") for s in "SHDC"]
)
_PARSE: Final = {text.lower(): place for text, place in zip(PLACE_TEXT, PLACES, strict=True)}
