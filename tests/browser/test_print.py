"""The rules page printed (print media, then a real PDF from Chromium), English and Hebrew.

The diagrams and the live demos' drawings are kept, whole and within the paper's
width; every control is gone (buttons, the code and search fields, the header, tabs,
navigation and footer, the demos' messages about taps); Chromium's PDF of the page
is a real document of several pages.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.browser.conftest import READY_MS, open_page
from tests.site.conftest import lang_prefix

pytestmark = pytest.mark.browser

MAIN = ("en", "he")
LANG = [
    pytest.param(lang, marks=pytest.mark.xdist_group(f"print-{lang}"), id=lang) for lang in MAIN
]
PAPER_WIDTH_PX = 16 / 2.54 * 96
"""The widest a diagram may print (print.css: 16 cm, within A4 and Letter margins)."""
DIAGRAMS = ".crescent-diagram svg, [data-crescent-demo] svg"
FIGURES = ".crescent-diagram, [data-crescent-demo]"
CONTROLS = (
    "button, input, select, textarea, [data-action], .md-header, .md-tabs, .md-sidebar, "
    ".md-footer, .md-search, .md-top, .headerlink, .crescent-demo-message"
)

SHOWN = """([diagrams, figures, controls]) => {
  const shown = (e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  const name = (e) => e.tagName.toLowerCase() + (e.className.baseVal ?? e.className ?? "");
  return {
    diagrams: [...document.querySelectorAll(diagrams)].map((e) => {
      const box = e.getBoundingClientRect();
      return {shown: shown(e), width: box.width, height: box.height};
    }),
    breaks: [...document.querySelectorAll(figures)].map((e) => getComputedStyle(e).breakInside),
    controls: [...document.querySelectorAll(controls)].filter(shown).map(name),
  };
}"""


@pytest.mark.parametrize("lang", LANG)
def test_the_rules_print_with_their_diagrams_and_without_controls(
    context: BrowserContext, server: str, lang: str
) -> None:
    live = open_page(context, server, lang_prefix(lang))
    page = live.page
    demos = page.locator("[data-crescent-demo]")
    expect(demos.last).to_have_attribute("data-state", "ready", timeout=READY_MS)
    screen = page.evaluate(SHOWN, [DIAGRAMS, FIGURES, CONTROLS])
    assert screen["controls"], "on screen, the page has controls to hide"
    page.emulate_media(media="print")
    try:
        printed = page.evaluate(SHOWN, [DIAGRAMS, FIGURES, CONTROLS])
        assert len(printed["diagrams"]) == len(screen["diagrams"]) >= 12
        for diagram in printed["diagrams"]:
            assert diagram["shown"] and diagram["height"] > 100
            assert 200 < diagram["width"] <= PAPER_WIDTH_PX + 1
        assert set(printed["breaks"]) == {"avoid"}, "a figure is never cut across two sheets"
        assert printed["controls"] == []
        expect(page.locator("article h1")).to_be_visible()
        pdf = page.pdf(format="A4")
    finally:
        page.emulate_media(media="screen")
        page.close()
    assert pdf.startswith(b"%PDF-") and len(pdf) > 50_000
    sheets = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert sheets >= 3, f"the rules and their diagrams fill several sheets, not {sheets}"
    assert live.foreign_requests() == []
