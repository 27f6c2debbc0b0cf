"""The rule demos in Chromium: refusals, moves, redeals, errors, origin.

Moves are made in the three ways a reader has: tapping a card then its target,
dragging, and the keyboard (Enter or Space on a focused pile or foundation).

What only a browser shows is tested here: the page's taps, drags and keys reach the
engine and its answer reaches the board, the status and the focus, in every language
(each demo's page is made live in all five) and right to left. Each refusal and each
move is played once, the languages taking turns; the engine's answers to all of them,
in every language word for word, are asserted through the worker's API in
`tests/browser_api/test_demos.py`; the built pages' words in each language in
`tests/site/test_demos.py`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Route, expect

from crescent.i18n import catalog
from crescent.languages import language
from crescent.render.controls import redeal_label
from crescent_site.demo import failure_words
from tests.browser.conftest import READY_MS, Demo, LivePage, new_context, open_page, rules_page
from tests.browser.demos import DEMOS, EMPTY_PICK, PLAYS, REDEAL_TOPS, REFUSALS, Play, Refusal
from tests.browser.motion import seen, travels, watch
from tests.browser.touch import CARD_UNDER, Finger, card_centre
from tests.site.conftest import LANGUAGES, lang_prefix

ERROR_MS = 15_000
"""The error state must come from the first failure, at once: no clock decides it."""

pytestmark = pytest.mark.browser


def by_language(lang: str) -> list[pytest.MarkDecorator]:
    """Marks keeping one language's tests in one process, so that its page is loaded once."""
    return [pytest.mark.xdist_group(f"browser-{lang}")]


LANG = [pytest.param(lang, marks=by_language(lang), id=lang) for lang in LANGUAGES]


def languages_in_turn(items: tuple[object, ...]) -> list[object]:
    """`(lang, item)` parameters, each item once, the languages taking turns."""
    return [
        pytest.param(lang, item, marks=by_language(lang), id=f"{lang}-{index}")
        for index, item in enumerate(items)
        for lang in [LANGUAGES[index % len(LANGUAGES)]]
    ]


def some_languages(*langs: str) -> list[object]:
    """`lang` parameters for `langs` only."""
    return [pytest.param(lang, marks=by_language(lang), id=lang) for lang in langs]


@pytest.fixture()
def live(context: BrowserContext, server: str, request: pytest.FixtureRequest) -> LivePage:
    """The rules page in the test's language, ready."""
    return rules_page(context, server, request.node.callspec.params["lang"])


@pytest.mark.parametrize("lang", LANG)
def test_every_demo_becomes_live_in_the_page_language(live: LivePage, lang: str) -> None:
    words = catalog(lang)
    assert live.page.locator("body").get_attribute("dir") == language(lang).direction
    for name in DEMOS:
        demo = live.demo(name)
        expect(demo.root).to_have_attribute("data-state", "ready")
        expect(demo.status).to_have_attribute("aria-live", "polite")
        expect(demo.button("reset")).to_be_visible()
        expect(demo.button("reset")).to_have_text(words.text("ui.reset"))
        expect(demo.place("p6")).to_have_attribute("role", "button")
        expect(demo.place("up-S")).to_have_attribute("tabindex", "0")
    assert live.foreign_requests() == []


@pytest.mark.parametrize(("lang", "refusal"), languages_in_turn(REFUSALS))
def test_every_refusal_gives_its_reason_in_the_page_language(
    live: LivePage, lang: str, refusal: Refusal
) -> None:
    words = catalog(lang)
    demo = live.demo(refusal.demo)
    demo.reset(words.text("ui.reset-done"))
    before = demo.place(refusal.source).get_attribute("data-count")
    demo.tap(refusal.source)
    if refusal.target is not None:
        expect(demo.place(refusal.source)).to_have_attribute("aria-pressed", "true")
        demo.tap(refusal.target)
    expect(demo.status).to_have_text(words.text(refusal.reason.key))
    expect(demo.place(refusal.source)).to_have_attribute("data-count", str(before))


@pytest.mark.parametrize("lang", some_languages("tr"))
def test_an_empty_pile_has_no_card_to_pick(live: LivePage, lang: str) -> None:
    words = catalog(lang)
    demo = live.demo(EMPTY_PICK.demo)
    demo.reset(words.text("ui.reset-done"))
    demo.tap(EMPTY_PICK.source)
    expect(demo.status).to_have_text(words.text(EMPTY_PICK.reason.key))
    demo.tap("p6")
    expect(demo.status).to_contain_text("5♥")


def _play(live: LivePage, demo: Demo, play: Play, way: str) -> None:
    if way == "tap":
        demo.tap(play.source)
        demo.tap(play.target)
    elif way == "drag":
        demo.place(play.source).drag_to(demo.place(play.target))
    else:
        demo.place(play.source).focus()
        live.page.keyboard.press("Enter")
        expect(demo.place(play.source)).to_have_attribute("aria-pressed", "true")
        demo.place(play.target).focus()
        live.page.keyboard.press("Space")


