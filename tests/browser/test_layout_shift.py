"""Cumulative layout shift stays at or under 0.05 on every page in every language.

Measured as Chromium reports it (PerformanceObserver 'layout-shift', all shifts added
up: at least the CLS of any session window) from the first paint until the page's live
content runs; and the box of every live board as high once live as when the page was
parsed. Every page in every language on the 390x844 phone, where text wraps most and a
shift moves the most lines; pages with live content also on Lighthouse's phone (412x823
at its pixel ratio) and a laptop's 1280x800, in English and Hebrew (one language each
way; every Pyodide start costs seconds of CPU). A phone emulated as one (`is_mobile`)
lays a page out wider when anything hangs past the screen's edge, then shifts it all
back: Hebrew pages did (Material's language list, before its script ran). The tests
give no input, and Chromium marks the shifts of a page's first half second in an
emulated viewport as following input (`hadRecentInput`): like Lighthouse, which finds
no real input either, they count every shift.

Drawings off the screen are skipped until they come near it (content-visibility in
crescent.css); each keeps the box it has once drawn.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from crescent.i18n import LANGUAGES
from tests.browser.conftest import READY_MS, new_context
from tests.site.conftest import lang_prefix

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
    const nodes = entry.sources.map((source) => source.node && source.node.nodeName);
    window.crescentShifts.push({ value: entry.value, nodes });
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


def _context(
    browser: Browser, width: int, height: int, mobile: bool = False, scale: float = 1
) -> BrowserContext:
    context = new_context(
        browser,
        viewport={"width": width, "height": height},
        is_mobile=mobile,
        has_touch=mobile,
        device_scale_factor=scale,
    )
    context.add_init_script(WATCH)
    return context


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = _context(browser, 390, 844, mobile=True)
    yield context
    context.close()


@pytest.fixture(scope="module")
def lighthouse_phone(browser: Browser) -> Iterator[BrowserContext]:
    """The phone Lighthouse emulates (its mobile defaults: 412x823 at 1.75 pixel ratio)."""
    context = _context(browser, 412, 823, mobile=True, scale=1.75)
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
    server: str,
    phone: BrowserContext,
    lighthouse_phone: BrowserContext,
    laptop: BrowserContext,
    lang: str,
    path: str,
) -> None:
    prefix = lang_prefix(lang)
    contexts = (phone, lighthouse_phone, laptop) if lang in ("en", "he") else (phone,)
    for context in contexts:
        total, shifts = shift_of(context, f"{server}/{prefix}{path}", LIVE[path])
        assert total <= LIMIT, (context.pages, shifts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_other_pages_keep_their_layout(server: str, phone: BrowserContext, lang: str) -> None:
    prefix = lang_prefix(lang)
    for path in (*STATIC, "404.html"):
        total, shifts = shift_of(phone, f"{server}/{prefix}{path}", None)
        assert total <= LIMIT, (path, shifts)


DRAWINGS = """() => [...document.querySelectorAll(
  ".crescent-diagram .crescent-svg, .crescent-demo .crescent-svg")].map((svg) => {
  const box = svg.getBoundingClientRect();
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  return {
    viewBox: svg.getAttribute("viewBox"),
    skippable: getComputedStyle(svg).contentVisibility === "auto",
    width: box.width,
    height: box.height,
    natural: box.width * height / width,
  };
})"""


DRAWN = """async () => {
  const heights = [];
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (const svg of document.querySelectorAll(
    ".crescent-diagram .crescent-svg, .crescent-demo .crescent-svg")) {
    svg.scrollIntoView({ block: "center" });
    await frame();
    await frame();
    heights.push(svg.getBoundingClientRect().height);
  }
  return heights;
}"""


@pytest.mark.parametrize("lang", ["en", "he"])
@pytest.mark.parametrize("path", ["", "examples/"])
def test_drawings_off_screen_keep_their_box(
    server: str, lighthouse_phone: BrowserContext, lang: str, path: str
) -> None:
    page = lighthouse_phone.new_page()
    try:
        page.goto(f"{server}/{lang_prefix(lang)}{path}")
        page.wait_for_load_state("load")
        # Live boards redraw their drawing when the engine is ready: measure after that,
        # or a drawing measured before could be replaced while the page scrolls to it.
        expect(page.locator(LIVE[path]).last).to_have_attribute(
            "data-state", "ready", timeout=READY_MS
        )
        parsed = page.evaluate(DRAWINGS)
        # Every shape the pages draw is skippable: a new one needs its aspect ratio
        # in crescent.css, or the page restyles it on every change.
        assert parsed and all(drawing["skippable"] for drawing in parsed), [
            drawing["viewBox"] for drawing in parsed if not drawing["skippable"]
        ]
        for drawing in parsed:
            assert abs(drawing["height"] - drawing["natural"]) < 1, drawing
        drawn = page.evaluate(DRAWN)
        assert drawn == [drawing["height"] for drawing in parsed]
    finally:
        page.close()
