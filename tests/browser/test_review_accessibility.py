"""axe-core on what the review and the viewer's own games add: the answer, the loader, a refusal."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from crescent.i18n import catalog
from tests.browser.conftest import READY_MS, new_context
from tests.browser.test_accessibility import check, in_dark
from tests.browser.test_review import LOST, SEARCH_MS
from tests.site.conftest import lang_prefix

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_review_answer_and_the_viewer_of_its_line_are_axe_clean(
    browser: Browser, server: str, lang: str
) -> None:
    """Light, then dark after the reader's switch, at each step (one search, one load)."""
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, color_scheme="light", bypass_csp=True
    )
    try:
        page = context.new_page()
        prefix = lang_prefix(lang)
        page.goto(f"{server}/examples/won-game.json")
        page.evaluate("r => localStorage.setItem('crescent.play', r)", LOST.dumps())
        page.goto(f"{server}/{prefix}play/")
        start = page.locator(".crescent-review-start")
        expect(start).to_have_text(catalog(lang).text("review.button"), timeout=READY_MS)
        start.click()
        expect(page.locator(".crescent-review")).to_have_attribute(
            "data-review", "done", timeout=SEARCH_MS
        )
        play = check(page) + in_dark(page)
        page.locator(".crescent-review-open").click()
        viewer = page.locator("[data-crescent-viewer]")
        expect(viewer).to_have_attribute("data-game", "own", timeout=READY_MS)
        viewer.locator(".crescent-viewer-own summary").click()
        viewer.locator("textarea").fill("{")
        viewer.locator('.crescent-viewer-load button[type="submit"]').click()
        expect(viewer.locator(".crescent-viewer-message")).not_to_be_empty()
        examples = check(page) + in_dark(page)
        assert (play, examples) == ([], [])
    finally:
        context.close()
