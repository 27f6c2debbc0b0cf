"""A sound dead-end test for the last two phases: each suit on its own, every other card gone.

Without redeals, the cards of one suit move only among themselves: a card goes
onto a pile only on a card of its own suit, and onto a foundation of its own
suit. So keeping only that suit's cards in each pile, in their order, and
putting every other suit home, turns each line of the real game into a legal
line of this smaller one (its piles are never higher, so a move the pile limit
allows stays allowed); whatever wins the real game wins it. When the smaller
game is lost, so is the real one.

With one redeal left this still holds, because a pile's bottom card stays put
until the redeal: it leaves only as the pile's last card, and nothing can be
placed on an empty pile. So the redeal turns up, in each pile, the bottom card
it has now. Where that card is of the suit, the smaller game turns the pile
too; where it is of another suit, the suit's cards in that pile keep their
order. With more redeals left, the card turned up by the second redeal can
change on the way (a pile dug down to its bottom card and built again), and
the test stays out of the way.

The smaller game is decided by the exhaustive search itself, within a small
budget of positions (undecided counts as "not lost"), and remembered. That
search meets this test again only with one suit left, where it answers at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from crescent.solver.deadlock import hopeless
from crescent.solver.ordering import ordered_actions
from crescent.solver.state import ALL_HOME, SUIT, Found, Piles, State, apply, cards_home
from crescent.tables import FULL, RANKS_PER_SUIT, SUITS

BUDGET: Final = 3000
"""Positions the search of one suit on its own may take before it counts as undecided (with
a redeal left: before the redeal and after it, all told)."""
_KEPT: Final = 200_000
"""Suit positions remembered before the memory is cleared."""
_lost: dict[State, bool] = {}
_lost_before_redeal: dict[tuple[State, tuple[bool, ...]], bool] = {}

Decide = Callable[[State, int], tuple[bool | None, int]]
"""The exhaustive search of a position within a budget of positions: True won, False
lost, None undecided; and the positions it took (`crescent.solver.search` passes its own,
which uses this test)."""


def a_suit_is_lost(piles: Piles, found: Found, redeals: int, decide: Decide) -> bool:
    """True when, with at most one redeal left, some suit cannot be finished even on its own."""
    if redeals > 1:
        return False
    open_suits = [s for s in range(SUITS) if found[s] < FULL or found[s + SUITS] < FULL]
    if len(open_suits) < 2:
        return False  # the suit on its own is the position itself
    for suit in open_suits:
        alone = _alone(piles, found, suit)
        turns = _turns(piles, alone[0], suit) if redeals else ()
        if _lost_with_redeal(alone, turns, decide) if any(turns) else _suit_lost(alone, decide)[0]:
            return True
    return False


def _alone(piles: Piles, found: Found, suit: int) -> State:
    """The position with only `suit`'s cards in the piles, every other suit home, no redeals."""
    low, high = suit * RANKS_PER_SUIT, (suit + 1) * RANKS_PER_SUIT
    kept = tuple(bytes(card for card in pile if low <= card < high) for pile in piles)
    counts = [FULL] * (2 * SUITS)
    counts[suit], counts[suit + SUITS] = found[suit], found[suit + SUITS]
    return kept, tuple(counts), 0


def _turns(piles: Piles, kept: Piles, suit: int) -> tuple[bool, ...]:
    """Per pile: whether the redeal turns the suit's cards in it (its bottom card is of the
    suit; cards may still be built on it before the redeal)."""
    return tuple(
        bool(alone) and SUIT[pile[0]] == suit for pile, alone in zip(piles, kept, strict=True)
    )


def _turned(piles: Piles, turns: tuple[bool, ...]) -> Piles:
    """The piles after a redeal that turns only the piles marked in `turns`."""
    return tuple(
        pile[1:] + pile[:1] if turn else pile for pile, turn in zip(piles, turns, strict=True)
    )


def _suit_lost(state: State, decide: Decide, budget: int = BUDGET) -> tuple[bool, int]:
    """Whether the suit on its own, without redeals, is proven lost within `budget`
    positions, and the positions that took (none when remembered)."""
    known = _lost.get(state)
    if known is not None:
        return known, 0
    outcome, spent = decide(state, budget)
    if outcome is not None or budget == BUDGET:  # an answer, or the full budget spent
        if len(_lost) > _KEPT:
            _lost.clear()
        _lost[state] = outcome is False
    return outcome is False, spent


def _lost_with_redeal(start: State, turns: tuple[bool, ...], decide: Decide) -> bool:
    """True when the suit on its own, with the one redeal left turning the piles marked in
    `turns`, is proven lost: every position it reaches before the redeal is lost both ways."""
    memo_key = (start, turns)
    known = _lost_before_redeal.get(memo_key)
    if known is not None:
        return known
    lost = _every_line_lost(start, turns, decide)
    if len(_lost_before_redeal) > _KEPT:
        _lost_before_redeal.clear()
    _lost_before_redeal[memo_key] = lost
    return lost


def _every_line_lost(start: State, turns: tuple[bool, ...], decide: Decide) -> bool:
    seen = {start}
    todo = [start]
    left = BUDGET
    while todo:
        piles, found, _ = todo.pop()
        if cards_home(found) == ALL_HOME:
            return False
        if hopeless(piles, found, 1):
            continue  # lost, redeal or not (the relaxation turns up every bottom card)
        lost, spent = _suit_lost((_turned(piles, turns), found, 0), decide, left)
        left -= spent
        if not lost or left <= 0:
            return False  # the redeal from here may win, or there is no budget left to tell
        for action in ordered_actions(piles, found, 0, None, 0.0):
            child = apply(piles, found, 0, action)
            if child not in seen:
                left -= 1
                if left <= 0:
                    return False  # too large to tell
                seen.add(child)
                todo.append(child)
    return True
