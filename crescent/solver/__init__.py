"""The solver: finds a winning line for a position, or proves there is none.

`solve(position)` answers a `Solution`: WON with the whole line of moves and
redeals (foundation transfers included, so it replays through the rules),
UNWINNABLE when the search proved that no line wins, or GAVE_UP when the budget
ran out first. The search (`crescent.solver.search`) is deterministic for a
given position and budget of positions; standard library only, no threads, so
it runs the same in Pyodide.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from crescent.moves import Action, Move
from crescent.position import Position
from crescent.solver import suits
from crescent.solver.line import engine_line
from crescent.solver.phases import PATIENCE
from crescent.solver.search import Search
from crescent.solver.state import from_position

__all__ = ["Solution", "Verdict", "solve", "solve_or_prove"]

SEARCH_SHARE: Final = 1 / 3
"""The share of `solve_or_prove`'s budget spent looking for a win before trying to prove a loss."""


class Verdict(StrEnum):
    """What the solver concluded."""

    WON = "won"
    UNWINNABLE = "unwinnable"
    GAVE_UP = "gave-up"


@dataclass(frozen=True)
class Solution:
    """The verdict, the winning line if any, and what the search cost."""

    verdict: Verdict
    line: tuple[Action, ...] | None
    positions: int
    seconds: float

    @property
    def moves(self) -> int:
        """How many moves (not redeals) the line holds; 0 without a line."""
        if self.line is None:
            return 0
        return sum(1 for action in self.line if isinstance(action, Move))


def solve(
    position: Position,
    seconds: float = 10.0,
    max_positions: int | None = None,
    *,
    exhaustive: bool = False,
    patience: float = PATIENCE,
    clock: Callable[[], float] = time.perf_counter,
) -> Solution:
    """Search `position` for a win within `seconds` and at most `max_positions` positions.

    With `exhaustive`, one complete depth-first search under sound reductions
    (see `crescent.solver.search`): the fastest way to a proof late in a game.
    `seconds` are measured on `clock`: wall time, or `time.process_time` for the
    CPU time of this process (a budget that other load on the machine leaves alone).
    """
    began = clock()
    if exhaustive:
        suits.forget()  # the same positions whatever searches ran before in this process
    start = from_position(position)
    search = Search(
        start,
        began + seconds,
        max_positions,
        clock=clock,
        exhaustive=exhaustive,
        patience=patience,
    )
    outcome = search.run()
    elapsed = clock() - began
    if outcome is True and search.line is not None:
        line = engine_line(position, search.line)
        return Solution(Verdict.WON, line, search.positions, elapsed)
    if outcome is False:
        return Solution(Verdict.UNWINNABLE, None, search.positions, elapsed)
    return Solution(Verdict.GAVE_UP, None, search.positions, elapsed)


def solve_or_prove(
    position: Position,
    seconds: float,
    clock: Callable[[], float] = time.perf_counter,
    max_positions: int | None = None,
) -> Solution:
    """Look for a win for a third of `seconds` (and of `max_positions`); if none is found,
    spend the rest on the exhaustive mode. Wins early in a game come fast; late in a game
    that went wrong most positions are lost, and the exhaustive mode proves most of them
    within a second."""
    share = None if max_positions is None else max(1, int(max_positions * SEARCH_SHARE))
    found = solve(position, seconds * SEARCH_SHARE, share, clock=clock)
    if found.verdict is not Verdict.GAVE_UP:
        return found
    rest = None if max_positions is None else max(1, max_positions - found.positions)
    proof = solve(position, max(0.0, seconds - found.seconds), rest, exhaustive=True, clock=clock)
    return replace(
        proof, positions=found.positions + proof.positions, seconds=found.seconds + proof.seconds
    )
