"""The search: phase attempts and depth-first probes, with restarts.

Two kinds of runs share the budget, four fifths and one fifth, each kind
restarting with a budget that grows along the Luby sequence and, after its
first run, a seeded random order:

- phase attempts (`crescent.solver.phases`) play each stretch between redeals
  best-first and redeal from its best ends: they find most wins, fast;
- probes are depth-first searches. They share one set of positions proven lost:
  a position the relaxation rules out (`crescent.solver.deadlock`; in the
  exhaustive mode with two redeals left or fewer, also one with a suit lost on its own,
  `crescent.solver.suits`), or a whole strongly connected set of positions a
  probe searched to the end without a win
  (Tarjan's algorithm: pile moves can be undone, so positions form cycles, and a
  position is settled only with its cycle). A probe that settles the start
  proves the game lost, so the search is complete: with budget enough, some
  probe outgrows the whole space. Only probes ever say "unwinnable".
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Final

from crescent.solver.deadlock import hopeless
from crescent.solver.ordering import ordered_actions
from crescent.solver.phases import PATIENCE, phase_attempt
from crescent.solver.reduce import reduced_actions
from crescent.solver.state import ALL_HOME, Found, Piles, State, apply, cards_home, key
from crescent.solver.suits import a_suit_is_lost

PROBE_UNIT: Final = 100
"""New positions in the smallest probe."""
NOISE: Final = 300.0
"""Spread of the random term added to pile-move scores."""
CLOCK_EVERY: Final = 256
"""Positions between two looks at the clock."""
PHASE_UNIT = 1000
"""Positions expanded per phase in the smallest phase attempt."""
PHASE_BRANCHING = 1
"""Redeal candidates a phase attempt tries per phase."""
PHASE_SHARE = 0.8
"""Share of the positions spent on phase attempts (the rest goes to probes)."""


def luby(index: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (index from 1)."""
    size = 1
    while (1 << size) - 1 < index:
        size += 1
    while (1 << size) - 1 != index:
        index -= (1 << (size - 1)) - 1
        size = 1
        while (1 << size) - 1 < index:
            size += 1
    return 1 << (size - 1)


class Stop(Exception):
    """The budget of time or positions is spent."""