WAYS = ("tap", "drag", "keys")


@pytest.mark.parametrize(("lang", "play"), languages_in_turn(PLAYS))
def test_a_legal_move_updates_counts_and_tops(live: LivePage, lang: str, play: Play) -> None:
    words = catalog(lang)
    demo = live.demo(play.demo)
    if play != next(p for p in PLAYS if p.demo == play.demo):
        earlier = next(p for p in PLAYS if p.demo == play.demo)
        demo.reset(words.text("ui.reset-done"))
        _play(live, demo, earlier, "tap")
        demo.expect_place(earlier.target, *earlier.after[earlier.target])
    else:
        demo.reset(words.text("ui.reset-done"))
    way = WAYS[PLAYS.index(play) % len(WAYS)]
    _play(live, demo, play, way)
    for place, (count, top) in play.after.items():
        demo.expect_place(place, count, top)
    if play.outcome:
        expect(demo.status).to_contain_text(words.text(play.outcome))
    if way == "keys":
        focused = live.page.evaluate(
            "() => [document.activeElement.closest('[data-crescent-demo]')?.dataset.crescentDemo,"
            " document.activeElement.dataset.pile || document.activeElement.dataset.foundation]"
        )
        target = play.target[1:] if play.target.startswith("p") else play.target
        assert focused == [play.demo, target], "focus stays on the place after the redraw"


BLANK_POINT = """(svg) => {
    const box = svg.getBoundingClientRect();
    for (let y = Math.max(box.top, 0) + 4; y < Math.min(box.bottom, innerHeight) - 4; y += 6) {
        for (let x = box.left + 4; x < box.right - 4; x += 6) {
            const hit = document.elementFromPoint(x, y);
            if (hit && svg.contains(hit) && !hit.closest("[data-pile],[data-foundation]")) {
                return [x, y];
            }
        }
    }
    return null;
}"""
"""A viewport point on the drawing of a board but on none of its places."""


