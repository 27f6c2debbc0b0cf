"""The real five-language site, built in strict mode: languages, diagrams, ids, seed facts."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from crescent.cards import Card
from crescent.i18n import NO_BREAK_SPACE, catalog
from crescent.languages import language
from crescent.places import FOUNDATIONS, PILES
from crescent.record import Record
from crescent.render.text import text_equivalent
from crescent.solver.results import read_study, summarize
from crescent.timeline import key_moments, moment, steps
from crescent_site.charts import RATE_DECIMALS, percent
from tests.site.conftest import (
    LANGUAGES,
    PAGES,
    ROOT,
    build_site,
    one_language,
    page_path,
    written_in,
)
from tests.site.html import Element, parse
from translations import ui
from translations.project import Project

RECORD = Record.loads((ROOT / "docs/examples/won-game.json").read_text(encoding="utf-8"))
STEPS = steps(RECORD)
RULES_MOMENTS = ("before-move-10", "before-redeal-1", "after-redeal-1")


def page(site: Path, lang: str, name: str) -> Element:
    return parse(page_path(site, lang, name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_every_page_has_its_language_and_direction(site: Path, lang: str, name: str) -> None:
    document = page(site, lang, name)
    assert document.find("html").attrs["lang"] == lang
    assert document.find("body").attrs["dir"] == language(lang).direction


@pytest.mark.parametrize("name", PAGES)
def test_heading_ids_are_the_same_in_every_language(site: Path, name: str) -> None:
    def ids(lang: str) -> list[str]:
        article = page(site, lang, name).find("article")
        return [h.attrs.get("id", "") for h in article.iter() if re.fullmatch(r"h[1-6]", h.tag)]

    english = ids("en")
    assert english and all(english)
    for lang in LANGUAGES[1:]:
        assert ids(lang) == english


def _check_diagram(figure: Element, moment_name: str, lang: str) -> None:
    position = moment(STEPS, moment_name)
    piles = figure.find_all("g", data_pile=True)
    foundations = figure.find_all("g", data_foundation=True)
    assert [g.attrs["data-pile"] for g in piles] == [str(n) for n in range(1, 17)]
    assert [g.attrs["data-foundation"] for g in foundations] == [p.text for p in FOUNDATIONS]
    for group, place in zip(piles + foundations, (*PILES, *FOUNDATIONS), strict=True):
        assert group.attrs["data-count"] == str(position.count(place))
        top = position.top(place)
        assert group.attrs["data-top"] == (str(top) if top is not None else "")
    shown = figure.find("span", **{"class": "crescent-text-equivalent"}).text
    assert shown.endswith(text_equivalent(position, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_show_the_three_diagrams_of_the_example_game(site: Path, lang: str) -> None:
    document = page(site, lang, "")
    for moment_name in RULES_MOMENTS:
        figure = document.find("figure", id=f"diagram-won-game-{moment_name}")
        _check_diagram(figure, moment_name, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_examples_show_the_key_moments_and_every_step(site: Path, lang: str) -> None:
    document = page(site, lang, "examples/")
    for moment_name in key_moments(STEPS):
        _check_diagram(
            document.find("figure", id=f"diagram-won-game-{moment_name}"), moment_name, lang
        )
    items = document.find("ol", **{"class": "crescent-moves"}).find_all("li")
    assert [item.attrs["id"] for item in items] == [step.anchor for step in STEPS]
    assert RECORD.code.text in document.find("p", **{"class": "crescent-code"}).text


HEBREW_SEED = ROOT / "tests" / "fixtures" / "data" / "hebrew-seed-diagrams.txt"
HEBREW_MOMENTS = ("before-move-10", "before-redeal-1", "after-redeal-1")
"""The moments the Hebrew seed's three diagram descriptions show, in the file's order."""


def _hebrew_seed_terms(text: str) -> str:
    """The seed's words in the glossary's terms (notes/glossary-decisions.md)."""
    text = re.sub(r"(?<!\S)עלה(?=[\s,;.:])", "ספייד", text)  # spade: one word, not "above"
    text = re.sub(r"בסיס יורד(?!ת)", "קרן יורדת", text)
    text = re.sub(r"קלף 1(?!\d)", "קלף אחד", text)  # as in the seed's third diagram
    return text.replace("בסיס", "קרן").replace("עמודה", "ערימה")


@pytest.mark.parametrize("name", ["", "examples/"])
def test_the_hebrew_pages_show_the_hebrew_seeds_diagrams(site: Path, name: str) -> None:
    lines = HEBREW_SEED.read_text(encoding="utf-8").splitlines()
    seed = [line for line in lines if not line.startswith("#")]
    document = page(site, "he", name)
    for moment_name, description in zip(HEBREW_MOMENTS, seed, strict=True):
        figure = document.find("figure", id=f"diagram-won-game-{moment_name}")
        shown = figure.find("span", **{"class": "crescent-text-equivalent"}).text
        shown = shown.replace(NO_BREAK_SPACE, " ")  # numbers held to their words
        assert shown.endswith(_hebrew_seed_terms(description)), moment_name


def test_diagram_labels_are_in_the_page_language(site: Path) -> None:
    for lang in LANGUAGES:
        figure = page(site, lang, "").find("figure", id="diagram-won-game-before-move-10")
        labels = [t.text for t in figure.find_all("text")]
        assert catalog(lang).cards(6) in labels
    hebrew = page(site, "he", "").find("figure", id="diagram-won-game-before-move-10")
    assert any(t.attrs.get("direction") == "rtl" for t in hebrew.find_all("text"))


QUOTED = (
    "reason.pile-full",
    "reason.same-suit",
    "reason.adjacent-rank",
    "reason.empty-pile",
    "reason.base-locked",
    "redeal.none",
)
SEED_FACTS = {
    "en": ("A♠", "K♠", "2♥ 9♣ J♦ J♦", "9♣ J♦ J♦ 2♥", "CR1-N-AAAAAAB"),
    "bg": ("A♠", "R♠", "2♥ 9♣ V♦ V♦", "9♣ V♦ V♦ 2♥", "CR1-N-AAAAAAB"),
    "he": ("A♠", "R♠", "2♥ 9♣ V♦ V♦", "9♣ V♦ V♦ 2♥", "CR1-N-AAAAAAB"),
    "ru": ("Т♠", "К♠", "2♥ 9♣ В♦ В♦", "9♣ В♦ В♦ 2♥", "CR1-N-AAAAAAB"),
    "tr": ("A♠", "K♠", "2♥ 9♣ V♦ V♦", "9♣ V♦ V♦ 2♥", "CR1-N-AAAAAAB"),
}
"""The seeds' facts as the rules page of each language these tests know writes them."""


