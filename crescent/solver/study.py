"""One deal of a win-rate study: solve a numbered deal, check its line, give its result.

`bench/winrate.py` runs `study_deal` on a process pool or on Dask workers; it
lives in the package so that every worker can import it by name.
"""

from __future__ import annotations

import math
import time

from crescent.codes import GameCode
from crescent.moves import Action, Move
from crescent.position import Position
from crescent.rules import check_move, check_redeal, is_won
from crescent.solver import solve
from crescent.solver.results import Result


class LineRefused(RuntimeError):
    """A winning line the rules refuse (a solver bug, never expected)."""


def study_deal(number: int, seconds: float | None, positions: int | None) -> str:
    """The results line of numbered deal `number`.

    The budget is `seconds` of CPU time (so that other load on the machine does
    not cut the search short) or, when `seconds` is None, `positions` positions:
    then the result is the same on every machine and records no time.
    """
    code = GameCode.numbered(number)
    start = Position.start(code.piles())
    budget = math.inf if seconds is None else seconds
    solution = solve(start, budget, positions, clock=time.process_time)
    if solution.line is not None:
        check_line(code.text, start, solution.line)
    timing = None if seconds is None else solution.seconds
    verdict = solution.verdict.value
    return Result(code.text, verdict, solution.moves, timing, solution.positions).line


def check_line(name: str, start: Position, line: tuple[Action, ...]) -> None:
    """Replay `line` from `start` through the rules; raise `LineRefused` unless it wins."""
    position = start
    for action in line:
        if isinstance(action, Move):
            if check_move(position, action) is not None:
                raise LineRefused(f"{name}: {action.text} refused")
            position = position.after(action)
        else:
            if check_redeal(position) is not None:
                raise LineRefused(f"{name}: redeal refused")
            position = position.redealt()
    if not is_won(position):
        raise LineRefused(f"{name}: the line does not win")


def study_job(job: tuple[int, float | None, int | None]) -> str:
    """`study_deal` on one tuple, for `multiprocessing.Pool.imap`."""
    return study_deal(*job)
