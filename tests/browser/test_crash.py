"""The engine's worker crashing once running, broken on purpose in Chromium.

The engine runs in a shared worker (Chromium has them), reached here over the DevTools
protocol (tools/engine_worker.py). Three ways it fails: an uncaught error in it (the
worker tells every page `crashed`), its end by the browser or the system (the page gets
the lock the worker held while it lived), or silence (it lives on and answers nothing;
the page gives up on a call after 30 s, which a fake clock fast-forwards here). Either way the
Play page, the rule demos and the Examples viewer say so at once in the page's language
(`play.crashed`, `ui.crashed`), keep their drawing and text, and stay documents a reader
can use; the page retires that engine, so the game in progress survives a reload, and
the next page's engine is a new one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from crescent.i18n import catalog
from tests.browser.conftest import READY_MS, Demo, new_context, open_page
from tests.browser.play import PlayPage, play_a_move
from tests.site.conftest import lang_prefix
from tools.engine_worker import end_engine, engine_evaluate

pytestmark = pytest.mark.browser

MAIN = ("en", "he")
LANG = [
    pytest.param(lang, marks=pytest.mark.xdist_group(f"crash-{lang}"), id=lang) for lang in MAIN
]
DEAF = "() => { MessagePort.prototype.postMessage = () => {}; }"
"""Run in the worker: it goes on living and answers no page, as a hung engine does."""
CRASH_MS = 5_000
"""The pages must say so at once: the worker's error event, not a time-out."""
THROW = "() => { setTimeout(() => { throw new Error('crashed on purpose'); }); }"
"""Run in the worker: an uncaught error, as a bug or a broken runtime would throw."""


