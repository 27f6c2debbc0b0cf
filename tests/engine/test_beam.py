"""The beam search (`crescent.solver.beam`) and its background run (`tools/beam_study.py`).

The beam only finds wins: each one replays through the rules, a budget of positions
is kept, and it never says "unwinnable". It wins deals that the main search left
open, which is what it is for.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from pathlib import Path

import pytest

from crescent.codes import GameCode
from crescent.moves import Move
from crescent.position import Position
from crescent.rules import is_won
from crescent.solver import Solution, Verdict, beam, solve, suits
from crescent.solver.beam import Beam, beam_solve
from crescent.solver.phases import End, Phase, most_home_first
from crescent.solver.results import HEADER, Result, later_path, read_later
from crescent.solver.search import Search, Stop, decide_exhaustively
from crescent.solver.state import REDEAL_ACTION, State, apply, from_position, key
from crescent.solver.suits import a_suit_is_lost
from tests.engine.test_solver import replays_to_a_win
from tools import beam_study
from tools.study_log import read_log

HARD = "CR1-N-AAAFAIZ"
"""A deal the main search leaves open after 1,000,000 positions, and the beam wins."""
SMALL = Beam(width=10, per_phase=1_000, per_start=3, last_phase=2_000)
"""A narrow beam, for tests that only need a few attempts."""


def start_of(code: str) -> Position:
    return Position.start(GameCode.parse(code).piles())


@pytest.mark.slow
def test_the_beam_wins_a_deal_the_main_search_leaves_open() -> None:
    start = start_of(HARD)
    assert solve(start, max_positions=200_000).verdict is Verdict.GAVE_UP
    solution = beam_solve(start, 200_000)
    assert solution.verdict is Verdict.WON and solution.line is not None
    assert replays_to_a_win(start, solution.line)
    assert solution.positions <= 200_000


def test_a_budget_is_kept_and_the_beam_never_says_unwinnable() -> None:
    for budget in (1, 500, 5_000):
        solution = beam_solve(start_of(HARD), budget, SMALL)
        assert solution.verdict is Verdict.GAVE_UP and solution.line is None
        assert solution.positions <= budget


def test_the_beam_is_deterministic_for_a_budget_of_positions() -> None:
    start = start_of("CR1-N-AAAAAAD")
    first, second = beam_solve(start, 100_000, SMALL), beam_solve(start, 100_000, SMALL)
    assert (
        first.verdict is Verdict.WON
        and first.line is not None
        and replays_to_a_win(start, first.line)
    )
    assert (first.line, first.positions) == (second.line, second.positions)


def test_a_won_position_needs_no_line() -> None:
    position = Position.start(GameCode.parse("CR1-N-AAAAAAA").piles())
    won = position
    while not is_won(won):
        line = solve(won, max_positions=100_000).line
        assert line is not None
        for action in line:
            won = won.after(action) if isinstance(action, Move) else won.redealt()
    solution = beam_solve(won, 10)
    assert solution.verdict is Verdict.WON and solution.line == ()


def study_with_open_deals(folder: Path, codes: list[str]) -> Path:
    """A study of `codes` in which every deal was left without an answer."""
    study = folder / "winrate-4"
    study.mkdir()
    lines = [Result(code, "gave-up", 0, None, 100).line for code in codes]
    (study / "000000.tsv").write_text(HEADER + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return study


@pytest.mark.slow
def test_the_beam_study_records_its_wins_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each deal is tried at the first limit before any at the next; a win goes to the later
    file with its replayed line's moves; a second run tries nothing its log holds."""
    codes = ["CR1-N-AAAAAAL", "CR1-N-AAAAAAF", HARD]
    study = study_with_open_deals(tmp_path, codes)
    args = ["beam_study.py", "--study", str(study), "--first", "5000", "--limit", "50000"]
    monkeypatch.setattr("sys.argv", args)
    assert beam_study.main() == 0
    _, later = read_later(study)
    tried = read_log(study.with_name("winrate-4-suit-beams.tsv"))
    assert tried == {
        "CR1-N-AAAAAAL": (50_000, "won"),
        "CR1-N-AAAAAAF": (5_000, "won"),
        HARD: (50_000, "open"),
    }
    for code in codes[:2]:
        start = start_of(code)
        line = beam_solve(start, tried[code][0]).line
        assert line is not None and replays_to_a_win(start, line)
        assert later[code] == Result(
            code, "won", sum(isinstance(a, Move) for a in line), None, later[code].positions
        )
    assert HARD not in later, "50,000 positions are too few for this deal: nothing recorded"
    before = study.with_name("winrate-4-suit-beams.tsv").read_text(encoding="utf-8")
    assert beam_study.main() == 0
    assert study.with_name("winrate-4-suit-beams.tsv").read_text(encoding="utf-8") == before


