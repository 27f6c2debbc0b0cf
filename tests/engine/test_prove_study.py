"""tools/prove_study.py: the background proofs of a study's open deals, resumable."""

from __future__ import annotations

from pathlib import Path

from crescent.solver.results import Result
from tools.study_log import LOG_HEADER, append_to_log, limits, read_log, to_try


def test_the_limits_grow_tenfold_to_the_last() -> None:
    assert limits(100_000, 10_000_000) == [100_000, 1_000_000, 10_000_000]
    assert limits(100_000, 3_000_000) == [100_000, 1_000_000, 3_000_000]
    assert limits(100_000, 100_000) == [100_000]


def test_a_killed_run_resumes_after_the_attempts_its_log_holds(tmp_path: Path) -> None:
    """The log keeps the largest limit tried on each deal; a line a kill cut short is left
    out, and the next attempt goes on a line of its own."""
    log = tmp_path / "winrate-100000-proofs.tsv"
    append_to_log(log, "CR1-N-AAAADJA\t100000\topen\t812000\t40.2")
    append_to_log(log, "CR1-N-AAAAFOH\t100000\tnot-proven\t9000\t1.0")
    log.write_text(log.read_text(encoding="utf-8") + "CR1-N-AAAAGDL\t1000", encoding="utf-8")
    append_to_log(log, "CR1-N-AAAADJA\t1000000\topen\t8120000\t400.0")
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[0] == LOG_HEADER and lines[-1].startswith("CR1-N-AAAADJA\t1000000")
    tried = read_log(log)
    assert tried == {"CR1-N-AAAADJA": (1_000_000, "open"), "CR1-N-AAAAFOH": (100_000, "not-proven")}
    undecided = ("CR1-N-AAAAACY", "CR1-N-AAAADJA", "CR1-N-AAAAFOH", "CR1-N-AAAAGDL")
    later = {
        "CR1-N-AAAAACY": Result("CR1-N-AAAAACY", "unwinnable", 0, None, 781333),
        "CR1-N-AAAAGDL": Result("CR1-N-AAAAGDL", "gave-up", 0, None, 3_000_000),
    }
    # decided: never again; beyond this proof (not-proven): never again; open: at a larger limit
    final = ["not-proven"]
    assert to_try(undecided, later, tried, 1_000_000, final) == ["CR1-N-AAAAGDL"]
    assert to_try(undecided, later, tried, 10_000_000, final) == ["CR1-N-AAAADJA", "CR1-N-AAAAGDL"]
