"""Every rule of the seeds, and the reason each refused move gets."""

import pytest

from crescent.moves import MOVES, Move
from crescent.places import Place
from crescent.rules import (
    Reason,
    check_move,
    check_pick,
    check_redeal,
    foundation_drop,
    legal_moves,
    tap_target,
    targets,
)
from tests.fixtures.positions import cards, position

P = Place.pile


def move(text: str) -> Move:
    return Move.parse(text)


def test_same_suit_and_adjacent_rank_up_or_down() -> None:
    game = position({1: "8H", 2: "9H", 3: "7H", 4: "10H"})
    assert check_move(game, move("p1 p2")) is None
    assert check_move(game, move("p1 p3")) is None
    assert check_move(game, move("p1 p4")) is Reason.ADJACENT_RANK


def test_a_wrong_suit_is_refused_for_its_suit_first() -> None:
    game = position({1: "5H", 2: "9S"})
    assert check_move(game, move("p1 p2")) is Reason.SAME_SUIT


def test_ranks_wrap_ace_on_king_and_king_on_ace() -> None:
    game = position({10: "AS", 14: "KS", 3: "KH", 4: "AH"})
    assert check_move(game, move("p10 p14")) is None
    assert check_move(game, move("p3 p4")) is None
    after = game.after(move("p10 p14"))
    assert after.piles[13] == cards("KS AS") and after.piles[9] == ()


def test_only_the_top_card_moves() -> None:
    game = position({1: "2S 9C"})
    assert check_pick(game, P(1), depth=0) is None
    assert check_pick(game, P(1), depth=1) is Reason.ONLY_TOP_CARD


def test_a_pile_holds_at_most_13_cards() -> None:
    twelve = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    game = position({1: twelve + " AS", 2: "KS", 3: twelve, 4: "3S"})
    assert check_move(game, move("p2 p1")) is Reason.PILE_FULL
    assert check_move(game, move("p4 p3")) is None
    full = game.after(move("p4 p3"))
    assert len(full.piles[2]) == 13
    assert check_move(full, move("p2 p3")) is Reason.ADJACENT_RANK


def test_the_full_pile_reason_comes_after_suit_and_rank() -> None:
    thirteen = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"
    game = position({1: thirteen, 2: "5H", 3: "9S", 4: "2S"})
    assert check_move(game, move("p2 p1")) is Reason.SAME_SUIT
    assert check_move(game, move("p3 p1")) is Reason.ADJACENT_RANK
    assert check_move(game, move("p4 p1")) is Reason.PILE_FULL


def test_nothing_is_placed_on_an_empty_pile() -> None:
    game = position({1: "8H"})
    assert check_move(game, move("p1 p2")) is Reason.EMPTY_PILE
    assert check_move(game, move("p2 p1")) is Reason.NOTHING_TO_MOVE


def test_a_card_does_not_move_onto_its_own_pile() -> None:
    game = position({1: "8H"})
    assert check_move(game, move("p1 p1")) is Reason.SAME_PLACE


def test_ascending_foundations_build_up_by_suit() -> None:
    game = position({1: "2S", 2: "3S", 3: "2H"})
    assert check_move(game, move("p1 up-S")) is None
    assert check_move(game, move("p2 up-S")) is Reason.FOUNDATION_SEQUENCE
    assert check_move(game, move("p3 up-S")) is Reason.SAME_SUIT
    after = game.after(move("p1 up-S"))
    assert after.up[0] == 2 and str(after.top(Place.UP_S)) == "2S"


def test_descending_foundations_build_down_by_suit() -> None:
    game = position({1: "QC", 2: "JC"})
    assert check_move(game, move("p1 down-C")) is None
    assert check_move(game, move("p2 down-C")) is Reason.FOUNDATION_SEQUENCE
    assert str(game.after(move("p1 down-C")).top(Place.DOWN_C)) == "QC"


def test_no_wrap_on_foundations() -> None:
    game = position({1: "AS", 2: "KH"}, up="S13", down="H13")
    assert check_move(game, move("p1 up-S")) is Reason.FOUNDATION_COMPLETE
    assert check_move(game, move("p2 down-H")) is Reason.FOUNDATION_COMPLETE


def test_a_card_never_returns_from_a_foundation_to_a_pile() -> None:
    game = position({1: "3S"}, up="S2")
    assert check_move(game, move("up-S p1")) is Reason.NO_RETURN


def test_the_base_card_is_locked() -> None:
    game = position({1: "3S"})
    assert check_move(game, move("up-S down-S")) is Reason.BASE_LOCKED
    assert check_move(game, move("down-H p1")) is Reason.BASE_LOCKED
    assert check_pick(game, Place.UP_S) is Reason.BASE_LOCKED


def test_a_foundation_top_may_pass_to_the_other_foundation_of_its_suit() -> None:
    game = position({}, up="S6", down="S6")  # A..6 up, K..8 down: 7 missing between
    assert check_move(game, move("up-S down-S")) is Reason.FOUNDATION_SEQUENCE
    met = position({}, up="S6", down="S7")  # A..6 up, K..7 down
    assert check_move(met, move("down-S up-S")) is None
    assert check_move(met, move("up-S down-S")) is None
    after = met.after(move("up-S down-S"))
    assert (after.up[0], after.down[0]) == (5, 8)
    assert str(after.top(Place.DOWN_S)) == "6S"
    assert check_move(met, move("up-S down-H")) is Reason.SAME_SUIT
    assert check_move(met, move("up-S up-S")) is Reason.SAME_PLACE


def test_redeal_moves_each_bottom_card_to_the_top() -> None:
    game = position({1: "2H 9C JD JD", 2: "5S", 3: "7D 8D"}, redeals=3)
    after = game.redealt()
    assert after.piles[0] == cards("9C JD JD 2H")
    assert after.piles[1] == cards("5S")
    assert after.piles[2] == cards("8D 7D")
    assert after.redeals_left == 2
    assert check_redeal(position({}, redeals=0)) is Reason.NO_REDEALS


def test_legal_moves_agree_with_check_move_everywhere() -> None:
    game = position(
        {1: "8H", 2: "9H", 3: "7H", 4: "KS", 5: "AS", 6: "2S", 7: "QC", 8: "6D", 9: "6D"},
        up="S1",
        down="S7 C1",
    )
    brute = {MOVES[s][t] for s in Place for t in Place if check_move(game, MOVES[s][t]) is None}
    assert set(legal_moves(game)) == brute
    assert len(legal_moves(game)) == len(brute)


def test_tapping_a_card_with_one_place_sends_it_there() -> None:
    game = position({1: "2S", 2: "8H", 3: "9H", 4: "7H"})
    assert targets(game, P(1)) == [Place.UP_S]
    assert tap_target(game, P(1)) is Place.UP_S
    assert targets(game, P(2)) == [P(3), P(4)]
    assert tap_target(game, P(2)) is None


def test_a_card_dropped_on_the_foundations_goes_to_the_one_that_takes_it() -> None:
    game = position({1: "QS", 2: "2S", 3: "5H"})
    assert foundation_drop(game, P(1)) is Place.DOWN_S
    assert foundation_drop(position({2: "2S"}), P(2)) is Place.UP_S
    assert foundation_drop(game, P(3)) is None
    both = position({1: "7S"}, up="S6", down="S6")  # up needs 7, down needs 7
    assert foundation_drop(both, P(1)) is Place.UP_S


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_has_a_message_key(reason: Reason) -> None:
    assert reason.key == "reason." + reason.value
