"""What the Play page asks of the engine beyond the demos: hints, and records opened at a step.

A hint is the solver's verdict on a game's position and, when it finds a win,
the next step of the winning line in words. The line found is kept with the live
game's session (`Session.lines`): while the player follows it (or undoes back onto
it), the next hint answers from it at once, without a search. The search looks
for a win first, then tries to prove the game lost
(`crescent.solver.solve_or_prove`): "cannot be won" is said only when it proved
it (`Verdict.UNWINNABLE`); a search that ran out of time says how long it
looked, never that the game is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from crescent.browser.sessions import Session
from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import Action, Move
from crescent.position import Position
from crescent.record import Record
from crescent.render.steps import describe_step
from crescent.rules import Status, status
from crescent.timeline import Step, find_step, steps

if TYPE_CHECKING:
    from crescent.solver import Verdict

HINT_SECONDS: Final = 3.0
"""The solver's budget for one hint: the worker answers nothing else meanwhile."""

KEPT_POSITIONS: Final = 5000
"""Positions of winning lines kept per game (a line holds about 160): then they are forgotten."""


@dataclass(frozen=True)
class Hint:
    """What the solver concluded, the first action of a winning line, and the words for it."""

    verdict: Verdict
    action: Action | None
    message: str
    reused: bool = False
    """True when the action came from a line found for an earlier hint, with no search."""
    positions: int = 0
    """Positions the solver searched for this hint (its cost, whatever the machine's speed)."""


def find_hint(session: Session, seconds: float = HINT_SECONDS) -> Hint:
    """Search the position of `session`'s game for `seconds` at most; say what was found."""
    # The solver is imported on the first hint, not with this module: the browser's
    # worker imports crescent.browser (hence this module) before any demo or game is ready.
    from crescent.solver import Verdict, solve_or_prove

    game, lang = session.game, session.lang
    words = catalog(lang)
    position = game.position
    if status(position) is Status.WON:
        return Hint(Verdict.WON, None, words.text("ui.won"))
    known = session.lines.get(position)
    if known:
        return _next_step(game, known[0], lang, reused=True)
    solution = solve_or_prove(position, seconds)
    if solution.verdict is Verdict.WON and solution.line:
        _remember(session.lines, position, solution.line)
        return _next_step(game, solution.line[0], lang, positions=solution.positions)
    if solution.verdict is Verdict.UNWINNABLE:
        return Hint(Verdict.UNWINNABLE, None, words.text("hint.lost"), False, solution.positions)
    budget = max(1, round(seconds))
    message = words.format("hint.unknown", seconds=budget)
    return Hint(Verdict.GAVE_UP, None, message, False, solution.positions)


def _next_step(
    game: Game, action: Action, lang: str, reused: bool = False, positions: int = 0
) -> Hint:
    """The hint that `action`, the first of a winning line, is next."""
    from crescent.solver import Verdict

    position = game.position
    if isinstance(action, Move):
        step = Step(0, action, game.moves_made + 1, None, position, position.after(action))
    else:
        number = position.redeals_made + 1
        step = Step(0, action, None, number, position, position.redealt())
    words = catalog(lang).format("hint.next", step=describe_step(step, lang))
    return Hint(Verdict.WON, action, words, reused, positions)


def _remember(
    rest: dict[Position, tuple[Action, ...]], position: Position, line: tuple[Action, ...]
) -> None:
    """Keep `line`, which wins from `position`, in `rest` for the next hints."""
    if len(rest) > KEPT_POSITIONS:
        rest.clear()
    for index, action in enumerate(line):
        rest[position] = line[index:]
        position = position.after(action) if isinstance(action, Move) else position.redealt()


def record_at(record: Record, anchor: str, lang: str) -> tuple[Record, str]:
    """`record` up to the step `anchor` (`start`, `move-10`, `redeal-1`), and words saying so.

    Raises `IllegalRecord` for a record with an illegal entry, `MomentError` for
    an anchor that names no step of it.
    """
    step = find_step(steps(record), anchor)
    words = catalog(lang)
    message = words.format("play.example", step=describe_step(step, lang))
    return Record(record.code, record.actions[: step.index]), message
