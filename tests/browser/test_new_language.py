"""Two languages just added (`python -m translations add`, see tests/site/test_new_language.py):
a rule demo and the Play page come alive in each, in Chromium, in pages of the language's
direction. Their pages are the English ones, untranslated, so their boards are English
and left to right like the text around them (a German page's "Q♦" drew D♦ before)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from crescent.i18n import catalog
from crescent.languages import SOURCE
from tests.browser.conftest import READY_MS, Demo, new_context
from tests.browser.demos import PLAYS, REFUSALS
from tests.browser.play import LIVE
from tests.conftest import NEW_LANGUAGES, Added
from tools.chromium import serve

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("new-languages")]


def test_a_rule_demo_and_play_come_alive_in_each_new_language(
    browser: Browser, added: Added
) -> None:
    assert added.build.returncode == 0, added.build.stderr
    english = catalog(SOURCE)  # every message falls back to English
    play, refusal = PLAYS[0], REFUSALS[0]
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    with serve(added.site) as base:
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        for language in NEW_LANGUAGES:
            page.goto(f"{base}/{language.code}/")
            expect(page.locator("body")).to_have_attribute("dir", language.direction)
            demo = Demo(page.locator(f'[data-crescent-demo="{play.demo}"]'))
            expect(demo.root).to_have_attribute("data-state", "ready", timeout=READY_MS)
            expect(demo.root).to_have_attribute("data-lang", SOURCE)
            assert demo.root.evaluate("e => getComputedStyle(e).direction") == "ltr"
            demo.tap(play.source)
            demo.tap(play.target)
            for place, (count, top) in play.after.items():
                demo.expect_place(place, count, top)
            demo.reset(english.text("ui.reset-done"))
            refused = Demo(page.locator(f'[data-crescent-demo="{refusal.demo}"]'))
            refused.tap(refusal.source)
            refused.tap(str(refusal.target))
            expect(refused.status).to_have_text(english.text(refusal.reason.key))

            page.goto(f"{base}/{language.code}/play/")
            game = page.locator("[data-crescent-game]")
            expect(game).to_have_attribute("data-state", LIVE, timeout=READY_MS)
            expect(game).to_have_attribute("data-lang", SOURCE)
            assert game.evaluate("e => getComputedStyle(e).direction") == "ltr"
            expect(game.locator("[data-pile]")).to_have_count(16)
            expect(game.locator('[data-action="undo"]')).to_contain_text(english.text("play.undo"))

            # The viewer of an untranslated page runs left to right, its arrows with it (a
            # right-to-left page's rule mirrored them inside the English block).
            page.goto(f"{base}/{language.code}/examples/")
            viewer = page.locator("[data-crescent-viewer]")
            expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
            icons = viewer.locator(".crescent-viewer-bar button span")
            assert icons.count() > 0
            mirrored = icons.evaluate_all("s => s.map(e => getComputedStyle(e).transform)")
            assert set(mirrored) == {"none"}, mirrored
        page.goto(f"{base}/he/examples/")  # a translated right-to-left page mirrors them
        viewer = page.locator("[data-crescent-viewer]")
        expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
        icons = viewer.locator(".crescent-viewer-bar button span")
        mirrored = icons.evaluate_all("s => s.map(e => getComputedStyle(e).transform)")
        assert set(mirrored) == {"matrix(-1, 0, 0, 1, 0, 0)"}, mirrored
        assert [url for url in requests if not url.startswith(base + "/")] == []
    context.close()