@pytest.mark.slow
def test_a_run_on_a_pool_decides_and_logs_what_one_process_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With `--jobs 2` the deals of each limit share two processes: the later file is the
    same as one process writes, and so is the log but for its order and CPU seconds."""
    codes = ["CR1-N-AAAAAAL", "CR1-N-AAAAAAF", "CR1-N-AAAAAAC"]
    results = []
    for jobs in ("1", "2"):
        (tmp_path / jobs).mkdir()
        study = study_with_open_deals(tmp_path / jobs, codes)
        args = ["beam_study.py", "--study", str(study), "--first", "5000", "--limit", "50000"]
        monkeypatch.setattr("sys.argv", [*args, "--jobs", jobs])
        started = time.process_time()
        assert beam_study.main() == 0
        here = time.process_time() - started  # this process's own CPU time, not its workers'
        log = study.with_name("winrate-4-suit-beams.tsv").read_text(encoding="utf-8")
        attempts = sorted(line.rsplit("\t", 1)[0] for line in log.splitlines()[1:])
        results.append((later_path(study).read_text(encoding="utf-8"), attempts))
        searched = sum(float(line.rsplit("\t", 1)[1]) for line in log.splitlines()[1:])
        if jobs == "2":
            assert here < searched / 2, "the pool's workers searched, not this process"
    assert results[0] == results[1]
    assert len(results[0][1]) == 5, "two deals open at the first limit, one won at the second"


def test_a_run_may_try_only_some_deals_and_names_one_the_study_did_not_leave_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    study = study_with_open_deals(tmp_path, ["CR1-N-AAAAAAC", "CR1-N-AAAAAAF"])
    args = ["beam_study.py", "--study", str(study), "--first", "5000", "--limit", "5000"]
    monkeypatch.setattr("sys.argv", [*args, "--deal", "CR1-N-AAAAAAF"])
    assert beam_study.main() == 0
    assert read_log(study.with_name("winrate-4-suit-beams.tsv")) == {
        "CR1-N-AAAAAAF": (5_000, "won")
    }
    monkeypatch.setattr("sys.argv", [*args, "--deal", "CR1-N-AAAAAAA"])
    with pytest.raises(SystemExit, match="CR1-N-AAAAAAA: not a deal the study left"):
        beam_study.main()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_line_the_rules_refuse_stops_the_run_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    """A solver bug: the beam's line ends in a move the rules refuse. The run stops with a
    message naming the deal and the move, no traceback, and neither file changes; on a
    pool too, where the worker's stop must not leave the run waiting for it."""
    study = study_with_open_deals(tmp_path, ["CR1-N-AAAAAAF"])
    later = later_path(study)
    args = ["beam_study.py", "--study", str(study), "--first", "5000", "--limit", "5000"]
    monkeypatch.setattr("sys.argv", [*args, "--jobs", jobs])

    def broken(position: Position, limit: int) -> Solution:
        solution = beam_solve(position, limit)
        assert solution.line is not None
        return replace(solution, line=(*solution.line, Move.parse("p1 p2")))

    monkeypatch.setattr(beam_study, "beam_solve", broken)
    before = later.read_text(encoding="utf-8") if later.exists() else None
    with pytest.raises(SystemExit, match=r"CR1-N-AAAAAAF: .* refused: the beam's line was not"):
        beam_study.main()
    assert (later.read_text(encoding="utf-8") if later.exists() else None) == before
    assert read_log(study.with_name("winrate-4-suit-beams.tsv")) == {}


Call = tuple[list[beam.Candidate], int, list[beam.Start], list[State]]
"""A call of the beam's `_next_starts`: its pool, each start's share, the starts it gave, and
the redealt ends it found lost (by the relaxation, or a suit on its own) and left out."""


