"""Benchmark: the solver's speed, its time per won deal and its memory.

- positions per second: a fixed budget of positions on a few numbered deals
  (process time, so that other load on the machine counts less);
- time per won deal: `solve` with `--seconds` on the first `--deals` numbered
  deals, median and worst of the won ones, in process time;
- peak memory of a full search: one search of `--seconds` (process time) on a deal the solver
  gives up on (deal 76 unless `--hard` says otherwise), in a fresh process, as
  its peak resident set and that peak's growth during the search;
- positions to the first win (`--first-wins N`): `solve` on the starts of the first N
  numbered deals with no time limit and at most `--cap` positions; the positions each
  search took (the same on every machine), as p50, p90, p95 and p99, and how many
  needed over 40,000 (a hint's two seconds in Pyodide's worker) or gave up;
- proofs late in a game (`--late N`): positions reached by random legal play
  that prefers moves to the foundations (redeals included) from the numbered
  deals, stopped when 40, 30 and 20 cards remain on the piles, the first N of
  each; the share the exhaustive mode decides (won, or proven unwinnable)
  within `--late-seconds` (1 s) of process time, so that other load on the
  machine counts less;
- the proof of CR1-N-AAAAACY (`--proofs N`): the deal proven unwinnable with the free
  ranks the Win rate page gives, N times in this process; its positions (the same on
  every machine) and the median process time, with the positions per second of the
  searches of the relaxed games, which take all but a few of them.

    .venv/bin/python bench/solver_bench.py [--deals 30] [--seconds 10] [--late 50] [--json]
                                           [--first-wins 200 [--cap 300000]] [--proofs 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent.codes import GameCode  # noqa: E402
from crescent.position import Position  # noqa: E402
from crescent.rules import check_redeal, legal_moves  # noqa: E402
from crescent.solver import Verdict, solve  # noqa: E402
from crescent.solver.free_ranks import with_free_ranks  # noqa: E402
from crescent.solver.proof import prove  # noqa: E402
from crescent.solver.state import from_position  # noqa: E402
from tools.prove import LIMIT  # noqa: E402

SPEED_DEALS = (20, 32, 46, 62)
SPEED_BUDGET = 50_000
LATE_MARKS = (40, 30, 20)
"""Cards left on the piles where the late positions are taken."""
IDLE_MOVES = 40
"""Pile moves in a row the random player makes before it redeals (or stops)."""
PILES = 16


def start(number: int) -> Position:
    return Position.start(GameCode.numbered(number).piles())


def speed() -> dict[str, Any]:
    """Positions per second of process time on a fixed budget."""
    positions = 0
    began = time.process_time()
    for number in SPEED_DEALS:
        positions += solve(start(number), seconds=1e9, max_positions=SPEED_BUDGET).positions
    spent = time.process_time() - began
    return {"deals": list(SPEED_DEALS), "positions": positions, "seconds": round(spent, 2),
            "positions_per_second": round(positions / spent)}  # fmt: skip


def won_times(deals: int, seconds: float) -> dict[str, Any]:
    """Median and worst time of the won deals among the first `deals`.

    Times are the search's process time (its budget too), so that other load on
    the machine counts less; the committed study's were wall times on an idle one.
    """
    times, verdicts = [], []
    for number in range(deals):
        began = time.process_time()
        solution = solve(start(number), seconds=seconds, clock=time.process_time)
        spent = time.process_time() - began
        verdicts.append(solution.verdict.value)
        if solution.verdict is Verdict.WON:
            times.append(spent)
    return {
        "deals": deals,
        "won": len(times),
        "unwinnable": verdicts.count("unwinnable"),
        "gave_up": verdicts.count("gave-up"),
        "median_seconds_won": round(statistics.median(times), 3) if times else None,
        "max_seconds_won": round(max(times), 3) if times else None,
    }


SLOW_HINT = 40_000
"""Positions a hint searches in about two seconds in the browser's worker."""


