"""Phase search: plays each stretch between redeals best-first, then redeals.

Between two redeals the game is a puzzle of its own. A best-first search over
that stretch (most cards home first, ties broken at random after the first
attempt) finds far more progress than a single depth-first line. It stops when
its budget is spent or it has long found nothing better; then it redeals from
its best end (from each of the `branching` best, in turn) and goes on; in the
last phase, with no redeal left, it only looks for the win. Many cheap attempts
beat few broad ones, so the search runs them with branching 1. An attempt
proves nothing (the probes of `crescent.solver.search` do that); it shares
their set of lost positions.
"""

from __future__ import annotations

import heapq
from random import Random
from typing import NamedTuple, Protocol

from crescent.solver.deadlock import hopeless
from crescent.solver.ordering import ordered_actions
from crescent.solver.state import (
    ALL_HOME,
    REDEAL_ACTION,
    State,
    apply,
    cards_home,
    key,
)

PATIENCE = 0.05
"""A phase ends early after this share of its expansions without a new best. A phase that
has stalled seldom recovers: ending it sooner redeals (or restarts) sooner. On the starts
of deals 0-199, halving it from 0.1 cut the deals that need over 40,000 positions from 10
to 4 at the same median (about 4,400 positions)."""
NOISE = 1.0
"""Spread of the random term added to the cards home, in later attempts."""


class Budget(Protocol):
    """What the phase search needs from the search that runs it."""

    lost: set[bytes]
    patience: float
    """The share of a phase's expansions without a new best after which it ends."""

    def count(self) -> None:
        """Count one new position; raise when the budget is spent."""


End = tuple[int, int, bytes, State]
"""A phase's end with redeals left: cards home, the order it was reached in, its key, the state."""


class Phase(NamedTuple):
    """What one best-first search of a phase found: a win, or its ends and how to reach them."""

    won: list[int] | None
    """The actions from the phase's start to a win found within it, if any."""
    ends: list[End]
    """The positions expanded with a redeal left, in the order they were reached."""
    parents: dict[bytes, tuple[bytes, int]]
    """Each position reached, with the one before it and the action between."""
    start_key: bytes

    def path(self, end_key: bytes) -> list[int]:
        """The actions from the phase's start to the position of `end_key`."""
        return _path(self.parents, self.start_key, end_key)


def explore_phase(budget: Budget, start: State, per_phase: int, rng: Random | None) -> Phase:
    """Play the stretch from `start` to its next redeal best-first (most cards home first,
    with noise from `rng`), up to `per_phase` expansions or the budget's patience."""
    lost = budget.lost
    start_key = key(*start)
    parents: dict[bytes, tuple[bytes, int]] = {}
    seen = {start_key}
    queue: list[tuple[float, int, State, bytes]] = [(0.0, 0, start, start_key)]
    ends: list[End] = []
    pushed = expanded = best = since_best = 0
    patience = max(1, int(per_phase * budget.patience))
    while queue and expanded < per_phase and since_best < patience:
        _, order, state, state_key = heapq.heappop(queue)
        piles, found, redeals = state
        if order and hopeless(piles, found, redeals):
            lost.add(state_key)
            continue
        expanded += 1
        since_best += 1
        if cards_home(found) > best:
            best, since_best = cards_home(found), 0
        if redeals:
            ends.append((cards_home(found), order, state_key, state))
        for action in ordered_actions(piles, found, redeals, None, 0.0):
            if action == REDEAL_ACTION:
                continue
            child = apply(piles, found, redeals, action)
            child_key = key(*child)
            if child_key in seen:
                continue
            seen.add(child_key)
            if child_key in lost:
                continue
            budget.count()
            parents[child_key] = (state_key, action)
            home = cards_home(child[1])
            if home == ALL_HOME:
                return Phase(_path(parents, start_key, child_key), ends, parents, start_key)
            pushed += 1
            noise = rng.random() * NOISE if rng is not None else 0.0
            heapq.heappush(queue, (-(home + noise), pushed, child, child_key))
    return Phase(None, ends, parents, start_key)


def phase_attempt(
    budget: Budget, start: State, per_phase: int, branching: int, rng: Random | None
) -> list[int] | None:
    """A winning line from `start`, or None when this attempt finds none."""
    phase = explore_phase(budget, start, per_phase, rng)
    if phase.won is not None:
        return phase.won
    lost = budget.lost
    candidates = sorted(phase.ends, key=most_home_first)
    tried: set[bytes] = set()
    for _, _, state_key, state in candidates:
        if len(tried) >= branching:
            break
        turned = apply(*state, REDEAL_ACTION)
        turned_key = key(*turned)
        if turned_key in tried or turned_key in lost:
            continue
        if hopeless(*turned):
            lost.add(turned_key)
            continue
        tried.add(turned_key)
        rest = phase_attempt(budget, turned, per_phase, branching, rng)
        if rest is not None:
            return [*phase.path(state_key), REDEAL_ACTION, *rest]
    return None


def most_home_first(candidate: End) -> tuple[int, int]:
    """The order of ends to redeal from: most cards home first, then the first reached."""
    return -candidate[0], candidate[1]


def _path(parents: dict[bytes, tuple[bytes, int]], start_key: bytes, end_key: bytes) -> list[int]:
    actions: list[int] = []
    while end_key != start_key:
        end_key, action = parents[end_key]
        actions.append(action)
    actions.reverse()
    return actions
