"""Cumulative layout shift stays at or under 0.05 on every page in every language.

Measured as Chromium reports it (PerformanceObserver 'layout-shift', shifts without
recent input, all of them added up: at least the CLS of any session window) from
the first paint until the page's live content runs; and the box of every live board
as high once live as when the page was parsed. Pages with live content at a
phone's 390x844 and a laptop's 1280x800; the others at 390x844, where text wraps
most and a shift moves the most lines.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from crescent.i18n import LANGUAGES
from tests.browser.conftest import READY_MS

pytestmark = pytest.mark.browser

LIMIT = 0.05
LIVE = {
    "": "[data-crescent-demo]",
    "play/": "[data-crescent-game]",
    "examples/": "[data-crescent-viewer]",
}
STATIC = ("about/", "codes/", "win-rate/", "translators/", "translation-status/")
WATCH = """
window.crescentShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) {
      const nodes = entry.sources.map((source) => source.node && source.node.nodeName);
      window.crescentShifts.push({ value: entry.value, nodes });
    }
  }
}).observe({ type: "layout-shift", buffered: true });
const crescentLive = "[data-crescent-demo], [data-crescent-game], [data-crescent-viewer]";
window.crescentBoxes = () => [...document.querySelectorAll(crescentLive)].map(
  (root) => Math.round(root.getBoundingClientRect().height),
);
document.addEventListener("DOMContentLoaded", () => {
  window.crescentFirstBoxes = window.crescentBoxes();
});
"""
SETTLED = """() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(
  () => setTimeout(() => resolve(window.crescentShifts), 0))))"""


def _context(browser: Browser, width: int, height: int) -> BrowserContext:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(WATCH)
    return context


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = _context(browser, 390, 844)
    yield context
    context.close()


@pytest.fixture(scope="module")
def laptop(browser: Browser) -> Iterator[BrowserContext]:
    context = _context(browser, 1280, 800)
    yield context
    context.close()


def shift_of(context: BrowserContext, url: str, live: str | None) -> tuple[float, list[object]]:
    """The page's summed layout shift once its live content (if any) runs."""
    page = context.new_page()
    try:
        page.goto(url)
        if live is not None:
            expect(page.locator(live).last).to_have_attribute(
                "data-state", "ready", timeout=READY_MS
            )
        page.wait_for_load_state("load")
        shifts = page.evaluate(SETTLED)
    finally:
        page.close()
    return sum(shift["value"] for shift in shifts), shifts


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", list(LIVE))
def test_live_pages_keep_their_layout(
    server: str, phone: BrowserContext, laptop: BrowserContext, lang: str, path: str
) -> None:
    prefix = "" if lang == "en" else f"{lang}/"
    for context in (phone, laptop):
        total, shifts = shift_of(context, f"{server}/{prefix}{path}", LIVE[path])
        assert total <= LIMIT, (context.pages, shifts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_other_pages_keep_their_layout(server: str, phone: BrowserContext, lang: str) -> None:
    prefix = "" if lang == "en" else f"{lang}/"
    for path in (*STATIC, "404.html"):
        total, shifts = shift_of(phone, f"{server}/{prefix}{path}", None)
        assert total <= LIMIT, (path, shifts)
