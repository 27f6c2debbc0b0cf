"""Where did it go wrong, on the Play page: the answer reaches the page, in en and he.

What only a browser shows is tested here: the search runs in slices in the worker while
the page shows its progress, the answer appears in the page's language, and its link
opens the viewer at the step it names. Which finding a game gets is the engine's and is
tested there, on budgets of positions (`tests/engine/test_review.py`); the worker's
answer, record and anchor included, in `tests/browser_api/test_review.py`.

The lost game (`tools.games.lost_from_a_move`) is settled within a few dozen positions,
so its answer does not hang on the machine's speed; the other is a deal no search has
decided, played by a seeded random hand until blocked: no win is found in it however
fast the machine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import Move
from crescent.record import Record
from crescent.review import Review
from tests.browser.conftest import READY_MS, new_context
from tests.browser.play import PlayPage, play_move
from tests.site.conftest import lang_prefix
from tools.games import lost_from_a_move, played_until_blocked

pytestmark = pytest.mark.browser

SEARCH_MS = 180_000
"""Longest wait for a whole review (its budget is 20 s; a busy machine is slower)."""

LOST = lost_from_a_move()
NONE = played_until_blocked("CR1-N-AAAAACY", 2)


def replay_game(record: Record) -> Game:
    """The game a record reaches."""
    game = Game(record.code)
    for action in record.actions:
        assert game.apply(action) is None
    return game


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A phone-sized context for the Play page and the viewer the answer opens."""
    created = new_context(browser, viewport={"width": 390, "height": 844})
    yield created
    created.close()


def _blocked_page(
    context: BrowserContext, server: str, lang: str, record: Record, state: str = "blocked"
) -> Page:
    page = context.new_page()
    prefix = lang_prefix(lang)
    page.goto(f"{server}/examples/won-game.json")
    page.evaluate("r => localStorage.setItem('crescent.play', r)", record.dumps())
    page.goto(f"{server}/{prefix}play/")
    expect(page.locator("[data-crescent-game]")).to_have_attribute(
        "data-state", state, timeout=READY_MS
    )
    return page


def _review(page: Page, lang: str) -> str:
    panel = page.locator(".crescent-review")
    start = panel.locator(".crescent-review-start")
    expect(start).to_have_text(catalog(lang).text("review.button"), timeout=READY_MS)
    start.click()
    expect(panel).to_have_attribute("data-review", "done", timeout=SEARCH_MS)
    return panel.get_attribute("data-finding") or ""


def _viewer_opens_the_line(page: Page, lang: str) -> str:
    link = page.locator(".crescent-review-open")
    expect(link).to_have_text(catalog(lang).text("review.open"))
    anchor = (link.get_attribute("href") or "").rsplit("&", 1)[1]
    link.click()
    viewer = page.locator("[data-crescent-viewer]")
    expect(viewer).to_have_attribute("data-game", "own", timeout=READY_MS)
    expect(viewer).to_have_attribute("data-step", anchor)
    viewer.locator('[data-action="last"]').click()
    counts = viewer.locator(".crescent-viewer-board g[data-foundation]")
    expect(counts).to_have_count(8)
    for index in range(8):
        expect(counts.nth(index)).to_have_attribute("data-count", "13")
    return anchor


@pytest.mark.parametrize("lang", ["en", "he"])
def test_a_game_lost_from_a_move_on_says_which_move(
    context: BrowserContext, server: str, lang: str
) -> None:
    page = _blocked_page(context, server, lang, LOST)
    review = Review.of(replay_game(LOST))
    while not review.advance():
        pass
    assert _review(page, lang) == "lost"
    expect(page.locator(".crescent-review-answer")).to_have_text(review.message(lang))
    anchor = _viewer_opens_the_line(page, lang)
    assert anchor == review.anchor(review.outcome().index or 0)
    page.close()


def test_the_review_leaves_the_reason_the_game_ended_on_the_status_line(
    context: BrowserContext, server: str
) -> None:
    """QA report: a game blocked by a move said why ("…the game is blocked"); once the review
    answered, the panel grew, the board was redrawn for the screen, and the status line
    said the end panel's "Undo the last move, or start a new game" instead."""
    last = LOST.actions[-1]
    assert isinstance(last, Move)
    before = Record(LOST.code, LOST.actions[:-1])
    page = _blocked_page(context, server, "en", before, "ready")
    play = PlayPage(page, server, "en")
    play_move(play, replay_game(before), last)
    expect(play.root).to_have_attribute("data-state", "blocked")
    status = play.status
    said = status.inner_text()
    assert catalog("en").text("ui.blocked") in said, said
    _review(page, "en")
    page.wait_for_timeout(500)  # the board's fit to the grown panel
    expect(status).to_have_text(said)
    page.close()


@pytest.mark.parametrize("lang", ["he"])
def test_no_win_found_says_how_long_it_searched_and_moves_meanwhile(
    context: BrowserContext, server: str, lang: str
) -> None:
    """Its whole budget of 20 s is spent, so in one language: right to left."""
    page = _blocked_page(context, server, lang, NONE)
    panel = page.locator(".crescent-review")
    panel.locator(".crescent-review-start").click()
    # Progress comes in slices: the bar moves while the search goes on.
    page.wait_for_function(
        "() => document.querySelector('.crescent-review progress').value > 0"
        " && document.querySelector('.crescent-review').dataset.review === 'searching'",
        timeout=SEARCH_MS,
    )
    expect(panel.locator(".crescent-review-progress")).not_to_be_empty()
    expect(panel).to_have_attribute("data-review", "done", timeout=SEARCH_MS)
    assert panel.get_attribute("data-finding") == "none"
    template = re.escape(catalog(lang).text("review.none")).replace(r"\{seconds\}", r"\d+")
    expect(panel.locator(".crescent-review-answer")).to_have_text(re.compile(f"^{template}$"))
    expect(page.locator(".crescent-review-open")).to_be_hidden()
    page.close()
