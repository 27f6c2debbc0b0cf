"""Prove the deals a study left open, one after another: a background run that resumes.

    nice -n 19 .venv/bin/python tools/prove_study.py [--study results/winrate-100000]
        [--limit POSITIONS] [--first POSITIONS]

For each deal the study left without an answer that its later file does not decide
yet (`results/winrate-100000-later.tsv`), in study order, the tool runs the proof of
`tools/prove.py` (`crescent.solver.proof.prove`, the free ranks chosen by the
refinement) with a limit of positions per search that grows tenfold from `--first`
to `--limit`: every deal at one limit before any at the next, so that the proofs
that come easily come first. A deal proven unwinnable gets its line in the later
file at once, in place of its gave-up line (the file is rewritten whole, so a kill
loses nothing decided), and the site's Win rate page counts it at its next build.

Each attempt is a line of the study's proof log (`results/winrate-100000-proofs.tsv`:
code, limit, outcome, positions, CPU seconds), appended as it ends: `unwinnable`,
`open` (the limit ran out), or `not-proven` (some start has every suit's game won
even with no rank free, or not followed: no larger limit helps). The same command
run again skips every attempt the log holds, so a killed run resumes with the deal
it was on. The log says what was tried on the deals still open.

Run it at the lowest priority, in its own autogroup:

    setsid nice -n 19 .venv/bin/python tools/prove_study.py >> /tmp/prove.out 2>&1 &
    echo 19 > /proc/$!/autogroup
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent.codes import GameCode  # noqa: E402
from crescent.position import Position  # noqa: E402
from crescent.solver.proof import prove  # noqa: E402
from crescent.solver.results import (  # noqa: E402
    GAVE_UP,
    Result,
    ResultsError,
    read_later,
    record_later,
)
from crescent.solver.state import from_position  # noqa: E402

STUDY: Final = ROOT / "results" / "winrate-100000"
LOG_HEADER: Final = "code\tlimit\toutcome\tpositions\tseconds"
OUTCOMES: Final = {True: "unwinnable", None: "open", False: "not-proven"}


def log_path(study: Path) -> Path:
    """The study's proof log, beside it: `results/winrate-100000-proofs.tsv`."""
    return study.with_name(f"{study.name}-proofs.tsv")


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
) -> list[str]:
    """The deals still to try with `limit`: undecided in the later file, and neither tried
    with it or more, nor found beyond what this proof can tell."""

    def open_at(code: str) -> bool:
        result = later.get(code)
        if result is not None and result.verdict != GAVE_UP:
            return False
        done, outcome = tried.get(code, (0, ""))
        return done < limit and outcome != OUTCOMES[False]

    return [code for code in undecided if open_at(code)]


def main() -> int:
    """Prove what can be proven; the exit status is 0 unless a file cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--study", type=Path, default=STUDY, help="the study folder")
    parser.add_argument("--limit", type=int, default=10_000_000, help="largest limit per search")
    parser.add_argument("--first", type=int, default=100_000, help="first limit per search")
    args = parser.parse_args()
    log = log_path(args.study)
    for limit in limits(args.first, args.limit):
        try:
            undecided, later = read_later(args.study)
        except ResultsError as error:
            raise SystemExit(error.at(args.study.parent)) from None
        for code in to_try(undecided, later, read_log(log), limit):
            started = time.process_time()
            start = from_position(Position.start(GameCode.parse(code).piles()))
            proof = prove(start, limit)
            seconds = time.process_time() - started
            if proof.lost:
                try:
                    later = record_later(
                        args.study, Result(code, "unwinnable", 0, None, proof.positions)
                    )
                except ResultsError as error:  # edited meanwhile: left for its reader to mend
                    raise SystemExit(error.at(args.study.parent)) from None
            line = f"{code}\t{limit}\t{OUTCOMES[proof.lost]}\t{proof.positions}\t{seconds:.1f}"
            append_to_log(log, line)
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
