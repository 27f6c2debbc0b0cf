"""A whole horseshoe on a phone: pile numbers and card counts stay legible and apart; on a
phone on its side, each rule demo fits the screen with its message beside it."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from crescent.i18n import LANGUAGES
from tests.browser.conftest import IN_VIEW, READY_MS, new_context
from tests.site.conftest import lang_prefix

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const svg = document.querySelector(".crescent-diagram svg");
  const box = (selector) => [...svg.querySelectorAll(selector)].map((text) => {
    const r = text.getBoundingClientRect();
    return {left: r.left, right: r.right, height: r.height};
  });
  const top = [];
  for (let pile = 5; pile <= 12; pile++) {
    const r = svg.querySelector(`[data-pile="${pile}"] .cr-count`).getBoundingClientRect();
    top.push([r.left, r.right]);
  }
  return {counts: box(".cr-count"), numbers: box(".cr-number"), top,
          width: svg.getBoundingClientRect().width};
}"""


def measured(
    browser: Browser, url: str, script: str, size: ViewportSize | None = None
) -> dict[str, Any]:
    """What `script` answers on the page at `url`, on a phone (360 x 800 by default)."""
    page = browser.new_page(viewport=size or {"width": 360, "height": 800})
    page.goto(url)
    found: dict[str, Any] = page.evaluate(script)
    page.close()
    return found


@pytest.mark.parametrize("lang", ["en", "he", "bg"])
def test_labels_under_the_cards_are_legible_at_360_px(
    browser: Browser, server: str, lang: str
) -> None:
    found = measured(browser, f"{server}/{lang_prefix(lang)}examples/", MEASURE)
    assert found["width"] < 400  # the whole horseshoe, drawn at under half its size
    # drawn at their 13 and 16 units, their boxes were 8 and 9 px high (10 and 12 now)
    assert min(label["height"] for label in found["counts"]) >= 9
    assert min(label["height"] for label in found["numbers"]) >= 11
    spans = sorted(found["top"])  # the top row's counts, left to right in every language
    assert all(a[1] < b[0] for a, b in itertools.pairwise(spans))


DEMO_ON_SCREEN = (
    """(demo) => {
"""
    + IN_VIEW
    + """  const board = demo.querySelector("svg").getBoundingClientRect();
  const drawn = (g) => { // in the part of the horseshoe the demo shows (its viewBox)
    const r = g.getBoundingClientRect();
    return r.right > board.left && r.left < board.right && r.bottom > board.top
      && r.top < board.bottom;
  };
  const places = [...demo.querySelectorAll("[data-pile], [data-foundation]")].filter(drawn);
  const parts = [...places, demo.querySelector(".crescent-demo-message"),
    ...demo.querySelectorAll(".crescent-demo-controls button")];
  return {
    places: places.length,
    off: parts.filter((part) => !inView(part)).length,
    card: Math.min(...places.map((g) => g.querySelector("rect").getBoundingClientRect().width)),
  };
}"""
)
"""A demo's places shown (those in its part of the horseshoe), how many of them, of its
message and of its buttons are off the screen, and its narrowest card (px)."""
TO_THE_TOP = """(demo) => window.scrollTo(0,
  window.scrollY + demo.getBoundingClientRect().top
  - document.querySelector(".md-header").getBoundingClientRect().bottom)"""


@pytest.mark.parametrize("lang", ["en", "he"])
def test_each_demo_fits_a_phone_on_its_side_with_its_message(
    browser: Browser, server: str, lang: str
) -> None:
    """A move tried and the reason it is refused are seen together at 844x390."""
    context = new_context(browser, viewport={"width": 844, "height": 390}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server}/{lang_prefix(lang)}")
        demos = page.locator("[data-crescent-demo]")
        expect(demos.last).to_have_attribute("data-state", "ready", timeout=READY_MS)
        assert demos.count() >= 10
        for index in range(demos.count()):
            demo = demos.nth(index)
            demo.evaluate(TO_THE_TOP)
            page.wait_for_timeout(200)  # laid out once on screen (content-visibility: auto)
            found = demo.evaluate(DEMO_ON_SCREEN)
            name = demo.get_attribute("data-crescent-demo")
            assert found["places"] >= 4, name
            assert found["off"] == 0, f"{name}: {found}"
            assert found["card"] >= 30, f"{name}: {found}"
    finally:
        context.close()


