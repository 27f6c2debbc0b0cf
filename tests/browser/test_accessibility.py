"""axe-core on every page in every language, light and dark: no serious or critical finding.

Every language in the light scheme; English and Hebrew (one each way) also after the
reader switches to the dark scheme, on the same page load (a Pyodide start costs seconds),
with the rules a colour scheme can change (`COLOURS`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from crescent.i18n import LANGUAGES
from tests.browser.conftest import each_live_page, new_context

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = (ROOT / "node_modules/axe-core/axe.min.js").read_text(encoding="utf-8")
PAGES = ("", "about/", "codes/", "examples/", "play/", "win-rate/", "translators/")
OPTIONS = "{resultTypes: ['violations'], rules: {'label-content-name-mismatch': {enabled: false}}}"
"""`label-content-name-mismatch` is off: a live place's visible content is a drawing (a rank
letter, a suit symbol, its pile number and count) and its name says the same in words
("pile 6: 3 cards, 5♥ on top"); the letters are not words a speech user would say. This is
the one rule set aside, and the closing note of the release says so.

Re-checked with axe-core 4.14 (the live places fail: 154 on the Hebrew rules page, all 24
on a Play page). axe joins the drawing's separate SVG texts without a space
and compares words in order, so pile 1 with 6 cards and the 5♥ reads "5♥16 cards": a
number 16 that is drawn nowhere. A name could only match by copying that artefact and the
drawing's order (card, pile number, count), and every language would need its drawn letters
in the name (Hebrew draws V, D, R, A for the court cards and ace that its names say in
words). Names that read well to a screen reader are worth more than that, so the reason
holds; the names are checked in the page's language by the demo and Play tests."""


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A light-scheme context; axe is injected as a script, so the policy is bypassed."""
    made = new_context(
        browser, viewport={"width": 1280, "height": 900}, color_scheme="light", bypass_csp=True
    )
    yield made
    made.close()


def serious(results: dict[str, Any]) -> list[str]:
    """The serious and critical violations, one line each with the elements."""
    found = []
    for violation in results["violations"]:
        if violation["impact"] in ("serious", "critical"):
            targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
            found.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return found


DARK = ("en", "he")
"""The languages checked in the dark scheme too (same markup): one each way."""
TOGGLE = 'label[for="__palette_{}"]'
"""Material's palette switch: 1 turns the light scheme dark, 0 turns it back."""
STILL = "*, *::before, *::after { transition: none !important; }"
"""Colours change at once while axe looks: Material's links and buttons fade to the new
scheme's colours (125 ms), and axe measuring halfway found a contrast that no reader sees
for long. Waiting for the fades to end was not enough: on a loaded run the wait could look
before the switch had started them (a Hebrew link in a stress run, twice)."""


COLOURS = (
    "{resultTypes: ['violations'],"
    " runOnly: {type: 'rule', values: ['color-contrast', 'link-in-text-block']}}"
)
"""The rules whose verdict a colour scheme can change: the contrast of text, and of a link
against the text around it. The dark scheme changes colours only (Material's colour
variables, and the site's `slate` rules: colours and fills), so the other rules' verdicts
(names, roles, structure) are the light scheme's. The dark pass runs only these: 2.7 s of
Chromium's CPU instead of 5.0 on the Hebrew rules page (headless shell)."""


def check(page: Page, options: str = OPTIONS) -> list[str]:
    """axe's serious and critical findings on the page as it is now."""
    if not page.evaluate("typeof axe === 'object'"):
        page.evaluate(AXE)
    return serious(page.evaluate(f"axe.run(document, {options})"))


def in_dark(page: Page) -> list[str]:
    """The findings once the reader switches to the dark scheme; the switch goes back after
    (Material remembers the choice for the next pages)."""
    still = page.add_style_tag(content=STILL)
    page.locator(TOGGLE.format(1)).click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    found = check(page, COLOURS)
    still.evaluate("(style) => style.remove()")
    page.locator(TOGGLE.format(0)).click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    return found


REFLOW = {"width": 320, "height": 640}
"""The width WCAG's reflow asks a page to read at without sideways scrolling (1.4.10)."""
CUT_OFF = """() => {
  const width = document.documentElement.clientWidth;
  const outside = (e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
  };
  // Wide things that scroll in a box of their own, as Material lets code blocks and tables.
  const scrolled = "pre, .md-typeset__scrollwrap, .highlight, svg, .md-sidebar, .md-search";
  const out = [...document.querySelectorAll(".md-content *, .md-header *")].filter(
    (e) => outside(e) && !e.closest(scrolled) && getComputedStyle(e).visibility !== "hidden");
  const sideways = document.documentElement.scrollWidth - width;
  return [...(sideways > 0 ? [`the page scrolls ${sideways} px sideways`] : []),
    ...out.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}: ${e.textContent.slice(0, 50)}`)];
}"""
"""What of a page (its content and header) lies past the screen's edges, and how far it
scrolls sideways."""


def cut_off_at_320_px(page: Page) -> list[str]:
    """What the page, made 320 px wide, cuts off at the screen's edge; its size comes back.
    At that width a long code path kept on one line ran off the Win rate page in every
    language, and the Examples viewer's first step button went off the screen."""
    size = page.viewport_size
    page.set_viewport_size(REFLOW)
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    found: list[str] = page.evaluate(CUT_OFF)
    if size is not None:
        page.set_viewport_size(size)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_accessibility_violation(
    context: BrowserContext, server: str, lang: str
) -> None:
    """axe's serious and critical findings, light (and for one language each way, dark),
    and WCAG's reflow, which axe does not test: each page read at 320 px."""
    page = context.new_page()
    problems = {}
    for name in each_live_page(page, server, lang, PAGES):
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
        found = {"light": check(page)}
        if lang in DARK:
            found["dark"] = in_dark(page)
        found["320 px"] = cut_off_at_320_px(page)
        for scheme, lines in found.items():
            if lines:
                problems[f"{name or 'rules'} ({scheme})"] = lines
    page.close()
    assert problems == {}, "\n".join(
        f"{page}: {line}" for page, lines in problems.items() for line in lines
    )
