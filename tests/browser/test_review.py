"""Where did it go wrong, on the Play page: each kind of answer reaches the page, in en and he.

The blocked games are numbered deals. The lost one follows the solver's winning line
until the last redeal is used and most cards are home, then makes a move after which
the solver proves the game lost without a search, then any moves until blocked: the
win before that move takes the solver a few dozen positions, so the answer does not
hang on the machine's speed. The two others are played by a seeded random hand until
blocked: one was still winnable after many moves the solver gives up on, one comes
from a deal the solver cannot win within the whole budget. Opening the answer's link
shows the winning line in the viewer, at the step the answer names.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from crescent.codes import GameCode
from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import Move
from crescent.position import Position
from crescent.record import Record
from crescent.review import Finding, Review
from crescent.rules import Status, legal_moves
from crescent.solver import Verdict, solve
from crescent.timeline import steps
from tests.browser.conftest import READY_MS, new_context

pytestmark = pytest.mark.browser

SEARCH_MS = 180_000
"""Longest wait for a whole review (its budget is 20 s; a busy machine is slower)."""


def blocked(code: str, seed: int) -> Record:
    """Deal `code` played until blocked: mostly cards home, else any move, redeals last."""
    rng = random.Random(seed)
    game = Game(GameCode.parse(code))
    for _ in range(400):
        if game.status is not Status.IN_PLAY:
            break
        moves = legal_moves(game.position)
        home = [m for m in moves if m.target.is_foundation and not m.source.is_foundation]
        if home and rng.random() < 0.7:
            game.play(rng.choice(home))
        elif (moves and rng.random() < 0.9) or (game.redeal() is not None and moves):
            game.play(rng.choice(moves))
    assert game.status is Status.BLOCKED
    return Record.of(game)


def lost() -> Record:
    """A game won along the solver's line until one move loses it; then blocked."""
    for number in range(10):
        code = GameCode.numbered(number)
        line = solve(Position.start(code.piles()), seconds=10).line or ()
        game = Game(code)
        for action in line:
            position = game.position
            if position.redeals_left == 0 and position.cards_on_foundations > 70:
                for move in legal_moves(position):
                    after = solve(position.after(move), seconds=1)
                    proven = after.verdict is Verdict.UNWINNABLE and after.positions == 0
                    if move != action and proven and solve(position, 1).positions < 100:
                        return _block(game, move)
            assert game.apply(action) is None
    raise AssertionError("no lost game found")


def _block(game: Game, move: Move) -> Record:
    assert game.play(move) is None
    rng = random.Random(0)
    while game.status is Status.IN_PLAY:
        assert game.play(rng.choice(legal_moves(game.position))) is None
    return Record.of(game)


LOST = lost()
WIN = blocked("CR1-N-AAAAAAB", 1)
NONE = blocked("CR1-N-AAAAACY", 2)


def test_the_lost_game_is_settled_at_once_by_the_engine_here() -> None:
    review = Review.of(replay_game(LOST))
    while not review.advance():
        pass
    assert review.outcome().finding is Finding.LOST


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


def _blocked_page(context: BrowserContext, server: str, lang: str, record: Record) -> Page:
    page = context.new_page()
    prefix = "" if lang == "en" else f"{lang}/"
    page.goto(f"{server}/examples/won-game.json")
    page.evaluate("r => localStorage.setItem('crescent.play', r)", record.dumps())
    page.goto(f"{server}/{prefix}play/")
    expect(page.locator("[data-crescent-game]")).to_have_attribute(
        "data-state", "blocked", timeout=READY_MS
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


@pytest.mark.parametrize("lang", ["en", "he"])
def test_a_win_still_possible_names_the_move_and_the_viewer_shows_it(
    context: BrowserContext, server: str, lang: str
) -> None:
    page = _blocked_page(context, server, lang, WIN)
    assert _review(page, lang) == "win"
    answer = page.locator(".crescent-review-answer").inner_text()
    href = page.locator(".crescent-review-open").get_attribute("href") or ""
    kind, number = href.rsplit("&", 1)[1].split("-")
    expected = catalog(lang).format(f"review.win-{kind}", number=int(number))
    assert answer == expected
    anchor = _viewer_opens_the_line(page, lang)
    assert anchor in [step.anchor for step in steps(WIN)], "the line starts in this game"
    page.close()


@pytest.mark.parametrize("lang", ["en", "he"])
def test_no_win_found_says_how_long_it_searched_and_moves_meanwhile(
    context: BrowserContext, server: str, lang: str
) -> None:
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
