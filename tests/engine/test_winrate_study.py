"""The win-rate study runner: a Dask cluster gives the process pool's results, byte for byte,
and a killed run resumes to the same files.

The study runs on a budget of positions, not seconds, so that its results are the
same on every machine and every run (it then records no times).
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from distributed import LocalCluster

from crescent.solver.results import HEADER, ResultsError, read_study, summarize

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


def test_a_run_over_part_of_a_block_keeps_the_blocks_other_deals(
    on_pool: Path, tmp_path: Path
) -> None:
    budget = ["--positions", "6000", "--block", "8", "--jobs", "1", "--out", str(tmp_path)]
    assert runner().main(["--count", "12", *budget]) == 0  # deals 0 to 11
    assert runner().main(["--start", "12", "--count", "8", *budget]) == 0  # 12 to 19
    assert files(tmp_path) == files(on_pool)
