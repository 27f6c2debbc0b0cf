"""Win-rate results: the committed file, its reader and its summary."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.codes import GameCode
from crescent.solver.results import HEADER, ResultsError, parse_results, summarize, summary_json

RESULTS = Path(__file__).resolve().parents[2] / "results" / "winrate-1000.tsv"


def test_the_committed_results_cover_the_first_thousand_numbered_deals_in_order() -> None:
    results = parse_results(RESULTS.read_text(encoding="utf-8"))
    assert [r.code for r in results] == [GameCode.numbered(n).text for n in range(1000)]
    assert all(r.moves > 0 for r in results if r.verdict == "won")


def test_a_summary_counts_every_verdict_and_bounds_the_rate() -> None:
    text = "\n".join(
        [
            HEADER,
            "CR1-N-AAAAAAA\twon\t150\t0.100\t1000",
            "CR1-N-AAAAAAB\twon\t170\t0.300\t3000",
            "CR1-N-AAAAAAC\tgave-up\t0\t10.000\t90000",
            "CR1-N-AAAAAAD\tunwinnable\t0\t2.000\t6000",
        ]
    )
    summary = summarize(parse_results(text))
    assert (summary.deals, summary.won, summary.gave_up, summary.unwinnable) == (4, 2, 1, 1)
    assert (summary.low, summary.high) == (0.5, 0.75)
    written = summary_json(summary)
    assert written["decided_seconds"] == {"median": 0.3, "max": 2.0}
    assert written["won_moves"] == {"median": 160, "min": 150, "max": 170}
    assert written["positions_per_second"] == round(100000 / 12.4)


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("", 1, "header"),
        ("code\tverdict", 1, "header"),
        (HEADER, 1, "no deals"),
        (f"{HEADER}\nCR1-N-AAAAAAA\twon\t150\t0.1", 2, "5 tab-separated fields"),
        (f"{HEADER}\nCR1-N-AAAAAAA\twon\t150\t0.1\t9\nX\tlost\t0\t1\t1", 3, "unknown verdict"),
        (f"{HEADER}\nCR1-N-AAAAAAA\twon\tmany\t0.1\t9", 2, "must be numbers"),
    ],
)
def test_a_malformed_results_file_names_the_line(text: str, line: int, says: str) -> None:
    with pytest.raises(ResultsError) as raised:
        parse_results(text)
    assert raised.value.line == line and says in str(raised.value)
