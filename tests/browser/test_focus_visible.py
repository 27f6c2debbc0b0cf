"""Every control of the pages' own content shows that it has the keyboard's focus.

On the rules page, Play and Examples, with the keyboard in use, each control inside the
article that can take the focus must look different focused from unfocused: its
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
UNMARKED = """() => {
  const look = (element) => [element, element.querySelector("rect"), element.parentElement]
    .filter(Boolean)
    .map((part) => {
      const s = getComputedStyle(part);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderTopColor,
        s.borderTopWidth, s.backgroundColor, s.color, s.stroke, s.strokeWidth,
        s.textDecorationLine].join(" ");
    })
    .join(" / ");
  const focusable = [...document.querySelectorAll(
    "article :is(a[href], button, input, select, textarea, summary, [tabindex])")]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length
      && getComputedStyle(e).visibility === "visible");
  const found = [];
  for (const element of focusable) {
    element.focus();
    if (document.activeElement !== element) continue;
    const focused = look(element);
    element.blur();
    if (look(element) === focused) found.push(element.outerHTML.slice(0, 120));
  }
  return [focusable.length, found];
}"""
"""How many of the article's controls can take the focus, and those that look the same
focused and unfocused: each with its first drawn rectangle (a place's ring) and its
parent (a label that shows the focus of the input under it). The focus is moved by
script once a key has been pressed, so that it shows as a keyboard's would."""


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = new_context(browser, viewport={"width": 1280, "height": 900}, bypass_csp=True)
    yield made
    made.close()


def unmarked(page: Page) -> tuple[int, list[str]]:
    """How many controls of the content took the focus, and those that did not show it."""
    page.add_style_tag(content=STILL)
    page.keyboard.press("Tab")  # the reader uses the keyboard: the focus shows as theirs
    count, found = page.evaluate(UNMARKED)
    return int(count), [str(line) for line in found]


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
