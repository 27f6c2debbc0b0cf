"""The win-rate study runner: a Dask cluster gives the process pool's results, byte for byte,
and a killed run resumes to the same files; so does a later search of the deals a study
left without an answer.

The study runs on a budget of positions, not seconds, so that its results are the
same on every machine and every run (it then records no times).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from distributed import LocalCluster

import crescent.solver.study
from crescent.moves import Move
from crescent.position import Position
from crescent.solver import Solution, solve
from crescent.solver.results import (
    HEADER,
    Result,
    ResultsError,
    parse_later,
    read_study,
    record_later,
    summarize,
)

pytestmark = pytest.mark.slow  # each test runs the study's pool or a Dask cluster over real deals

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "bench" / "winrate.py"
STUDY = ["--count", "20", "--positions", "6000", "--block", "8"]


def runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("winrate_runner", RUNNER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def files(folder: Path) -> dict[str, bytes]:
    """The study's results files (the summary, which names the Python version, left out)."""
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.tsv"))}


@pytest.fixture(scope="module")
def on_pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pool")
    assert runner().main([*STUDY, "--jobs", "2", "--out", str(out)]) == 0
    return out


def test_the_pool_writes_one_file_per_block_in_deal_order(on_pool: Path) -> None:
    assert list(files(on_pool)) == ["000000.tsv", "000008.tsv", "000016.tsv"]
    results = read_study(on_pool)
    assert len(results) == 20
    assert all(r.seconds is None for r in results)
    summary = summarize(results)
    assert summary.won and summary.gave_up  # a study with both kinds tests more
    assert (on_pool / "000016.tsv").read_text(encoding="utf-8").startswith(HEADER + "\n")


def test_a_dask_cluster_gives_the_pools_results_byte_for_byte(
    on_pool: Path, tmp_path: Path
) -> None:
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        assert runner().main([*STUDY, "--scheduler", address, "--out", str(tmp_path)]) == 0
    assert files(tmp_path) == files(on_pool)


def test_a_killed_run_resumes_where_it_stopped(on_pool: Path, tmp_path: Path) -> None:
    command = [sys.executable, str(RUNNER), *STUDY, "--jobs", "1", "--out", str(tmp_path)]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, start_new_session=True)
    assert first.stdout is not None
    for _ in range(5):  # wait until five deals are written
        assert first.stdout.readline()
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    written = read_study(tmp_path)
    assert 5 <= len(written) < 20
    # a cut last line, as a kill in the middle of a write leaves it, is dropped
    last = sorted(tmp_path.glob("*.tsv"))[-1]
    with last.open("a", encoding="utf-8") as stream:
        stream.write("CR1-N-AAAAA")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert files(tmp_path) == files(on_pool)
    resumed = [line for line in done.stdout.splitlines() if line.startswith("CR1-N-")]
    assert len(resumed) == 20 - len(written)  # only the deals not yet written ran again


def test_a_broken_block_file_is_named_with_its_line(tmp_path: Path) -> None:
    study = tmp_path / "winrate-20"
    study.mkdir()
    (study / "000000.tsv").write_text(f"{HEADER}\nCR1-N-AAAAAAA\twon\t150\t0.100\t9\n")
    (study / "000008.tsv").write_text(f"{HEADER}\nCR1-N-AAAAAAI\twon\t150\t0.100\t9\nbad\n")
    with pytest.raises(ResultsError) as raised:
        read_study(study)
    assert (raised.value.source, raised.value.line) == ("winrate-20/000008.tsv", 3)


def test_a_study_folder_reads_its_blocks_in_order_and_may_hold_an_empty_one(
    tmp_path: Path,
) -> None:
    (tmp_path / "000008.tsv").write_text(f"{HEADER}\nCR1-N-AAAAAAI\tgave-up\t0\t10.000\t9\n")
    (tmp_path / "000000.tsv").write_text(f"{HEADER}\nCR1-N-AAAAAAA\tunwinnable\t0\t-\t9\n")
    (tmp_path / "000016.tsv").write_text(f"{HEADER}\n")
    summary = summarize(read_study(tmp_path))
    assert (summary.first, summary.last, summary.deals) == ("CR1-N-AAAAAAA", "CR1-N-AAAAAAI", 2)
    assert summary.undecided == ("CR1-N-AAAAAAI",)
    assert summary.unwinnable_codes == ("CR1-N-AAAAAAA",)
    assert summary.decided_seconds == ()  # the unwinnable deal records no time


