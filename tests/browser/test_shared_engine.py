"""One engine for every page of the site (docs/assets/js/engine/boot.js): in Chromium a
shared worker, which outlives its last page for a while, so that the next page's first
board needs no start; each page's games are its own, and a page gone lets go of them.
Where a browser has no shared workers, each page starts its own worker, as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import READY_MS, engine_starts, is_engine_worker, new_context
from tests.browser.play import PlayPage, play_a_move
from tools.engine_worker import engine_targets

pytestmark = pytest.mark.browser


def started(page: Page) -> list[str]:
    """How the page's engine started (whether the engine's snapshot was kept meanwhile,
    which every page hears, aside)."""
    return [name for name in engine_starts(page) if name not in ("kept", "not-kept")]


@pytest.fixture()
def context(browser: Browser) -> Iterator[BrowserContext]:
    created = new_context(browser)
    yield created
    created.close()


def test_later_pages_in_any_language_find_the_engine_running(
    context: BrowserContext, server: str
) -> None:
    play = PlayPage(context.new_page(), server, "he")
    play.goto("?code=CR1-N-AAAAAAB")
    assert started(play.page) in (["fresh"], ["snapshot"])
    play_a_move(play)
    rules = context.new_page()
    rules.goto(f"{server}/tr/")
    demos = rules.locator("[data-crescent-demo]")
    expect(demos.last).to_have_attribute("data-state", "ready", timeout=READY_MS)
    assert started(rules) == ["running"]
    assert len(engine_targets(rules)) == 1
    rules.close()  # it says goodbye: the engine lets go of its eleven games, not Play's
    play.button("undo").click()
    expect(play.moves).to_have_text("0")
    play.page.close()
    assert engine_targets(context.new_page()) != [], "the engine outlives its last page"
    again = PlayPage(context.new_page(), server, "ru")
    again.goto("?code=CR1-N-AAAAAAB")
    play_a_move(again)
    assert started(again.page) == ["running"]


def test_without_shared_workers_each_page_starts_its_own(
    context: BrowserContext, server: str
) -> None:
    context.add_init_script("delete window.SharedWorker")  # as a browser without them
    first = PlayPage(context.new_page(), server, "bg")
    first.goto("?code=CR1-N-AAAAAAB")
    play_a_move(first)
    second = context.new_page()
    second.goto(f"{server}/examples/")
    viewer = second.locator("[data-crescent-viewer]")
    expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
    assert started(second) in (["fresh"], ["snapshot"])
    assert engine_targets(second) == []
    assert [w for w in second.workers if is_engine_worker(w.url)] != []
    first.button("undo").click()
    expect(first.moves).to_have_text("0")
