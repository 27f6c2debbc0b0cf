"""The Examples viewer in motion: steps travel forwards and back, and it plays itself.

One Hebrew viewer page serves every check (right to left: the horseshoe moves as in
English, and the arrow keys go the other way). The autoplay runs at 2x, so a step
comes every 0.6 s.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from crescent.i18n import catalog
from crescent.moves import REDEAL
from crescent.places import PILES
from crescent.record import Record
from crescent.timeline import steps
from tests.browser.conftest import READY_MS, open_page
from tests.browser.motion import seen, travels, turns, watch
from tools.games import example_record

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("viewer")]

RECORD: Record = example_record()
STEPS = steps(RECORD)
ANCHORS = [step.anchor for step in STEPS]
REDEAL_1 = ANCHORS.index("redeal-1")
LANG = "he"
WORDS = catalog(LANG)
STEP_WAIT_MS = 3_000
"""Longest wait for one step of the autoplay (0.6 s at 2x, and the engine's answer)."""


@pytest.fixture(scope="module")
def viewer(context: BrowserContext, server: str) -> Iterator[Locator]:
    """The Hebrew viewer, ready, its board's motions recorded."""
    live = open_page(context, server, f"{LANG}/examples/#move-9")
    root = live.page.locator("[data-crescent-viewer]")
    expect(root).to_have_attribute("data-state", "ready", timeout=READY_MS)
    expect(root).to_have_attribute("data-step", "move-9")
    yield root
    live.page.close()


def board(viewer: Locator) -> Locator:
    """The viewer's drawing."""
    return viewer.locator(".crescent-viewer-board")


def go(viewer: Locator, anchor: str) -> None:
    """Open the step `anchor` through the address (a jump: no motion)."""
    viewer.page.evaluate("(anchor) => { location.hash = anchor; }", anchor)
    expect(viewer).to_have_attribute("data-step", anchor)


def test_a_step_travels_forward_back_and_a_redeal_turns_the_piles(viewer: Locator) -> None:
    page: Page = viewer.page
    go(viewer, "move-9")  # where the page opened, whatever ran on it before
    watch(board(viewer))
    viewer.locator('[data-action="next"]').click()
    expect(viewer).to_have_attribute("data-step", "move-10")
    found = seen(board(viewer))
    # The seeds' move 10: A♠ from pile 10 onto K♠ of pile 14.
    assert travels(found) == [("AS", "p10", "p14")]
    assert found[0][0]["offset"] < 1.5, "it starts on pile 10, as in English"
    viewer.locator('[data-action="previous"]').click()
    expect(viewer).to_have_attribute("data-step", "move-9")
    assert travels(seen(board(viewer))) == [("AS", "p14", "p10")]

    go(viewer, ANCHORS[REDEAL_1 - 1])
    seen(board(viewer))
    board(viewer).focus()
    page.keyboard.press("ArrowLeft")  # right to left: left is forward
    expect(viewer).to_have_attribute("data-step", "redeal-1")
    turned = [p.text for p in PILES if STEPS[REDEAL_1].before.count(p) > 1]
    assert STEPS[REDEAL_1].action is REDEAL
    assert turns(seen(board(viewer))) == turned
    page.keyboard.press("ArrowRight")
    expect(viewer).to_have_attribute("data-step", ANCHORS[REDEAL_1 - 1])
    assert turns(seen(board(viewer))) == turned, "backwards, the top cards sink again"

    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # at once: neither step is lost
    expect(viewer).to_have_attribute("data-step", ANCHORS[REDEAL_1 + 1])
    assert page.url.endswith(f"#{ANCHORS[REDEAL_1 + 1]}")

    page.emulate_media(reduced_motion="reduce")
    try:
        seen(board(viewer))
        viewer.locator('[data-action="next"]').click()
        expect(viewer).to_have_attribute("data-step", ANCHORS[REDEAL_1 + 2])
        assert seen(board(viewer)) == [], "reduced motion: the step is shown at once"
    finally:
        page.emulate_media(reduced_motion="no-preference")


def autoplay(viewer: Locator) -> Locator:
    """The play/pause button."""
    return viewer.locator('[data-action="autoplay"]')


def expect_playing(viewer: Locator, playing: bool) -> None:
    """The button says what it does next, in Hebrew: pause while playing, play while not."""
    button = autoplay(viewer)
    expect(button).to_have_attribute("data-playing", "true" if playing else "false")
    word = WORDS.text("viewer.autoplay-pause" if playing else "viewer.autoplay-play")
    expect(button).to_have_accessible_name(word)


def expect_still(viewer: Locator, anchor: str) -> None:
    """The viewer stays at `anchor` for longer than two steps of the autoplay."""
    viewer.page.wait_for_timeout(1_500)
    expect(viewer).to_have_attribute("data-step", anchor)


def test_the_viewer_plays_itself_and_pauses_at_a_redeal_and_at_the_end(viewer: Locator) -> None:
    page = viewer.page
    expect(viewer.locator('[data-action="speed"] option')).to_have_text(
        [WORDS.text(f"viewer.speed-{name}") for name in ("half", "normal", "double")]
    )
    viewer.locator('[data-action="speed"]').select_option("2")
    go(viewer, ANCHORS[REDEAL_1 - 2])
    expect_playing(viewer, False)
    autoplay(viewer).click()
    expect_playing(viewer, True)
    expect(viewer).to_have_attribute("data-step", ANCHORS[REDEAL_1 - 1], timeout=STEP_WAIT_MS)
    expect(viewer).to_have_attribute("data-step", "redeal-1", timeout=STEP_WAIT_MS)
    expect_playing(viewer, False)
    expect_still(viewer, "redeal-1")
    assert page.url.endswith("#redeal-1"), "the address follows the step"

    # Space on the board plays on; a step by hand stops it.
    board(viewer).focus()
    page.keyboard.press("Space")
    expect_playing(viewer, True)
    expect(viewer).to_have_attribute("data-step", ANCHORS[REDEAL_1 + 1], timeout=STEP_WAIT_MS)
    viewer.locator('[data-action="first"]').click()
    expect_playing(viewer, False)
    expect(viewer).to_have_attribute("data-step", "start")
    expect_still(viewer, "start")

    # The button stops it too.
    autoplay(viewer).click()
    expect(viewer).to_have_attribute("data-step", ANCHORS[1], timeout=STEP_WAIT_MS)
    autoplay(viewer).click()
    expect_playing(viewer, False)
    shown = viewer.get_attribute("data-step")
    assert shown is not None
    expect_still(viewer, shown)

    # At the end it stops; played again, it starts over.
    go(viewer, ANCHORS[-2])
    board(viewer).focus()
    page.keyboard.press("Space")
    expect(viewer).to_have_attribute("data-step", ANCHORS[-1], timeout=STEP_WAIT_MS)
    expect_playing(viewer, False)
    expect_still(viewer, ANCHORS[-1])
    page.keyboard.press("Space")
    expect(viewer).to_have_attribute("data-step", "start", timeout=STEP_WAIT_MS)
    page.keyboard.press("Space")
    expect_playing(viewer, False)
