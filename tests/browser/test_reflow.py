"""WCAG's reflow: at 320 CSS px, a small phone's width, every page of every language reads
without sideways scrolling and cuts nothing off at the screen's edge. At that width a long
code path (`results/winrate-100000-suit-beams.tsv`, kept on one line) ran off the Win rate
page, and the Examples viewer's first step button went off the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Route

from tests.browser.conftest import new_context
from tests.site.conftest import LANGUAGES

pytestmark = pytest.mark.browser

PAGES = ("", "about/", "codes/", "examples/", "play/", "translators/", "win-rate/")
CUT_OFF = """() => {
  const width = document.documentElement.clientWidth;
  // Wide things that scroll inside a box of their own, as Material lets code blocks and
  // tables do; the drawings scale to their box.
  const scrolled = "pre, .md-typeset__scrollwrap, .highlight, svg, .md-sidebar, .md-search";
  const out = [...document.querySelectorAll(".md-content *, .md-header *")].filter((e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)
      && !e.closest(scrolled) && getComputedStyle(e).visibility !== "hidden"
      || e.matches(".crescent-viewer-bar *") && (box.right > width + 0.5 || box.left < -0.5);
  });
  return {
    sideways: document.documentElement.scrollWidth - width,
    out: out.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}: ${e.textContent.slice(0, 50)}`),
  };
}"""
"""How far the page scrolls sideways, and what of its content (and its header) lies past
the screen's edges: a viewer's bar, unseen until the engine is ready, counts too."""


def _no_engine(route: Route) -> None:
    route.abort()  # the layout holds the live parts' places from the start; no need to run


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_reads_at_320_px_without_sideways_scrolling(
    browser: Browser, server: str, lang: str
) -> None:
    context = new_context(browser, viewport={"width": 320, "height": 640}, has_touch=True)
    context.route("**/assets/pyodide/**", _no_engine)
    try:
        page = context.new_page()
        prefix = "" if lang == "en" else f"{lang}/"
        found = {}
        for name in PAGES:
            page.goto(f"{server}/{prefix}{name}", wait_until="load")
            measured = page.evaluate(CUT_OFF)
            if measured["sideways"] > 0 or measured["out"]:
                found[name or "rules"] = measured
        assert found == {}
    finally:
        context.close()