def percentile(values: list[int], share: float) -> int:
    """The `share` percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def first_wins(deals: int, cap: int) -> dict[str, Any]:
    """Positions to the first win on the starts of the first `deals` deals (a give-up counts
    as more than any win)."""
    counts, gave_up = [], 0
    for number in range(deals):
        solution = solve(start(number), seconds=1e9, max_positions=cap)
        won = solution.verdict is Verdict.WON
        gave_up += not won
        counts.append(solution.positions if won else cap + 1)
    report: dict[str, Any] = {"deals": deals, "cap": cap, "gave_up": gave_up}
    for share in (0.5, 0.9, 0.95, 0.99):
        report[f"p{round(share * 100)}"] = percentile(counts, share)
    report[f"over_{SLOW_HINT}"] = sum(count > SLOW_HINT for count in counts)
    return report


def random_game(number: int) -> dict[int, Position]:
    """Positions of one random game of deal `number`, by cards left on the piles (`LATE_MARKS`).

    The player plays a random move to the foundations when it has one, else a
    random pile move, and redeals after `IDLE_MOVES` pile moves without a play
    home (or when stuck); it stops when it can do nothing more.
    """
    rng = random.Random(f"late {number}")
    position = start(number)
    reached: dict[int, Position] = {}
    idle = 0
    while True:
        left = sum(len(pile) for pile in position.piles)
        for mark in LATE_MARKS:
            if left <= mark and mark not in reached:
                reached[mark] = position
        moves = [move for move in legal_moves(position) if move.source < PILES]
        home = [move for move in moves if move.target >= PILES]
        onto_piles = [move for move in moves if move.target < PILES]
        if home:
            position, idle = position.after(rng.choice(home)), 0
        elif onto_piles and idle < IDLE_MOVES:
            position, idle = position.after(rng.choice(onto_piles)), idle + 1
        elif check_redeal(position) is None:
            position, idle = position.redealt(), 0
        else:
            return reached


def late_positions(count: int) -> tuple[dict[int, list[Position]], int]:
    """The first `count` late positions at each mark, and how many games it took."""
    found: dict[int, list[Position]] = {mark: [] for mark in LATE_MARKS}
    games = 0
    while any(len(found[mark]) < count for mark in LATE_MARKS):
        for mark, position in random_game(games).items():
            if len(found[mark]) < count:
                found[mark].append(position)
        games += 1
    return found, games


def late_proofs(count: int, seconds: float) -> dict[str, Any]:
    """The share of late positions the exhaustive mode decides within `seconds` of CPU."""
    found, games = late_positions(count)
    report: dict[str, Any] = {"games": games, "seconds": seconds}
    for mark in LATE_MARKS:
        won = lost = 0
        for position in found[mark]:
            began = time.process_time()
            solution = solve(position, seconds=seconds * 20, exhaustive=True)
            if time.process_time() - began <= seconds:
                won += solution.verdict is Verdict.WON
                lost += solution.verdict is Verdict.UNWINNABLE
        report[f"{mark}_cards"] = {"positions": count, "won": won, "unwinnable": lost,
                                   "decided_share": round((won + lost) / count, 3)}  # fmt: skip
    return report


MEMORY_SCRIPT = """
import json, sys, time
from pathlib import Path
from crescent.codes import GameCode
from crescent.position import Position
from crescent.solver import solve
number, seconds = int(sys.argv[1]), float(sys.argv[2])
def peak_kb():  # VmHWM: this process's own peak (ru_maxrss would carry the parent's over exec)
    status = Path("/proc/self/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM")))
start = Position.start(GameCode.numbered(number).piles())
before = peak_kb()
solution = solve(start, seconds=seconds, clock=time.process_time)
after = peak_kb()
print(json.dumps({"verdict": solution.verdict.value, "positions": solution.positions,
                  "seconds": round(solution.seconds, 2), "peak_rss_mb": round(after / 1024, 1),
                  "rss_growth_mb": round((after - before) / 1024, 1)}))