@pytest.fixture()
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh context: its own storage, its own worker to break."""
    created = new_context(browser, viewport={"width": 1280, "height": 900})
    yield created
    created.close()


def expect_crashed_game(play: PlayPage) -> None:
    """The game says what happened, keeps its board, takes no more input."""
    expect(play.root).to_have_attribute("data-state", "error", timeout=CRASH_MS)
    expect(play.status).to_have_text(catalog(play.lang).text("play.crashed"))
    expect(play.place("p1")).to_be_visible()
    for action in ("new", "undo", "redeal", "hint", "open"):
        expect(play.button(action)).to_be_disabled()


def expect_reload_restores(play: PlayPage, code: str) -> None:
    """A reload, as the message says, carries on with the game in progress."""
    play.goto()
    expect(play.code).to_have_value(code)
    expect(play.moves).to_have_text("1")
    expect(play.status).to_have_text(catalog(play.lang).text("play.restored"))


@pytest.mark.parametrize("lang", LANG)
def test_a_worker_that_throws_stops_the_game_with_a_message(
    context: BrowserContext, server: str, lang: str
) -> None:
    play = PlayPage(context.new_page(), server, lang)
    play.goto("?code=CR1-N-AAAAAAB")
    play_a_move(play)
    engine_evaluate(play.page, THROW)
    expect_crashed_game(play)
    assert play.page.evaluate("() => document.scrollingElement.scrollHeight") > 900
    play.page.mouse.wheel(0, 600)  # a document still: it scrolls, its links lead on
    play.page.locator(".md-header a.md-logo").click()
    expect(play.page.locator("[data-crescent-demo]").first).to_be_visible()
    expect_reload_restores(play, "CR1-N-AAAAAAB")


@pytest.mark.parametrize("lang", LANG)
def test_a_worker_that_goes_silent_stops_the_game_with_a_message(
    context: BrowserContext, server: str, lang: str
) -> None:
    play = PlayPage(context.new_page(), server, lang)
    play.page.clock.install()
    play.goto("?code=CR1-N-AAAAAAB")
    play_a_move(play)
    engine_evaluate(play.page, DEAF)  # alive, holding its lock, and no answer leaves it
    play.button("undo").click()
    play.page.wait_for_timeout(500)
    expect(play.moves).to_have_text("1")  # the undo is not answered...
    play.page.clock.fast_forward("00:31")  # ... and the page gives up on it
    expect_crashed_game(play)
    expect_reload_restores(play, "CR1-N-AAAAAAB")


@pytest.mark.xdist_group("crash-he")
def test_a_worker_the_browser_ends_stops_the_game_at_once(
    context: BrowserContext, server: str
) -> None:
    """The system may end the engine's process (memory is short on a phone): the page
    learns it from the lock the worker held, not from a call that times out."""
    play = PlayPage(context.new_page(), server, "he")
    play.goto("?code=CR1-N-AAAAAAB")
    play_a_move(play)
    end_engine(play.page)
    expect_crashed_game(play)
    expect_reload_restores(play, "CR1-N-AAAAAAB")


@pytest.mark.parametrize("lang", LANG)
def test_a_worker_crash_stops_every_demo_with_a_message(
    context: BrowserContext, server: str, lang: str
) -> None:
    live = open_page(context, server, lang_prefix(lang))
    demos = live.page.locator("[data-crescent-demo]")
    expect(demos.last).to_have_attribute("data-state", "ready", timeout=READY_MS)
    engine_evaluate(live.page, THROW)
    message = catalog(lang).text("ui.crashed")
    expect(demos.last).to_have_attribute("data-state", "error", timeout=CRASH_MS)
    for index in range(demos.count()):
        demo = Demo(demos.nth(index))
        expect(demo.root).to_have_attribute("data-state", "error")
        expect(demo.status).to_have_text(message)
        expect(demo.button("reset")).to_be_hidden()
        expect(demo.place("p6")).to_be_visible()  # the drawing stays
    demo = Demo(demos.first)
    demo.place("p6").click()  # the drawing no longer takes input, and nothing breaks
    expect(demo.status).to_have_text(message)
    live.page.locator(".crescent-diagram").first.scroll_into_view_if_needed()
    examples = live.page.locator("a[href*='examples/#']:visible").first
    examples.click()  # a document still: its links lead on
    viewer = live.page.locator("[data-crescent-viewer]")
    expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
    assert live.foreign_requests() == []


@pytest.mark.parametrize("lang", LANG)
def test_a_worker_crash_stops_the_viewer_with_a_message(
    context: BrowserContext, server: str, lang: str
) -> None:
    live = open_page(context, server, f"{lang_prefix(lang)}examples/")
    viewer = live.page.locator("[data-crescent-viewer]")
    expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
    engine_evaluate(live.page, THROW)
    expect(viewer).to_have_attribute("data-state", "error", timeout=CRASH_MS)
    message = catalog(lang).text("viewer.crashed")  # the viewer's words, not the rules
    expect(viewer.locator('[role="status"]')).to_have_text(message)
    expect(viewer.locator("svg").first).to_be_visible()


CALL = """([method, payload]) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port2.onmessage = (event) => event.data.id === -1 && resolve(event.data);
  self.dispatchEvent(new MessageEvent("connect", { ports: [channel.port1] }));
  const data = { type: "call", id: -1, method, payload: JSON.stringify(payload) };
  channel.port2.postMessage(data);
})"""
"""Run in the engine's shared worker: one call as a page that connects posts it; resolves to
the worker's answer."""


@pytest.mark.xdist_group("crash-en")
def test_the_worker_calls_only_the_methods_of_its_table(
    context: BrowserContext, server: str
) -> None:
    page = context.new_page()
    page.goto(f"{server}/")
    expect(page.locator("[data-crescent-demo]").first).to_have_attribute(
        "data-state", "ready", timeout=READY_MS
    )
    opened = engine_evaluate(page, CALL, ["open_game", {"lang": "en", "code": "CR1-N-AAAAAAB"}])
    assert set(opened) == {"type", "id", "result"}
    assert '"code": "CR1-N-AAAAAAB"' in opened["result"]
    # crescent.browser.views holds dumps, and the module once answered any attribute.
    for name in ("_dumps", "games", "METHODS", "call"):
        refused = engine_evaluate(page, CALL, [name, {}])
        assert set(refused) == {"type", "id", "error"}
        assert f"UnknownMethod: no browser method '{name}';" in refused["error"]
