"""The solver's results: its verdict on each numbered deal, as lines of text, read and summed up.

`bench/winrate.py` writes one tab-separated line per deal (code, verdict,
moves, seconds, positions) under a header; the site's Win rate page and the
benchmark's summary both read those lines through here. A study is either one
such file or a folder of them, one per block of 1,000 deals (`read_study`). A
study whose budget was counted in positions records no times: its seconds are
`-`, so that two runs of it are equal byte for byte.

A study's deals without an answer may be searched again, with a larger budget or
another method: their lines go to the study's later file (`<study>-later.tsv`,
`parse_later`), one line per deal in study order, and `Summary.since` counts them.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any, NamedTuple

HEADER = "code\tverdict\tmoves\tseconds\tpositions"
VERDICTS = ("won", "unwinnable", "gave-up")
GAVE_UP = VERDICTS[2]
NO_TIME = "-"
"""The seconds of a deal searched on a budget of positions, where time is not recorded."""


class ResultsError(ValueError):
    """A results file that cannot be read (for its maintainers); `line` is 1-based."""

    def __init__(self, line: int, problem: str, source: str = "") -> None:
        super().__init__(problem)
        self.line = line
        self.source = source

    def at(self, folder: Path) -> str:
        """The error with its file (in `folder`) and line, as its reader looks for it."""
        return f"{folder / self.source}:{self.line}: {self}"


class Result(NamedTuple):
    """The solver's answer for one deal."""

    code: str
    verdict: str
    moves: int
    seconds: float | None
    positions: int

    @property
    def line(self) -> str:
        """The result as a line of the results file."""
        seconds = NO_TIME if self.seconds is None else f"{self.seconds:.3f}"
        fields = (self.code, self.verdict, str(self.moves), seconds)
        return "\t".join((*fields, str(self.positions)))


def parse_results(text: str, allow_empty: bool = False) -> list[Result]:
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
            time = None if seconds == NO_TIME else float(seconds)
            result = Result(code, verdict, int(moves), time, int(positions))
        except ValueError:
            raise ResultsError(number, "moves, seconds and positions must be numbers") from None
        results.append(result)
    if not results and not allow_empty:
        raise ResultsError(1, "no deals")
    return results


def read_study(path: Path) -> list[Result]:
    """The results of a study: one results file, or a folder of block files in name order.

    Raises `ResultsError` naming the file (relative to the study's parent) and the line.
    """
    files = sorted(path.glob("*.tsv")) if path.is_dir() else [path]
    results: list[Result] = []
    for file in files:
        source = str(file.relative_to(path.parent))
        try:
            results += parse_results(file.read_text(encoding="utf-8"), allow_empty=True)
        except ResultsError as error:
            raise ResultsError(error.line, str(error), source) from None
    if not results:
        raise ResultsError(1, "no deals", str(path.name))
    return results


def later_path(study: Path) -> Path:
    """The study's later file, beside it: `results/winrate-100000-later.tsv`."""
    return study.with_name(f"{study.name}-later.tsv")


def parse_later(text: str, undecided: Collection[str]) -> list[Result]:
    """The lines of a study's later file: deals the study left `undecided`, each once, in
    study order; raises `ResultsError` naming the line."""
    results = parse_results(text, allow_empty=True)
    order = {code: index for index, code in enumerate(undecided)}
    previous = -1
    for line, result in enumerate(results, start=2):
        if result.code not in order:
            problem = f"{result.code} is not a deal the study left without an answer"
            raise ResultsError(line, problem)
        if order[result.code] <= previous:
            raise ResultsError(line, f"{result.code} is out of study order or listed twice")
        previous = order[result.code]
    return results


def read_later(study: Path) -> tuple[tuple[str, ...], dict[str, Result]]:
    """The deals the study left without an answer, in study order, and the lines of its
    later file by deal (none while it does not exist). Raises `ResultsError` naming the
    file (relative to the study's parent) and the line."""
    undecided = summarize(read_study(study)).undecided
    path = later_path(study)
    text = path.read_text(encoding="utf-8") if path.exists() else HEADER + "\n"
    try:
        later = parse_later(text, undecided)
    except ResultsError as error:
        raise ResultsError(error.line, str(error), path.name) from None
    return undecided, {result.code: result for result in later}


def record_later(study: Path, result: Result) -> dict[str, Result]:
    """Put `result` in the study's later file in place of its deal's line (unless that line
    decides the deal and `result` does not); the file's lines by deal. The file is read
    again and rewritten whole under a lock: two runs writing it at once (a search and a
    proof) keep each other's lines, and a kill leaves the old file or the new one, never
    half of it. Raises `ResultsError` as `read_later` does."""
    import fcntl  # POSIX only, as are the runs that write this file (not the site's build)

    path = later_path(study)
    with open(path.with_name(path.name + ".lock"), "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        undecided, later = read_later(study)
        kept = later.get(result.code)
        if result.verdict != GAVE_UP or kept is None or kept.verdict == GAVE_UP:
            later[result.code] = result
        lines = [later[code].line + "\n" for code in undecided if code in later]
        partial = path.with_name(path.name + ".partial")
        partial.write_text(HEADER + "\n" + "".join(lines), encoding="utf-8")
        os.replace(partial, path)
    return later


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
    undecided: tuple[str, ...] = ()
    """The codes of the deals the solver gave up on, in study order."""
    unwinnable_codes: tuple[str, ...] = ()
    """The codes of the deals proven unwinnable, in study order."""
    first: str = ""
    last: str = ""

    @property
    def low(self) -> float:
        """The win rate with every gave-up deal counted as lost."""
        return self.won / self.deals

    @property
    def high(self) -> float:
        """The win rate with every gave-up deal counted as won."""
        return (self.won + self.gave_up) / self.deals

    def since(self, later: Iterable[Result]) -> Summary:
        """This summary with the deals a later search decided counted by its verdicts
        (`later` as `parse_later` reads it: deals this study left undecided)."""
        decided = {result.code: result.verdict for result in later if result.verdict != GAVE_UP}
        won = sum(verdict == "won" for verdict in decided.values())
        return self._replace(
            won=self.won + won,
            unwinnable=self.unwinnable + len(decided) - won,
            gave_up=self.gave_up - len(decided),
            undecided=tuple(code for code in self.undecided if code not in decided),
            unwinnable_codes=(
                *self.unwinnable_codes,
                *(code for code, verdict in decided.items() if verdict == "unwinnable"),
            ),
        )


class _Timed(NamedTuple):
    verdict: str
    seconds: float


def summarize(results: list[Result]) -> Summary:
    """The summary of `results`."""
    verdicts = [result.verdict for result in results]
    timed = [_Timed(r.verdict, r.seconds) for r in results if r.seconds is not None]
    return Summary(
        deals=len(results),
        won=verdicts.count("won"),
        unwinnable=verdicts.count("unwinnable"),
        gave_up=verdicts.count("gave-up"),
        won_moves=tuple(r.moves for r in results if r.verdict == "won"),
        won_seconds=tuple(r.seconds for r in timed if r.verdict == "won"),
        decided_seconds=tuple(r.seconds for r in timed if r.verdict != "gave-up"),
        positions=sum(result.positions for result in results),
        busy_seconds=sum(result.seconds for result in timed),
        undecided=tuple(r.code for r in results if r.verdict == "gave-up"),
        unwinnable_codes=tuple(r.code for r in results if r.verdict == "unwinnable"),
        first=results[0].code,
        last=results[-1].code,
    )


def summary_json(summary: Summary) -> dict[str, Any]:
    """The summary as the benchmark writes it, to a study's `summary.json`."""
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