def test_a_corrupt_block_stops_the_run_naming_its_line_and_is_left_alone(tmp_path: Path) -> None:
    block = tmp_path / "000000.tsv"
    text = f"{HEADER}\nCR1-N-AAAAAAA\twon\t150\t-\t9\nCR1-N-AAAAAAB\tmaybe\t0\t-\t9\n"
    block.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        runner().main([*STUDY, "--jobs", "1", "--out", str(tmp_path)])
    assert str(stopped.value) == f"{block}:3: unknown verdict 'maybe' (won, unwinnable, gave-up)"
    assert block.read_text(encoding="utf-8") == text


def test_a_line_the_rules_refuse_stops_the_run_and_keeps_the_lines_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A solver bug: a won deal's line ends in a move the rules refuse. The pool's worker
    finds it; the run stops with a message naming the deal and the move, no traceback, and
    the deal before it (given up at this budget: no line to check) stays written."""

    def broken(
        position: Position, seconds: float, positions: int | None, clock: Callable[[], float]
    ) -> Solution:
        solution = solve(position, seconds, positions, clock=clock)
        if solution.line is None:
            return solution
        return replace(solution, line=(*solution.line, Move.parse("p1 p2")))

    deals_2_and_3 = ["--start", "2", "--count", "2"]  # at 6,000 positions: gave up, and won
    monkeypatch.setattr(crescent.solver.study, "solve", broken)  # the worker is forked
    with pytest.raises(SystemExit) as stopped:
        runner().main(
            [*deals_2_and_3, "--positions", "6000", "--jobs", "1", "--out", str(tmp_path)]
        )
    assert str(stopped.value) == (
        "CR1-N-AAAAAAD: p1 p2 refused: the run stops, and its line is not written"
    )
    lines = (tmp_path / "000000.tsv").read_text(encoding="utf-8").splitlines()
    assert [line.split("\t")[:2] for line in lines[1:]] == [["CR1-N-AAAAAAC", "gave-up"]]


def test_a_run_over_part_of_a_block_keeps_the_blocks_other_deals(
    on_pool: Path, tmp_path: Path
) -> None:
    budget = ["--positions", "6000", "--block", "8", "--jobs", "1", "--out", str(tmp_path)]
    assert runner().main(["--count", "12", *budget]) == 0  # deals 0 to 11
    assert runner().main(["--start", "12", "--count", "8", *budget]) == 0  # 12 to 19
    assert files(tmp_path) == files(on_pool)


# -- the later search of the deals a study left without an answer ----------------


def later_study(on_pool: Path, folder: Path) -> Path:
    """A copy of the pool's study, named as the site names one, with no later file yet."""
    study = folder / "winrate-20"
    shutil.copytree(on_pool, study)
    return study


def search_again(study: Path, positions: int, *more: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(RUNNER), "--undecided", "--positions", str(positions)]
    command += ["--count", "20", "--out", str(study), *more]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def searched(done: subprocess.CompletedProcess[str]) -> list[str]:
    """The codes a run searched, from the lines it printed."""
    assert done.returncode == 0, done.stderr
    return [line.split("\t")[0] for line in done.stdout.splitlines()]


def test_a_later_search_writes_the_undecided_deals_in_study_order_and_resumes(
    on_pool: Path, tmp_path: Path
) -> None:
    study = later_study(on_pool, tmp_path)
    undecided = summarize(read_study(study)).undecided
    assert len(undecided) >= 4
    later = tmp_path / "winrate-20-later.tsv"
    proof = f"{undecided[1]}\tunwinnable\t0\t-\t9"  # as another tool (tools/prove.py) writes it
    later.write_text(f"{HEADER}\n{proof}\n", encoding="utf-8")

    first = searched(search_again(study, 12_000))
    assert first == [code for code in undecided if code != undecided[1]]
    results = parse_later(later.read_text(encoding="utf-8"), undecided)
    assert [result.code for result in results] == list(undecided)
    assert results[1].line == proof
    again = [r for r in results if r.verdict == "gave-up"]
    assert again and all(r.positions == 12_000 for r in again)
    assert any(r.verdict == "won" and r.seconds is None for r in results)

    assert searched(search_again(study, 12_000)) == []  # nothing left at this budget
    assert searched(search_again(study, 25_000)) == [r.code for r in again]
    summary = summarize(read_study(study))
    since = summary.since(parse_later(later.read_text(encoding="utf-8"), undecided))
    assert since.gave_up < summary.gave_up and since.deals == summary.deals
    assert since.won + since.unwinnable + since.gave_up == since.deals
    assert undecided[1] in since.unwinnable_codes


