"""The Win rate page's account of its study: coverage, the deals to look at, the times."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.i18n import catalog
from crescent.solver.results import Result, parse_later, read_study, summarize
from crescent_site.charts import TIME_EDGES, percent
from crescent_site.study import OPEN_UP_TO, one_deal_decimals, render_win_deals
from tests.site.conftest import LANGUAGES, ROOT, build_site, page_path
from tests.site.html import Element, parse

STUDY = summarize(read_study(ROOT / "results" / "winrate-100000"))


def page(site: Path, lang: str) -> Element:
    return parse(page_path(site, lang, "win-rate/").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_says_which_deals_it_covers_and_links_the_undecided(site: Path, lang: str) -> None:
    words = catalog(lang)
    study = page(site, lang).find("div", **{"class": "crescent-study"})
    coverage = study.find("p", **{"class": "crescent-study-coverage"}).text
    assert coverage == words.format(
        "winrate.coverage", deals=words.grouped(STUDY.deals), first=STUDY.first, last=STUDY.last
    )
    assert STUDY.undecided  # the committed study has deals without an answer
    listed = study.find("ul", **{"data-crescent-deals": "gave-up"})
    folded = study.find("details", **{"class": "crescent-study-more"})
    assert len(STUDY.undecided) > OPEN_UP_TO, "the large study's list is long"
    assert folded.find("summary").text == words.format(
        "winrate.list.gave-up", deals=words.grouped(len(STUDY.undecided))
    )
    assert folded.find("ul", **{"data-crescent-deals": "gave-up"}) is not None
    links = listed.find_all("a")
    assert [link.text for link in links] == list(STUDY.undecided)
    assert [link.attrs["href"] for link in links] == [
        f"../play/?code={code}" for code in STUDY.undecided
    ]
    assert all(link.attrs["dir"] == "ltr" for link in links)
    text = study.text
    assert words.format("winrate.list.unwinnable", deals=words.grouped(STUDY.unwinnable)) in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_charts_the_time_to_an_answer(site: Path, lang: str) -> None:
    words = catalog(lang)
    figure = page(site, lang).find("figure", id="crescent-win-times")
    assert figure.find("svg").attrs["aria-label"] == words.text("winrate.times-label")
    bars = figure.find_all("rect", **{"class": "crescent-chart-won"})
    assert 1 < len(bars) <= len(TIME_EDGES)
    caption = figure.find("figcaption").text
    assert words.grouped(len(STUDY.decided_seconds)) in caption


def test_a_short_list_of_deals_stays_open() -> None:
    small = summarize(read_study(ROOT / "results" / "winrate-1000.tsv"))
    assert 0 < len(small.undecided) <= OPEN_UP_TO
    html = parse(render_win_deals(small, "he"))
    assert not html.find_all("details")
    listed = html.find("ul", **{"data-crescent-deals": "gave-up"})
    assert [link.text for link in listed.find_all("a")] == list(small.undecided)


LATER = parse_later(
    (ROOT / "results" / "winrate-100000-later.tsv").read_text(encoding="utf-8"), STUDY.undecided
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_deals_decided_since_follow_by_verdict_with_the_rate_counting_them(
    site: Path, lang: str
) -> None:
    words = catalog(lang)
    study = page(site, lang).find("div", **{"class": "crescent-study"})
    for verdict in ("won", "unwinnable"):
        codes = [result.code for result in LATER if result.verdict == verdict]
        assert codes, f"the committed later file has a deal {verdict} since"
        listed = study.find("ul", **{"data-crescent-deals": f"later-{verdict}"})
        assert [link.text for link in listed.find_all("a")] == codes
        assert [link.attrs["href"] for link in listed.find_all("a")] == [
            f"../play/?code={code}" for code in codes
        ]
        heading = words.format(f"winrate.later.{verdict}", deals=words.grouped(len(codes)))
        assert heading in study.text
    # the study proved none unwinnable, but it does not say "none so far" of them
    assert not STUDY.unwinnable and words.text("winrate.list.none") not in study.text
    since = STUDY.since(LATER)
    assert since.won > STUDY.won and since.gave_up < STUDY.gave_up
    assert study.find("p", **{"class": "crescent-study-since"}).text == words.format(
        "winrate.later.summary",
        won=words.grouped(since.won),
        unwinnable=words.grouped(since.unwinnable),
        gave_up=words.grouped(since.gave_up),
        low=percent(words, since.low, 3),
        high=percent(words, since.high, 3),
    )
    # with a deal proven unwinnable, the upper bound is short of 100% and reads so
    assert since.unwinnable and percent(words, since.high, 3) != percent(words, 1.0, 3)


def test_a_later_line_for_a_deal_the_study_decided_fails_the_build_with_file_and_line(
    project_copy: Path, tmp_path: Path
) -> None:
    later = project_copy / "results" / "winrate-100000-later.tsv"
    text = later.read_text(encoding="utf-8")
    later.write_text(text + "CR1-N-AAAAAAA\tgave-up\t0\t-\t9\n")
    line = len(text.splitlines()) + 1
    done = build_site(tmp_path / "site", project=project_copy)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert (
        f"results/winrate-100000-later.tsv:{line}: CR1-N-AAAAAAA is not a deal the study left "
        "without an answer" in done.stderr
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_once_no_deal_is_open_the_page_states_the_exact_rate(lang: str) -> None:
    """Every deal the study left open decided since (here: all won but one, proven
    unwinnable): the page gives the rate, no longer its bounds."""
    decided = [Result(code, "won", 150, None, 1) for code in STUDY.undecided[1:]]
    later = (Result(STUDY.undecided[0], "unwinnable", 0, None, 1), *decided)
    words = catalog(lang)
    html = parse(render_win_deals(STUDY, lang, later))
    since = STUDY.since(later)
    assert since.gave_up == 0 and since.won + since.unwinnable == STUDY.deals
    rate = percent(words, since.won / STUDY.deals, 3)
    assert html.find("p", **{"class": "crescent-study-since"}).text == words.format(
        "winrate.later.exact",
        won=words.grouped(since.won),
        unwinnable=words.grouped(since.unwinnable),
        rate=rate,
    )
    assert rate in html.text and percent(words, 1.0, 3) not in html.text


def test_the_rate_with_the_deals_decided_since_shows_one_deal() -> None:
    assert [one_deal_decimals(deals) for deals in (20, 100, 1000, 100_000)] == [0, 0, 1, 3]
