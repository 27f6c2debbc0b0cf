"""Benchmark: the solver's win rate on the numbered deals, on a process pool or a Dask cluster.

Solves `GameCode.numbered(start .. start + count - 1)` with a budget per deal
(`--seconds` of CPU time, 10 by default, or `--positions`, which makes the results the same
on every machine and records no times), checks every winning line through the
rules (`crescent.solver.study`), and writes a study folder (`--out`, by default
`results/winrate-<count>/`):

- one results file per block of `--block` deals (1,000 by default), named by
  its first deal number (`042000.tsv` holds deals 42,000 to 42,999): a header,
  then one line per deal in deal order: code, verdict, moves, seconds, positions
  (see `crescent.solver.results`);
- `summary.json`: the counts of won, unwinnable and gave-up deals, the win rate
  with its bounds, the median times, rewritten after every block.

The deals run on a local process pool of `--jobs` workers, or, given
`--scheduler tcp://HOST:PORT`, on the workers of that Dask distributed
scheduler. Lines are written in deal order as they come, each flushed, so a run
that is killed leaves every finished deal on disk: the same command resumes it
where it stopped (an unfinished last line is dropped), and the final files are
the same as an uninterrupted run's. A winning line the rules refuse (a solver bug) stops
the run with the deal and the move, no traceback; every line before it stays written.

    .venv/bin/python bench/winrate.py [--count 1000] [--seconds 10] [--jobs 2]
    .venv/bin/python bench/winrate.py --count 100000 --scheduler tcp://10.0.0.5:8786

With `--undecided --positions N`, it searches again the deals the study left
without an answer, each with a budget of N positions, and writes their lines to
the study's later file beside its folder (`results/winrate-100000-later.tsv`, read
by `crescent.solver.results.parse_later`), in study order, rewritten whole after
each deal, so that a killed run leaves every finished deal and the same command
resumes it. A deal already decided there is not searched again, nor one that
gave up with at least N positions; a line another tool wrote (`tools/prove.py`)
is kept.

    .venv/bin/python bench/winrate.py --count 100000 --undecided --positions 1000000
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent.codes import GameCode  # noqa: E402
from crescent.errors import CrescentError  # noqa: E402
from crescent.solver.results import (  # noqa: E402
    GAVE_UP,
    HEADER,
    ResultsError,
    parse_results,
    read_later,
    read_study,
    record_later,
    summarize,
    summary_json,
)
from crescent.solver.study import LineRefused, study_deal, study_job  # noqa: E402

Job = tuple[int, float | None, int | None]
WINDOW_PER_WORKER = 4
"""Deals queued on the Dask cluster per worker, ahead of the one being written."""


def block_path(out: Path, number: int, block: int) -> Path:
    """The results file that holds deal `number`."""
    return out / f"{number - number % block:06d}.tsv"


def finished_lines(path: Path) -> list[str]:
    """The complete lines of an earlier run's block file, without its header or a cut line."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    complete = text[: text.rfind("\n") + 1] if not text.endswith("\n") else text
    lines = complete.splitlines()
    if lines and lines[0] == HEADER:
        lines = lines[1:]
    try:
        parse_results("\n".join([HEADER, *lines]), allow_empty=True)
    except ResultsError as error:  # a corrupt file is left alone, for its reader to mend
        raise SystemExit(f"{path}:{error.line}: {error}") from None
    return lines


def on_pool(jobs: int, todo: list[Job]) -> Iterator[str]:
    """The lines of `todo`, in order, from a local process pool."""
    with Pool(jobs) as pool:
        yield from pool.imap(study_job, todo)


def stopping_at_a_refused_line(lines: Iterable[str]) -> Iterator[str]:
    """`lines`, until a worker's winning line is refused by the rules: then the run stops
    with a message naming the deal and the move (a solver bug), the lines before it kept."""
    try:
        yield from lines
    except LineRefused as error:
        raise SystemExit(f"{error}: the run stops, and its line is not written") from None


def on_dask(address: str, todo: list[Job]) -> Iterator[str]:
    """The lines of `todo`, in order, from the workers of a Dask scheduler."""
    from distributed import Client

    with Client(address) as client:
        workers = max(1, len(client.scheduler_info(n_workers=-1)["workers"]))
        window = WINDOW_PER_WORKER * workers
        queued: deque[Any] = deque()
        jobs = iter(todo)
        for job in jobs:
            queued.append(client.submit(study_deal, *job, pure=False))
            if len(queued) >= window:
                yield queued.popleft().result()
        while queued:
            yield queued.popleft().result()


