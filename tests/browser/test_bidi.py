"""Card notation reads left to right in Hebrew pages, as Chromium lays it out.

Each character of a card run is measured where the browser draws it (a Range per
character): in a run that reads left to right, every next character of a line is
further right. The same run written into a right-to-left sentence without an isolate
is reordered, which shows the measurement can fail.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from crescent.i18n import catalog
from tests.browser.conftest import open_page, rules_page
from tests.browser.demos import EMPTY_PICK

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-he")]

# For each element, its text and whether its characters, line by line, go left to right
# in logical order, with the element's computed direction and unicode-bidi.
MEASURE = """(elements) => elements.map((element) => {
  const style = getComputedStyle(element);
  const node = element.firstChild;
  const text = element.textContent;
  let ordered = true, last = null;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === " " || text[i] === "\\u2066" || text[i] === "\\u2069") continue;
    const range = document.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const box = range.getBoundingClientRect();
    if (box.width === 0) continue;
    if (last && Math.abs(box.top - last.top) < 2 && box.left <= last.left) ordered = false;
    last = box;
  }
  return {text, ordered, direction: style.direction, bidi: style.unicodeBidi};
})"""


def measure(page: Page, selector: str) -> list[dict[str, object]]:
    result: list[dict[str, object]] = page.locator(selector).evaluate_all(MEASURE)
    return result


@pytest.mark.parametrize("path", ["he/", "he/examples/", "he/codes/"])
def test_every_card_run_of_a_hebrew_page_is_drawn_left_to_right(
    context: BrowserContext, server: str, path: str
) -> None:
    live = open_page(context, server, path)
    runs = measure(live.page, "article bdi")
    assert len(runs) >= 10
    wrong = [run for run in runs if not run["ordered"]]
    assert not wrong, wrong
    assert {(run["direction"], run["bidi"]) for run in runs} == {("ltr", "isolate")}
    if path == "he/":
        texts = [run["text"] for run in runs]
        assert "2♥ 9♣ V♦ V♦" in texts and "9♣ V♦ V♦ 2♥" in texts
    live.page.close()


def test_a_run_without_an_isolate_is_reordered(context: BrowserContext, server: str) -> None:
    live = open_page(context, server, "he/about/")
    live.page.evaluate(
        """() => {
          const p = document.createElement("p");
          p.dir = "rtl";
          p.innerHTML = 'ערימה 1 עוברת מ-<span id="bare">2♥ 9♣ V♦ V♦</span> ל-'
            + '<bdi id="kept" dir="ltr">2♥ 9♣ V♦ V♦</bdi> עכשיו';
          document.querySelector("article").append(p);
        }"""
    )
    assert measure(live.page, "#bare")[0]["ordered"] is False
    assert measure(live.page, "#kept")[0]["ordered"] is True
    live.page.close()


def test_a_live_message_keeps_its_card_left_to_right(context: BrowserContext, server: str) -> None:
    words = catalog("he")
    live = rules_page(context, server, "he")
    demo = live.demo(EMPTY_PICK.demo)
    demo.reset(words.text("ui.reset-done"))
    demo.tap("p6")
    expect(demo.status).to_contain_text("\u20665♥\u2069")
    text = demo.status.text_content() or ""
    start = text.index("\u2066")
    boxes = demo.status.evaluate(
        """(status, [start, end]) => {
          const range = document.createRange();
          return Array.from({length: end - start}, (_, k) => {
            range.setStart(status.firstChild, start + k);
            range.setEnd(status.firstChild, start + k + 1);
            return range.getBoundingClientRect().left;
          });
        }""",
        [start + 1, start + 3],
    )
    assert boxes[0] < boxes[1], "5 is drawn left of ♥"


ENGLISH_SIDES = """() => {
  const english = document.querySelector('article [lang="en"][dir="ltr"]');
  const cells = [...english.querySelectorAll("table th, table td")];
  const list = document.createElement("ul");  // as an untranslated page's lists are
  list.innerHTML = "<li>one</li>";
  english.append(list);
  const item = list.firstElementChild.getBoundingClientRect();
  const box = english.getBoundingClientRect();
  const sides = {
    aligned: [...new Set(cells.map((cell) => getComputedStyle(cell).textAlign))],
    indent: item.left - box.left,
    right: box.right - item.right,
  };
  list.remove();
  return sides;
}"""


def test_english_in_a_hebrew_page_keeps_its_own_sides(context: BrowserContext, server: str) -> None:
    """The translation status is English in every language: in Hebrew, its table's
    headers stood at the right, and a list's items would lose their indent."""
    page = context.new_page()
    page.goto(f"{server}/he/translation-status/")
    found = page.evaluate(ENGLISH_SIDES)
    page.close()
    assert found["aligned"] == ["left"], found
    assert found["indent"] >= 20 and found["right"] < 1, found  # indented at the left
