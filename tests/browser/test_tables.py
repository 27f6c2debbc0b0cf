"""A table wider than a phone says that it scrolls: a shadow on each side with more to see,
none on a side at its end, in both directions (docs/assets/crescent.css). The pixels are
Chromium's own screenshot, read back through a canvas."""

from __future__ import annotations

import base64

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import new_context
from tests.site.conftest import lang_prefix

pytestmark = pytest.mark.browser

WRAPPER = ".md-typeset__scrollwrap"
"""Material's scrolling box around a table (its script adds it)."""

EDGES = """async ([png, box]) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.drawImage(image, 0, 0);
  // per edge, the lightest pixel down a column just inside it: the background, where no
  // letter covers it
  const lightest = (x) => {
    let best = 0;
    for (let y = Math.ceil(box.y) + 4; y < Math.min(box.y + box.height, image.height) - 4; y++) {
      const [r, g, b] = context.getImageData(Math.round(x), y, 1, 1).data;
      best = Math.max(best, r + g + b);
    }
    return best;
  };
  return {left: lightest(box.x + 1), right: lightest(box.x + box.width - 2),
          page: lightest(box.x + box.width / 2) };
}"""
"""JavaScript: the lightest pixel (r + g + b) down the column just inside each side of
`box` in the screenshot `png` (base64), and down its middle."""


def edges(page: Page) -> dict[str, int]:
    """How light the table's two sides are, and its middle, as the screen shows them."""
    wrapper = page.locator(WRAPPER).first
    wrapper.scroll_into_view_if_needed()
    box = wrapper.bounding_box()
    assert box is not None
    png = base64.b64encode(page.screenshot()).decode("ascii")
    found: dict[str, int] = page.evaluate(EDGES, [png, box])
    return found


@pytest.mark.parametrize("lang", ["en", "he"])
def test_a_table_wider_than_the_phone_shows_a_shadow_where_it_scrolls(
    browser: Browser, server: str, lang: str
) -> None:
    context = new_context(browser, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server}/{lang_prefix(lang)}translators/")
    wrapper = page.locator(WRAPPER).first
    wrapper.wait_for()
    assert wrapper.evaluate("(e) => e.scrollWidth > e.clientWidth + 100")  # it scrolls
    start, end = ("left", "right") if lang == "en" else ("right", "left")
    at_start = edges(page)
    assert at_start[start] == at_start["page"], at_start  # nothing before it: no shadow
    assert at_start[end] < at_start["page"] - 30, at_start  # more to see that way
    wrapper.evaluate(  # to the end: to the left in Hebrew, where scrollLeft goes below 0
        "(e) => { e.scrollLeft = e.scrollWidth"
        " * (getComputedStyle(e).direction === 'rtl' ? -1 : 1); }"
    )
    at_end = edges(page)
    assert at_end[end] == at_end["page"], at_end
    assert at_end[start] < at_end["page"] - 30, at_end
    context.close()