def watch_next_starts(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """The calls of the beam's `_next_starts` from now on, as they come."""
    real_next_starts = beam._next_starts
    calls: list[Call] = []

    def next_starts(
        search: Search, pool: list[beam.Candidate], width: int, share: int
    ) -> list[beam.Start]:
        known_lost = set(search.lost)
        starts = real_next_starts(search, pool, width, share)
        turned = [apply(*candidate.end[3], REDEAL_ACTION) for candidate in pool]
        left_out = [state for state in turned if key(*state) in search.lost - known_lost]
        calls.append((pool, share, starts, left_out))
        return starts

    monkeypatch.setattr(beam, "_next_starts", next_starts)
    return calls


def test_the_beam_leaves_out_the_starts_with_a_suit_lost_on_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No start the beam plays with two redeals left or fewer has a suit that cannot be
    finished on its own, and on this deal such ends are among the best of their phase: some
    that the beam left out are found so by a test of their own, off the beam's budget."""
    calls = watch_next_starts(monkeypatch)
    beam_solve(start_of("CR1-N-AAACFRQ"), 60_000, SMALL)

    def suit_lost(state: State) -> bool:  # not on the beam's budget
        return a_suit_is_lost(*state, decide_exhaustively)

    played = [state for _, _, starts, _ in calls for state, _ in starts]
    left_out = [state for _, _, _, lost in calls for state in lost]
    late = [state for state in played if state[2] <= 2]
    assert late and any(state[2] <= 2 and suit_lost(state) for state in left_out)
    assert not any(suit_lost(state) for state in late)


def test_each_beam_starts_with_nothing_remembered_of_earlier_suit_tests() -> None:
    """What a suit test decides within its budget depends on the positions earlier tests
    proved lost: before the suit tests were counted, CR1-N-AAAAGDL, won at 993,360
    positions on its own, was won at 988,253 after CR1-N-AAAAFOH in the same process. Each
    beam forgets them first."""
    suits._lost.add(b"left by an earlier search")
    beam_solve(start_of(HARD), 1, SMALL)
    assert b"left by an earlier search" not in suits._lost


def test_the_suit_tests_of_the_beam_count_on_its_budget() -> None:
    """A start after the first redeal: its suit tests take positions, counted with
    `count_suit_tests` and never past the budget; the main search does not count them."""
    start = apply(*from_position(start_of("CR1-N-AAABLBP")), REDEAL_ACTION)
    counted = Search(start, math.inf, 1_000_000, count_suit_tests=True)
    counted.suit_lost(start)
    assert counted.positions > 0
    assert Search(start, math.inf, 1_000_000).suit_lost(start) == counted.suit_lost(start)
    uncounted = Search(start, math.inf, 1_000_000)
    uncounted.suit_lost(start)
    assert uncounted.positions == 0
    suits.forget()
    tight = Search(start, math.inf, 50, count_suit_tests=True)
    with pytest.raises(Stop):
        tight.suit_lost(start)
    assert tight.positions == 50
    with pytest.raises(Stop):
        tight.count()  # the budget is spent: no position is counted past it
    assert tight.positions == 50


def test_a_lost_start_gives_its_place_to_the_next_end_of_the_same_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each start gives the next beam no more than its share, but the ends it gives may lie
    below its best `share` ends, when those lead to lost starts (on CR1-N-AAAAHYA they all
    did in most attempts of the beam that tested only them)."""
    calls = watch_next_starts(monkeypatch)
    beam_solve(start_of("CR1-N-AAACFRQ"), 60_000, SMALL)
    below_the_share = 0
    for pool, share, starts, _ in calls:
        taken = {tuple(path) for _, path in starts}
        by_origin: dict[int, list[tuple[End, list[int], Phase]]] = {}
        for _, _, end, path, phase, origin in pool:
            by_origin.setdefault(origin, []).append((end, path, phase))
        for ends in by_origin.values():
            ends.sort(key=lambda given: most_home_first(given[0]))
            paths = [(*path, *phase.path(end[2]), REDEAL_ACTION) for end, path, phase in ends]
            given = [index for index, path in enumerate(paths) if path in taken]
            assert len(given) <= share
            below_the_share += sum(index >= share for index in given)
    assert below_the_share > 0