@dataclass
class Search:
    """One search from `start`, within a deadline and an optional budget of positions."""

    start: State
    deadline: float
    max_positions: int | None = None
    positions: int = 0
    lost: set[bytes] = field(default_factory=set)
    line: list[int] | None = None
    clock: Callable[[], float] = time.perf_counter
    """What `deadline` is measured on (`time.process_time` for CPU time)."""
    exhaustive: bool = False
    """One depth-first probe without a budget of its own, under the sound reductions of
    `crescent.solver.reduce`, instead of restarts: the mode that proves losses."""
    patience: float = PATIENCE
    """The share of a phase's expansions without a new best that ends it (`phases.PATIENCE`)."""
    count_suit_tests: bool = False
    """Whether the searches of `suit_lost` count on this search's budget of positions (the
    beam's, whose suit tests could otherwise take many times its budget)."""

    def run(self) -> bool | None:
        """True when won (the actions are in `line`), False when proven lost, None if stopped."""
        if cards_home(self.start[1]) == ALL_HOME:
            self.line = []
            return True
        try:
            if self._dead(self.start):
                return False
        except Stop:
            return None
        if self.exhaustive:
            try:
                return self._probe(None, None)
            except Stop:
                return None
        probes = attempts = 0
        spent_probing = spent_phasing = 0
        try:
            while True:
                before = self.positions
                if not attempts or spent_phasing * (1 - PHASE_SHARE) < spent_probing * PHASE_SHARE:
                    attempts += 1
                    rng = Random(f"phase {attempts}") if attempts > 1 else None
                    size = PHASE_UNIT * luby(attempts)
                    line = phase_attempt(self, self.start, size, PHASE_BRANCHING, rng)
                    spent_phasing += max(1, self.positions - before)
                    if line is not None:
                        self.line = line
                        return True
                    continue
                probes += 1
                rng = Random(f"probe {probes}") if probes > 1 else None
                outcome = self._probe(PROBE_UNIT * luby(probes), rng)
                spent_probing += max(1, self.positions - before)
                if outcome is not None:
                    return outcome
        except Stop:
            return None

    def count(self) -> None:
        """Count one new position; raise `Stop` when the budget is spent. A search that spent
        the rest of the budget on a suit's test has nothing left to count the next one on
        (uncaught, CR1-N-AAAFQJT's beam logged 10,000,001 positions of 10,000,000)."""
        limit = self.max_positions  # read once: this runs for every position searched
        if limit is not None and self.positions >= limit:
            raise Stop
        self.positions += 1
        if self.positions % CLOCK_EVERY == 0 and self.clock() > self.deadline:
            raise Stop
        if limit is not None and self.positions >= limit:
            raise Stop

    def _dead(self, state: State) -> bool:
        """True when `state` is provably lost: the relaxation rules it out, or (in the
        exhaustive mode, two redeals left or fewer) a suit on its own (`crescent.solver.suits`)."""
        return hopeless(*state) or (self.exhaustive and self.suit_lost(state))

    def suit_lost(self, state: State) -> bool:
        """True when some suit of `state` (two redeals left or fewer) cannot be finished even
        on its own (`crescent.solver.suits`): `state` is lost. Its searches count on this
        search's budget with `count_suit_tests`."""
        return a_suit_is_lost(*state, self._decide_suit)

    def _decide_suit(self, state: State, budget: int, lost: set[bytes]) -> tuple[bool | None, int]:
        """`decide_exhaustively` on this search's clock and deadline: a suit's search that
        the clock stops stops this one too (a hint asked for 0.3 s took 5 s of suit
        searches that never looked at the clock), before anything is remembered of it. With
        `count_suit_tests`, within what is left of this search's budget, and counted on it."""
        outcome, search = self.search_to_the_end(state, budget, lost, self.count_suit_tests)
        return outcome, search.positions

    def search_to_the_end(
        self, state: State, budget: int, lost: set[bytes], counted: bool
    ) -> tuple[bool | None, Search]:
        """The exhaustive search of `state` within `budget` positions, on this search's clock
        and deadline, sharing `lost`: True won (its line in the search's `line`), False lost,
        None undecided; and the search. When `counted`, within what is left of this search's
        budget, and counted on it. Raises `Stop` when the clock stops it, or when it is to be
        counted and this search's budget is already spent."""
        if counted and self.max_positions is not None:
            if self._over_budget():
                raise Stop
            budget = min(budget, self.max_positions - self.positions)
        search = Search(
            state,
            self.deadline,
            budget,
            lost=lost,
            exhaustive=True,
            clock=self.clock,
            count_suit_tests=self.count_suit_tests,
        )
        outcome = search.run()
        if counted:
            self.positions += search.positions
        if outcome is None and search.positions < budget:
            raise Stop  # the clock stopped it
        return outcome, search

    def spent(self) -> bool:
        """True when the deadline has passed or the budget of positions is spent."""
        return self._over_budget() or self.clock() > self.deadline

    def _over_budget(self) -> bool:
        """True when the budget of positions is spent."""
        return self.max_positions is not None and self.positions >= self.max_positions

    def _probe(self, budget: int | None, rng: Random | None) -> bool | None:
        """One depth-first probe of at most `budget` new positions (None: no limit)."""
        piles, found, redeals = self.start
        lost = self.lost
        root = key(piles, found, redeals)
        if root in lost:
            return False
        order: dict[bytes, int] = {root: 0}
        low = [0]
        open_keys = {root}
        stack = [root]
        reduce = self.exhaustive
        frames: list[_Frame] = [_Frame(root, piles, found, redeals, rng, -2, reduce)]
        fresh = 0
        while frames:
            frame = frames[-1]
            if frame.next < len(frame.actions):
                action = frame.actions[frame.next]
                frame.next += 1
                child = apply(frame.piles, frame.found, frame.redeals, action)
                child_key = key(*child)
                if child_key in lost:
                    continue
                seen = order.get(child_key)
                if seen is not None:
                    if child_key in open_keys:
                        mine = order[frame.key]
                        low[mine] = min(low[mine], seen)
                    continue
                self.count()
                if cards_home(child[1]) == ALL_HOME:
                    self.line = [f.action for f in frames[1:]] + [action]
                    return True
                if self._dead(child):
                    lost.add(child_key)
                    continue
                fresh += 1
                if budget is not None and fresh > budget:
                    return None
                order[child_key] = len(low)
                low.append(len(low))
                open_keys.add(child_key)
                stack.append(child_key)
                frames.append(_Frame(child_key, *child, rng, action, reduce))
            else:
                frames.pop()
                mine = order[frame.key]
                if low[mine] == mine:
                    while True:
                        done = stack.pop()
                        open_keys.discard(done)
                        lost.add(done)
                        if done == frame.key:
                            break
                if frames:
                    parent = order[frames[-1].key]
                    low[parent] = min(low[parent], low[mine])
        return False


class _Frame:
    """A position on the probe's path, with its actions and the next one to try."""

    __slots__ = ("action", "actions", "found", "key", "next", "piles", "redeals")

    def __init__(
        self,
        position_key: bytes,
        piles: Piles,
        found: Found,
        redeals: int,
        rng: Random | None,
        action: int,
        reduce: bool,
    ) -> None:
        self.key = position_key
        self.piles = piles
        self.found = found
        self.redeals = redeals
        self.action = action
        self.actions = ordered_actions(piles, found, redeals, rng, NOISE)
        if reduce:
            self.actions = reduced_actions(piles, found, redeals, self.actions)
        self.next = 0


def decide_exhaustively(state: State, budget: int, lost: set[bytes]) -> tuple[bool | None, int]:
    """The exhaustive search of `state` within `budget` positions, adding the positions it
    proves lost to `lost` (and trusting those there), and the positions it took (for
    `crescent.solver.suits`)."""
    search = Search(state, math.inf, budget, lost=lost, exhaustive=True)
    return search.run(), search.positions
