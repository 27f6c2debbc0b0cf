"""Sound reductions of the actions a proof has to try, most of them in the last phase.

A reduction drops actions only where some shortest winning line, if any line
wins, keeps to the actions left; so a search of what is left proves a loss as
well as a search of everything (tests/test_solver.py checks it against plain
exhaustive search). A redeal turns every pile, bottom card up, and a pile that
lacks a card can turn differently: the first rule holds with redeals left only
where that cannot happen, the second only without redeals.

- A safe play home: a card that no card left in the piles can ever be placed
  on (both copies of its suit's neighbours, one rank up and one down, are home)
  only waits for its foundation. Playing it at once loses nothing: no other
  card could use it, and no other card could take its place on the foundation
  (its other copy is home too: a foundation that still needs rank r has not
  taken r + 1 or r - 1, so the other foundation holds one copy of that
  neighbour, and the second copy is home only if it also holds r, the ace and
  king wrapping alike; once the foundations have met, any card goes). When
  there is one, it is the only action tried.
- Without redeals, the same holds for a card whose neighbours left in the piles
  all lie under it in its own pile, and whose other copy is home (or whose
  suit's foundations have met): it cannot move onto another pile (its
  neighbours never reach the top while it sits on them), nothing can be
  placed on it, and no other copy could take its place on the foundation.
- A lone card never moves onto another pile: the pile it leaves stays empty
  (no card can be placed on an empty pile), and the pile it lands on loses its
  top card. The position before the move can do all that the one after can.
"""

from __future__ import annotations

from crescent.solver.state import MOVE_BASE, SUIT, Found, Piles
from crescent.tables import MET, NEIGHBOURS, PILE_COUNT, SUITS


def reduced_actions(piles: Piles, found: Found, redeals: int, actions: list[int]) -> list[int]:
    """The actions of `actions` (all the legal ones) a proof still has to try."""
    present: set[int] | None = None
    for action in actions:
        if 0 <= action < MOVE_BASE and _turns_alike(len(piles[action]), redeals):  # a play home
            present = present if present is not None else set(b"".join(piles))
            above, below = NEIGHBOURS[piles[action][-1]]
            if above not in present and below not in present:
                return [action]
    if redeals:
        return actions
    for action in actions:
        if 0 <= action < MOVE_BASE and _held_under(piles, found, action):
            return [action]
    return [
        action
        for action in actions
        if action < MOVE_BASE or len(piles[(action - MOVE_BASE) // PILE_COUNT]) > 1
    ]


def _held_under(piles: Piles, found: Found, number: int) -> bool:
    """True when the top card of pile `number` is the last of its value in the piles (or its
    suit's foundations have met) and its neighbours left in the piles all lie under it."""
    pile = piles[number]
    card = pile[-1]
    suit = SUIT[card]
    copies = sum(other.count(card) for other in piles)
    if copies > 1 and found[suit] + found[suit + SUITS] != MET:
        return False
    for neighbour in NEIGHBOURS[card]:
        elsewhere = sum(other.count(neighbour) for other in piles) - pile.count(neighbour)
        if elsewhere:
            return False
    return True


def _turns_alike(height: int, redeals: int) -> bool:
    """True when a pile of `height` turns the same with or without its top card, to the end.

    A redeal turns a pile's bottom card up; the top card only ever reaches the
    bottom after one redeal per card under it, and turns differently only if a
    redeal is left then. A lone card turns the same either way.
    """
    return height == 1 or height - 1 >= redeals
