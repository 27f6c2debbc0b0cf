"""The Play page driven in Chromium: its controls, its stored game, the engine's places."""

from __future__ import annotations

import json
import re
import time
from typing import Any
from urllib.parse import parse_qsl

from playwright.sync_api import Locator, Page, expect

from crescent.codes import GameCode
from crescent.errors import CrescentError
from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import Move
from crescent.places import PILES, PLACES
from crescent.position import Position
from crescent.record import Record, replay
from crescent.rules import tap_target, targets
from crescent_site.demo import DOUBLE_TAP_MS
from tests.browser.conftest import READY_MS, place_selector
from tests.site.conftest import lang_prefix


class PlayPage:
    """The Play page of one language in Chromium, addressed by the game's contract."""

    def __init__(self, page: Page, base: str, lang: str) -> None:
        self.page = page
        self.base = base
        self.lang = lang
        self.root = page.locator("[data-crescent-game]")
        self.status = self.root.locator('[role="status"]')
        self.moves = self.root.locator("[data-moves]")
        self.code = self.root.locator("[data-code]")
        self.helper: Page | None = None
        """Another page of the site, to save games as another tab would."""
        self.requests: list[str] = []
        """Every request the page made (filled by the test's fixture)."""
        self._last_tap: tuple[str, float] | None = None

    @property
    def path(self) -> str:
        """The page's path under the site's base."""
        return f"{lang_prefix(self.lang)}play/"

    def goto(self, query: str = "") -> None:
        """Open the page (with `query`, e.g. `?code=...`) and wait for the game: the
        address's deal, when it names one. With a stored game the page first opens that
        one, to leave it, and the board comes alive with it a moment before the deal of
        the address replaces it: a key pressed then went to the game being left."""
        self.page.goto(f"{self.base}/{self.path}{query}")
        self.wait()
        code = dict(parse_qsl(query.lstrip("?"))).get("code")
        try:
            shown = GameCode.parse(code).text if code is not None else None
        except CrescentError:
            shown = None  # a code the page refuses: it keeps the game it has
        if shown is not None:
            expect(self.code).to_have_value(shown, timeout=READY_MS)

    def wait(self) -> None:
        """Wait until the game is live; unfold the panel under it (the code, the statistics)."""
        expect(self.root).to_have_attribute("data-state", LIVE, timeout=READY_MS)
        self.root.locator(".crescent-game-more").evaluate("details => { details.open = true; }")

    def place(self, name: str) -> Locator:
        """The pile or foundation `name` (`p10`, `up-S`)."""
        return self.root.locator(place_selector(name))

    def tap(self, name: str, at_once: bool = False) -> None:
        """Click the place `name`, as two taps, not a double tap, when it was the last one
        clicked: a double tap there plays no second card (board.js). `at_once`: click now
        (after a button, which the board does not count as a first tap)."""
        now = time.monotonic()
        if not at_once and self._last_tap is not None and self._last_tap[0] == name:
            wait = DOUBLE_TAP_S - (now - self._last_tap[1])
            if wait > 0:
                self.page.wait_for_timeout(wait * 1000)
        self.place(name).click()
        self._last_tap = (name, time.monotonic())

    def button(self, action: str) -> Locator:
        """The button `data-action=action`."""
        return self.root.locator(f'[data-action="{action}"]')

    def offer(self, action: str) -> Locator:
        """A button of the end panel (`undo`, `new`)."""
        return self.root.locator(f'[data-offer="{action}"]')

    def places(self) -> dict[str, tuple[int, str]]:
        """Every place's (count, top) as drawn."""
        found = self.page.evaluate(
            "() => [...document.querySelectorAll("
            "'[data-crescent-game] [data-pile], [data-crescent-game] [data-foundation]')]"
            ".map(g => [g.dataset.pile ? 'p' + g.dataset.pile : g.dataset.foundation,"
            " Number(g.dataset.count), g.dataset.top])"
        )
        return {name: (count, top) for name, count, top in found}

    def saved(self) -> dict[str, Any] | None:
        """The stored game, as the page wrote it."""
        text = self.page.evaluate("() => localStorage.getItem('crescent.play')")
        return None if text is None else dict(json.loads(text))

    def game(self) -> Game:
        """The engine's game (in CPython) of the stored record: the page's game, mirrored."""
        saved = self.saved()
        assert saved is not None
        outcome = replay(Record.loads(saved["record"]))
        assert outcome.failed_at is None
        outcome.game.keep_undo(saved["undo"])
        return outcome.game

    def store(self, record: Record, undo: int | None = None, elapsed: int = 0) -> None:
        """Save `record` from another page of the site: this page carries on with it.

        The page adopts a game another tab saved (the `storage` event), without reloading.
        """
        data = {"format": "crescent-play/1", "record": record.dumps(), "elapsed": elapsed}
        data["undo"] = undo if undo is not None else len(record.actions)
        outcome = replay(record)
        assert outcome.failed_at is None
        if self.helper is None:
            self.helper = self.page.context.new_page()
            self.helper.goto(f"{self.base}/examples/won-game.json")
        self.helper.evaluate("d => localStorage.setItem('crescent.play', d)", json.dumps(data))
        # A page behind another gets no animation frames: its input waits up to a second.
        self.page.bring_to_front()
        wanted = expected_places(outcome.game.position)
        # The engine answers one call at a time: a search still running (a review of a
        # blocked game thinks for seconds) comes first, on a busy machine for longer.
        deadline = time.monotonic() + READY_MS / 1000
        while time.monotonic() < deadline:
            if self.places() == wanted and self.moves.inner_text() == str(outcome.game.moves_made):
                return
            self.page.wait_for_timeout(50)
        raise AssertionError("the page did not take up the stored game")

    def expect_position(self, position: Position) -> None:
        """Every place shows what the engine says `position` holds."""
        assert self.places() == expected_places(position)


