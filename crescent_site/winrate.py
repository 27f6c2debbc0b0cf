"""Win-rate results: the solver's verdict on each numbered deal, read and summed up.

`bench/winrate.py` writes one tab-separated line per deal (code, verdict,
moves, seconds, positions) under a header; the site's Win rate page and the
benchmark's summary both read those lines through here.
"""

from __future__ import annotations

import statistics
from typing import Any, NamedTuple

HEADER = "code\tverdict\tmoves\tseconds\tpositions"
VERDICTS = ("won", "unwinnable", "gave-up")


class ResultsError(ValueError):
    """A results file that cannot be read (for its maintainers); `line` is 1-based."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(problem)
        self.line = line


class Result(NamedTuple):
    """The solver's answer for one deal."""

    code: str
    verdict: str
    moves: int
    seconds: float
    positions: int

    @property
    def line(self) -> str:
        """The result as a line of the results file."""
        fields = (self.code, self.verdict, str(self.moves), f"{self.seconds:.3f}")
        return "\t".join((*fields, str(self.positions)))


def parse_results(text: str) -> list[Result]:
    """The results of a results file; raises `ResultsError` naming the line."""
    lines = text.splitlines()
    if not lines or lines[0] != HEADER:
        raise ResultsError(1, f"the header must be {HEADER!r}")
    results = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != 5:
            raise ResultsError(number, f"expected 5 tab-separated fields, found {len(fields)}")
        code, verdict, moves, seconds, positions = fields
        if verdict not in VERDICTS:
            raise ResultsError(number, f"unknown verdict {verdict!r} ({', '.join(VERDICTS)})")
        try:
            result = Result(code, verdict, int(moves), float(seconds), int(positions))
        except ValueError:
            raise ResultsError(number, "moves, seconds and positions must be numbers") from None
        results.append(result)
    if not results:
        raise ResultsError(1, "no deals")
    return results


class Summary(NamedTuple):
    """Counts, the win rate's bounds and the lengths of the winning lines."""

    deals: int
    won: int
    unwinnable: int
    gave_up: int
    won_moves: tuple[int, ...]
    won_seconds: tuple[float, ...]
    decided_seconds: tuple[float, ...]
    positions: int
    busy_seconds: float

    @property
    def low(self) -> float:
        """The win rate with every gave-up deal counted as lost."""
        return self.won / self.deals

    @property
    def high(self) -> float:
        """The win rate with every gave-up deal counted as won."""
        return (self.won + self.gave_up) / self.deals


def summarize(results: list[Result]) -> Summary:
    """The summary of `results`."""
    verdicts = [result.verdict for result in results]
    return Summary(
        deals=len(results),
        won=verdicts.count("won"),
        unwinnable=verdicts.count("unwinnable"),
        gave_up=verdicts.count("gave-up"),
        won_moves=tuple(r.moves for r in results if r.verdict == "won"),
        won_seconds=tuple(r.seconds for r in results if r.verdict == "won"),
        decided_seconds=tuple(r.seconds for r in results if r.verdict != "gave-up"),
        positions=sum(result.positions for result in results),
        busy_seconds=sum(result.seconds for result in results),
    )


def summary_json(summary: Summary) -> dict[str, Any]:
    """The summary as the benchmark writes it to `results/winrate-summary.json`."""
    times, moves = summary.decided_seconds, summary.won_moves
    return {
        "deals": summary.deals,
        "won": summary.won,
        "unwinnable": summary.unwinnable,
        "gave_up": summary.gave_up,
        "decided_share": round((summary.won + summary.unwinnable) / summary.deals, 4),
        "win_rate": {
            "gave_up_as_lost": round(summary.low, 4),
            "gave_up_as_won": round(summary.high, 4),
        },
        "decided_seconds": {
            "median": round(statistics.median(times), 3) if times else None,
            "max": round(max(times), 3) if times else None,
        },
        "won_seconds_median": (
            round(statistics.median(summary.won_seconds), 3) if summary.won_seconds else None
        ),
        "won_moves": {
            "median": statistics.median(moves) if moves else None,
            "min": min(moves) if moves else None,
            "max": max(moves) if moves else None,
        },
        "positions_per_second": (
            round(summary.positions / summary.busy_seconds) if summary.busy_seconds else None
        ),
    }
