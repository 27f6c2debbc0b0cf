"""The Examples viewer in a real browser: permalinks, every step equal to the engine's replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, expect

from crescent.bidi import isolated_text
from crescent.places import FOUNDATIONS, PILES
from crescent.record import Record
from crescent.render.steps import describe_step
from crescent.timeline import steps
from tests.browser.conftest import READY_MS, open_page

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
        isolated_text(describe_step(step, lang), lang)
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
    prefix = "" if lang == "en" else f"{lang}/"
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
    viewer.locator('[data-action="next"]').click()
    expect(viewer).to_have_attribute("data-step", STEPS[-1].anchor)
    viewer.locator('[data-action="first"]').click()
    _expect_step(viewer, 0, "he")


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
