"""Hints along a line already found: the player who follows it gets the next step at once."""

from __future__ import annotations

from crescent.browser.hints import find_hint
from crescent.browser.sessions import Session
from crescent.codes import GameCode
from crescent.game import Game
from crescent.moves import Action
from crescent.rules import legal_moves
from crescent.solver import Verdict, solve

NO_TIME = 0.001
"""A budget too small to matter: a hint within it reuses a line, or searches only a few
hundred positions (its `reused` and `positions` tell which)."""


def _line(game: Game) -> tuple[Action, ...]:
    found = solve(game.position, seconds=10)
    assert found.verdict is Verdict.WON and found.line
    return found.line


def test_following_the_hint_line_answers_each_next_step_without_a_search() -> None:
    game = Game(GameCode.numbered(3))
    session = Session(game, "en")
    line = _line(game)  # the solver is deterministic: the hint finds this line too
    first = find_hint(session, seconds=10)
    assert (first.verdict, first.action, first.reused) == (Verdict.WON, line[0], False)
    for index, action in enumerate(line[:-1]):
        assert game.apply(action) is None
        hint = find_hint(session, seconds=NO_TIME)
        assert (hint.verdict, hint.action, hint.reused) == (Verdict.WON, line[index + 1], True)


def test_off_the_line_the_hint_searches_and_undo_comes_back_onto_it() -> None:
    game = Game(GameCode.numbered(3))
    session = Session(game, "en")
    line = _line(game)
    find_hint(session, seconds=10)
    for action in line[:3]:
        assert game.apply(action) is None
    off = next(move for move in legal_moves(game.position) if move != line[3])
    assert game.play(off) is None
    assert not find_hint(session, seconds=10).reused
    assert game.undo() is None
    back = find_hint(session, seconds=NO_TIME)
    assert (back.action, back.reused) == (line[3], True)


def test_another_game_of_the_same_deal_does_not_share_the_line() -> None:
    one = Session(Game(GameCode.numbered(3)), "en")
    assert find_hint(one, seconds=10).verdict is Verdict.WON
    other = Session(Game(GameCode.numbered(3)), "en")
    hint = find_hint(other, seconds=NO_TIME)
    assert not hint.reused and hint.positions > 0, "a search of its own"
