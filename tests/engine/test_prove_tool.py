"""tools/prove.py: a deal split at its first redeal, then proven suit by suit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from crescent.codes import GameCode
from crescent.position import Position
from crescent.solver.deadlock import hopeless
from crescent.solver.proof import first_redeal_starts, prove
from crescent.solver.state import from_position
from crescent.solver.suits import FIRST_LIMIT
from crescent.tables import SUITS

TOOL = Path(__file__).resolve().parents[2] / "tools" / "prove.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, check=False
    )


def test_cr1_n_aaaaacy_has_25_starts_after_its_first_redeal_with_one_game_of_clubs() -> None:
    """Its first stretch holds 25 positions; every start after the redeal leaves the clubs
    in the same places, with the same bottom cards, so the proof is one search of clubs."""
    start = from_position(Position.start(GameCode.parse("CR1-N-AAAAACY").piles()))
    starts, positions = first_redeal_starts(start, 1000)
    assert positions == 25 and starts is not None and len(starts) == 25
    assert not any(hopeless(*state) for state in starts)
    clubs = SUITS - 1
    games = {
        tuple((bytes(c for c in pile if c // 13 == clubs), pile[:2]) for pile in piles)
        for piles, _, _ in starts
    }
    assert len(games) == 1


@pytest.mark.slow
def test_a_limit_leaves_the_proof_open_and_says_so() -> None:
    done = run("CR1-N-AAAAACY", "--limit", "2000", "--free", "3,4,5,7,9,10,11")
    assert done.returncode == 2, done.stderr
    assert "25 starts after the first redeal" in done.stdout
    assert "CR1-N-AAAAACY: open after" in done.stdout


def test_a_malformed_code_gets_one_line_and_no_traceback() -> None:
    done = run("CR1-N-XYZ")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("tools/prove.py: ") and "CR1-N-XYZ" in done.stderr


@pytest.mark.slow
@pytest.mark.long
def test_cr1_n_aaaaacy_is_proven_unwinnable_with_free_ranks() -> None:
    """The proof itself (59 s of CPU here; with the ranks the tool chooses itself, as
    `tools/prove.py CR1-N-AAAAACY` runs, 2,680,386 positions and three times as long):
    with ranks 3, 4, 5, 7, 9, 10 and J free, the relaxed game of clubs is lost, so every
    start is, and so is the deal. Its search covers 671,331 positions, the stretch 25 and
    the other suits' games the rest: the limits that grow tenfold resume the search of
    clubs, never start it again."""
    done = run("CR1-N-AAAAACY", "--free", "3,4,5,7,9,10,11")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "CR1-N-AAAAACY\tunwinnable\t0\t-\t671331"


def test_malformed_free_ranks_get_one_line_and_no_traceback() -> None:
    done = run("CR1-N-AAAAACY", "--free", "3,X,14")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "'3,X,14' is not a list of ranks from 1 to 13" in done.stderr


@pytest.mark.slow
def test_a_total_leaves_the_proof_open_once_its_searches_have_taken_it() -> None:
    """CR1-N-AAAEYRW is proven unwinnable from its own start (its stretch before the first
    redeal holds more than 100,000 positions: a stretch limit of 1,000 tells as much, for
    a hundredth of the stretch's positions); with 2,000 in all the suits' searches stop
    early, open, past the total by at most one search's first limit."""
    start = from_position(Position.start(GameCode.parse("CR1-N-AAAEYRW").piles()))
    assert prove(start, 300_000, stretch_limit=1_000).lost is True
    cut = prove(start, 300_000, stretch_limit=1_000, total=2_000)
    assert cut.starts is None, "the deal's own start, as with the stretch's own limit"
    assert cut.lost is None
    assert 2_000 <= cut.positions - cut.stretch < 2_000 + FIRST_LIMIT


def test_cr1_n_aaacfap_has_every_suits_game_won_at_a_start_and_says_so_at_once() -> None:
    """Its first redeal leaves 2 starts, and at each every suit's game on its own is won:
    no proof suit by suit can hold. The probe finds each win within a few hundred positions
    (the search proper, first action last, left the game of hearts open after 3,000,000),
    and the refinement searches the game with no rank free again at each larger cap, so
    the proof says "not proven" within a limit of 10,000 instead of searching its sets of
    free ranks for hours."""
    start = from_position(Position.start(GameCode.parse("CR1-N-AAACFAP").piles()))
    proof = prove(start, 10_000)
    assert proof.starts == 2 and proof.lost is False
    assert proof.positions == 1376  # as the Win rate page says
