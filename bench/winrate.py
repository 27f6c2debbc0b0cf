"""Benchmark: the solver on the first numbered deals, with a fixed budget per deal.

Runs `crescent.solver.solve` on `GameCode.numbered(start .. start + count - 1)`
with `--seconds` each (10 by default), one deal per worker process (the solver
itself is single-threaded), checks every winning line through the rules, and
writes

- `results/winrate-<count>.tsv`: a header, then one line per deal: code,
  verdict, moves, seconds, positions;
- `results/winrate-summary.json`: the counts of won, unwinnable and gave-up
  deals, the win rate with its bounds (gave-up counted as lost, then as won),
  the share decided, the median and worst time per decided deal, the median
  length of the won lines, and the positions searched per second.

`--resume` keeps the deals an earlier, interrupted run already wrote.

    .venv/bin/python bench/winrate.py [--count 1000] [--seconds 10] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent.codes import GameCode  # noqa: E402
from crescent.moves import Move  # noqa: E402
from crescent.position import Position  # noqa: E402
from crescent.rules import check_move, check_redeal, is_won  # noqa: E402
from crescent.solver import solve  # noqa: E402
from crescent_site.winrate import HEADER, Result, parse_results, summarize, summary_json  # noqa: E402


def run_deal(job: tuple[int, float]) -> str:
    """Solve deal `number` and return its TSV line."""
    number, seconds = job
    code = GameCode.numbered(number)
    start = Position.start(code.piles())
    solution = solve(start, seconds=seconds)
    if solution.line is not None:
        position = start
        for action in solution.line:
            if isinstance(action, Move):
                assert check_move(position, action) is None, f"{code.text}: {action.text}"
                position = position.after(action)
            else:
                assert check_redeal(position) is None, f"{code.text}: redeal"
                position = position.redealt()
        assert is_won(position), f"{code.text}: line does not win"
    verdict = solution.verdict.value
    return Result(code.text, verdict, solution.moves, solution.seconds, solution.positions).line


def summary_of(lines: list[str], seconds: float, jobs: int, wall: float | None) -> dict[str, Any]:
    """The summary of the TSV lines (without header), with the run's settings."""
    results = parse_results("\n".join([HEADER, *lines]))
    return {
        "first": results[0].code,
        "last": results[-1].code,
        "seconds_per_deal": seconds,
        **summary_json(summarize(results)),
        "jobs": jobs,
        "wall_seconds": round(wall, 1) if wall is not None else None,
        "python": platform.python_version(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Solver win rate on the numbered deals.")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--summary", type=Path, default=ROOT / "results" / "winrate-summary.json")
    parser.add_argument("--resume", action="store_true")
    args = parser.parse_args(argv)
    out: Path = args.out or ROOT / "results" / f"winrate-{args.count}.tsv"
    out.parent.mkdir(parents=True, exist_ok=True)
    done: dict[str, str] = {}
    if args.resume and out.exists():
        for line in out.read_text(encoding="utf-8").splitlines()[1:]:
            done[line.split("\t")[0]] = line
    numbers = range(args.start, args.start + args.count)
    todo = [(n, args.seconds) for n in numbers if GameCode.numbered(n).text not in done]
    began = time.perf_counter()
    with out.open("w", encoding="utf-8") as stream:
        stream.write(HEADER + "\n")
        for line in done.values():
            stream.write(line + "\n")
        stream.flush()
        with Pool(args.jobs) as pool:
            for line in pool.imap(run_deal, todo):
                done[line.split("\t")[0]] = line
                stream.write(line + "\n")
                stream.flush()
                print(line, flush=True)
    wall = time.perf_counter() - began
    ordered = [done[GameCode.numbered(n).text] for n in numbers]
    out.write_text(HEADER + "\n" + "".join(line + "\n" for line in ordered), encoding="utf-8")
    summary = summary_of(ordered, args.seconds, args.jobs, wall if not args.resume else None)
    args.summary.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