def _seed_facts(lang: str) -> tuple[str, ...]:
    """The seeds' facts in `lang`: as these tests know them, else in the engine's notation."""
    if lang in SEED_FACTS:
        return SEED_FACTS[lang]
    card = catalog(lang).card
    runs = ("2H 9C JD JD", "9C JD JD 2H")
    return (
        card(Card.parse("AS")),
        card(Card.parse("KS")),
        *(" ".join(card(Card.parse(c)) for c in run.split()) for run in runs),
        "CR1-N-AAAAAAB",
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_quote_the_seed_facts_and_the_catalog_messages(site: Path, lang: str) -> None:
    source = written_in(lang, "")  # an untranslated rules page is the English one
    text = page(site, lang, "").find("article").text
    for fact in _seed_facts(source):
        assert fact in text, fact
    for number in ("10", "14", "104", "13", "100"):
        assert number in text
    words = catalog(source)
    for key in QUOTED:
        assert words.text(key) in text, key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_link_to_the_steps_they_cite(site: Path, lang: str) -> None:
    links = [a.attrs.get("href", "") for a in page(site, lang, "").find("article").find_all("a")]
    assert any(href.endswith("examples/#move-10") for href in links)
    assert any(href.endswith("examples/#redeal-1") for href in links)


def test_each_language_searches_its_own_index(site: Path) -> None:
    root = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    assert all(not doc["location"].startswith(("bg/", "he/", "ru/", "tr/")) for doc in root["docs"])
    hebrew = json.loads((site / "he/search/search_index.json").read_text(encoding="utf-8"))
    assert hebrew["docs"] and any("ערימה" in doc["text"] for doc in hebrew["docs"])
    assert hebrew["config"]["lang"] == ["en"], "lunr's other trimmers strip Hebrew letters"
    html = page_path(site, "he", "about/").read_text(encoding="utf-8")
    assert '"base": "../../he/"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_its_404_page(site: Path, lang: str) -> None:
    path = site / ("404.html" if lang == "en" else f"{lang}/404.html")
    document = parse(path.read_text(encoding="utf-8"))
    assert document.find("html").attrs["lang"] == lang
    link = document.find("article").find("a")
    assert link.attrs["href"] == ("/" if lang == "en" else f"/{lang}/")
    # The language selector leads to each language's home page (the Hebrew, Russian and
    # Turkish ones led to the last page built: /ru/win-rate/), and no alternate in the
    # head sends Material after a sitemap (five 404s in the console).
    homes = {a.attrs["hreflang"]: a.attrs["href"] for a in document.find_all("a", hreflang=True)}
    assert homes == {other: "/" if other == "en" else f"/{other}/" for other in LANGUAGES}
    assert not document.find_all("link", rel="alternate")
    # It has no live part: none of the page scripts but search's, nor their modules.
    sources = [script.attrs["src"] for script in document.find_all("script", src=True)]
    assert [src.rsplit("/", 1)[1] for src in sources if "/js/" in src] == ["search.js"]


def test_the_sitemap_names_every_language_once_site_url_is_set(addressed_site: Path) -> None:
    sitemap = (addressed_site / "sitemap.xml").read_text(encoding="utf-8")
    locations = re.findall(r"<loc>([^<]*)</loc>", sitemap)
    assert locations and all(loc.startswith("https://crescent.test/") for loc in locations)
    entry = next(
        block
        for block in sitemap.split("<url>")
        if "<loc>https://crescent.test/he/about/<" in block
    )
    alternates = dict(re.findall(r'hreflang="([^"]*)" href="([^"]*)"', entry))
    written = [lang for lang in LANGUAGES if written_in(lang, "about/") == lang]
    assert alternates == {
        **{lang: "https://crescent.test/" + page_path(Path(), lang, "about/").parent.as_posix()
           + "/" for lang in written},
        "x-default": "https://crescent.test/about/",
    }  # fmt: skip
    # a page a language shows in English is no page in that language: the English-only
    # status page is listed once, with no other language
    status = [loc for loc in locations if loc.endswith("/translation-status/")]
    assert status == ["https://crescent.test/translation-status/"]
    assert sitemap.count("translation-status/") == 3  # its <loc>, hreflang en, x-default
    packed = gzip.decompress((addressed_site / "sitemap.xml.gz").read_bytes())
    assert packed.decode("utf-8") == sitemap


def test_without_site_url_there_is_no_sitemap_of_unknown_addresses(site: Path) -> None:
    assert not (site / "sitemap.xml").exists() and not (site / "sitemap.xml.gz").exists()
    assert not list(site.glob("*/sitemap.xml"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_head_sends_material_after_alternate_sitemaps(site: Path, lang: str) -> None:
    """Material fetches <alternate>/sitemap.xml for each <link rel=alternate>: 404s."""
    for name in PAGES:
        html = page_path(site, lang, name).read_text(encoding="utf-8")
        assert '<link rel="alternate"' not in html
        assert 'hreflang="he"' in html  # the language selector's links stay


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_carries_a_strict_content_security_policy(site: Path, lang: str) -> None:
    from crescent_site.csp import policy

    for name in PAGES:
        html = page_path(site, lang, name).read_text(encoding="utf-8")
        found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
        assert len(found) == 1
        rules = dict(rule.split(" ", 1) for rule in found[0].split("; "))
        assert rules["default-src"] == "'self'"
        assert "'unsafe-inline'" not in found[0] and "'unsafe-eval'" not in found[0]
        assert "'wasm-unsafe-eval'" in rules["script-src"]
        assert found[0] == policy(html), "every inline script is allowed by its hash, no other"
        assert html.index("Content-Security-Policy") < html.index("<script")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_viewer_shows_the_deal_without_javascript(site: Path, lang: str) -> None:
    viewer = page(site, lang, "examples/").find("div", data_crescent_viewer="won-game")
    assert viewer.attrs["data-step"] == "start" and viewer.attrs["data-state"] == "loading"
    piles = viewer.find_all("g", data_pile=True)
    assert [g.attrs["data-count"] for g in piles] == ["6"] * 16
    assert Record.loads(viewer.find("script").text) == RECORD
    bar = viewer.find("div", **{"class": "crescent-viewer-bar"})
    assert "hidden" in bar.attrs
    labels = [b.attrs["aria-label"] for b in bar.find_all("button")]
    assert labels == [
        catalog(lang).text(f"viewer.{a}") for a in ("first", "previous", "next", "last")
    ]


WIN_RATE = summarize(read_study(ROOT / "results/winrate-100000"))
"""The large study as far as it has run: the Win rate page shows it."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_win_rate_page_charts_the_committed_results(site: Path, lang: str) -> None:
    words = catalog(lang)
    document = page(site, lang, "win-rate/")
    rate = document.find("figure", id="crescent-win-rate")
    svg = rate.find("svg")
    deals = words.grouped(WIN_RATE.deals)
    assert svg.attrs["aria-label"] == words.format("winrate.chart-label", deals=deals)
    assert WIN_RATE.deals < 1000 or deals != str(WIN_RATE.deals), "digits grouped"
    legend = [item.text for item in rate.find("ul").find_all("li")]
    low, high = (percent(words, share, RATE_DECIMALS) for share in (WIN_RATE.low, WIN_RATE.high))
    won = words.grouped(WIN_RATE.won)
    assert legend[0] == words.format("winrate.legend.won", deals=won, share=low)
    shown = rate.find("span", **{"class": "crescent-text-equivalent"}).text
    assert low in shown and high in shown
    lengths = page(site, lang, "win-rate/").find("figure", id="crescent-win-lengths")
    bars = lengths.find_all("rect", **{"class": "crescent-chart-won"})
    assert len(bars) == (max(WIN_RATE.won_moves) - min(WIN_RATE.won_moves) // 10 * 10) // 10 + 1
    counted = re.findall(r"(\d+)–(\d+)[^:]*: ([\d,.\u00a0]+)", lengths.find("figcaption").text)
    assert sum(int(re.sub(r"\D", "", deals)) for _, _, deals in counted) == WIN_RATE.won


def test_a_link_to_a_missing_step_fails_the_build_naming_the_page(
    project_copy: Path, tmp_path: Path
) -> None:
    """The steps' anchors are drawn by a hook after MkDocs reads the page; MkDocs knows them
    (a link to `#move-10` passes every build), and a mistyped one stops the build. It is
    mistyped in English and Turkish alike: a translated block linking elsewhere than its
    English block is the toolkit's finding (tests/translations/test_links.py)."""
    for name in ("index.md", "index.tr.md"):
        page = project_copy / "docs" / name
        text = page.read_text(encoding="utf-8")
        assert "examples.md#move-10" in text
        text = text.replace("examples.md#move-10", "examples.md#move-01", 1)
        page.write_text(text, encoding="utf-8")
    done = build_site(tmp_path / "site", project=project_copy, env=one_language(page.name))
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "'index.tr.md' contains a link 'examples.md#move-01'" in done.stderr
    assert "does not contain an anchor '#move-01'" in done.stderr


def test_the_headers_file_sends_the_pages_policy_and_keeps_only_the_runtime(site: Path) -> None:
    from crescent_site.csp import carried
    from crescent_site.headers import FOREVER, VERSIONED, headers_for, parse_headers

    rules = parse_headers((site / "_headers").read_text(encoding="utf-8"))
    pages = sorted(site.rglob("*.html"))
    assert {f"{lang}/404.html" for lang in LANGUAGES[1:]} <= {
        page.relative_to(site).as_posix() for page in pages
    }, "the 404 pages are checked too"
    for page in pages:
        path = "/" + page.relative_to(site).as_posix()
        sent = headers_for(rules, path)["Content-Security-Policy"]
        assert sent == f"{carried(page.read_text(encoding='utf-8'))}; frame-ancestors 'none'", path
        assert "Cache-Control" not in headers_for(rules, path), "pages are fetched anew"
    assert "Cache-Control" not in headers_for(rules, "/sw.js"), "a new build is found"
    kept = {pattern for pattern, headers in rules if headers.get("Cache-Control") == FOREVER}
    assert kept == set(VERSIONED)
    runtime = [path for path in site.rglob("*") if path.is_file() and "assets" in path.parts]
    for pattern in VERSIONED:
        folder = site / pattern.strip("/*")
        versions = [child.name for child in folder.iterdir()]
        assert len(versions) == 1 and re.fullmatch(r"[0-9a-f]{16}|\d+\.\d+\.\d+", versions[0])
        assert any(folder in path.parents for path in runtime)


def test_pages_with_different_policies_stop_the_headers_file(tmp_path: Path) -> None:
    from crescent_site.headers import PolicyMismatch, site_policy

    (tmp_path / "a.html").write_text(with_policy_page("<script>a()</script>"), encoding="utf-8")
    (tmp_path / "b.html").write_text(with_policy_page("<script>b()</script>"), encoding="utf-8")
    with pytest.raises(PolicyMismatch) as raised:
        site_policy(sorted(tmp_path.glob("*.html")), tmp_path)
    assert "a.html: default-src" in str(raised.value) and "b.html: default-src" in str(raised.value)


def with_policy_page(body: str) -> str:
    """A small page carrying the policy for its own inline scripts."""
    from crescent_site.csp import with_policy

    return with_policy(f'<html><head><meta charset="utf-8"></head><body>{body}</body></html>')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_translation_status_says_it_is_in_english_only(site: Path, lang: str) -> None:
    """The translators' report is never translated: in every other language, a notice in
    that language says the page exists in English only, above the English text."""
    document = parse(page_path(site, lang, "translation-status").read_text(encoding="utf-8"))
    article = document.find("article")
    notices = article.find_all("p", **{"class": "tb-untranslated"})
    if lang == "en":
        assert notices == []
        return
    words = ui.words(Project.at(ROOT), lang)
    assert "untranslated.english-only" not in words.english, lang  # its own words
    assert [notice.text for notice in notices] == [words["untranslated.english-only"]]
    assert "lang" not in notices[0].attrs  # the page's language, as its <html> says
    assert article.find("div", lang="en").attrs["dir"] == "ltr"
