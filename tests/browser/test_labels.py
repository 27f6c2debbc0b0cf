"""The pile number and the card count under each card never touch, in any language.

On a phone the classic diagrams draw both larger (crescent.css), and a Turkish and a
Bulgarian reader saw a pile's number sit on its count ("7" on "5 kart"). The gap is
measured on the letters themselves (the canvas's ink metrics in the page's own font),
not on the text boxes, which overlap by design.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from crescent.i18n import LANGUAGES
from tests.browser.conftest import each_live_page, new_context

pytestmark = pytest.mark.browser

GAP = 2.5
"""The least room, in drawing units, between a number's lowest ink and its count's top."""
TOUCHING = """(least) => {
  const context = document.createElement("canvas").getContext("2d");
  const ink = (text) => {
    const style = getComputedStyle(text);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const metrics = context.measureText(text.textContent);
    const shift = new DOMMatrix(getComputedStyle(text).transform === "none" ? undefined
      : getComputedStyle(text).transform).f;  // a phone moves the count down (crescent.css)
    const y = parseFloat(text.getAttribute("y")) + shift;
    return [y - metrics.actualBoundingBoxAscent, y + metrics.actualBoundingBoxDescent];
  };
  const found = [];
  for (const place of document.querySelectorAll(".crescent-svg [data-pile]")) {
    const number = place.querySelector(".cr-number");
    const count = place.querySelector(".cr-count");
    if (!number || !count || !number.getClientRects().length) continue;
    const gap = ink(count)[0] - ink(number)[1];
    if (gap < least) found.push(`${number.textContent} / ${count.textContent}: ${gap.toFixed(1)}`);
  }
  return [...new Set(found)];
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_piles_number_and_count_never_touch_on_a_phone(
    browser: Browser, server: str, lang: str
) -> None:
    context = new_context(browser, viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    touching = {}
    for name in each_live_page(page, server, lang, ("", "examples/")):  # Play: its own sizes
        page.evaluate("document.fonts.ready")
        assert page.locator(".crescent-svg .cr-count").count() > 10, name
        found = page.evaluate(TOUCHING, GAP)
        if found:
            touching[name or "rules"] = found
    context.close()
    assert touching == {}
