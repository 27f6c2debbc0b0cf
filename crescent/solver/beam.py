"""Beam search over phases: the search for the deals the main search gives up on.

Between two redeals the game is a puzzle of its own (`crescent.solver.phases`). The main
search follows one best end of each phase at a time; on the hardest deals, the end with
most cards home is seldom the one that wins. A beam attempt keeps many: from each of up
to `width` starts of a phase it plays the phase best-first, gathers the ends of all of
them, and redeals from the `width` ends with most cards home (no more than `per_start`
from one start unless the beam is narrow, ties broken at random, so that each attempt
follows another beam). A start with two redeals left or fewer in which some suit cannot
be finished even on its own (`Search.suit_lost`, the test the proofs rest on) is left
out: on the hardest deals most are. The suit tests count on the beam's budget:
uncounted, they made a beam of 1,000,000 positions take 903 CPU seconds on
CR1-N-AAABLBP, against 36 to 92 on the others. The next end of the same start takes the
place of one left out (down to `depth` times that start's share), so that the beam's
places go to starts that may still win: a beam that tested only each start's share was
often left with none (on CR1-N-AAAAHYA, the hundred best ends of the first phase all led
to lost starts in 46 of the 71 attempts of 6,000,000 positions). With no redeal left it
searches each start of the last phase exhaustively (`crescent.solver.search`) within
`last_phase` positions, its suit tests included: there, most starts are proven lost at
once, and a win is found when there is one.

A beam attempt proves nothing; it only finds wins. With 500,000 positions per deal it
won 6 of the 64 deals of the win-rate study that the main search had left open after
1,000,000 to 3,000,000 positions (`tools/beam_study.py`). Leaving out the starts with a
suit lost, it won 9 of the 52 left with 2,000,000 positions, among them CR1-N-AAAAGDL,
which the beam before it left open with 5,000,000. Looking below each start's share for
ends that lead to starts not lost, it won 3 of the first 30 it tried among the 43 that
the beam taking only the share had left open with 2,000,000, with the same budget:
CR1-N-AAABLBP, CR1-N-AAACFRC and CR1-N-AAADNKG. Those tests cost more on easy deals:
CR1-N-AAAAAAC, won before within 50,000 positions, is not now.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import NamedTuple

from crescent.position import Position
from crescent.solver import Solution, Verdict, suits
from crescent.solver.deadlock import hopeless
from crescent.solver.line import engine_line
from crescent.solver.phases import End, Phase, explore_phase, most_home_first
from crescent.solver.search import Search, Stop
from crescent.solver.state import (
    ALL_HOME,
    REDEAL_ACTION,
    State,
    apply,
    cards_home,
    from_position,
    key,
)


@dataclass(frozen=True)
class Beam:
    """The shape of a beam attempt."""

    width: int = 100
    """Starts kept for each phase."""
    per_phase: int = 5_000
    """Expansions of each phase's best-first search."""
    per_start: int = 10
    """Ends one start may give to the next phase's beam (more while the beam is narrower)."""
    depth: int = 10
    """How far down each start's ends the beam looks, as a multiple of that share: an end
    that leads to a lost start is left out, and the next one of the same start takes its
    place."""
    last_phase: int = 20_000
    """Positions of the exhaustive search of each start of the last phase."""
    patience: float = 0.3
    """A phase ends after this share of its expansions without a new best: later than in
    the main search (`crescent.solver.phases.PATIENCE`), since the beam, not restarts,
    brings the variety."""


Start = tuple[State, list[int]]
"""A start of a phase and the actions that lead to it from the attempt's start."""


class Candidate(NamedTuple):
    """An end of a phase, offered to the next phase's beam."""

    home: int
    """Cards home at the end."""
    tie: float
    """A random tie-break between ends with as many cards home."""
    end: End
    path: list[int]
    """The actions from the attempt's start to the phase's start."""
    phase: Phase
    """The phase, which knows the way from its start to the end."""
    origin: int
    """The number of the phase's start in its beam."""