def test_a_killed_later_search_resumes_to_the_same_file(on_pool: Path, tmp_path: Path) -> None:
    whole = later_study(on_pool, tmp_path / "whole")
    searched(search_again(whole, 12_000))
    expected = (tmp_path / "whole" / "winrate-20-later.tsv").read_bytes()

    study = later_study(on_pool, tmp_path / "killed")
    command = [sys.executable, str(RUNNER), "--undecided", "--positions", "12000"]
    command += ["--count", "20", "--out", str(study), "--jobs", "1"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, start_new_session=True)
    assert first.stdout is not None
    assert first.stdout.readline()  # one deal written
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    later = tmp_path / "killed" / "winrate-20-later.tsv"
    written = len(later.read_text(encoding="utf-8").splitlines()) - 1
    assert written >= 1
    resumed = searched(search_again(study, 12_000))
    assert later.read_bytes() == expected
    assert len(resumed) == len(expected.decode().splitlines()) - 1 - written


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("CR1-N-AAAAAAD\twon\t150\t-\t9", "CR1-N-AAAAAAD is not a deal the study left without"),
        ("UNDECIDED\tmaybe\t0\t-\t9", "unknown verdict 'maybe'"),
    ],
)
def test_a_bad_later_file_stops_the_search_naming_its_line_and_is_left_alone(
    on_pool: Path, tmp_path: Path, line: str, says: str
) -> None:
    study = later_study(on_pool, tmp_path)
    undecided = summarize(read_study(study)).undecided
    assert "CR1-N-AAAAAAD" not in undecided
    later = tmp_path / "winrate-20-later.tsv"
    text = f"{HEADER}\n{undecided[0]}\twon\t150\t-\t9\n{line.replace('UNDECIDED', undecided[1])}\n"
    later.write_text(text, encoding="utf-8")
    done = search_again(study, 12_000)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().startswith(f"{later}:3: {says}")
    assert later.read_text(encoding="utf-8") == text


def test_a_later_search_needs_a_budget_of_positions(on_pool: Path, tmp_path: Path) -> None:
    study = later_study(on_pool, tmp_path)
    command = [sys.executable, str(RUNNER), "--undecided", "--count", "20", "--out", str(study)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--undecided needs --positions" in done.stderr
    assert not (tmp_path / "winrate-20-later.tsv").exists()


def test_the_committed_later_wins_come_again_from_the_solver() -> None:
    """The two cheapest wins of the large study's later file, searched again with a budget
    of one position more than they took (the search stops as it reaches its budget), give
    their lines byte for byte (each winning line replayed through the rules by
    `study_deal`)."""
    from crescent.solver.study import study_deal

    study = ROOT / "results" / "winrate-100000"
    later = (ROOT / "results" / "winrate-100000-later.tsv").read_text(encoding="utf-8")
    results = parse_later(later, summarize(read_study(study)).undecided)
    wins = sorted((r for r in results if r.verdict == "won"), key=lambda r: r.positions)[:2]
    assert wins
    number_of = runner().number_of
    for result in wins:
        assert study_deal(number_of(result.code), None, result.positions + 1) == result.line


RECORDER = """
import sys
from pathlib import Path
from crescent.solver.results import Result, record_later
study, codes = Path(sys.argv[1]), sys.argv[2:]
for round in range(1, 26):
    for code in codes:
        record_later(study, Result(code, "gave-up", 0, None, round))
"""


def test_two_runs_writing_the_later_file_at_once_keep_each_others_lines(
    on_pool: Path, tmp_path: Path
) -> None:
    """A search and a proof run side by side (bench/winrate.py, tools/prove_study.py):
    each line either writes stays, and a deal's decided line is not undone by a gave-up."""
    study = later_study(on_pool, tmp_path)
    undecided = summarize(read_study(study)).undecided
    assert len(undecided) >= 4
    proven = Result(undecided[0], "unwinnable", 0, None, 9)
    record_later(study, proven)
    halves = [undecided[0::2], undecided[1::2]]
    runs = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(study), *half], cwd=ROOT)
        for half in halves
    ]
    assert [run.wait() for run in runs] == [0, 0]
    later = {r.code: r for r in parse_later(_later_text(tmp_path), undecided)}
    assert later.pop(undecided[0]) == proven
    assert sorted(later) == sorted(undecided[1:])
    assert {r.positions for r in later.values()} == {25}


def _later_text(folder: Path) -> str:
    return (folder / "winrate-20-later.tsv").read_text(encoding="utf-8")
