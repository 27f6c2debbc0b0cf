"""What the Play page asks of the engine beyond the demos: hints, and records opened at a step.

A hint is the solver's verdict on a game's position and, when it finds a win,
the next step of the winning line in words. "Cannot be won" is said only when
the search proved it (`Verdict.UNWINNABLE`); a search that ran out of time says
how long it looked, never that the game is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import Action, Move
from crescent.record import Record
from crescent.render.steps import describe_step
from crescent.rules import Status, status
from crescent.timeline import Step, find_step, steps

if TYPE_CHECKING:
    from crescent.solver import Verdict

HINT_SECONDS: Final = 3.0
"""The solver's budget for one hint: the worker answers nothing else meanwhile."""


@dataclass(frozen=True)
class Hint:
    """What the solver concluded, the first action of a winning line, and the words for it."""

    verdict: Verdict
    action: Action | None
    message: str


def find_hint(game: Game, lang: str, seconds: float = HINT_SECONDS) -> Hint:
    """Search the position of `game` for `seconds` at most; say what was found in `lang`."""
    # The solver is imported on the first hint, not with this module: the browser's
    # worker imports crescent.browser (hence this module) before any demo or game is ready.
    from crescent.solver import Verdict, solve

    words = catalog(lang)
    position = game.position
    if status(position) is Status.WON:
        return Hint(Verdict.WON, None, words.text("ui.won"))
    solution = solve(position, seconds=seconds)
    if solution.verdict is Verdict.WON and solution.line:
        action = solution.line[0]
        if isinstance(action, Move):
            step = Step(0, action, game.moves_made + 1, None, position, position.after(action))
        else:
            number = position.redeals_made + 1
            step = Step(0, action, None, number, position, position.redealt())
        return Hint(Verdict.WON, action, words.format("hint.next", step=describe_step(step, lang)))
    if solution.verdict is Verdict.UNWINNABLE:
        return Hint(Verdict.UNWINNABLE, None, words.text("hint.lost"))
    budget = max(1, round(seconds))
    return Hint(Verdict.GAVE_UP, None, words.format("hint.unknown", seconds=budget))


def record_at(record: Record, anchor: str, lang: str) -> tuple[Record, str]:
    """`record` up to the step `anchor` (`start`, `move-10`, `redeal-1`), and words saying so.

    Raises `IllegalRecord` for a record with an illegal entry, `MomentError` for
    an anchor that names no step of it.
    """
    step = find_step(steps(record), anchor)
    words = catalog(lang)
    message = words.format("play.example", step=describe_step(step, lang))
    return Record(record.code, record.actions[: step.index]), message
