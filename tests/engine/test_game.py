"""Undo, redeal, the move counter and the status of a game."""

from crescent.codes import GameCode
from crescent.game import Game
from crescent.moves import Move
from crescent.rules import Reason, Status, legal_moves, status
from crescent.tables import UNDO_LIMIT
from tests.fixtures.positions import position


def _game_with(pos_piles: dict[int, str], **kwargs: object) -> Game:
    start = position(pos_piles, **kwargs)  # type: ignore[arg-type]
    return Game(GameCode.numbered(0), start)


def test_moves_are_counted_and_undo_counts_back() -> None:
    game = _game_with({1: "8H", 2: "9H", 3: "2S"})
    assert game.play(Move.parse("p1 p2")) is None
    assert game.play(Move.parse("p3 up-S")) is None
    assert game.moves_made == 2
    assert game.undo() is None
    assert game.moves_made == 1
    assert game.position == position({2: "9H 8H", 3: "2S"})
    assert game.undo() is None
    assert game.position == game.start
    assert game.undo() is Reason.NOTHING_TO_UNDO


def test_a_refused_move_changes_nothing() -> None:
    game = _game_with({1: "5H", 2: "9S"})
    before = game.position
    assert game.play(Move.parse("p1 p2")) is Reason.SAME_SUIT
    assert game.position is before and game.moves_made == 0 and game.actions == []


def test_undo_reaches_back_100_moves_only() -> None:
    game = _game_with({1: "8H", 2: "9H", 3: "7H"})
    assert game.play(Move.parse("p1 p2")) is None
    for _ in range(UNDO_LIMIT + 19):
        text = ("p2 p3", "p3 p2")[game.moves_made % 2 - 1]
        assert game.play(Move.parse(text)) is None
    assert game.moves_made == 120
    for _ in range(UNDO_LIMIT):
        assert game.undo() is None
    assert game.moves_made == 20
    assert game.undo() is Reason.UNDO_LIMIT
    assert game.moves_made == 20


def test_moves_before_a_redeal_cannot_be_undone() -> None:
    game = _game_with({1: "8H 7C", 2: "9H", 3: "6C"})
    assert game.play(Move.parse("p3 p1")) is None
    assert game.redeal() is None
    assert game.moves_made == 1, "a redeal is not a move"
    assert game.undo() is Reason.UNDO_PAST_REDEAL
    assert game.position.redeals_left == 2


def test_a_redeal_before_any_move_leaves_nothing_to_undo() -> None:
    game = _game_with({1: "8H 7C", 2: "9H", 3: "6C"})
    assert game.redeal() is None
    assert game.undo() is Reason.NOTHING_TO_UNDO, "no move was made: none is out of reach"


def test_three_redeals_then_none() -> None:
    game = _game_with({1: "8H 7C"})
    assert [game.redeal() for _ in range(4)] == [None, None, None, Reason.NO_REDEALS]
    assert game.position.redeals_left == 0


def test_a_new_deal_starts_with_an_empty_history() -> None:
    game = Game(GameCode.numbered(1))
    assert game.actions == [] and game.moves_made == 0 and not game.can_undo
    assert game.undo() is Reason.NOTHING_TO_UNDO


def test_status_won_when_all_foundations_hold_13() -> None:
    done = position({}, up="S13 H13 D13 C13", down="S13 H13 D13 C13")
    assert status(done) is Status.WON
    last = position({1: "KC"}, up="S13 H13 D13 C12", down="S13 H13 D13 C13", redeals=0)
    game = Game(GameCode.numbered(0), last)
    assert game.status is Status.IN_PLAY
    assert game.play(Move.parse("p1 up-C")) is None
    assert game.status is Status.WON


def test_blocked_when_no_move_and_no_redeal_left() -> None:
    stuck = position({1: "5H", 2: "9S"}, redeals=0)
    assert legal_moves(stuck) == []
    assert status(stuck) is Status.BLOCKED
    assert status(stuck._replace(redeals_left=1)) is Status.IN_PLAY


def test_only_foundation_transfers_left_still_counts_as_blocked() -> None:
    shuffling = position({1: "5H", 2: "9D"}, up="S6", down="S7", redeals=0)
    assert legal_moves(shuffling), "transfers are legal"
    assert status(shuffling) is Status.BLOCKED


def test_met_club_foundations_with_stuck_piles_and_no_redeal_are_blocked_in_true_words() -> None:
    """Issue 32: the club foundations have met (6♣ up, 7♣ down), so cards still pass
    between them, but no pile's top card can go anywhere and no redeal is left. The
    engine calls the game blocked, before and after any pass (the message's words for
    it are tests/browser_api/test_messages.py's)."""
    stuck = position({1: "5H", 2: "9D", 3: "8S"}, up="C6", down="C7", redeals=0)
    passes = legal_moves(stuck)
    assert passes and all(move.source.is_foundation for move in passes)
    assert status(stuck) is Status.BLOCKED
    for move in passes:
        passed = stuck.after(move)
        assert status(passed) is Status.BLOCKED
        assert all(m.source.is_foundation for m in legal_moves(passed))


def test_met_foundations_make_any_card_of_their_suit_playable() -> None:
    position_ = position({1: "10S"}, up="S6", down="S7", redeals=0)
    assert status(position_) is Status.IN_PLAY


def test_blocked_offers_undo_only_when_one_is_possible() -> None:
    game = _game_with({1: "8H", 2: "9H", 3: "5C"}, redeals=0)
    assert game.play(Move.parse("p1 p2")) is None
    assert game.status is Status.BLOCKED and game.can_undo
    stuck = _game_with({1: "5H", 2: "9S"}, redeals=0)
    assert stuck.status is Status.BLOCKED and not stuck.can_undo
