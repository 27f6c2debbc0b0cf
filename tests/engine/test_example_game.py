"""The example game (docs/examples/won-game.json) keeps every fact of the seeds.

The record is replayed with `crescent.record.replay`; the facts are restated
here from the seeds, not taken from the tool that built the record.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from crescent.codes import LAYOUT
from crescent.moves import REDEAL, Move
from crescent.places import FOUNDATIONS, PILES, Place
from crescent.position import Position
from crescent.record import Record, replay
from crescent.rules import Status

RECORD = Path(__file__).resolve().parents[2] / "docs" / "examples" / "won-game.json"

FOUNDATIONS_BEFORE_MOVE_10 = {
    "up-S": ("2S", 2), "up-H": ("2H", 2), "up-D": ("AD", 1), "up-C": ("AC", 1),
    "down-S": ("QS", 2), "down-H": ("QH", 2), "down-D": ("KD", 1), "down-C": ("9C", 5),
}  # fmt: skip
PILES_BEFORE_MOVE_10 = [
    (4, "JD"), (6, "8S"), (4, "7D"), (5, "4D"), (6, "10S"), (4, "QS"), (6, "5H"), (6, "6S"),
    (5, "5C"), (6, "AS"), (6, "KC"), (6, "10C"), (6, "7C"), (6, "KS"), (6, "6S"), (6, "AC"),
]  # fmt: skip
FOUNDATIONS_AT_REDEAL = {
    "up-S": ("2S", 2), "up-H": ("2H", 2), "up-D": ("AD", 1), "up-C": ("AC", 1),
    "down-S": ("10S", 4), "down-H": ("10H", 4), "down-D": ("KD", 1), "down-C": ("9C", 5),
}  # fmt: skip
PILES_BEFORE_REDEAL = [
    (4, "JD"), (6, "8S"), (4, "7D"), (5, "4D"), (5, "5H"), (4, "QS"), (6, "5H"), (6, "6S"),
    (5, "5C"), (4, "9D"), (7, "AC"), (6, "10C"), (6, "7C"), (7, "AS"), (4, "KH"), (5, "6S"),
]  # fmt: skip
TOPS_AFTER_REDEAL = [
    "2H", "7H", "4C", "5C", "8D", "JS", "10S", "AD",
    "7S", "QC", "8C", "2C", "6D", "4S", "8D", "3D",
]  # fmt: skip


def _record() -> Record:
    return Record.loads(RECORD.read_text(encoding="utf-8"))


def _walk() -> tuple[dict[str, Position], Move]:
    """The positions before move 10, before and after the first redeal; and move 10."""
    record = _record()
    position = Position.start(record.code.piles())
    found: dict[str, Position] = {}
    moves = 0
    move_10: Move | None = None
    for action in record.actions:
        if isinstance(action, Move):
            moves += 1
            if moves == 10:
                found["before move 10"] = position
                move_10 = action
            position = position.after(action)
        else:
            if "before redeal" not in found:
                found["before redeal"] = position
                found["after redeal"] = position.redealt()
            position = position.redealt()
    assert move_10 is not None
    return found, move_10


def _foundations(position: Position) -> dict[str, tuple[str, int]]:
    return {place.text: (str(position.top(place)), position.count(place)) for place in FOUNDATIONS}


def _piles(position: Position) -> list[tuple[int, str]]:
    return [(len(pile), str(pile[-1])) for pile in position.piles]


def test_the_record_replays_to_a_win_with_at_most_three_redeals() -> None:
    record = _record()
    outcome = replay(record)
    assert outcome.failed_at is None, outcome.reason
    assert outcome.game.status is Status.WON
    assert outcome.game.position.cards_on_foundations == 104
    assert all(outcome.game.position.count(place) == 13 for place in FOUNDATIONS)
    assert all(not outcome.game.position.piles[place] for place in PILES)
    assert sum(1 for action in record.actions if action is REDEAL) <= 3


def test_the_code_is_a_layout_code_of_the_deal() -> None:
    record = _record()
    assert record.code.kind == LAYOUT
    assert record.code.text.startswith("CR1-L-")


def test_move_10_is_the_ace_of_spades_onto_the_king_of_spades() -> None:
    snapshots, move_10 = _walk()
    assert move_10.text == "p10 p14"
    before = snapshots["before move 10"]
    assert str(before.top(Place.P10)) == "AS"
    assert str(before.top(Place.P14)) == "KS"


def test_the_snapshot_before_move_10() -> None:
    before = _walk()[0]["before move 10"]
    assert _foundations(before) == FOUNDATIONS_BEFORE_MOVE_10
    assert _piles(before) == PILES_BEFORE_MOVE_10
    assert [str(card) for card in before.piles[0]] == ["2H", "9C", "JD", "JD"]


def test_the_snapshot_before_the_first_redeal() -> None:
    before = _walk()[0]["before redeal"]
    assert _foundations(before) == FOUNDATIONS_AT_REDEAL
    assert _piles(before) == PILES_BEFORE_REDEAL
    assert before.redeals_left == 3


@pytest.mark.parametrize("pile", range(16))
def test_the_first_redeal_turns_each_bottom_card_up(pile: int) -> None:
    snapshots = _walk()[0]
    before, after = snapshots["before redeal"], snapshots["after redeal"]
    assert len(after.piles[pile]) == len(before.piles[pile])
    assert str(after.piles[pile][-1]) == TOPS_AFTER_REDEAL[pile] == str(before.piles[pile][0])


def test_the_snapshot_after_the_first_redeal() -> None:
    after = _walk()[0]["after redeal"]
    assert _foundations(after) == FOUNDATIONS_AT_REDEAL
    counts = [count for count, _ in PILES_BEFORE_REDEAL]
    assert _piles(after) == list(zip(counts, TOPS_AFTER_REDEAL, strict=True))
    assert after.redeals_left == 2


def test_pile_1_before_and_after_the_first_redeal() -> None:
    snapshots = _walk()[0]
    assert [str(card) for card in snapshots["before redeal"].piles[0]] == ["2H", "9C", "JD", "JD"]
    assert [str(card) for card in snapshots["after redeal"].piles[0]] == ["9C", "JD", "JD", "2H"]


@pytest.mark.slow
def test_the_tool_rebuilds_exactly_the_committed_record() -> None:
    """tools/make_example.py --check: same record from the seed facts, every fact holds."""
    tool = RECORD.parents[2] / "tools" / "make_example.py"
    done = subprocess.run(
        [sys.executable, str(tool), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
