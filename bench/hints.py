"""The hint's latency in the browser: what `bench/play.py --hints` measures.

Two sets of positions: the starting positions of the first numbered deals, and as
many positions from the middle of the solver's winning lines of those deals (the
deal's record played up to half its line; a deal the solver does not win in 10 s
is passed over for the next one). The Play page's own engine (Pyodide in its
worker, as a reader's hint runs) opens each position and answers one `hint` with
the page's budget; the time is from the call to its answer, in the page's clock.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from crescent.browser.hints import HINT_SECONDS
from crescent.codes import GameCode
from crescent.position import Position
from crescent.record import Record
from crescent.solver import Verdict, solve

HINT = """async ([request, seconds]) => {
    // The page's own client, wherever the build published it (assets/v/<hash>/).
    const client = document.querySelector('link[rel="modulepreload"][href*="engine/client.js"]');
    const { engine } = await import(client.href);
    const api = await engine();
    const opened = await api.call("open_game", { lang: "en", ...request });
    if (opened.error) {
        throw new Error(opened.message);
    }
    const began = performance.now();
    const answer = await api.call("hint", { session: opened.session, seconds });
    const took = performance.now() - began;
    await api.call("close_game", { session: opened.session });
    return [took, answer.verdict, answer.positions];
}"""


@dataclass
class Timings:
    """Hint latencies (ms) of one set of positions, and the verdicts."""

    label: str
    ms: list[float] = field(default_factory=list)
    verdicts: Counter[str] = field(default_factory=Counter)
    positions: list[int] = field(default_factory=list)


def percentile(values: list[float], share: float) -> float:
    """The `share` percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def positions(count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`count` deal starts and `count` positions half-way along the solver's lines."""
    starts = [{"code": GameCode.numbered(number).text} for number in range(count)]
    middles: list[dict[str, Any]] = []
    number = 0
    while len(middles) < count:
        code = GameCode.numbered(number)
        number += 1
        found = solve(Position.start(code.piles()), seconds=10.0)
        if found.verdict is Verdict.WON and found.line:
            half = found.line[: len(found.line) // 2]
            middles.append({"record": Record(code, half).dumps()})
    return starts, middles


def measure(page: Page, label: str, requests: list[dict[str, Any]]) -> Timings:
    """One hint on each request's position, on the Play page `page` (its engine ready)."""
    found = Timings(label)
    for request in requests:
        took, verdict, searched = page.evaluate(HINT, [request, HINT_SECONDS])
        found.ms.append(float(took))
        found.positions.append(int(searched))
        found.verdicts[str(verdict)] += 1
    return found


def report(sets: list[Timings]) -> None:
    """p50, p95 and the slowest of each set and of all pooled, against the targets.

    The positions each search cost do not depend on the machine's load; the worker's
    rate (positions per second over every search) says how fast it ran meanwhile.
    """
    pooled = Timings("all", [ms for one in sets for ms in one.ms])
    pooled.positions = [count for one in sets for count in one.positions]
    for one in [*sets, pooled]:
        verdicts = ", ".join(f"{name} {count}" for name, count in sorted(one.verdicts.items()))
        print(
            f"  {one.label}: {len(one.ms)} hints: p50 {statistics.median(one.ms):6.0f} ms,"
            f" p95 {percentile(one.ms, 0.95):6.0f} ms, max {max(one.ms):6.0f} ms;"
            f" positions p50 {statistics.median(one.positions):7.0f},"
            f" p95 {percentile([float(n) for n in one.positions], 0.95):7.0f}"
            + (f" ({verdicts})" if verdicts else "")
        )
    rate = sum(pooled.positions) / (sum(pooled.ms) / 1000)
    print(f"  the worker searched {rate:,.0f} positions per second over all hints")
    print("  targets: p50 <= 300 ms, p95 <= 2000 ms")
