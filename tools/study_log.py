"""Background runs over the deals a study left open: their log, and the loop they share.

`tools/prove_study.py` (proofs) and `tools/beam_study.py` (beam searches) try each deal
that the study's later file (`results/winrate-100000-later.tsv`) does not decide yet,
in study order, with a limit of positions that grows tenfold from a first to a last:
every deal at one limit before any at the next, so that what comes easily comes
first. A decided deal gets its line in the later file at once, in place of its
gave-up line (the file is rewritten whole, so a kill loses nothing decided).

Each attempt is a line of the run's log (`results/winrate-100000-<kind>.tsv`: code,
limit, outcome, positions, CPU seconds), appended as it ends. The same command run
again skips every attempt the log holds, so a killed run resumes with the deal it
was on, and the log says what was tried on the deals still open. With `--deal CODE`
(again for each other deal), a run tries only those. With `--jobs N`, the deals of each
limit run on a process pool of N workers, their lines logged as they end (in that order);
every deal of one limit still ends before any deal starts at the next.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Collection, Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Final, NamedTuple

from crescent.solver.results import GAVE_UP, Result, ResultsError, read_later, record_later

LOG_HEADER: Final = "code\tlimit\toutcome\tpositions\tseconds"
STUDY: Final = Path(__file__).resolve().parents[1] / "results" / "winrate-100000"


class Run(NamedTuple):
    """What a run's command line asks for: the study, the limits in turn, the deals named,
    the worker processes."""

    study: Path
    steps: list[int]
    only: list[str]
    jobs: int


def command_line(description: str, first: int, per: str) -> Run:
    """The run's options (`--study`, `--first` defaulting to `first`, `--limit`, `--deal`);
    `per` says what a limit counts: "search" or "deal"."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--study", type=Path, default=STUDY, help="the study folder")
    parser.add_argument("--limit", type=int, default=10_000_000, help=f"largest limit per {per}")
    parser.add_argument("--first", type=int, default=first, help=f"first limit per {per}")
    parser.add_argument("--deal", action="append", default=[], help="only this deal (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (one by default)")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error(f"--jobs {args.jobs}: at least one worker")
    return Run(args.study, limits(args.first, args.limit), args.deal, args.jobs)


class Outcome(NamedTuple):
    """How one attempt on a deal ended: its word for the log, the positions it took, and the
    deal's line for the later file when it decided the deal."""

    word: str
    positions: int
    decided: Result | None = None


def log_path(study: Path, kind: str) -> Path:
    """The log of a run of `kind` beside the study: `results/winrate-100000-proofs.tsv`."""
    return study.with_name(f"{study.name}-{kind}.tsv")


def read_log(path: Path) -> dict[str, tuple[int, str]]:
    """The largest limit tried on each deal of the log, with its outcome (a cut last line,
    from a kill while it was written, is left out)."""
    tried: dict[str, tuple[int, str]] = {}
    if not path.exists():
        return tried
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()[1:], start=2):
        fields = line.split("\t")
        if len(fields) != len(LOG_HEADER.split("\t")):
            continue
        try:
            limit = int(fields[1])
        except ValueError:
            raise SystemExit(f"{path}:{number}: {fields[1]!r} is not a limit") from None
        if limit >= tried.get(fields[0], (0, ""))[0]:
            tried[fields[0]] = (limit, fields[2])
    return tried


def append_to_log(path: Path, line: str) -> None:
    """Append `line` to the log (its header first if it is new; after a line a kill cut
    short, on a line of its own)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    lead = LOG_HEADER + "\n" if not text else "" if text.endswith("\n") else "\n"
    with path.open("a", encoding="utf-8") as stream:
        stream.write(lead + line + "\n")


def limits(first: int, last: int) -> list[int]:
    """The limits of the run: tenfold from `first`, ending with `last`."""
    steps = [first]
    while steps[-1] * 10 < last:
        steps.append(steps[-1] * 10)
    return [step for step in steps if step < last] + [last]


def to_try(
    undecided: tuple[str, ...],
    later: dict[str, Result],
    tried: dict[str, tuple[int, str]],
    limit: int,
    final: Collection[str] = (),
) -> list[str]:
    """The deals still to try with `limit`: undecided in the later file, and neither tried
    with it or more, nor ended with an outcome in `final` (which no larger limit changes)."""

    def open_at(code: str) -> bool:
        result = later.get(code)
        if result is not None and result.verdict != GAVE_UP:
            return False
        done, outcome = tried.get(code, (0, ""))
        return done < limit and outcome not in final

    return [code for code in undecided if open_at(code)]


Attempt = Callable[[str, int], Outcome]
Job = tuple[Attempt, str, int]
Ended = tuple[str, Outcome | str, float]
"""A deal, how its attempt ended (or the message it stopped the run with), its CPU seconds."""


def timed(job: Job) -> Ended:
    """One attempt, with the CPU seconds of its own process. A stop (`SystemExit`, such as a
    winning line the rules refuse) comes back as its message, for the run to stop with: in
    a pool's worker it would end the worker, and the run would wait for it forever."""
    attempt, code, limit = job
    started = time.process_time()
    try:
        outcome: Outcome | str = attempt(code, limit)
    except SystemExit as stop:
        outcome = str(stop)
    return code, outcome, time.process_time() - started


def run_over_open_deals(
    study: Path,
    kind: str,
    steps: list[int],
    attempt: Attempt,
    final: Collection[str] = (),
    only: Collection[str] = (),
    jobs: int = 1,
) -> int:
    """Run `attempt(code, limit)` on each open deal of `study` (of `only`, when it names
    some) at each limit of `steps`, on `jobs` processes, logging each attempt and recording
    each decided deal; 0, or exits naming the file that cannot be read, a deal of `only`
    the study did not leave open, or what an attempt stopped with."""
    if jobs == 1:
        return _over_limits(study, kind, steps, attempt, final, only, lambda todo: map(timed, todo))
    with Pool(jobs) as pool:
        return _over_limits(
            study, kind, steps, attempt, final, only, lambda todo: pool.imap_unordered(timed, todo)
        )


def _over_limits(
    study: Path,
    kind: str,
    steps: list[int],
    attempt: Attempt,
    final: Collection[str],
    only: Collection[str],
    run: Callable[[list[Job]], Iterator[Ended]],
) -> int:
    """`run_over_open_deals`, with `run` giving each job's end as it comes."""
    log = log_path(study, kind)
    for limit in steps:
        try:
            undecided, later = read_later(study)
        except ResultsError as error:
            raise SystemExit(error.at(study.parent)) from None
        unknown = sorted(set(only) - set(undecided))
        if unknown:
            raise SystemExit(f"{', '.join(unknown)}: not a deal the study left without an answer")
        chosen = undecided if not only else tuple(code for code in undecided if code in only)
        todo = [
            (attempt, code, limit) for code in to_try(chosen, later, read_log(log), limit, final)
        ]
        for code, outcome, seconds in run(todo):
            if isinstance(outcome, str):
                raise SystemExit(outcome)
            if outcome.decided is not None:
                try:
                    record_later(study, outcome.decided)
                except ResultsError as error:  # edited meanwhile: left for its reader to mend
                    raise SystemExit(error.at(study.parent)) from None
            line = f"{code}\t{limit}\t{outcome.word}\t{outcome.positions}\t{seconds:.1f}"
            append_to_log(log, line)
            print(line, flush=True)
    return 0
