"""Games that tests and benchmarks share: the example game won to the end, blocked and lost games.

The engine builds them here, in CPython; the browser tests and `bench/play.py`
then check that the browser agrees with it.
"""

from __future__ import annotations

import math
import random
from functools import cache
from pathlib import Path

from crescent.codes import GameCode
from crescent.game import Game
from crescent.moves import Action, Move
from crescent.position import Position
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
    solution = solve(outcome.game.position, seconds=math.inf, max_positions=WIN_BUDGET)
    assert solution.verdict is Verdict.WON and solution.line is not None
    return record.actions + solution.line


def lost_late_record() -> Record:
    """A game that went wrong: in play late, with a redeal left, and proven lost (`LOST_LATE`)."""
    return Record.loads(LOST_LATE.read_text(encoding="utf-8"))


def example_short_of(count: int) -> Game:
    """The example game won to the end but for its last `count` actions."""
    game = Game(example_record().code)
    for action in won_example()[:-count]:
        assert game.apply(action) is None
    return game


def one_move_short() -> tuple[Game, Move]:
    """The example game one move short of its win, and that winning move."""
    last = won_example()[-1]
    assert isinstance(last, Move)
    return example_short_of(1), last


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


@cache
def lost_from_a_move() -> Record:
    """A numbered deal won along the solver's line until the last redeal is used and most
    cards are home, then a move after which the solver proves the game lost without a
    search, then any moves until blocked. From the position before that move the solver
    wins within a few dozen positions, fewer than it searches between two looks at the
    clock: a review of this game ends the same however loaded the machine."""
    for number in range(10):
        code = GameCode.numbered(number)
        line = solve(Position.start(code.piles()), math.inf, WIN_BUDGET).line or ()
        game = Game(code)
        for action in line:
            position = game.position
            if position.redeals_left == 0 and position.cards_on_foundations > 70:
                quick = solve(position, math.inf, QUICK_WIN).verdict is Verdict.WON
                for move in legal_moves(position):
                    after = solve(position.after(move), math.inf, QUICK_WIN)
                    proven = after.verdict is Verdict.UNWINNABLE and after.positions == 0
                    if move != action and proven and quick:
                        return _blocked_after(game, move)
            assert game.apply(action) is None
    raise AssertionError("no lost game found")


QUICK_WIN = 100
"""Positions within which `lost_from_a_move`'s last winnable position is won."""


def _blocked_after(game: Game, move: Move) -> Record:
    """`game` after `move`, then random moves until it is blocked."""
    assert game.play(move) is None
    rng = random.Random(0)
    while game.status is Status.IN_PLAY:
        assert game.play(rng.choice(legal_moves(game.position))) is None
    return Record.of(game)


def played_until_blocked(code: str, seed: int) -> Record:
    """Deal `code` played by a seeded random hand until blocked: mostly cards home, else any
    move, redeals last."""
    rng = random.Random(seed)
    game = Game(GameCode.parse(code))
    for _ in range(400):
        if game.status is not Status.IN_PLAY:
            break
        moves = legal_moves(game.position)
        home = [m for m in moves if m.target.is_foundation and not m.source.is_foundation]
        if home and rng.random() < 0.7:
            game.play(rng.choice(home))
        elif (moves and rng.random() < 0.9) or (game.redeal() is not None and moves):
            game.play(rng.choice(moves))
    assert game.status is Status.BLOCKED
    return Record.of(game)