def write_in_order(
    out: Path,
    block: int,
    numbers: range,
    done: dict[int, str],
    lines: Iterable[str],
    on_block: Callable[[], None],
) -> None:
    """Append each new line to its block file; rewrite a block in deal order once it is full."""
    todo = (n for n in numbers if n not in done)
    stream: IO[str] | None = None
    current: Path | None = None
    try:
        for number, line in zip(todo, lines, strict=False):
            path = block_path(out, number, block)
            if path != current:
                if stream is not None:
                    stream.close()
                fresh = not path.exists() or path.stat().st_size == 0
                stream, current = path.open("a", encoding="utf-8"), path
                if fresh:
                    stream.write(HEADER + "\n")
            assert stream is not None
            stream.write(line + "\n")
            stream.flush()
            done[number] = line
            print(line, flush=True)
            last = min(number - number % block + block, numbers.stop) - 1
            if number == last:
                stream.close()
                stream, current = None, None
                rewrite_block(out, block, number, done)
                on_block()
    finally:
        if stream is not None:
            stream.close()


def rewrite_block(out: Path, block: int, number: int, done: dict[int, str]) -> None:
    """Write the block of `number` in deal order, with every line known for it."""
    first = number - number % block
    lines = [done[n] for n in range(first, first + block) if n in done]
    path = block_path(out, number, block)
    path.write_text(HEADER + "\n" + "".join(line + "\n" for line in lines), encoding="utf-8")


def summary_of(out: Path, budget: dict[str, Any]) -> dict[str, Any]:
    """The summary of every block of the study folder `out`."""
    results = read_study(out)
    return {
        "first": results[0].code,
        "last": results[-1].code,
        **budget,
        **summary_json(summarize(results)),
        "python": platform.python_version(),
    }


def search_again(out: Path, positions: int, lines_of: Callable[[list[Job]], Iterable[str]]) -> int:
    """Search the study's undecided deals again with `positions` each, into its later file."""
    if not out.is_dir():
        raise SystemExit(f"{out}: no study folder here (see --count and --out)")
    try:
        undecided, later = read_later(out)
    except ResultsError as error:  # left alone, for its reader to mend
        raise SystemExit(error.at(out.parent)) from None

    def searched(code: str) -> bool:
        result = later.get(code)
        return result is not None and (result.verdict != GAVE_UP or result.positions >= positions)

    todo = [code for code in undecided if not searched(code)]
    jobs: list[Job] = [(number_of(code), None, positions) for code in todo]
    for line in lines_of(jobs):
        try:
            record_later(out, parse_results(f"{HEADER}\n{line}")[0])
        except ResultsError as error:  # edited meanwhile: left alone, for its reader to mend
            raise SystemExit(error.at(out.parent)) from None
        print(line, flush=True)
    return 0


def number_of(code: str) -> int:
    """The number of a numbered deal's code."""
    number = GameCode.parse(code).number
    assert number is not None, code
    return number


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Solver win rate on the numbered deals.")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--count", type=int, default=1000)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=None, help="time per deal (10 s)")
    budget.add_argument("--positions", type=int, default=None, help="positions per deal")
    parser.add_argument("--jobs", type=int, default=2, help="local worker processes")
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address")
    parser.add_argument("--block", type=int, default=1000, help="deals per results file")
    parser.add_argument("--out", type=Path, default=None, help="the study folder")
    parser.add_argument(
        "--undecided", action="store_true", help="search the study's undecided deals again"
    )
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None or args.positions else 10.0
    out: Path = args.out or ROOT / "results" / f"winrate-{args.count}"

    def lines_of(todo: list[Job]) -> Iterable[str]:
        lines = on_dask(args.scheduler, todo) if args.scheduler else on_pool(args.jobs, todo)
        return stopping_at_a_refused_line(lines)

    if args.undecided:
        if args.positions is None:
            parser.error("--undecided needs --positions: a later search records no times")
        return search_again(out, args.positions, lines_of)
    out.mkdir(parents=True, exist_ok=True)
    numbers = range(args.start, args.start + args.count)
    done: dict[int, str] = {}  # every line of the blocks this run writes to, by deal number
    firsts = range(numbers.start - numbers.start % args.block, numbers.stop, args.block)
    for first in firsts:
        path = block_path(out, first, args.block)
        for index, line in enumerate(finished_lines(path), start=2):
            try:
                number = GameCode.parse(line.split("\t")[0]).number
            except CrescentError as error:
                raise SystemExit(f"{path}:{index}: {error}") from None
            if number is None or number - number % args.block != first:
                raise SystemExit(f"{path}:{index}: deal {line.split()[0]} is not of this block")
            done[number] = line
        if path.exists():
            rewrite_block(out, args.block, first, done)  # drops a cut last line
    todo: list[Job] = [(n, seconds, args.positions) for n in numbers if n not in done]
    lines = lines_of(todo)
    budget_field: dict[str, Any] = {"seconds_per_deal": seconds} if seconds is not None else {}
    if args.positions is not None:
        budget_field["positions_per_deal"] = args.positions

    def write_summary() -> None:
        summary = summary_of(out, budget_field)
        (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")

    write_in_order(out, args.block, numbers, done, lines, write_summary)
    write_summary()
    print((out / "summary.json").read_text(encoding="utf-8"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
