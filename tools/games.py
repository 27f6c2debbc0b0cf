"""Games that tests and benchmarks share: the example game won to the end, blocked and lost games.

The engine builds them here, in CPython; the browser tests and `bench/play.py`
then check that the browser agrees with it.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from crescent.codes import GameCode
from crescent.game import Game
from crescent.moves import Action, Move
from crescent.record import Record, replay
from crescent.rules import Status, legal_moves
from crescent.solver import Verdict, solve

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "won-game.json"
LOST_LATE = ROOT / "tests" / "fixtures" / "data" / "lost-late-game.json"
"""Deal 260 played at random (foundations first) down to 40 cards, one redeal left: still
in play, and lost: the spades can no longer be finished, even on their own."""
WIN_BUDGET = 200_000
"""Positions the solver may search to finish the example game (deterministic for a budget)."""


def example_record() -> Record:
    """The example game of the Examples page."""
    return Record.loads(EXAMPLE.read_text(encoding="utf-8"))


@cache
def won_example() -> tuple[Action, ...]:
    """The example game's actions, then (if the record stops short) a winning line to the end."""
    record = example_record()
    outcome = replay(record)
    assert outcome.failed_at is None, "the example game replays"
    if outcome.game.status is Status.WON:
        return record.actions
    solution = solve(outcome.game.position, seconds=60, max_positions=WIN_BUDGET)
    assert solution.verdict is Verdict.WON and solution.line is not None
    return record.actions + solution.line


def lost_late_record() -> Record:
    """A game that went wrong: in play late, with a redeal left, and proven lost (`LOST_LATE`)."""
    return Record.loads(LOST_LATE.read_text(encoding="utf-8"))


def one_move_short() -> tuple[Game, Move]:
    """The example game one move short of its win, and that winning move."""
    game = Game(example_record().code)
    line = won_example()
    for action in line[:-1]:
        game.apply(action)
    last = line[-1]
    assert isinstance(last, Move)
    return game, last


def blocked_record(undoable: bool, seed: int = 1) -> Record:
    """A game that random play leaves blocked, its last action a move (`undoable`) or a redeal."""
    for number in range(seed, seed + 500):
        game = Game(GameCode.numbered(number))
        rng = random.Random(number)
        while game.status is Status.IN_PLAY:
            moves = legal_moves(game.position)
            # Redeal early when the blocked game must end on a redeal.
            if not moves or rng.random() < (0.02 if undoable else 0.2):
                if game.redeal() is not None:
                    break
            else:
                game.play(rng.choice(moves))
        if game.status is Status.BLOCKED and game.can_undo is undoable:
            return Record.of(game)
    raise AssertionError("no blocked game found")