def test_a_finger_drags_a_demo_card_and_still_scrolls_the_page_off_the_cards(
    browser: Browser, server: str
) -> None:
    context = new_context(browser, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        live = open_page(context, server, "")
        page = live.page
        play = PLAYS[0]
        demo = live.demo(play.demo)
        expect(demo.root).to_have_attribute("data-state", "ready", timeout=READY_MS)
        demo.root.scroll_into_view_if_needed()
        scroll = "() => window.scrollY"
        before = page.evaluate(scroll)
        start, end = (card_centre(demo.place(name)) for name in (play.source, play.target))
        finger = Finger(context, page)
        finger.down(*start)
        finger.slide(*end)
        # The card follows the finger (once the browser has delivered the last move)...
        page.wait_for_function(CARD_UNDER, arg=list(end), timeout=10_000)
        finger.up()
        for place, (count, top) in play.after.items():
            demo.expect_place(place, count, top)
        assert page.evaluate(scroll) == before, "the page stayed put under the drag"
        # ...a tap on a card still picks it, and a tap on its target places it...
        demo.reset(catalog("en").text("ui.reset-done"))
        demo.place(play.source).tap()
        expect(demo.place(play.source)).to_have_attribute("aria-pressed", "true")
        demo.place(play.target).tap()
        for place, (count, top) in play.after.items():
            demo.expect_place(place, count, top)
        # ...and a finger sliding up the drawing off the cards scrolls the page.
        blank = page.evaluate(BLANK_POINT, demo.root.locator("svg").element_handle())
        assert blank is not None, "the drawing has room between its places"
        finger.down(*blank)
        finger.slide(blank[0], blank[1] - 300)
        finger.up()
        page.wait_for_function(f"() => window.scrollY > {before} + 100", timeout=10_000)
    finally:
        context.close()


@pytest.mark.parametrize("lang", some_languages("en", "he"))
def test_the_redeal_button_counts_down_to_no_redeals(live: LivePage, lang: str) -> None:
    words = catalog(lang)
    demo = live.demo("redeal")
    demo.reset(words.text("ui.reset-done"))
    button = demo.button("redeal")
    expect(button).to_have_text(redeal_label(3, lang))
    demo.expect_place("p6", 4, REDEAL_TOPS[0])
    for number, top in enumerate(REDEAL_TOPS[1:], start=1):
        button.click()
        expect(button).to_have_text(redeal_label(3 - number, lang))
        expect(demo.status).to_have_text(words.text(f"step.redeal-{number}"))
        demo.expect_place("p6", 4, top)
    expect(button).to_have_text(words.text("redeal.none"))
    button.click()
    expect(demo.status).to_have_text(words.text("reason.no-redeals"))
    demo.expect_place("p6", 4, REDEAL_TOPS[-1])
    demo.reset(words.text("ui.reset-done"))
    expect(button).to_have_text(redeal_label(3, lang))
    assert live.foreign_requests() == []


def _expect_error(live: LivePage, lang: str, kind: str, started: float) -> None:
    words = catalog(lang)
    key = "ui.error" if kind == "no-wasm" else "ui.error-retry"  # a reload may mend the rest
    message = words.format(key, detail=words.text(f"ui.error.{kind}"))
    demos = live.page.locator("[data-crescent-demo]")
    expect(demos.last).to_have_attribute("data-state", "error", timeout=ERROR_MS)
    assert time.monotonic() - started < ERROR_MS / 1000
    for index in range(demos.count()):
        demo = Demo(demos.nth(index))
        expect(demo.root).to_have_attribute("data-state", "error")
        expect(demo.status).to_have_text(message)
        expect(demo.button("reset")).to_be_hidden()
        expect(demo.place("p6")).to_be_visible()
    assert live.foreign_requests() == []


OWN_WORKER = "delete window.SharedWorker"
"""An init script: the page starts its own engine worker, as a browser without shared
workers does (docs/assets/js/engine/boot.js). Playwright routes that worker's requests;
a shared worker's it never sees."""


def _routing(pattern: str, handler: Callable[[Route], Any]) -> Callable[[BrowserContext], None]:
    """Prepare a context whose engine worker's requests for `pattern` go to `handler`."""

    def prepare(context: BrowserContext) -> None:
        context.add_init_script(OWN_WORKER)
        context.route(pattern, handler)

    return prepare


@contextmanager
def _prepared(
    browser: Browser, prepare: Callable[[BrowserContext], None]
) -> Iterator[BrowserContext]:
    """A fresh context that `prepare` has set up (its routes, its scripts), closed after."""
    context = new_context(browser)
    try:
        prepare(context)
        yield context
    finally:
        context.close()


def _failing_page(
    browser: Browser, server: str, lang: str, kind: str, prepare: Callable[[BrowserContext], None]
) -> None:
    """Open the rules page in a context that `prepare` breaks; expect the `kind` error."""
    with _prepared(browser, prepare) as context:
        started = time.monotonic()
        live = open_page(context, server, lang_prefix(lang))
        _expect_error(live, lang, kind, started)


@pytest.mark.parametrize("lang", some_languages(*LANGUAGES[::2]))
def test_the_error_state_when_the_wasm_cannot_load(
    browser: Browser, server: str, lang: str
) -> None:
    # A host that does not serve it: an answer, not a link that broke off (that one is
    # waited for and started again: the next test).
    _failing_page(
        browser, server, lang, "load", _routing("**/*.wasm", lambda r: r.fulfill(status=404))
    )


def test_the_viewer_and_play_say_what_of_their_own_page_still_holds(
    browser: Browser, server: str
) -> None:
    """Each live board says its failure in words about its own page: the Examples viewer
    said that "the text of the rules" was still correct (a QA run on a slow link)."""
    missing = _routing("**/*.wasm", lambda r: r.fulfill(status=404))
    with _prepared(browser, missing) as context:
        page = context.new_page()
        for path, selector, surface in (
            ("ru/examples/", "[data-crescent-viewer]", "viewer"),
            ("ru/play/", "[data-crescent-game]", "play"),
        ):
            page.goto(f"{server}/{path}")
            board = page.locator(selector)
            expect(board).to_have_attribute("data-state", "error", timeout=ERROR_MS)
            expect(board.locator('[role="status"]').first).to_have_text(
                failure_words("load", "ru", surface)
            )


def test_a_download_that_breaks_off_starts_again_and_the_boards_come_alive(
    browser: Browser, server: str
) -> None:
    """The link drops while the engine's wheel downloads: the boards wait, say the link
    seems stalled, and come alive once a new start gets it (a 5-second drop on a slow
    link ended the loading for good, "the engine did not load": a QA run)."""
    dropped: list[str] = []

    def drop_once(route: Route) -> None:
        if route.request.url in dropped:
            route.continue_()
        else:
            dropped.append(route.request.url)
            route.abort("connectionreset")

    with _prepared(browser, _routing("**/*.gz", drop_once)) as context:
        live = open_page(context, server, "ru/")
        first = live.demo(DEMOS[0])
        expect(first.root).to_have_attribute("data-state", "ready", timeout=READY_MS)
        assert len(dropped) == 2, "the wheel's and the standard library's downloads broke off"
        # The failed start's own errors are not the page's (a QA run saw one uncaught).
        assert live.page.page_errors() == []
        starts = live.page.evaluate(
            "performance.getEntriesByType('mark').map(m => m.name)"
            ".filter(n => n.startsWith('crescent:engine-starts:'))"
        )
        assert starts == ["crescent:engine-starts:2"]


@pytest.mark.parametrize("lang", some_languages(*LANGUAGES[1::2]))
def test_the_error_state_without_webassembly(browser: Browser, server: str, lang: str) -> None:
    script = "delete globalThis.WebAssembly"
    _failing_page(browser, server, lang, "no-wasm", lambda c: c.add_init_script(script))


HOME_DIRECTORY = "t.FS.mkdirTree(e)}catch(i){"
"""Where Pyodide makes the home directory; on failure it logs three console errors
("Error occurred while making a home directory ...") and goes on with "/"."""


def _failing_home_directory(route: Route) -> None:
    """Serve pyodide.mjs with its home directory made to fail, as Pyodide itself handles."""
    source = route.fetch().text()
    assert source.count(HOME_DIRECTORY) == 1, "Pyodide's home-directory step has moved"
    broken = source.replace(HOME_DIRECTORY, HOME_DIRECTORY.replace("}", ';throw Error("test")}', 1))
    route.fulfill(body=broken, content_type="text/javascript")


def test_a_console_error_pyodide_recovers_from_does_not_stop_the_engine(
    browser: Browser, server: str
) -> None:
    with _prepared(browser, _routing("**/pyodide.mjs", _failing_home_directory)) as context:
        live = open_page(context, server, "he/")
        first = live.demo(DEMOS[0])
        expect(first.root).to_have_attribute("data-state", "ready", timeout=READY_MS)
        logged = [message.text for message in live.page.console_messages()]
        assert any("making a home directory" in line for line in logged), logged


def test_the_demos_wait_for_the_engine_without_freezing_the_page(
    browser: Browser, server: str
) -> None:
    held: list[Route] = []  # the engine's wheel, held back so that "loading" lasts
    with _prepared(browser, _routing("**/*.whl.gz", lambda route: held.append(route))) as context:
        live = open_page(context, server, "he/")
        first = live.demo(DEMOS[0])
        expect(first.root).to_have_attribute("data-state", "loading")
        expect(first.place("p6")).to_be_visible()
        assert live.page.evaluate("1 + 1") == 2, "the page answers while Pyodide loads"
        for _ in range(200):
            if held:
                break
            live.page.wait_for_timeout(50)
        assert held, "the worker asked for the engine's wheel"
        expect(first.root).to_have_attribute("data-state", "loading")
        held[0].continue_()
        expect(first.root).to_have_attribute("data-state", "ready", timeout=READY_MS)


@pytest.mark.parametrize("lang", [pytest.param("he", marks=by_language("he"), id="he")])
def test_a_demo_card_travels_and_with_reduced_motion_the_move_is_made_at_once(
    live: LivePage, lang: str
) -> None:
    words = catalog(lang)
    play = PLAYS[0]
    demo = live.demo(play.demo)
    surface = demo.root.locator(".crescent-demo-board")
    card = play.after[play.target][1]
    demo.reset(words.text("ui.reset-done"))
    watch(surface)
    _play(live, demo, play, "tap")
    demo.expect_place(play.target, *play.after[play.target])
    found = seen(surface)
    assert travels(found) == [(card, play.source, play.target)]
    assert found[0][0]["offset"] < 1.5
    demo.reset(words.text("ui.reset-done"))
    live.page.emulate_media(reduced_motion="reduce")
    try:
        _play(live, demo, play, "tap")
        for place, (count, top) in play.after.items():
            demo.expect_place(place, count, top)
        assert seen(surface) == []
    finally:
        live.page.emulate_media(reduced_motion="no-preference")
        demo.reset(words.text("ui.reset-done"))


BELOW_HEADER = """() => {
  const focused = document.activeElement.getBoundingClientRect();
  return focused.top - document.querySelector(".md-header").getBoundingClientRect().bottom;
}"""


@pytest.mark.parametrize("size", [(1280, 800), (844, 390)], ids=["1280x800", "844x390"])
def test_a_place_focused_from_the_keyboard_shows_below_the_header(
    browser: Browser, server: str, size: tuple[int, int]
) -> None:
    """QA report: going back through a demo with Shift+Tab scrolled each pile to the top of
    the window, under Material's sticky header, so the focused card could not be seen."""
    width, height = size
    context = new_context(browser, viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(f"{server}/bg/")
        demo = page.locator(".crescent-demo").first
        expect(demo).to_have_attribute("data-state", "ready", timeout=READY_MS)
        demo.locator("button").last.focus()
        for _ in range(12):
            page.keyboard.press("Shift+Tab")
            assert page.evaluate(BELOW_HEADER) >= 0, page.evaluate(
                "() => document.activeElement.getAttribute('aria-label')"
            )
    finally:
        context.close()
