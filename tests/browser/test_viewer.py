"""The Examples viewer in a real browser: permalinks, every step equal to the engine's replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, expect

from crescent.bidi import isolated_text
from crescent.browser.steps import step_sentence
from crescent.i18n import catalog
from crescent.places import FOUNDATIONS, PILES
from crescent.record import Record
from crescent.timeline import steps
from tests.browser.conftest import IN_VIEW, READY_MS, new_context, open_page
from tests.site.conftest import lang_prefix

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("viewer")]

ROOT = Path(__file__).resolve().parents[2]
RECORD = Record.loads((ROOT / "docs/examples/won-game.json").read_text(encoding="utf-8"))
STEPS = steps(RECORD)


def _viewer(context: BrowserContext, server: str, path: str) -> Locator:
    live = open_page(context, server, path)
    viewer = live.page.locator("[data-crescent-viewer]")
    expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
    return viewer


def _expect_step(viewer: Locator, index: int, lang: str) -> None:
    step = STEPS[index]
    expect(viewer).to_have_attribute("data-step", step.anchor)
    expect(viewer.locator('[role="status"]')).to_have_text(
        isolated_text(step_sentence(step, lang), lang)
    )
    groups = viewer.locator(".crescent-viewer-board g[data-count]")
    shown = groups.evaluate_all(
        "gs => gs.map(g => [g.dataset.pile || g.dataset.foundation, g.dataset.count,"
        " g.dataset.top])"
    )
    expected = [
        [
            str(p.pile_number) if p.is_pile else p.text,
            str(step.after.count(p)),
            str(step.after.top(p)) if step.after.top(p) is not None else "",
        ]
        for p in (*PILES, *FOUNDATIONS)
    ]
    assert shown == expected


@pytest.mark.parametrize(
    ("lang", "anchor"), [("he", "move-10"), ("en", "redeal-1"), ("ru", "start")]
)
def test_a_permalink_opens_the_viewer_at_its_step(
    context: BrowserContext, server: str, lang: str, anchor: str
) -> None:
    prefix = lang_prefix(lang)
    viewer = _viewer(context, server, f"{prefix}examples/#{anchor}")
    index = next(i for i, step in enumerate(STEPS) if step.anchor == anchor)
    _expect_step(viewer, index, lang)
    if STEPS[index].action is not None and STEPS[index].move_number is not None:
        assert viewer.locator(".cr-marked").count() == 2, "source and target are marked"


def test_every_step_equals_the_engine_replay(context: BrowserContext, server: str) -> None:
    viewer = _viewer(context, server, "he/examples/")
    _expect_step(viewer, 0, "he")
    for index in range(1, len(STEPS)):
        viewer.locator('[data-action="next"]').click()
        _expect_step(viewer, index, "he")
    viewer.locator('[data-action="next"]').click(force=True)  # at the end: nowhere to go
    expect(viewer).to_have_attribute("data-step", STEPS[-1].anchor)
    viewer.locator('[data-action="first"]').click()
    _expect_step(viewer, 0, "he")


def test_the_ends_of_the_game(context: BrowserContext, server: str) -> None:
    """At the first step the buttons back go nowhere, at the last those forward, and they
    say so (they looked active and did nothing: a QA run); the last step says the game is
    won and offers no Play link (Play opened a finished game 'won in 0:00')."""
    viewer = _viewer(context, server, "tr/examples/")
    buttons = {
        action: viewer.locator(f'.crescent-viewer-bar [data-action="{action}"]')
        for action in ("first", "previous", "next", "last")
    }

    def idle(*actions: str) -> None:
        for action, button in buttons.items():
            expect(button).to_have_attribute("aria-disabled", str(action in actions).lower())

    idle("first", "previous")
    buttons["first"].click(force=True)  # nowhere to go: nothing happens
    expect(viewer).to_have_attribute("data-step", "start")
    buttons["last"].click()
    _expect_step(viewer, len(STEPS) - 1, "tr")
    idle("next", "last")
    expect(viewer.locator('[role="status"]')).to_contain_text(
        catalog("tr").text("ui.won").split(":")[-1].strip()
    )
    expect(viewer.locator(".crescent-viewer-links")).to_have_css("visibility", "hidden")
    buttons["previous"].click()
    idle()
    expect(viewer.locator(".crescent-viewer-links")).to_have_css("visibility", "visible")


def test_keys_slider_and_move_list_move_the_viewer(context: BrowserContext, server: str) -> None:
    live = open_page(context, server, "he/examples/")
    viewer = live.page.locator("[data-crescent-viewer]")
    expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
    viewer.locator(".crescent-viewer-board").focus()
    live.page.keyboard.press("ArrowLeft")  # right to left: left is forward
    _expect_step(viewer, 1, "he")
    live.page.keyboard.press("ArrowRight")
    _expect_step(viewer, 0, "he")
    viewer.locator('[data-action="last"]').click()
    _expect_step(viewer, len(STEPS) - 1, "he")
    assert live.page.url.endswith(f"#{STEPS[-1].anchor}")
    live.page.locator('.crescent-moves a[href="#redeal-1"]').click()
    _expect_step(viewer, next(i for i, s in enumerate(STEPS) if s.anchor == "redeal-1"), "he")
    play = viewer.locator(".crescent-viewer-play")
    expect(play).to_have_attribute("href", "../play/?example=won-game&step=redeal-1")
    # A move of the list is a link followed: Back returns to the step before it (it left
    # the page: a QA run).
    live.page.go_back()
    _expect_step(viewer, len(STEPS) - 1, "he")
    assert "/he/examples/" in live.page.url


ON_SCREEN = (
    """(viewer) => {
"""
    + IN_VIEW
    + """  const board = viewer.querySelector(".crescent-viewer-board");
  const places = [...board.querySelectorAll("g[data-count]")];
  const controls = [...viewer.querySelectorAll(
    ".crescent-viewer-bar [data-action], [data-action=autoplay], [role=status]")];
  return {
    places: places.length,
    off: places.filter((g) => !inView(g)).map((g) => g.dataset.pile || g.dataset.foundation),
    controls: controls.filter((c) => !inView(c)).map((c) => c.dataset.action || c.role),
    card: Math.min(...places.map((g) => g.querySelector("rect").getBoundingClientRect().width)),
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""
)
"""Which of the viewer's places (with their labels) and controls are off the screen."""
FITS = [("he", 844, 390, 30), ("en", 844, 390, 30), ("bg", 390, 844, 24), ("tr", 1280, 800, 45)]
"""Language, screen, and the narrowest card allowed there (px)."""


@pytest.mark.parametrize(("lang", "width", "height", "card"), FITS)
def test_a_step_address_shows_the_whole_board_and_its_controls(
    browser: Browser, server: str, lang: str, width: int, height: int, card: int
) -> None:
    """Opened at a step (#move-10), the viewer shows its whole board, every pile with its
    number and count, with the step buttons and the sentence, on one screen: a phone
    upright, on its side (the controls beside the board), a laptop."""
    context = new_context(
        browser, viewport={"width": width, "height": height}, has_touch=width < 1000
    )
    try:
        prefix = lang_prefix(lang)
        viewer = _viewer(context, server, f"{prefix}examples/#move-10")
        expect(viewer).to_have_attribute("data-step", "move-10")
        viewer.page.wait_for_timeout(300)  # the scroll to the step has settled
        found = viewer.evaluate(ON_SCREEN)
        assert found["places"] == 24
        assert found["off"] == [], f"off screen: {found['off']}"
        assert found["controls"] == [], f"controls off screen: {found['controls']}"
        assert found["scrollWidth"] <= width
        assert found["card"] >= card, f"cards {found['card']:.1f} px wide"
        # The slider is as tall a target as the step buttons beside it (it was 16 px).
        heights = viewer.locator(".crescent-viewer-bar > *").evaluate_all(
            "parts => parts.map(p => p.getBoundingClientRect().height)"
        )
        assert min(heights) >= 44, heights
    finally:
        context.close()
