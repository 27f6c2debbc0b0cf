"""A whole horseshoe on a phone: pile numbers and card counts stay legible and apart."""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const svg = document.querySelector(".crescent-diagram svg");
  const box = (selector) => [...svg.querySelectorAll(selector)].map((text) => {
    const r = text.getBoundingClientRect();
    return {left: r.left, right: r.right, height: r.height};
  });
  const top = [];
  for (let pile = 5; pile <= 12; pile++) {
    const r = svg.querySelector(`[data-pile="${pile}"] .cr-count`).getBoundingClientRect();
    top.push([r.left, r.right]);
  }
  return {counts: box(".cr-count"), numbers: box(".cr-number"), top,
          width: svg.getBoundingClientRect().width};
}"""


@pytest.mark.parametrize("lang", ["en", "he", "bg"])
def test_labels_under_the_cards_are_legible_at_360_px(
    browser: Browser, server: str, lang: str
) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 800})
    page.goto(f"{server}/{'' if lang == 'en' else lang + '/'}examples/")
    found = page.evaluate(MEASURE)
    page.close()
    assert found["width"] < 400  # the whole horseshoe, drawn at under half its size
    # drawn at their 13 and 16 units, their boxes were 8 and 9 px high (10 and 12 now)
    assert min(label["height"] for label in found["counts"]) >= 9
    assert min(label["height"] for label in found["numbers"]) >= 11
    spans = sorted(found["top"])  # the top row's counts, left to right in every language
    assert all(a[1] < b[0] for a, b in itertools.pairwise(spans))