"""


def memory(number: int, seconds: float) -> dict[str, Any]:
    """Peak resident memory of one full search, in a fresh process (growth: the search's own).

    tracemalloc is not used: it slows the search about twentyfold, so it searches
    a twentieth of the positions and understates the peak.
    """
    done = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT, str(number), str(seconds)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return {"deal": GameCode.numbered(number).text, "resident": json.loads(done.stdout)}


PROOF_DEAL = "CR1-N-AAAAACY"
PROOF_FREE = frozenset({3, 4, 5, 7, 9, 10, 11})
"""The deal the Win rate page proves unwinnable, and the free ranks it names."""


def proof_times(runs: int) -> dict[str, Any]:
    """The proof of `PROOF_DEAL` with `PROOF_FREE`, `runs` times (see the module)."""
    start = from_position(Position.start(GameCode.parse(PROOF_DEAL).piles()))
    seconds, proofs = [], []
    for _ in range(runs):
        began = time.process_time()
        proofs.append(prove(start, LIMIT, with_free_ranks(PROOF_FREE)))
        seconds.append(time.process_time() - began)
    positions = {proof.positions for proof in proofs}
    assert len(positions) == 1 and all(proof.lost for proof in proofs), proofs
    median = statistics.median(seconds)
    return {
        "deal": PROOF_DEAL,
        "positions": proofs[0].positions,
        "runs": runs,
        "median_seconds": round(median, 2),
        "seconds": [round(value, 2) for value in seconds],
        "positions_per_second": round(proofs[0].positions / median),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Solver speed, time per won deal, memory.")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--hard", type=int, default=76, help="deal number for the memory run")
    parser.add_argument("--late", type=int, default=50, help="late positions per mark")
    parser.add_argument("--late-seconds", type=float, default=1.0)
    parser.add_argument("--first-wins", type=int, default=0, help="deal starts to solve")
    parser.add_argument("--cap", type=int, default=300_000, help="positions per first win")
    parser.add_argument("--proofs", type=int, default=0, help="runs of the proof of a deal")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.proofs:
        timed = proof_times(args.proofs)
        print(json.dumps(timed, indent=2) if args.json else _proof_line(timed))
        return 0
    if args.first_wins:
        wins = first_wins(args.first_wins, args.cap)
        print(json.dumps(wins, indent=2) if args.json else _first_wins_line(wins))
        return 0
    report = {
        "speed": speed(),
        "won": won_times(args.deals, args.seconds),
        "memory": memory(args.hard, args.seconds),
    }
    if args.late:
        report["late"] = late_proofs(args.late, args.late_seconds)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        speed_part, won, mem = report["speed"], report["won"], report["memory"]
        print(f"positions per second: {speed_part['positions_per_second']}")
        print(
            f"first {won['deals']} deals at {args.seconds:g} s: {won['won']} won, "
            f"median {won['median_seconds_won']} s, worst {won['max_seconds_won']} s"
        )
        print(
            f"{mem['deal']} for {args.seconds:g} s ({mem['resident']['verdict']}, "
            f"{mem['resident']['positions']} positions): peak RSS "
            f"{mem['resident']['peak_rss_mb']} MB (+{mem['resident']['rss_growth_mb']} MB "
            "during the search)"
        )
        late = report.get("late", {})
        for mark in LATE_MARKS if late else ():
            part = late[f"{mark}_cards"]
            print(
                f"{mark} cards left ({part['positions']} positions from {late['games']} "
                f"random games): {part['decided_share']:.0%} decided within "
                f"{args.late_seconds:g} s ({part['won']} won, {part['unwinnable']} unwinnable)"
            )
    return 0


def _proof_line(timed: dict[str, Any]) -> str:
    return (
        f"proof of {timed['deal']} ({timed['positions']:,} positions): median "
        f"{timed['median_seconds']} s of {timed['runs']} runs {timed['seconds']}, "
        f"{timed['positions_per_second']:,} positions per second"
    )


def _first_wins_line(wins: dict[str, Any]) -> str:
    over = f"over_{SLOW_HINT}"
    return (
        f"first {wins['deals']} deal starts, positions to the first win: p50 {wins['p50']},"
        f" p90 {wins['p90']}, p95 {wins['p95']}, p99 {wins['p99']};"
        f" {wins[over]} over {SLOW_HINT:,}, {wins['gave_up']} gave up at {wins['cap']:,}"
    )


if __name__ == "__main__":
    sys.exit(main())
