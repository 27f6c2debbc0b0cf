"""The Play page as an app: the whole game on one screen, statistics, the last games.

At each of four screens (phone upright and on its side, laptop, desktop), in English
and Hebrew, every pile with its number and count, the foundations and the game's
controls are on screen together, without scrolling, once the page has brought the
game into view; the horseshoe is the same in both directions of writing. The
statistics and the last games survive reloads and hostile stored values, and a game's
link carries its record.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, expect

from crescent.codes import GameCode
from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import Move
from crescent.record import Record
from crescent.rules import legal_moves
from crescent.timeline import steps
from tests.browser.conftest import IN_VIEW, READY_MS, RINGS_OVER_LABELS, new_context
from tests.browser.play import HINT_MS, PlayPage, new_game, play_a_move, play_move
from tests.browser.test_accessibility import check
from tests.browser.touch import CARD_UNDER, Finger, card_centre
from tools.games import example_record, example_short_of, one_move_short

pytestmark = pytest.mark.browser

SCREENS = [(390, 844), (844, 390), (1280, 800), (1920, 1080)]
MIN_CARD_PX = {(390, 844): 44, (844, 390): 38, (1280, 800): 60, (1920, 1080): 70}
"""The narrowest card allowed on each screen (44 px, a finger's target, on a phone)."""
CODE = "CR1-N-AAAAAAB"

MEASURE = (
    """() => {
"""
    + IN_VIEW
    + """  const game = document.querySelector("[data-crescent-game]");
  const places = [...game.querySelectorAll("[data-pile], [data-foundation]")].map((g) => {
    const card = g.querySelector("rect").getBoundingClientRect();
    const hit = document.elementFromPoint(card.left + card.width / 2, card.top + card.height / 2);
    const labels = [...g.querySelectorAll("text")];
    return {
      name: g.dataset.pile ? "p" + g.dataset.pile : g.dataset.foundation,
      x: card.left, y: card.top, width: card.width,
      visible: inView(g) && labels.every(inView),
      reachable: Boolean(hit && hit.closest("[data-pile], [data-foundation]") === g),
      labels: labels.map((t) => t.textContent),
    };
  });
  const controls = ["undo", "redeal", "hint", "new"].map(
    (a) => game.querySelector(`[data-action="${a}"]`));
  controls.push(game.querySelector("[data-moves]"), game.querySelector("[data-time]"));
  const meets = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const drawn = [...game.querySelectorAll("[data-pile], [data-foundation]")]
    .map((g) => g.getBoundingClientRect());
  return {
    places,
    controls: controls.map(inView),
    overlapping: controls
      .filter((c) => drawn.some((box) => meets(c.getBoundingClientRect(), box)))
      .map((c) => c.dataset.action || c.outerHTML.slice(0, 40)),
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""
)


FITS = [(size, lang, size[0] < 1000) for size in SCREENS for lang in ("en", "he")]
FITS.append(((844, 390), "bg", False))
"""English and Hebrew on every screen, with touch below 1000 px; and Bulgarian's long
words ("Преразпределение") beside the board in a window as low as a phone on its side,
with a mouse, whose buttons are the widest."""


@pytest.mark.parametrize(
    ("size", "lang", "touch"),
    FITS,
    ids=[
        f"{w}x{h}-{lang}" + ("" if touch or w >= 1000 else "-mouse") for (w, h), lang, touch in FITS
    ],
)
def test_the_whole_game_fits_the_screen(
    browser: Browser, server: str, lang: str, size: tuple[int, int], touch: bool
) -> None:
    width, height = size
    context = new_context(browser, viewport={"width": width, "height": height}, has_touch=touch)
    try:
        play = PlayPage(context.new_page(), server, lang)
        play.goto(f"?code={CODE}")
        expect(play.status).to_have_text(catalog(lang).format("play.opened", code=CODE))
        found = play.page.evaluate(MEASURE)
        places = {place["name"]: place for place in found["places"]}
        assert len(places) == 24
        assert found["scrollWidth"] <= width
        assert all(found["controls"]), f"controls on screen: {found['controls']}"
        assert found["overlapping"] == [], "controls over the board"
        hidden = [name for name, place in places.items() if not place["visible"]]
        assert not hidden, f"off screen: {hidden}"
        covered = [name for name, place in places.items() if not place["reachable"]]
        assert not covered, f"covered: {covered}"
        words = catalog(lang)
        for number in range(1, 17):
            labels = places[f"p{number}"]["labels"]
            assert words.format("diagram.pile-number", number=number) in labels
            assert words.cards(6) in labels
        smallest = min(place["width"] for place in places.values())
        assert smallest >= MIN_CARD_PX[size], f"cards {smallest:.1f} px wide"
        # The same horseshoe in both directions of writing: 1-4 up the left side, 5-12
        # along the top from the left, 13-16 down the right side, aces above kings.
        x = {name: place["x"] for name, place in places.items()}
        y = {name: place["y"] for name, place in places.items()}
        assert all(y[f"p{n}"] > y[f"p{n + 1}"] for n in (1, 2, 3))
        assert all(x[f"p{n}"] < x[f"p{n + 1}"] for n in range(5, 12))
        assert all(y[f"p{n}"] < y[f"p{n + 1}"] for n in (13, 14, 15))
        assert max(x[f"p{n}"] for n in range(1, 5)) < min(x[f"up-{s}"] for s in "SHDC")
        assert min(x[f"p{n}"] for n in range(13, 17)) > max(x[f"up-{s}"] for s in "SHDC")
        assert max(y[f"up-{s}"] for s in "SHDC") < min(y[f"down-{s}"] for s in "SHDC")
        assert min(y[f"up-{s}"] for s in "SHDC") > max(y[f"p{n}"] for n in range(5, 13))
    finally:
        context.close()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["390x844", "1280x800"])
@pytest.mark.parametrize("lang", ["en", "he"])
def test_highlight_rings_leave_the_labels_around_them_clear(
    browser: Browser, server: str, lang: str, size: tuple[int, int]
) -> None:
    """A marked, picked or hinted card's ring covers no label of another place: three
    readers saw the ring of a card in a side column cover the count of the pile above."""
    width, height = size
    context = new_context(browser, viewport={"width": width, "height": height})
    try:
        play = PlayPage(context.new_page(), server, lang)
        play.goto("?code=CR1-N-AAAAAAC")
        play.place("p3").click()  # 2♠ goes home: pile 3, low in the left column, is marked
        expect(play.moves).to_have_text("1")
        play.page.wait_for_timeout(400)  # not a double tap
        play.place("p3").click()  # 10♠ picked: the thickest ring, on the mark
        expect(play.place("p3")).to_have_class(re.compile("cr-picked"))
        assert play.page.evaluate(RINGS_OVER_LABELS, play.root.element_handle()) == []
        play.page.wait_for_timeout(400)
        play.place("p3").click()  # put back
        play.place("p2").click()  # picked without a mark: the ring on the card's edge
        expect(play.place("p2")).to_have_class(re.compile("cr-picked"))
        assert play.page.evaluate(RINGS_OVER_LABELS, play.root.element_handle()) == []
        # The hint, late in the won example where the solver needs a few hundred
        # positions (from the deal's start, a loaded run gave up after its 3 s): pile 1,
        # low in the left column, to pile 15 in the right one.
        play.store(Record.of(example_short_of(54)))
        play.button("hint").click()
        expect(play.place("p1")).to_have_class(re.compile("cr-hint"), timeout=HINT_MS)
        expect(play.place("p15")).to_have_class(re.compile("cr-hint-target"))
        assert play.page.evaluate(RINGS_OVER_LABELS, play.root.element_handle()) == []
    finally:
        context.close()


@pytest.fixture()
def fresh_context(browser: Browser) -> Iterator[BrowserContext]:
    """A context of its own: empty storage."""
    created = new_context(browser, viewport={"width": 1280, "height": 900}, accept_downloads=True)
    yield created
    created.close()


def stats(play: PlayPage) -> dict[str, str]:
    """The statistics as shown, by name."""
    found = play.page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('[data-stat]')]"
        ".map((d) => [d.dataset.stat, d.textContent]))"
    )
    return dict(found)


def games(play: PlayPage) -> list[list[str]]:
    """The rows of the last games: their cells' text."""
    rows = play.page.evaluate(
        "() => [...document.querySelectorAll('[data-games] tr')]"
        ".map((tr) => [...tr.cells].map((td) => td.textContent))"
    )
    return [list(row) for row in rows]


def record_of_link(href: str) -> Record:
    """The record a viewer link carries: `#record=1.<base64url raw DEFLATE>`."""
    fragment = href.split("#", 1)[1]
    key, _, value = fragment.partition("=")
    version, _, payload = value.partition(".")
    assert (key, version) == ("record", "1")
    packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return Record.loads(zlib.decompress(packed, wbits=-15).decode("utf-8"))


def win_last_move(play: PlayPage) -> Game:
    """Store the example game one move short of its win, then make that move."""
    game, last = one_move_short()
    play.store(Record.of(game), elapsed=125)
    play_move(play, game, last)
    expect(play.root).to_have_attribute("data-state", "won")
    return game


@pytest.mark.parametrize("lang", ["en", "he"])
def test_statistics_and_last_games_survive_reloads(
    fresh_context: BrowserContext, server: str, lang: str, tmp_path: Path
) -> None:
    words = catalog(lang).text
    play = PlayPage(fresh_context.new_page(), server, lang)
    play.goto(f"?code={CODE}")
    none = words("play.stats-none")
    assert stats(play) == {
        "played": "0",
        "won": "0",
        "streak": "0",
        "best-streak": "0",
        "best-time": none,
        "fewest-moves": none,
    }
    game = win_last_move(play)
    moves = str(game.moves_made)
    expected = {"played": "1", "won": "1", "streak": "1", "best-streak": "1"}
    expected |= {"fewest-moves": moves}
    play.goto()
    shown = stats(play)
    assert re.fullmatch(r"2:0\d", shown.pop("best-time"))
    assert shown == expected
    [row] = games(play)
    assert row[1:3] == [words("play.result-won"), moves]
    # Given up: a game with a move, left for a new one.
    new_game(play)
    play_a_move(play)
    new_game(play)
    new_game(play)  # a game without a move is not counted
    play.goto()
    shown = stats(play)
    assert (shown["played"], shown["won"], shown["streak"], shown["best-streak"]) == (
        "2",
        "1",
        "0",
        "1",
    )
    assert [row[1] for row in games(play)] == [
        words("play.result-given-up"),
        words("play.result-won"),
    ]
    # The won game's link carries its whole record (the viewer opens it).
    links = play.root.locator("[data-games] a")
    expect(links).to_have_count(2)
    href = links.nth(1).get_attribute("href")
    assert href is not None and "examples/#record=1." in href
    assert record_of_link(href) == Record.of(game)
    # The game in progress: its link and its download carry its record.
    current = play.root.locator("[data-current-link]")
    expect(current).to_have_attribute("href", re.compile("#record=1."))
    shown_game = play.game()
    assert record_of_link(current.get_attribute("href") or "") == Record.of(shown_game)
    with play.page.expect_download() as download:
        play.button("download").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    assert download.value.suggested_filename == f"crescent-{shown_game.code}.json"
    assert Record.loads(path.read_text(encoding="utf-8")) == Record.of(shown_game)
    # Reset, once confirmed: the statistics are zero, the games stay listed.
    play.page.once("dialog", lambda dialog: dialog.dismiss())
    play.button("reset-stats").click()
    assert stats(play)["played"] == "2"
    play.page.once("dialog", lambda dialog: dialog.accept())
    play.button("reset-stats").click()
    expect(play.status).to_have_text(words("play.stats-reset-done"))
    play.goto()
    assert stats(play)["played"] == "0" and stats(play)["best-time"] == none
    assert len(games(play)) == 2
    # Given up too: a game with a move, left by opening another deal's address (it was
    # counted as played, and left out of the list). The game left is never drawn: the
    # board first comes alive with the address's deal (it came alive with the stored
    # game a moment before, and a key went to the game being left).
    play_a_move(play)
    assert stats(play)["played"] == "1"
    play.page.add_init_script(ALIVE_WITH)
    play.goto("?code=CR1-N-AAAAAAD")
    expect(play.code).to_have_value("CR1-N-AAAAAAD")
    assert play.page.evaluate("() => window.aliveWith") == ["CR1-N-AAAAAAD"]
    assert stats(play)["played"] == "1"
    listed = games(play)
    assert len(listed) == 3 and listed[0][1] == words("play.result-given-up")


ALIVE_WITH = """
window.aliveWith = []; // each game the board was alive with, by its code
new MutationObserver((changes) => {
  for (const change of changes) {
    const code = change.target.querySelector("[data-code]")?.value;
    const live = /^(ready|won|blocked)$/.test(change.target.dataset.state);
    if (live && window.aliveWith.at(-1) !== code) {
      window.aliveWith.push(code);
    }
  }
}).observe(document, { subtree: true, attributeFilter: ["data-state"] });
"""


HOSTILE_STATS: list[Any] = [
    "not json {",
    {"format": "crescent-stats/1", "played": "<img src=x onerror=alert(1)>", "won": -3},
    {"format": "crescent-stats/1", "played": 1e300, "streak": 2.5, "bestTime": "1:00"},
    {"format": "crescent-stats/1", "__proto__": {"played": 7}, "fewestMoves": [1]},
]
HOSTILE_GAMES: list[Any] = [
    "[]",
    {"format": "crescent-games/1", "games": "<b>"},
    {
        "format": "crescent-games/1",
        "games": [
            None,
            {"record": 5, "result": "won", "date": 0},
            {"record": "{}", "result": "<img src=x onerror=alert(1)>", "date": 0},
            {"record": "{}", "result": "won", "date": "today"},
            {"record": "x" * 70_000, "result": "won", "date": 0},
        ],
    },
]


def test_hostile_statistics_and_games_are_ignored(
    fresh_context: BrowserContext, server: str
) -> None:
    page: Page = fresh_context.new_page()
    play = PlayPage(page, server, "en")
    dialogs: list[str] = []

    def refuse(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    play.goto(f"?code={CODE}")
    for stored, listed in zip(HOSTILE_STATS, HOSTILE_GAMES * 2, strict=False):
        page.evaluate(
            "([s, g]) => { localStorage.setItem('crescent.stats', s);"
            " localStorage.setItem('crescent.games', g); }",
            [json.dumps(stored), json.dumps(listed)],
        )
        play.goto()
        shown = stats(play)
        assert (shown["played"], shown["won"], shown["streak"]) == ("0", "0", "0")
        assert games(play) == []
        expect(page.locator("[data-games-none]")).to_be_visible()
        assert page.locator("[data-crescent-game] img").count() == 0
    play_a_move(play)
    assert stats(play)["played"] == "1"  # counting starts again from a clean slate
    assert dialogs == []
    assert GameCode.parse(CODE)


def test_a_card_dragged_by_a_finger_follows_it_on_a_phone(browser: Browser, server: str) -> None:
    context = new_context(browser, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        play = PlayPage(context.new_page(), server, "en")
        play.goto(f"?code={CODE}")
        expect(play.status).to_have_text(catalog("en").format("play.opened", code=CODE))
        game = Game(GameCode.parse(CODE))
        source, target = next(
            move
            for move in legal_moves(game.position)
            if move.source.is_pile and move.target.is_pile
        )
        start, end = (card_centre(play.place(place.text)) for place in (source, target))
        finger = Finger(context, play.page)
        finger.down(*start)
        finger.slide(*end)
        # The card is under the finger, wherever the finger took it (once the browser
        # has delivered the last move: it sends pointer moves with the next frame).
        play.page.wait_for_function(CARD_UNDER, arg=list(end), timeout=10_000)
        assert play.root.locator(".cr-dragging rect").count() >= 1
        finger.up()
        expect(play.moves).to_have_text("1")
        assert game.play(Move(source, target)) is None
        play.expect_position(game.position)
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("he", "dark")])
def test_the_unfolded_panel_with_games_has_no_serious_accessibility_finding(
    browser: Browser, server: str, lang: str, scheme: Literal["light", "dark"]
) -> None:
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, color_scheme=scheme, bypass_csp=True
    )
    try:
        play = PlayPage(context.new_page(), server, lang)
        play.goto(f"?code={CODE}")
        record = example_record().dumps()
        listed = [{"record": record, "result": "won", "moves": 90, "time": 300, "date": 0}]
        play.page.evaluate(
            "g => localStorage.setItem('crescent.games', g)",
            json.dumps({"format": "crescent-games/1", "games": listed}),
        )
        play.goto()
        expect(play.root.locator("[data-games] a")).to_have_count(1)
        assert check(play.page) == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "he"])
def test_a_game_from_play_opens_in_the_viewer_of_a_fresh_browser(
    fresh_context: BrowserContext, browser: Browser, server: str, lang: str
) -> None:
    play = PlayPage(fresh_context.new_page(), server, lang)
    play.goto(f"?code={CODE}")
    play_a_move(play)
    play_a_move(play)
    current = play.root.locator("[data-current-link]")
    expect(current).to_have_attribute("href", re.compile("#record=1."))
    href = current.evaluate("a => a.href")
    record = Record.of(play.game())
    stranger = new_context(browser, viewport={"width": 390, "height": 844})
    try:
        page = stranger.new_page()
        page.goto(href)
        viewer = page.locator("[data-crescent-viewer]")
        expect(viewer).to_have_attribute("data-game", "own", timeout=READY_MS)
        expect(viewer.locator(".crescent-viewer-summary")).to_contain_text(record.code.text)
        slider = viewer.locator('[data-action="slider"]')
        expect(slider).to_have_attribute("max", str(len(steps(record)) - 1))
    finally:
        stranger.close()