SITE_NAME_ROOM = """() => {
  const name = document.querySelector(".md-header__topic .md-ellipsis");
  const text = name.firstChild;
  const word = text.textContent.trim().split(/[\\s:]/)[0];  // the game's name, first
  const range = document.createRange();
  const start = text.textContent.indexOf(word);
  range.setStart(text, start);
  range.setEnd(text, start + word.length);
  const style = getComputedStyle(name);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return {room: name.clientWidth, word: range.getBoundingClientRect().width,
          ellipsis: pen.measureText("\u2026").width};
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_shows_the_games_whole_name_at_320_px(
    browser: Browser, server: str, lang: str
) -> None:
    """QA: at 320 px the header's site name read "Crescen…", and "…rescent" in Hebrew."""
    about = f"{server}/{lang_prefix(lang)}about/"
    found = measured(browser, about, SITE_NAME_ROOM, {"width": 320, "height": 640})
    assert found["room"] >= found["word"] + found["ellipsis"], found  # the word, then "…"


HEADINGS_APART = """() => [...document.querySelectorAll("article :is(h1, h2, h3)")].flatMap((h) => {
  const link = h.querySelector(".headerlink");
  if (!link || !link.previousSibling) return [];
  const text = document.createRange();
  text.setStartBefore(h.firstChild);
  text.setEndAfter(link.previousSibling);
  const lines = [...text.getClientRects()];
  const last = lines[lines.length - 1];
  const mark = link.getBoundingClientRect();
  return mark.top >= last.bottom - 1 ? [h.textContent.trim()] : [];  // on a line of its own
})"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_heading_leaves_its_permalink_on_a_line_of_its_own(
    browser: Browser, server: str, site: Path, lang: str
) -> None:
    """QA: headings that filled their line on a phone had a 40 px gap under them, the
    hidden "¶" wrapped alone. Every page of the language, at two phone widths, as laid
    out before any script (the layout is the stylesheets')."""
    prefix = lang_prefix(lang)
    pages = sorted(
        path.parent.relative_to(site / prefix).as_posix()
        for path in (site / prefix).glob("*/index.html")
        if path.parent.name not in LANGUAGES and path.parent.name != "search"
    )
    assert "examples" in pages and "about" in pages
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        apart = []
        for width in (320, 390):
            page.set_viewport_size({"width": width, "height": 844})
            for name in ["", *pages]:
                page.goto(f"{server}/{prefix}{name}{'/' if name else ''}")
                apart += [(width, name, h) for h in page.evaluate(HEADINGS_APART)]
    finally:
        context.close()
    assert apart == []


CODE_LINES = """() => {
  const code = document.querySelector(".crescent-code code");
  const text = code.firstChild;
  const lines = [...code.getClientRects()];
  const split = [];
  let at = 0;
  for (const group of text.textContent.split("-")) {
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + group.length);
    if (range.getClientRects().length > 1) split.push(group);
    at += group.length + 1;
  }
  return {lines: lines.length, lefts: lines.map((r) => Math.round(r.left)), split};
}"""


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_example_games_code_wraps_between_piles_from_the_left(
    browser: Browser, server: str, lang: str
) -> None:
    """QA: the layout code broke inside a pile's cards, and in Hebrew its short last line
    stood at the right margin."""
    examples = f"{server}/{lang_prefix(lang)}examples/"
    found = measured(browser, examples, CODE_LINES, {"width": 390, "height": 844})
    assert found["lines"] > 1 and found["split"] == [], found
    assert len(set(found["lefts"])) == 1, found


def test_the_box_below_the_game_keeps_its_margins_on_a_phone(browser: Browser, server: str) -> None:
    """QA: the game takes the whole width of a phone, and the box of its code, record and
    statistics below it ran from edge to edge too: Material's rule on details outranked
    its margins."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{server}/play/")
        box = page.locator(".crescent-game-more").bounding_box()
    finally:
        context.close()
    assert box is not None and box["x"] >= 8 and box["x"] + box["width"] <= 390 - 8, box
