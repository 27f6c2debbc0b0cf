"""The rules of Crescent: which moves are legal, why others are refused, the status.

Every refused move gets a `Reason`; its value is a stable string that JavaScript
receives as is, and `Reason.key` is its message key in the catalogs. Checks run
in the order a person expects: the suit before the rank, the rank before a full
pile, so that a 5♥ dropped on a 9♠ is refused for its suit.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Final

from crescent.cards import CARDS
from crescent.moves import MOVES, Move
from crescent.places import FOUNDATIONS, PILES, Place
from crescent.position import Position
from crescent.tables import (
    ACE,
    ALL_CARDS,
    FULL,
    KING,
    MET,
    NEIGHBOURS,
    PILE_COUNT,
    PILE_LIMIT,
    RANK_OF,
    SUIT_OF,
    SUITS,
)

if TYPE_CHECKING:
    from crescent.i18n import Catalog


class Reason(StrEnum):
    """Why a move, redeal or undo is refused."""

    NOTHING_TO_MOVE = "nothing-to-move"
    """The source pile is empty."""
    ONLY_TOP_CARD = "only-top-card"
    """Only the top card of a pile moves."""
    SAME_PLACE = "same-place"
    """The card is already there."""
    EMPTY_PILE = "empty-pile"
    """Nothing is ever placed on an empty pile."""
    SAME_SUIT = "same-suit"
    """A card goes only on a card (or foundation) of its own suit."""
    ADJACENT_RANK = "adjacent-rank"
    """On a pile, a card goes on one rank higher or lower (A and K touch)."""
    PILE_FULL = "pile-full"
    """A pile holds at most 13 cards."""
    FOUNDATION_COMPLETE = "foundation-complete"
    """Nothing goes on an ascending king or a descending ace."""
    FOUNDATION_SEQUENCE = "foundation-sequence"
    """The card does not follow the foundation's top card."""
    NO_RETURN = "no-return"
    """A card never returns from a foundation to a pile."""
    BASE_LOCKED = "base-locked"
    """The base card of a foundation never moves."""
    NO_REDEALS = "no-redeals"
    """All three redeals are used."""
    NOTHING_TO_UNDO = "nothing-to-undo"
    """No move has been made."""
    UNDO_PAST_REDEAL = "undo-past-redeal"
    """Moves made before a redeal cannot be undone."""
    UNDO_LIMIT = "undo-limit"
    """Only the last 100 moves can be undone."""

    @property
    def key(self) -> str:
        """The message key in the catalogs."""
        return "reason." + self.value

    def worded(self, words: Catalog) -> str:
        """Why, in the words of `words`' language."""
        return words.text(self.key)


class Status(StrEnum):
    """Where a game stands."""

    IN_PLAY = "in-play"
    """A move or a redeal is still possible."""
    WON = "won"
    """All 104 cards are on the foundations (13 on each)."""
    BLOCKED = "blocked"
    """No redeal left and no card can leave a pile, even after foundation transfers."""

    @property
    def key(self) -> str:
        """The message key in the catalogs."""
        return "status." + self.value


_SUIT: Final = SUIT_OF
_RANK: Final = RANK_OF
_NEIGHBOURS: Final = tuple((CARDS[up], CARDS[down]) for up, down in NEIGHBOURS)
"""For each card, the two cards it may go on in a pile: one rank up, one down, wrapping."""
_UP: Final = tuple(MOVES[p][PILE_COUNT + s] for p in range(PILE_COUNT) for s in range(SUITS))
_DOWN: Final = tuple(
    MOVES[p][PILE_COUNT + SUITS + s] for p in range(PILE_COUNT) for s in range(SUITS)
)
_TRANSFER_UP: Final = tuple(MOVES[PILE_COUNT + SUITS + s][PILE_COUNT + s] for s in range(SUITS))
_TRANSFER_DOWN: Final = tuple(MOVES[PILE_COUNT + s][PILE_COUNT + SUITS + s] for s in range(SUITS))


def check_move(position: Position, move: Move) -> Reason | None:
    """None when `move` is legal in `position`, else the reason it is refused."""
    source, target = move
    if source < PILE_COUNT:
        pile = position.piles[source]
        if not pile:
            return Reason.NOTHING_TO_MOVE
        card = pile[-1]
    else:
        if position.count(source) == 1:
            return Reason.BASE_LOCKED
        if target < PILE_COUNT:
            return Reason.NO_RETURN
        top = position.top(source)
        assert top is not None
        card = top
    if source == target:
        return Reason.SAME_PLACE
    if target < PILE_COUNT:
        return _check_on_pile(position, card, target)
    return _check_on_foundation(position, card, target)


