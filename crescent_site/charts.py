"""The Win rate page's charts: the win rate with its bounds, how long winning lines are,
and how long the solver took to decide a deal.

Each chart is an HTML figure: an inline SVG whose words come from the catalogs
of the page's language, a legend and a text equivalent that say the same in
sentences. Colours come from classes that `docs/assets/crescent.css` sets for
light and dark; labels use `currentColor`. Numbers read left to right in every
language, so the axes are never mirrored; only the words follow the page's
direction.
"""

from __future__ import annotations

import bisect
import math
import statistics
from collections.abc import Sequence

from crescent.i18n import RTL, Catalog, catalog
from crescent.render.markup import escape
from crescent.solver.results import Summary

WIDTH = 480
"""Width of both charts, in the units of their labels' font size (see crescent.css)."""
BAR_WIDTH = 420
BAR_LEFT = 30
BIN = 10
"""Moves per bar of the lengths histogram."""
PUBLISHERS_GUESS = 0.30
"""The one published guess, for the easier four-redeal variant."""
FLOOR = 210.0
CEILING = 24.0
"""Where the histograms' bars stand and how high the tallest may reach."""
HISTOGRAM_LEFT = 80.0
"""Where the histograms' bars begin: room for a grouped count of deals ("50 000") right of
the turned axis title."""
TIME_EDGES = (0.0, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0)
"""Bounds of the bars of the time histogram, in seconds (a last bar takes what is slower)."""


RATE_DECIMALS = 2
"""Decimals of the win rate's bounds and shares: four significant digits near 100%, which
a study of 100,000 deals can tell apart."""


def percent(words: Catalog, share: float, decimals: int = 1) -> str:
    """`99.8%`, `99,8 %` or `%99,8`, as the language writes a percentage."""
    value = words.decimal(f"{share * 100:.{decimals}f}")
    return words.format("number.percent", value=value)


def _text(
    x: float, y: float, words: str, lang: str, *, edge: str = "middle", extra: str = ""
) -> str:
    """A label at `x`: its middle there, or its `left` or `right` edge, in any direction."""
    rtl = lang in RTL
    anchor = {"middle": "middle", "left": "end" if rtl else "start",
              "right": "start" if rtl else "end"}[edge]  # fmt: skip
    direction = ' direction="rtl"' if rtl else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{direction}{extra}>'
        f"{escape(words)}</text>"
    )


def render_win_rate(summary: Summary, lang: str) -> str:
    """The figure of the win rate: won, gave up and unwinnable shares on one bar."""
    words = catalog(lang)
    label = words.format("winrate.chart-label", deals=words.grouped(summary.deals))
    parts = []
    left = 0.0
    for name, deals in _shares(summary):
        width = BAR_WIDTH * deals / summary.deals
        if deals:
            parts.append(_rect(name, BAR_LEFT + left, 34, width, 36))
        left += width
    ticks = []
    for tenth in range(0, 11, 2):
        x = BAR_LEFT + BAR_WIDTH * tenth / 10
        ticks.append(_line("axis", x, 70, x, 76))
        ticks.append(_text(x, 92, percent(words, tenth / 10, decimals=0), lang))
    guess = BAR_LEFT + BAR_WIDTH * PUBLISHERS_GUESS
    svg = (
        f'<svg class="crescent-chart" viewBox="0 0 {WIDTH} 104" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        + _rect("track", BAR_LEFT, 34, BAR_WIDTH, 36)
        + "".join(parts)
        + "".join(ticks)
        + _line("guess", guess, 22, guess, 76)
        + _text(
            BAR_LEFT,
            16,
            words.format("winrate.guess", rate=percent(words, PUBLISHERS_GUESS, decimals=0)),
            lang,
            edge="left",
        )
        + "</svg>"
    )
    swatch = '<span class="crescent-chart-swatch crescent-chart-{}" aria-hidden="true"></span>'
    legend = "".join(
        f"<li>{swatch.format(name)}"
        + escape(words.format(f"winrate.legend.{name}", deals=words.grouped(deals), share=share))
        + "</li>"
        for name, deals in _shares(summary)
        for share in [percent(words, deals / summary.deals, RATE_DECIMALS)]
    )
    sentence = words.format(
        "winrate.summary",
        deals=words.grouped(summary.deals),
        won=words.grouped(summary.won),
        unwinnable=words.grouped(summary.unwinnable),
        gave_up=words.grouped(summary.gave_up),
        low=percent(words, summary.low, RATE_DECIMALS),
        high=percent(words, summary.high, RATE_DECIMALS),
    )
    return _figure("crescent-win-rate", svg, legend, label, sentence)


