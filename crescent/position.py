"""Positions: immutable snapshots of a game, and how a move or redeal changes them.

A `Position` holds the 16 piles (bottom to top), how many cards lie on each
foundation, and how many redeals are left. It never checks legality: `after`
and `redealt` build the next position from a move the rules (`crescent.rules`)
accepted. Foundations are counts because their cards follow from them: an
ascending foundation of `n` cards holds A..n, a descending one K..(14 - n).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, TypeVar

from crescent.cards import CARDS, Card
from crescent.errors import PositionError
from crescent.moves import Move
from crescent.places import FOUNDATIONS, Place
from crescent.tables import (
    ALL_CARDS,
    FULL,
    KING,
    PACKS,
    PILE_COUNT,
    PILE_LIMIT,
    RANKS_PER_SUIT,
    REDEALS,
    SUITS,
)

Pile = tuple[Card, ...]
Counts = tuple[int, int, int, int]
Turnable = TypeVar("Turnable", tuple[Card, ...], bytes)


def turned(pile: Turnable) -> Turnable:
    """A pile after a redeal: its bottom card goes to the top (a pile of one stays as it is).

    The one statement of the redeal's rotation: the solver's states, whose piles are
    bytes, turn theirs with it too.
    """
    return pile[1:] + pile[:1]


def foundation_top(suit: int, ascending: bool, count: int) -> Card:
    """The top card of a foundation of `suit` holding `count` cards: A..count going up,
    K..(14 - count) going down."""
    rank = count if ascending else KING + 1 - count
    return CARDS[suit * RANKS_PER_SUIT + rank - 1]


class Position(NamedTuple):
    """A game position; equal positions compare and hash equal."""

    piles: tuple[Pile, ...]
    """16 piles, each bottom to top."""
    up: Counts
    """Cards on the ascending foundation of each suit (1 = the ace base only)."""
    down: Counts
    """Cards on the descending foundation of each suit (1 = the king base only)."""
    redeals_left: int = REDEALS

    @classmethod
    def start(cls, piles: tuple[Pile, ...] | list[list[Card]]) -> Position:
        """The position of a fresh deal: bases only on the foundations, 3 redeals."""
        return cls(tuple(tuple(pile) for pile in piles), (1, 1, 1, 1), (1, 1, 1, 1), REDEALS)

    def count(self, place: Place) -> int:
        """How many cards lie at `place`."""
        if place < PILE_COUNT:
            return len(self.piles[place])
        suit = (place - PILE_COUNT) % SUITS
        return self.up[suit] if place < PILE_COUNT + SUITS else self.down[suit]

    def top(self, place: Place) -> Card | None:
        """The top card at `place`, or None for an empty pile."""
        if place < PILE_COUNT:
            pile = self.piles[place]
            return pile[-1] if pile else None
        suit = (place - PILE_COUNT) % SUITS
        ascending = place < PILE_COUNT + SUITS
        return foundation_top(suit, ascending, (self.up if ascending else self.down)[suit])

    def foundation_cards(self, place: Place) -> tuple[Card, ...]:
        """The cards on a foundation, base first."""
        suit = place.suit
        if place.ascending:
            return tuple(Card(rank, suit) for rank in range(1, self.up[suit] + 1))
        return tuple(Card(KING + 1 - i, suit) for i in range(1, self.down[suit] + 1))

    @property
    def cards_on_foundations(self) -> int:
        """All cards on the 8 foundations, bases included."""
        return sum(self.up) + sum(self.down)

    def after(self, move: Move) -> Position:
        """The position once `move` is made; the move must be legal."""
        source, target = move
        piles = self.piles
        up, down = self.up, self.down
        if source < PILE_COUNT:
            pile = piles[source]
            card = pile[-1]
            piles = piles[:source] + (pile[:-1],) + piles[source + 1 :]
        else:
            suit = (source - PILE_COUNT) % SUITS
            if source < PILE_COUNT + SUITS:
                card = foundation_top(suit, True, up[suit])
                up = _changed(up, suit, -1)
            else:
                card = foundation_top(suit, False, down[suit])
                down = _changed(down, suit, -1)
        if target < PILE_COUNT:
            piles = piles[:target] + (piles[target] + (card,),) + piles[target + 1 :]
        else:
            suit = (target - PILE_COUNT) % SUITS
            if target < PILE_COUNT + SUITS:
                up = _changed(up, suit, 1)
            else:
                down = _changed(down, suit, 1)
        return Position(piles, up, down, self.redeals_left)

    def redealt(self) -> Position:
        """The position after a redeal; a redeal must be left."""
        piles = tuple(turned(pile) for pile in self.piles)
        return Position(piles, self.up, self.down, self.redeals_left - 1)

    @property
    def redeals_made(self) -> int:
        """Redeals made so far: 0 at the deal, `REDEALS` once none is left."""
        return REDEALS - self.redeals_left

    def check(self, complete: bool = True) -> None:
        """Raise `PositionError` unless this is a possible Crescent position.

        Every kind of card appears at most twice (piles and foundations together),
        a pile holds at most 13 cards, a foundation 1 to 13, redeals 0 to 3; with
        `complete`, all 104 cards are present.
        """
        if len(self.piles) != PILE_COUNT:
            raise PositionError("position.pile-count", count=len(self.piles))
        for counts in (self.up, self.down):
            if len(counts) != SUITS or any(not 1 <= n <= FULL for n in counts):
                raise PositionError("position.foundation-count")
        if not 0 <= self.redeals_left <= REDEALS:
            raise PositionError("position.redeals", count=self.redeals_left)
        seen: Counter[Card] = Counter()
        for number, pile in enumerate(self.piles, start=1):
            if len(pile) > PILE_LIMIT:
                raise PositionError("position.pile-too-big", pile=number, count=len(pile))
            seen.update(pile)
        for place in FOUNDATIONS:
            seen.update(self.foundation_cards(place))
        for card, copies in sorted(seen.items()):
            if copies > PACKS:
                raise PositionError("position.too-many-copies", card=str(card), count=copies)
        total = sum(seen.values())
        if complete and total != ALL_CARDS:
            raise PositionError("position.card-total", count=total)


def _changed(counts: Counts, suit: int, delta: int) -> Counts:
    values = list(counts)
    values[suit] += delta
    return (values[0], values[1], values[2], values[3])
