"""Where did a game go wrong: the last position of it from which the solver finds a win.

A `Review` walks a game's positions backwards from the end (the position after
the last step first, the deal last), asking the solver about each one within a
share of a total time budget. It advances in slices (`advance`), so that the
browser's worker can answer other calls and show progress in between. Its
`outcome` is honest about what the search showed:

- `Finding.WIN`: a win exists after some step (the latest found), with the line;
  a later position the solver gave up on may still have been winnable;
- `Finding.LOST`: the same, and the solver proved every later position
  unwinnable, so the next step lost the game;
- `Finding.UNWINNABLE`: every position, the deal included, proven unwinnable;
- `Finding.NONE`: no win found from any position within the budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import Action, Move
from crescent.position import Position

REVIEW_SECONDS: Final = 20.0
"""The whole search's time budget, shared by the game's positions."""
SLICE_SECONDS: Final = 0.5
"""The longest one `advance` works: the worker answers nothing else meanwhile."""
MIN_SHARE: Final = 0.02
"""The least time one position gets, so that every position is searched."""


class Finding(StrEnum):
    """What a review found; the values are message keys' ends and JavaScript's strings."""

    WIN = "win"
    LOST = "lost"
    UNWINNABLE = "unwinnable"
    NONE = "none"


@dataclass(frozen=True)
class Outcome:
    """A finished review: the finding, the step after which a win exists, its line."""

    finding: Finding
    index: int | None
    """Step index (0 = the deal) of the position from which `line` wins."""
    line: tuple[Action, ...]
    seconds: float


@dataclass
class Review:
    """A backwards search over the positions of one game."""

    start: Position
    actions: tuple[Action, ...]
    seconds: float = REVIEW_SECONDS
    max_positions: int | None = None
    """Per position, the solver's budget of positions (tests use it to force give-ups)."""
    clock: Callable[[], float] = field(default=time.perf_counter, repr=False)
    """What `seconds` and the slices are measured on: wall time, or `time.process_time`
    for this process's CPU time (a budget that other load on the machine leaves alone)."""
    positions: list[Position] = field(init=False)
    next: int = field(init=False)
    """The step index whose position is searched next; -1 once the deal is searched."""
    spent: float = 0.0
    proven: bool = True
    """Every position searched so far was proven unwinnable."""
    found: int | None = None
    line: tuple[Action, ...] = ()

    def __post_init__(self) -> None:
        game = Game(None, self.start)
        self.positions = [game.position]
        for action in self.actions:
            reason = game.apply(action)
            if reason is not None:
                raise ValueError(f"illegal action {action.text}: {reason.value}")
            self.positions.append(game.position)
        self.next = len(self.positions) - 1

    @classmethod
    def of(cls, game: Game, seconds: float = REVIEW_SECONDS) -> Review:
        """A review of `game` as it stands, from its first position."""
        return cls(game.start, tuple(game.actions), seconds)

    @property
    def done(self) -> bool:
        """True once a win is found or every position is searched."""
        return self.found is not None or self.next < 0

    @property
    def searched(self) -> int:
        """How many positions have been searched."""
        return len(self.positions) - 1 - self.next

    @property
    def total(self) -> int:
        """How many positions the game has (the deal and one after each step)."""
        return len(self.positions)

    def advance(self, slice_seconds: float = SLICE_SECONDS) -> bool:
        """Search positions backwards for about `slice_seconds` at most; True when done."""
        from crescent.solver import Verdict, solve

        began = self.clock()
        while not self.done:
            left = self.next + 1
            share = max((self.seconds - self.spent) / left, MIN_SHARE)
            budget = min(share, slice_seconds)
            before = self.clock()
            solution = solve(
                self.positions[self.next], budget, self.max_positions, clock=self.clock
            )
            self.spent += self.clock() - before
            if solution.verdict is Verdict.WON:
                self.found = self.next
                self.line = solution.line or ()
            else:
                self.proven = self.proven and solution.verdict is Verdict.UNWINNABLE
                self.next -= 1
            if self.clock() - began >= slice_seconds:
                break
        return self.done

    def outcome(self) -> Outcome:
        """What the search showed so far (final once `done`)."""
        if self.found is not None:
            finding = Finding.LOST if self.proven and self.found < self.total - 1 else Finding.WIN
            return Outcome(finding, self.found, self.line, self.spent)
        if self.next < 0 and self.proven:
            return Outcome(Finding.UNWINNABLE, None, (), self.spent)
        return Outcome(Finding.NONE, None, (), self.spent)

    def message(self, lang: str) -> str:
        """The outcome in words, in `lang`."""
        outcome = self.outcome()
        words = catalog(lang)
        if outcome.finding is Finding.UNWINNABLE:
            return words.text("review.unwinnable")
        if outcome.finding is Finding.NONE:
            return words.format("review.none", seconds=max(1, round(outcome.seconds)))
        index = outcome.index or 0
        if outcome.finding is Finding.LOST:
            kind, number = self._label(index + 1)
            return words.format(f"review.lost-{kind}", number=number)
        if index == 0:
            return words.text("review.win-start")
        kind, number = self._label(index)
        return words.format(f"review.win-{kind}", number=number)

    def anchor(self, index: int) -> str:
        """The viewer's anchor of step `index`: `start`, `move-37` or `redeal-1`."""
        if index == 0:
            return "start"
        kind, number = self._label(index)
        return f"{kind}-{number}"

    def _label(self, index: int) -> tuple[str, int]:
        """(`move`, its number) or (`redeal`, its number) for step `index` (from 1)."""
        done = self.actions[:index]
        if isinstance(done[-1], Move):
            return "move", sum(1 for action in done if isinstance(action, Move))
        return "redeal", sum(1 for action in done if not isinstance(action, Move))


def continuation(actions: Sequence[Action], outcome: Outcome) -> tuple[Action, ...]:
    """The game's actions up to the outcome's position, then the solver's winning line."""
    if outcome.index is None:
        return ()
    return (*actions[: outcome.index], *outcome.line)