def render_win_lengths(summary: Summary, lang: str) -> str:
    """The figure of the winning lines' lengths: a histogram in bins of `BIN` moves."""
    words = catalog(lang)
    moves = summary.won_moves
    label = words.text("winrate.lengths-label")
    if not moves:
        return _figure("crescent-win-lengths", "", "", label, words.text("winrate.no-wins"))
    first = min(moves) // BIN * BIN
    bins = [0] * ((max(moves) - first) // BIN + 1)
    for length in moves:
        bins[(length - first) // BIN] += 1
    every = max(1, math.ceil(len(bins) / 8))
    ticks = [(i, words.grouped(first + i * BIN)) for i in range(0, len(bins) + 1, every)]
    left = HISTOGRAM_LEFT
    parts, step = _histogram(bins, left, ticks, words.text("winrate.axis-moves"), words, lang)
    median = statistics.median(moves)
    x = left + (median - first) / BIN * step
    parts.append(_line("guess", x, CEILING - 8, x, FLOOR))
    parts.append(
        _text(
            x + 6,
            CEILING - 10,
            words.format("winrate.median", moves=_number(words, median)),
            lang,
            edge="left",
        )
    )
    svg = _histogram_svg(label, parts)
    sentence = words.format(
        "winrate.lengths-summary",
        shortest=min(moves),
        median=_number(words, median),
        longest=max(moves),
    )
    listed = [
        words.format(
            "winrate.bin",
            low=first + i * BIN,
            high=first + i * BIN + BIN - 1,
            deals=words.grouped(d),
        )
        for i, d in enumerate(bins)
        if d
    ]
    return _figure("crescent-win-lengths", svg, "", label, sentence, listed)


def render_win_times(summary: Summary, lang: str) -> str:
    """The figure of the time to a verdict: a histogram of the decided deals in `TIME_EDGES`."""
    words = catalog(lang)
    times = summary.decided_seconds
    label = words.text("winrate.times-label")
    if not times:
        return _figure("crescent-win-times", "", "", label, words.text("winrate.no-times"))
    bins = [0] * len(TIME_EDGES)
    for seconds in times:  # the bar of the last edge at or below it (a bar per edge)
        bins[bisect.bisect_right(TIME_EDGES, seconds, lo=1) - 1] += 1
    while len(bins) > 1 and not bins[-1]:
        bins.pop()
    ticks = [
        (i, _decimal(words, TIME_EDGES[i])) for i in range(min(len(bins) + 1, len(TIME_EDGES)))
    ]
    axis = words.text("winrate.axis-seconds")
    parts, _ = _histogram(bins, HISTOGRAM_LEFT, ticks, axis, words, lang)
    svg = _histogram_svg(label, parts)
    sentence = words.format(
        "winrate.times-summary",
        deals=words.grouped(len(times)),
        median=_decimal(words, statistics.median(times)),
        slowest=_decimal(words, max(times)),
    )
    listed = [_time_bin(words, index, deals) for index, deals in enumerate(bins) if deals]
    return _figure("crescent-win-times", svg, "", label, sentence, listed)


def _histogram(
    bins: list[int], left: float, ticks: list[tuple[int, str]], axis: str, words: Catalog, lang: str
) -> tuple[list[str], float]:
    """The bars of `bins` (deals each), their ticks labelled, both axes: the parts and the step."""
    top = _nice_ceiling(max(bins))
    right = WIDTH - 12.0
    step = (right - left) / len(bins)
    parts = []
    for index, deals in enumerate(bins):
        height = (FLOOR - CEILING) * deals / top
        parts.append(_rect("won", left + index * step + 1, FLOOR - height, step - 2, height))
    for index, tick in ticks:
        x = left + index * step
        parts.append(_line("axis", x, FLOOR, x, FLOOR + 5))
        parts.append(_text(x, FLOOR + 20, tick, lang))
    for fraction in (0, 0.5, 1):
        y = FLOOR - (FLOOR - CEILING) * fraction
        parts.append(_line("grid", left, y, right, y))
        label = words.grouped(round(top * fraction))
        parts.append(_text(left - 8, y + 5, label, lang, edge="right"))
    parts.append(_text((left + right) / 2, FLOOR + 44, axis, lang))
    middle = (FLOOR + CEILING) / 2
    turned = f' transform="rotate(-90 18 {middle:.1f})"'
    parts.append(_text(18, middle, words.text("winrate.axis-deals"), lang, extra=turned))
    return parts, step


def _histogram_svg(label: str, parts: list[str]) -> str:
    return (
        f'<svg class="crescent-chart" viewBox="0 0 {WIDTH} 264" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        + "".join(parts)
        + "</svg>"
    )


def _time_bin(words: Catalog, index: int, deals: int) -> str:
    low = _decimal(words, TIME_EDGES[index])
    if index + 1 < len(TIME_EDGES):
        high = _decimal(words, TIME_EDGES[index + 1])
        return words.format("winrate.times-bin", low=low, high=high, deals=words.grouped(deals))
    return words.format("winrate.times-bin-last", low=low, deals=words.grouped(deals))


def _decimal(words: Catalog, seconds: float) -> str:
    """Seconds with up to three decimals, in the language's decimal sign."""
    return words.decimal(f"{seconds:.3f}".rstrip("0").rstrip("."))


def _shares(summary: Summary) -> tuple[tuple[str, int], ...]:
    """The verdicts in the order the bar and the legend show them, with their counts."""
    return (("won", summary.won), ("gave-up", summary.gave_up), ("unwinnable", summary.unwinnable))


def _rect(name: str, x: float, y: float, width: float, height: float) -> str:
    return (
        f'<rect class="crescent-chart-{name}" x="{x:.1f}" y="{y:.1f}" '
        f'width="{width:.1f}" height="{height:.1f}"/>'
    )


def _line(name: str, x1: float, y1: float, x2: float, y2: float) -> str:
    return (
        f'<line class="crescent-chart-{name}" x1="{x1:.1f}" y1="{y1:.1f}" '
        f'x2="{x2:.1f}" y2="{y2:.1f}"/>'
    )


def _figure(
    anchor: str, svg: str, legend: str, caption: str, equivalent: str, bins: Sequence[str] = ()
) -> str:
    """The chart with its legend, caption and text equivalent: `equivalent`, then `bins` (the
    histogram's bars in words), each kept on one line, so that no range breaks at its dash."""
    listed = f'<ul class="crescent-chart-legend">{legend}</ul>' if legend else ""
    text = escape(equivalent)
    if bins:
        spans = (f'<span class="crescent-chart-bin">{escape(item)}</span>' for item in bins)
        text += " " + "; ".join(spans) + "."
    return (
        f'<figure class="crescent-chart-figure" id="{anchor}" data-search-exclude>{svg}{listed}'
        f'<figcaption><span class="crescent-caption">{escape(caption)}</span> '
        f'<span class="crescent-text-equivalent">{text}</span></figcaption></figure>'
    )


def _nice_ceiling(value: int) -> int:
    """The smallest of 1, 2, 5 times a power of ten at or above `value`."""
    power: int = 10 ** max(0, len(str(value)) - 1)
    return next(factor * power for factor in (1, 2, 5, 10) if factor * power >= value)


def _number(words: Catalog, value: float) -> str:
    """A count that may end in .5 (a median), with the language's decimal sign."""
    return words.decimal(f"{value:g}")
