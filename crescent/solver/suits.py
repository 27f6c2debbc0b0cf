"""A sound dead-end test for the last phase: each suit on its own, every other card gone.

Without redeals, the cards of one suit move only among themselves: a card goes
onto a pile only on a card of its own suit, and onto a foundation of its own
suit. So keeping only that suit's cards in each pile, in their order, and
putting every other suit home, turns each line of the real game into a legal
line of this smaller one (its piles are never higher, so a move the pile limit
allows stays allowed); whatever wins the real game wins it. When the smaller
game is lost, so is the real one. With a redeal left that breaks down: a pile
whose bottom card is of another suit turns differently without it.

The smaller game is decided by the exhaustive search itself, within a small
budget of positions (undecided counts as "not lost"), and remembered. That
search meets this test again only with one suit left, where it answers at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from crescent.solver.state import Found, Piles, State
from crescent.tables import FULL, RANKS_PER_SUIT, SUITS

BUDGET: Final = 3000
"""Positions the search of one suit on its own may take before it counts as undecided."""
_KEPT: Final = 200_000
"""Suit positions remembered before the memory is cleared."""
_lost: dict[State, bool] = {}

Decide = Callable[[State, int], bool | None]
"""The exhaustive search of a position within a budget of positions: True won, False
lost, None undecided (`crescent.solver.search` passes its own, which uses this test)."""


def a_suit_is_lost(piles: Piles, found: Found, decide: Decide) -> bool:
    """True when, without redeals, some suit cannot be finished even on its own."""
    open_suits = [s for s in range(SUITS) if found[s] < FULL or found[s + SUITS] < FULL]
    if len(open_suits) < 2:
        return False  # the suit on its own is the position itself
    return any(_suit_lost(_alone(piles, found, suit), decide) for suit in open_suits)


def _alone(piles: Piles, found: Found, suit: int) -> State:
    """The position with only `suit`'s cards in the piles, every other suit home, no redeals."""
    low, high = suit * RANKS_PER_SUIT, (suit + 1) * RANKS_PER_SUIT
    kept = tuple(bytes(card for card in pile if low <= card < high) for pile in piles)
    counts = [FULL] * (2 * SUITS)
    counts[suit], counts[suit + SUITS] = found[suit], found[suit + SUITS]
    return kept, tuple(counts), 0


def _suit_lost(state: State, decide: Decide) -> bool:
    known = _lost.get(state)
    if known is not None:
        return known
    outcome = decide(state, BUDGET)
    if len(_lost) > _KEPT:
        _lost.clear()
    _lost[state] = outcome is False
    return outcome is False
