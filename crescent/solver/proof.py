"""A deal proven unwinnable suit by suit: what tools/prove.py and the later studies run.

The solver's exhaustive mode proves losses late in a game; a whole deal is too large
for it. A deal is split at its first redeal: the stretch before it is played to the end
(every position its moves reach; none may be won), and each position it can redeal
from is a start with two redeals left, the starts the relaxation rules out
(`crescent.solver.deadlock`) left out. With two redeals left the game of each suit on
its own is a sound test (`crescent.solver.suits`), and the deal is lost when every
start has a suit whose game is lost (`suits.lost_by_a_suit`). Each suit's game is
decided by a `SuitGame`: by default `crescent.solver.refine.refining`, which searches
relaxations of it with ranks free (`crescent.solver.free_ranks`) and chooses the ranks
from what the searches find.

When the stretch before the first redeal is too large to play to its end, the deal's
own start is the only start, with three redeals left: the relaxation with free ranks
follows them (the third from the end may turn any pile, or not), the suit's game
itself does not.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from crescent.solver.deadlock import hopeless
from crescent.solver.ordering import ordered_actions
from crescent.solver.refine import refining
from crescent.solver.state import ALL_HOME, REDEAL_ACTION, State, apply, cards_home, key
from crescent.solver.suits import REDEALS_FOLLOWED, SuitGame, lost_by_a_suit
from crescent.tables import REDEALS

STRETCH_LIMIT: Final = 100_000
"""Positions the stretch before the first redeal may hold for the deal to be split there."""


class Proof(NamedTuple):
    """What proving a deal found: True unwinnable, False not proven (some start has every
    suit's game won, or not followed), None open within the limit; the starts it split
    the deal into (None: it kept the deal's own start), the positions of the stretch
    before the first redeal, and the positions it took in all."""

    lost: bool | None
    starts: int | None
    stretch: int
    positions: int


def first_redeal_starts(start: State, limit: int) -> tuple[list[State] | None, int]:
    """The positions the first redeal may start from, the relaxation's dead ends left out;
    None when the stretch before it is won or larger than `limit`. And its positions."""
    seen = {key(*start)}
    todo = [start]
    starts: dict[bytes, State] = {}
    positions = 0
    while todo:
        piles, found, redeals = todo.pop()
        positions += 1
        if cards_home(found) == ALL_HOME or positions > limit:
            return None, positions
        turned = apply(piles, found, redeals, REDEAL_ACTION)
        starts.setdefault(key(*turned), turned)
        for action in ordered_actions(piles, found, redeals, None, 0.0):
            if action == REDEAL_ACTION:
                continue
            child = apply(piles, found, redeals, action)
            child_key = key(*child)
            if child_key not in seen:
                seen.add(child_key)
                todo.append(child)
    return [state for state in starts.values() if not hopeless(*state)], positions


def prove(
    start: State,
    limit: int,
    decide: SuitGame | None = None,
    stretch_limit: int = STRETCH_LIMIT,
    total: int | None = None,
) -> Proof:
    """Prove the deal at `start` unwinnable, each search within `limit` positions (see the
    module); `decide` decides each suit's game (a fresh `refining()` by default). With
    `total`, the suits' searches stop, open, once they have taken that many positions."""
    decide = decide if decide is not None else refining()
    split: list[State] | None = None
    stretch = 0
    if start[2] > REDEALS_FOLLOWED:
        split, stretch = first_redeal_starts(start, stretch_limit)
    starts = [start] if split is None else split  # none left: every start is a dead end
    lost, spent = lost_by_a_suit(starts, limit, decide, REDEALS, total)
    return Proof(lost, None if split is None else len(split), stretch, stretch + spent)