def _check_on_pile(position: Position, card: int, target: Place) -> Reason | None:
    pile = position.piles[target]
    if not pile:
        return Reason.EMPTY_PILE
    under = pile[-1]
    if _SUIT[under] != _SUIT[card]:
        return Reason.SAME_SUIT
    if card not in _NEIGHBOURS[under]:
        return Reason.ADJACENT_RANK
    if len(pile) >= PILE_LIMIT:
        return Reason.PILE_FULL
    return None


def _check_on_foundation(position: Position, card: int, target: Place) -> Reason | None:
    suit = (target - PILE_COUNT) % SUITS
    if _SUIT[card] != suit:
        return Reason.SAME_SUIT
    if target < PILE_COUNT + SUITS:
        count = position.up[suit]
        if count == FULL:
            return Reason.FOUNDATION_COMPLETE
        return None if _RANK[card] == ACE + count else Reason.FOUNDATION_SEQUENCE
    count = position.down[suit]
    if count == FULL:
        return Reason.FOUNDATION_COMPLETE
    return None if _RANK[card] == KING - count else Reason.FOUNDATION_SEQUENCE


def check_pick(position: Position, place: Place, depth: int = 0) -> Reason | None:
    """None when the card `depth` below the top of `place` may be picked up.

    Only the top card of a pile moves; a foundation's base never moves.
    """
    if place < PILE_COUNT:
        if not position.piles[place]:
            return Reason.NOTHING_TO_MOVE
        return Reason.ONLY_TOP_CARD if depth else None
    if depth or position.count(place) == 1:
        return Reason.BASE_LOCKED if position.count(place) - depth <= 1 else Reason.ONLY_TOP_CARD
    return None


def check_redeal(position: Position) -> Reason | None:
    """None when a redeal is left, else `Reason.NO_REDEALS`."""
    return None if position.redeals_left > 0 else Reason.NO_REDEALS


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of `position`: pile moves in pile order, then transfers."""
    piles = position.piles
    up, down = position.up, position.down
    by_top: dict[int, list[int]] = {}
    for index, pile in enumerate(piles):
        if pile and len(pile) < PILE_LIMIT:
            by_top.setdefault(pile[-1], []).append(index)
    moves: list[Move] = []
    append = moves.append
    for index, pile in enumerate(piles):
        if not pile:
            continue
        card = pile[-1]
        suit = _SUIT[card]
        rank = _RANK[card]
        if up[suit] + ACE == rank:
            append(_UP[index * SUITS + suit])
        if down[suit] == KING - rank:
            append(_DOWN[index * SUITS + suit])
        row = MOVES[index]
        for neighbour in _NEIGHBOURS[card]:
            for other in by_top.get(neighbour, ()):
                if other != index:
                    append(row[other])
    for suit in range(SUITS):
        if up[suit] + down[suit] == MET:
            if up[suit] > 1:
                append(_TRANSFER_DOWN[suit])
            if down[suit] > 1:
                append(_TRANSFER_UP[suit])
    return moves


def targets(position: Position, source: Place) -> list[Place]:
    """The places that accept the top card of `source`, piles first."""
    return [
        target
        for target in (*PILES, *FOUNDATIONS)
        if check_move(position, MOVES[source][target]) is None
    ]


def tap_target(position: Position, source: Place) -> Place | None:
    """The place a tapped card goes to: the only one that accepts it, else None."""
    found = targets(position, source)
    return found[0] if len(found) == 1 else None


def foundation_drop(position: Position, source: Place) -> Place | None:
    """The foundation that takes the top card of `source` when dropped on the area.

    A card goes to a foundation of its own suit that accepts it. When both of
    them do (the two foundations have met), it goes to the ascending one: the
    choice costs nothing, since the card can then be passed across.
    """
    card = position.top(source)
    if card is None:
        return None
    for ascending in (True, False):
        target = Place.foundation(card.suit, ascending)
        if target != source and check_move(position, MOVES[source][target]) is None:
            return target
    return None


def can_leave_piles(position: Position) -> bool:
    """True when some pile's top card can move now or after foundation transfers."""
    piles = position.piles
    up, down = position.up, position.down
    met = [up[s] + down[s] == MET for s in range(SUITS)]
    by_top: set[int] = {pile[-1] for pile in piles if pile and len(pile) < PILE_LIMIT}
    for pile in piles:
        if not pile:
            continue
        card = pile[-1]
        suit = _SUIT[card]
        rank = _RANK[card]
        if met[suit] or up[suit] + ACE == rank or down[suit] == KING - rank:
            return True
        if any(neighbour in by_top for neighbour in _NEIGHBOURS[card]):
            return True
    return False


def is_won(position: Position) -> bool:
    """All eight foundations hold 13 cards."""
    return position.cards_on_foundations == ALL_CARDS


def status(position: Position) -> Status:
    """WON, BLOCKED (no redeal left and no card can leave a pile) or IN_PLAY."""
    if is_won(position):
        return Status.WON
    if position.redeals_left == 0 and not can_leave_piles(position):
        return Status.BLOCKED
    return Status.IN_PLAY