LIVE = re.compile(r"^(ready|won|blocked)$")
HINT_MS = 60_000
"""Longest wait for a hint's answer. A hint searches 3 s of the worker's clock, but the
first one imports the solver first, and on a loaded machine with Liftoff alone (the
tests' Chromium) that took 15 s and more: the test asserts what the hint says, not how
fast (bench/hints.py measures that)."""
DOUBLE_TAP_S = DOUBLE_TAP_MS / 1000 + 0.05
"""Longer than the board's double tap."""


def expected_places(position: Position) -> dict[str, tuple[int, str]]:
    """Each place's (count, top) in `position`, as the page must draw them."""
    found = {}
    for place in PLACES:
        top = position.top(place)
        found[place.text] = (position.count(place), "" if top is None else str(top))
    return found


def new_game(play: PlayPage) -> str:
    """Press New game; the new deal's code, once it is shown."""
    before = play.code.input_value()
    play.button("new").click()
    expect(play.code).not_to_have_value(before)
    code = play.code.input_value()
    expect(play.status).to_have_text(catalog(play.lang).format("play.new-done", code=code))
    return code


def play_a_move(play: PlayPage) -> None:
    """Tap a card of the shown deal that has a place to go (and its target if asked)."""
    position = Game(GameCode.parse(play.code.input_value())).position
    source = next(p for p in PILES if position.count(p) and targets(position, p))
    found = targets(position, source)
    play.place(source.text).click()
    if len(found) > 1:
        play.place(found[0].text).click()
    expect(play.moves).to_have_text("1")


def play_move(play: PlayPage, game: Game, move: Move) -> None:
    """Make `move` by taps: the source, then (when the engine only picks it) the target.

    Whether the first tap plays the card is the engine's to say (`tap_target`), not the
    page's `aria-pressed` read at once: the page marks a tapped card before the engine
    answers (a CI run clicked a target after the card had gone, and picked its card)."""
    source, target = move
    count = game.moves_made
    play.tap(source.text)
    if tap_target(game.position, source) is None:
        expect(play.place(source.text)).to_have_attribute("aria-pressed", "true")
        play.tap(target.text)
    assert game.play(move) is None
    expect(play.moves).to_have_text(str(count + 1))
