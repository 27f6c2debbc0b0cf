"""The Win rate page's charts on their own, without a site build: small made-up results."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from crescent.i18n import LANGUAGES, catalog
from crescent.solver.results import HEADER, Summary, parse_results, summarize
from crescent_site.charts import (
    BIN,
    RATE_DECIMALS,
    percent,
    render_win_lengths,
    render_win_rate,
    render_win_times,
)

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
ROWS = [
    "CR1-N-AAAAAAA\twon\t150\t0.100\t1000",
    "CR1-N-AAAAAAB\twon\t158\t0.300\t3000",
    "CR1-N-AAAAAAC\twon\t171\t0.300\t3000",
    "CR1-N-AAAAAAD\tgave-up\t0\t10.000\t90000",
    "CR1-N-AAAAAAE\tunwinnable\t0\t2.000\t6000",
]
SUMMARY: Summary = summarize(parse_results("\n".join([HEADER, *ROWS])))


def _figure(html: str) -> ET.Element:
    return ET.fromstring(html.replace("data-search-exclude", 'data-search-exclude=""'))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_win_rate_bar_splits_the_deals_by_verdict(lang: str) -> None:
    words = catalog(lang)
    figure = _figure(render_win_rate(SUMMARY, lang))
    svg = figure.find(f"{SVG}svg")
    assert svg is not None
    assert svg.attrib["aria-label"] == words.format("winrate.chart-label", deals=5)
    widths = {
        rect.attrib["class"]: float(rect.attrib["width"])
        for rect in svg.iter(f"{SVG}rect")
        if rect.attrib["class"] != "crescent-chart-track"
    }
    track = next(r for r in svg.iter(f"{SVG}rect") if r.attrib["class"] == "crescent-chart-track")
    whole = float(track.attrib["width"])
    assert widths["crescent-chart-won"] == pytest.approx(whole * 3 / 5, abs=0.1)
    assert widths["crescent-chart-gave-up"] == pytest.approx(whole / 5, abs=0.1)
    legend = ["".join(item.itertext()) for item in figure.iter("li")]
    assert legend[0] == words.format(
        "winrate.legend.won", deals=3, share=percent(words, 0.6, RATE_DECIMALS)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lengths_histogram_counts_each_won_deal_in_its_bin(lang: str) -> None:
    words = catalog(lang)
    figure = _figure(render_win_lengths(SUMMARY, lang))
    bars = [r for r in figure.iter(f"{SVG}rect") if r.attrib["class"] == "crescent-chart-won"]
    heights = [float(bar.attrib["height"]) for bar in bars]
    assert len(bars) == (171 - 150 // BIN * BIN) // BIN + 1
    assert heights == [2 * heights[-1], 0.0, heights[-1]] and heights[-1] > 0
    equivalent = "".join(figure.find("figcaption").itertext())  # type: ignore[union-attr]
    assert words.format("winrate.bin", low=150, high=150 + BIN - 1, deals=2) in equivalent
    assert words.format("winrate.bin", low=170, high=170 + BIN - 1, deals=1) in equivalent


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_bar_in_words_is_kept_on_one_line(lang: str) -> None:
    """A range such as "150–159 moves: 2" broke at its dash on a phone (and in Hebrew then
    read as two numbers apart): each bar's words are one item, which crescent.css keeps whole."""
    words = catalog(lang)
    for render, first in (
        (render_win_lengths, words.format("winrate.bin", low=150, high=150 + BIN - 1, deals=2)),
        (render_win_times, None),
    ):
        figure = _figure(render(SUMMARY, lang))
        items = [
            span.text for span in figure.iter("span") if span.get("class") == "crescent-chart-bin"
        ]
        assert len(items) >= 2
        equivalent = "".join(figure.find("figcaption").itertext())  # type: ignore[union-attr]
        assert equivalent.endswith("; ".join(items) + ".")  # type: ignore[arg-type]
        if first is not None:
            assert items[0] == first
    css = (ROOT / "docs/assets/crescent.css").read_text(encoding="utf-8")
    assert ".crescent-chart-bin { white-space: nowrap; }" in css


def test_no_wins_is_said_not_drawn() -> None:
    lost = summarize(parse_results("\n".join([HEADER, ROWS[3], ROWS[4]])))
    figure = _figure(render_win_lengths(lost, "he"))
    assert list(figure.iter(f"{SVG}svg")) == []
    assert catalog("he").text("winrate.no-wins") in "".join(figure.itertext())


@pytest.mark.parametrize(
    ("lang", "grouped"),
    [("en", "100,000"), ("bg", "100\u00a0000"), ("he", "100,000"), ("ru", "100\u00a0000"),
     ("tr", "100.000")],
)  # fmt: skip
def test_counts_group_their_digits_as_the_language_does(lang: str, grouped: str) -> None:
    assert catalog(lang).grouped(100_000) == grouped
    assert catalog(lang).grouped(999) == "999"
    rate = percent(catalog(lang), 0.99788, RATE_DECIMALS)
    assert rate.replace(",", ".").replace("%", "").strip() == "99.79"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_histograms_axes_group_digits_as_the_text_does(lang: str) -> None:
    many = [f"CR1-N-{number:07d}\twon\t150\t0.100\t1000" for number in range(12_000)]
    summary = summarize(parse_results("\n".join([HEADER, *many])))
    labels = [
        "".join(text.itertext())
        for text in _figure(render_win_lengths(summary, lang)).iter(f"{SVG}text")
    ]
    assert catalog(lang).grouped(20_000) in labels
    assert catalog(lang).grouped(10_000) in labels