def beam_attempt(search: Search, beam: Beam, rng: Random) -> list[int] | None:
    """A winning line from `search.start` found by one beam attempt, or None.

    Positions are counted on `search` (whose `count` raises `Stop` when its budget is
    spent), and the attempt shares its set of lost positions."""
    starts: list[Start] = [(search.start, [])]
    while starts[0][0][2]:
        pool: list[Candidate] = []
        share = max(beam.per_start, beam.width // len(starts))
        for origin, (state, path) in enumerate(starts):
            phase = explore_phase(search, state, beam.per_phase, rng)
            if phase.won is not None:
                return path + phase.won
            ends = sorted(phase.ends, key=most_home_first)[: share * beam.depth]
            pool += [Candidate(end[0], rng.random(), end, path, phase, origin) for end in ends]
        pool.sort(key=_beam_order)
        starts = _next_starts(search, pool, beam.width, share)
        if not starts:
            return None
    for state, path in starts:
        line = _last_phase(search, state, beam.last_phase)
        if line is not None:
            return path + line
    return None


def _next_starts(search: Search, pool: list[Candidate], width: int, share: int) -> list[Start]:
    """The next phase's starts: the first ends of `pool`, redealt, each once, none lost (by
    the relaxation, or a suit on its own), no more than `share` from one start."""
    starts: list[Start] = []
    taken: set[bytes] = set()
    given: dict[int, int] = {}
    for candidate in pool:
        origin = candidate.origin
        if given.get(origin, 0) >= share:
            continue
        _, _, end_key, end = candidate.end
        turned = apply(*end, REDEAL_ACTION)
        turned_key = key(*turned)
        if turned_key in taken or turned_key in search.lost:
            continue
        if hopeless(*turned) or search.suit_lost(turned):
            search.lost.add(turned_key)
            continue
        taken.add(turned_key)
        given[origin] = given.get(origin, 0) + 1
        starts.append((turned, [*candidate.path, *candidate.phase.path(end_key), REDEAL_ACTION]))
        if len(starts) >= width:
            break
    return starts


def _last_phase(search: Search, state: State, positions: int) -> list[int] | None:
    """A win from `state` (no redeal left) by the exhaustive search within `positions`, its
    suit tests included (uncounted, they took one search of CR1-N-AAACFRC over two minutes),
    counted on `search`, or None."""
    won, last = search.search_to_the_end(state, positions, search.lost, counted=True)
    if won:
        return last.line
    if search.spent():
        raise Stop
    return None


def _beam_order(candidate: Candidate) -> tuple[int, float]:
    return -candidate.home, candidate.tie


def beam_solve(
    position: Position,
    max_positions: int,
    beam: Beam = Beam(),
    seconds: float = math.inf,
    clock: Callable[[], float] = time.perf_counter,
) -> Solution:
    """Beam attempts from `position`, each with its own seeded order, until one wins or
    `max_positions` (or `seconds` on `clock`) are spent: WON or GAVE_UP, never UNWINNABLE.
    The suit tests start with nothing remembered, so that a budget of positions gives the
    same outcome whatever ran before in the process."""
    suits.forget()
    began = clock()
    start = from_position(position)
    search = Search(
        start,
        began + seconds,
        max_positions,
        clock=clock,
        patience=beam.patience,
        count_suit_tests=True,
    )
    line: list[int] | None = [] if cards_home(search.start[1]) == ALL_HOME else None
    attempts = 0
    try:
        while line is None:
            attempts += 1
            line = beam_attempt(search, beam, Random(f"beam {attempts}"))
    except Stop:
        pass
    elapsed = clock() - began
    if line is None:
        return Solution(Verdict.GAVE_UP, None, search.positions, elapsed)
    return Solution(Verdict.WON, engine_line(position, line), search.positions, elapsed)
