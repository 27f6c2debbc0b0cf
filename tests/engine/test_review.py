"""Where did it go wrong: each kind of answer, on small positions the solver can settle."""

from __future__ import annotations

import math
import time
from typing import Any

from crescent.game import Game
from crescent.i18n import LANGUAGES
from crescent.moves import parse_action
from crescent.position import Position
from crescent.review import Finding, Review, continuation
from crescent.rules import Status
from crescent.scenario import parse_scenario

FULL = {"D": 13, "C": 13}


def _position(piles: dict[str, str], up: dict[str, int], redeals: int = 0) -> Position:
    down = {"S": 13, "H": 13, **FULL}
    return parse_scenario(
        {"piles": piles, "up": {**FULL, **up}, "down": down, "redeals_left": redeals}
    )


def _review(start: Position, moves: list[str], **options: Any) -> Review:
    """The review of `moves` from `start`, searched to its end with no time limit unless
    `options` give one: budgets of positions, not the clock, decide its outcome, so that
    it is the same on a loaded machine."""
    options = {"seconds": math.inf, **options}
    review = Review(start, tuple(parse_action(text) for text in moves), **options)
    assert review.advance(math.inf)
    return review


# Twelve spades and hearts left; the solver wins from the first two positions, then
# proves each later one lost, but only after searching a thousand positions or more.
TANGLE = _position(
    {
        "1": "QH",
        "2": "10S",
        "4": "8S QS 9H",
        "5": "KS 10H KH JS",
        "6": "9S",
        "7": "8H",
        "8": "JH",
    },
    {"S": 7, "H": 7},
    redeals=1,
)
TANGLE_MOVES = ["p5 p2", "p1 p5", "p4 p7", "p2 p4", "p8 p5", "p6 p2"]


def _replays_to_a_win(start: Position, review: Review) -> None:
    game = Game(None, start)
    for action in continuation(review.actions, review.outcome()):
        assert game.apply(action) is None
    assert game.status is Status.WON


def test_a_move_that_buries_the_last_card_needed_lost_the_game() -> None:
    start = _position({"6": "QS", "7": "KS"}, {"S": 11, "H": 13})
    review = _review(start, ["p7 p6"])  # KS onto QS, no redeal left: QS never comes up
    outcome = review.outcome()
    assert (outcome.finding, outcome.index) == (Finding.LOST, 0)
    assert (
        review.message("en")
        .replace("\u00a0", " ")
        .startswith("This game was lost from move 1 on: the solver proved")
    )
    _replays_to_a_win(start, review)


def test_the_latest_winnable_position_is_found_and_every_later_one_proven_lost() -> None:
    review = _review(TANGLE, TANGLE_MOVES)  # the proofs, not the clock, end this search
    outcome = review.outcome()
    assert (outcome.finding, outcome.index) == (Finding.LOST, 1)
    assert review.anchor(outcome.index or 0) == "move-1"
    assert "move 2" in review.message("en").replace("\u00a0", " ")
    _replays_to_a_win(TANGLE, review)


def test_a_win_found_after_positions_the_solver_gave_up_on_is_not_called_a_loss() -> None:
    review = _review(TANGLE, TANGLE_MOVES, max_positions=600)
    outcome = review.outcome()
    assert (outcome.finding, outcome.index) == (Finding.WIN, 1)
    assert review.anchor(outcome.index or 0) == "move-1"
    assert (
        review.message("en").replace("\u00a0", " ").startswith("After move 1 a win still existed")
    )
    _replays_to_a_win(TANGLE, review)


def test_no_win_within_the_budget_says_how_long_it_looked() -> None:
    review = _review(TANGLE, TANGLE_MOVES, max_positions=1)
    outcome = review.outcome()
    assert outcome.finding is Finding.NONE
    assert review.searched == review.total == len(TANGLE_MOVES) + 1
    assert (
        review.message("en").replace("\u00a0", " ")
        == "No win found from any position of this game within 1 s."
    )


def test_a_deal_lost_from_its_start_is_said_to_be_unwinnable() -> None:
    start = _position({"6": "QS KS", "7": "KH"}, {"S": 11, "H": 12})
    review = _review(start, ["p7 up-H"])
    assert review.outcome().finding is Finding.UNWINNABLE
    assert review.outcome().line == ()


def test_a_game_that_can_still_be_won_answers_from_its_last_position() -> None:
    start = _position({"6": "QS", "7": "KS"}, {"S": 11, "H": 13})
    review = _review(start, ["p6 up-S"])
    outcome = review.outcome()
    assert (outcome.finding, outcome.index) == (Finding.WIN, 1)
    assert [action.text for action in outcome.line] == ["p7 up-S"]


def test_a_redeal_that_lost_the_game_is_named_as_a_redeal() -> None:
    # With one redeal left QS comes back on top; redealing first buries it again.
    start = _position({"6": "KS QS"}, {"S": 11, "H": 13}, redeals=1)
    review = _review(start, ["redeal"])
    outcome = review.outcome()
    assert (outcome.finding, outcome.index) == (Finding.LOST, 0)
    assert "redeal 1" in review.message("en").replace("\u00a0", " ")


def test_the_search_goes_backwards_in_slices_and_spends_about_its_budget() -> None:
    # Measured on this process's CPU time, which other load on the machine leaves alone.
    actions = tuple(parse_action(text) for text in TANGLE_MOVES)
    review = Review(TANGLE, actions, seconds=0.5, clock=time.process_time)
    assert review.searched == 0 and not review.done
    review.advance(0.01)
    assert 1 <= review.searched < review.total
    while not review.advance():
        pass
    assert review.spent < 0.5 + 0.5


def test_every_answer_has_words_in_every_language() -> None:
    start = _position({"6": "QS", "7": "KS"}, {"S": 11, "H": 13})
    reviews = [
        _review(start, ["p7 p6"]),
        _review(TANGLE, TANGLE_MOVES, max_positions=600),
        _review(TANGLE, TANGLE_MOVES, max_positions=1),
        _review(_position({"6": "QS KS", "7": "KH"}, {"S": 11, "H": 12}), ["p7 up-H"]),
        _review(_position({"6": "KS QS"}, {"S": 11, "H": 13}, redeals=1), ["redeal"]),
        _review(start, []),
    ]
    for review in reviews:
        for lang in LANGUAGES:
            text = review.message(lang)
            assert "review." not in text and "{" not in text, (lang, text)
