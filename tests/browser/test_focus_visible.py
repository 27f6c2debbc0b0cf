"""Every control of the pages' own content shows that it has the keyboard's focus.

The reader presses Tab through the rules page, Play and Examples; each element that
takes the focus inside the article must look different focused from unfocused: its
outline, shadow, border, colours or (a place of the board) its ring. A keyboard reader
found the Examples step slider and the Play code field unchanged by the focus.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.conftest import each_live_page, new_context

pytestmark = pytest.mark.browser

PAGES = ("", "play/", "examples/")
STILL = "*, *::before, *::after { transition: none !important; animation: none !important; }"
"""Styles change at once: a fade caught halfway would count as a change, or miss one."""
LOOK = """element => [element, element.querySelector("rect"), element.parentElement]
  .filter(Boolean)
  .map(part => {
    const s = getComputedStyle(part);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderTopColor,
      s.borderTopWidth, s.backgroundColor, s.color, s.stroke, s.strokeWidth,
      s.textDecorationLine].join(" ");
  })
  .join(" / ")"""
"""How an element looks, with its first drawn rectangle (a place's ring) and its parent
(a label that shows the focus of the input under it)."""
IN_CONTENT = "element => Boolean(element.closest('article'))"
NAME = "element => element.outerHTML.slice(0, 120)"
MAX_TABS = 400


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = new_context(browser, viewport={"width": 1280, "height": 900}, bypass_csp=True)
    yield made
    made.close()


def unmarked(page: Page) -> tuple[int, list[str]]:
    """How many of the content's elements took the focus, Tab after Tab, and those that
    look the same focused and unfocused."""
    page.add_style_tag(content=STILL)
    page.keyboard.press("Tab")
    found: list[str] = []
    checked = 0
    first = page.evaluate_handle("document.activeElement")
    for count in range(MAX_TABS):
        element = page.evaluate_handle("document.activeElement")
        at_end = element.evaluate("e => e === document.body") or (
            count > 0 and element.evaluate("(e, other) => e === other", first)
        )
        if at_end:
            break
        if element.evaluate(IN_CONTENT):
            checked += 1
            focused = element.evaluate(LOOK)
            page.keyboard.press("Tab")
            if element.evaluate(LOOK) == focused:
                found.append(element.evaluate(NAME))
        else:
            page.keyboard.press("Tab")
    return checked, found


@pytest.mark.parametrize("lang", ["en", "he"])
def test_every_control_of_the_content_shows_its_focus(
    context: BrowserContext, server: str, lang: str
) -> None:
    page = context.new_page()
    problems = {}
    for name in each_live_page(page, server, lang, PAGES):
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        checked, found = unmarked(page)
        assert checked >= 20, f"{name}: only {checked} controls took the focus"
        if found:
            problems[name or "rules"] = found
    page.close()
    assert problems == {}, problems
