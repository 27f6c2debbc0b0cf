"""Perft table: action-sequence counts from fixed positions, a regression net for the rules."""

import pytest

from crescent.codes import GameCode
from crescent.moves import MOVES
from crescent.perft import perft
from crescent.places import PLACES
from crescent.position import Position
from crescent.rules import check_move
from tests.fixtures.positions import position

MET = position(
    {1: "7S", 2: "8S 9H", 3: "10H", 4: "KD AD", 5: "QD", 6: "5C 4C", 7: "3C", 8: "2C"},
    up="S6 H8",
    down="S7 H4 D2",
    redeals=1,
)
"""Spades have met (A..6 up, K..7 down); hearts need 9 up or 10 down."""

TABLE = {
    "CR1-N-AAAAAAA": [14, 183, 2262, 27068],
    "CR1-N-AAAAAAB": [17, 278, 4368, 65885],
    "CR1-N-AAAASGV": [11, 111, 1060, 9660],
}


@pytest.mark.parametrize("code", sorted(TABLE))
def test_perft_from_fresh_deals(code: str) -> None:
    start = Position.start(GameCode.parse(code).piles())
    assert [perft(start, depth) for depth in range(1, 5)] == TABLE[code]


def slow_perft(start: Position, depth: int) -> int:
    """Perft by asking `check_move` about all 576 place pairs: independent of `legal_moves`."""
    if depth == 0:
        return 1
    total = 0
    for source in PLACES:
        for target in PLACES:
            move = MOVES[source][target]
            if check_move(start, move) is None:
                total += slow_perft(start.after(move), depth - 1)
    if start.redeals_left:
        total += slow_perft(start.redealt(), depth - 1)
    return total


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_agrees_with_brute_force_where_foundations_meet(depth: int) -> None:
    assert perft(MET, depth) == slow_perft(MET, depth)


def test_perft_agrees_with_brute_force_on_a_deal() -> None:
    start = Position.start(GameCode.parse("CR1-N-AAAAAAB").piles())
    assert perft(start, 2) == slow_perft(start, 2) == 278


def test_perft_of_the_met_position() -> None:
    assert [perft(MET, depth) for depth in range(1, 5)] == [13, 146, 1455, 13299]
