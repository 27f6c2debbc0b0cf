"""The Win rate page's charts: the win rate with its bounds, and how long winning lines are.

Each chart is an HTML figure: an inline SVG whose words come from the catalogs
of the page's language, a legend and a text equivalent that say the same in
sentences. Colours come from classes that `docs/assets/crescent.css` sets for
light and dark; labels use `currentColor`. Numbers read left to right in every
language, so the axes are never mirrored; only the words follow the page's
direction.
"""

from __future__ import annotations

import math
import statistics

from crescent.i18n import RTL, Catalog, catalog
from crescent.render.markup import escape
from crescent_site.winrate import Summary

WIDTH = 480
"""Width of both charts, in the units of their labels' font size (see crescent.css)."""
BAR_WIDTH = 420
BAR_LEFT = 30
BIN = 10
"""Moves per bar of the lengths histogram."""
PUBLISHERS_GUESS = 0.30
"""The one published guess, for the easier four-redeal variant."""


def percent(words: Catalog, share: float, decimals: int = 1) -> str:
    """`99.8%`, `99,8 %` or `%99,8`, as the language writes a percentage."""
    value = f"{share * 100:.{decimals}f}".replace(".", words.text("number.decimal"))
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
    label = words.format("winrate.chart-label", deals=summary.deals)
    parts = []
    left = 0.0
    for name, count in _shares(summary):
        width = BAR_WIDTH * count / summary.deals
        if count:
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
        + escape(words.format(f"winrate.legend.{name}", deals=count, share=share))
        + "</li>"
        for name, count in _shares(summary)
        for share in [percent(words, count / summary.deals)]
    )
    sentence = words.format(
        "winrate.summary",
        deals=summary.deals,
        won=summary.won,
        unwinnable=summary.unwinnable,
        gave_up=summary.gave_up,
        low=percent(words, summary.low),
        high=percent(words, summary.high),
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
    for count in moves:
        bins[(count - first) // BIN] += 1
    top = _nice_ceiling(max(bins))
    left, right, floor, ceiling = 56.0, WIDTH - 12.0, 210.0, 24.0
    step = (right - left) / len(bins)
    parts = []
    for index, deals in enumerate(bins):
        height = (floor - ceiling) * deals / top
        parts.append(_rect("won", left + index * step + 1, floor - height, step - 2, height))
    every = max(1, math.ceil(len(bins) / 8))
    for index in range(0, len(bins) + 1, every):
        x = left + index * step
        parts.append(_line("axis", x, floor, x, floor + 5))
        parts.append(_text(x, floor + 20, str(first + index * BIN), lang))
    for fraction in (0, 0.5, 1):
        y = floor - (floor - ceiling) * fraction
        parts.append(_line("grid", left, y, right, y))
        parts.append(_text(left - 8, y + 5, str(round(top * fraction)), lang, edge="right"))
    median = statistics.median(moves)
    x = left + (median - first) / BIN * step
    parts.append(_line("guess", x, ceiling - 8, x, floor))
    parts.append(
        _text(
            x + 6,
            ceiling - 10,
            words.format("winrate.median", moves=_number(words, median)),
            lang,
            edge="left",
        )
    )
    parts.append(_text((left + right) / 2, floor + 44, words.text("winrate.axis-moves"), lang))
    middle = (floor + ceiling) / 2
    turned = f' transform="rotate(-90 18 {middle:.1f})"'
    parts.append(_text(18, middle, words.text("winrate.axis-deals"), lang, extra=turned))
    svg = (
        f'<svg class="crescent-chart" viewBox="0 0 {WIDTH} 264" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        + "".join(parts)
        + "</svg>"
    )
    sentence = words.format(
        "winrate.lengths-summary",
        shortest=min(moves),
        median=_number(words, median),
        longest=max(moves),
    )
    listed = "; ".join(
        words.format("winrate.bin", low=first + i * BIN, high=first + i * BIN + BIN - 1, deals=d)
        for i, d in enumerate(bins)
        if d
    )
    return _figure("crescent-win-lengths", svg, "", label, f"{sentence} {listed}.")


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


def _figure(anchor: str, svg: str, legend: str, caption: str, equivalent: str) -> str:
    listed = f'<ul class="crescent-chart-legend">{legend}</ul>' if legend else ""
    return (
        f'<figure class="crescent-chart-figure" id="{anchor}" data-search-exclude>{svg}{listed}'
        f'<figcaption><span class="crescent-caption">{escape(caption)}</span> '
        f'<span class="crescent-text-equivalent">{escape(equivalent)}</span></figcaption></figure>'
    )


def _nice_ceiling(value: int) -> int:
    """The smallest of 1, 2, 5 times a power of ten at or above `value`."""
    power: int = 10 ** max(0, len(str(value)) - 1)
    return next(factor * power for factor in (1, 2, 5, 10) if factor * power >= value)


def _number(words: Catalog, value: float) -> str:
    """A count that may end in .5 (a median), with the language's decimal sign."""
    text = f"{value:g}"
    return text.replace(".", words.text("number.decimal"))
