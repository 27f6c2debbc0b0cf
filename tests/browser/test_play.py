"""The Play page in Chromium: the whole game as the seeds' app plays it, in five languages.

Every expectation comes from the engine run here in CPython on the same game: the
page's stored record is replayed (`PlayPage.game`) to know what the board must show
and which taps play, pick or refuse. English and Hebrew get every feature; the other
languages load and play.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from crescent.bidi import isolated_text
from crescent.browser.hints import record_at
from crescent.codes import GameCode
from crescent.errors import CodeError
from crescent.game import Game
from crescent.i18n import catalog
from crescent.languages import language
from crescent.moves import MOVES, Move
from crescent.places import FOUNDATIONS, PILES, PLACES, Place
from crescent.position import Position
from crescent.record import Record
from crescent.render.controls import redeal_label
from crescent.rules import foundation_drop, tap_target, targets
from tests.browser.conftest import READY_MS, new_context, open_page, place_selector
from tests.browser.motion import flying, seen, travels, turns, watch
from tests.browser.play import HINT_MS, LIVE, PlayPage, expected_places, new_game, play_move
from tests.site.conftest import LANGUAGES, lang_prefix
from tools.games import (
    blocked_record,
    example_record,
    example_short_of,
    lost_late_record,
    one_move_short,
    won_example,
)

pytestmark = pytest.mark.browser

MAIN = ("en", "he")
"""Languages in which every feature is checked."""


def group(lang: str) -> list[pytest.MarkDecorator]:
    """Keep one language's tests in one process, so that its page loads once."""
    return [pytest.mark.xdist_group(f"play-{lang}")]


EVERY = [pytest.param(lang, marks=group(lang), id=lang) for lang in LANGUAGES]
BOTH = [pytest.param(lang, marks=group(lang), id=lang) for lang in MAIN]

_pages: dict[str, PlayPage] = {}


@pytest.fixture(scope="session")
def play_context(browser: Browser) -> Iterator[BrowserContext]:
    """A desktop context for one-off Play pages (their own storage)."""
    created = new_context(browser, viewport={"width": 1280, "height": 900})
    yield created
    created.close()


@pytest.fixture(scope="session")
def contexts(browser: Browser) -> Iterator[dict[str, BrowserContext]]:
    """A desktop context per language: each page's stored game is its own."""
    size = {"width": 1280, "height": 900}
    created = {lang: new_context(browser, viewport=size) for lang in LANGUAGES}
    yield created
    for context in created.values():
        context.close()


@pytest.fixture()
def play(
    contexts: dict[str, BrowserContext], server: str, request: pytest.FixtureRequest
) -> PlayPage:
    """The Play page in the test's language, live; one page per language and process."""
    lang = request.node.callspec.params["lang"]
    if lang not in _pages:
        path = f"{lang_prefix(lang)}play/"
        live = open_page(contexts[lang], server, path)
        page = PlayPage(live.page, server, lang)
        page.wait()
        page.requests = live.requests
        _pages[lang] = page
    return _pages[lang]


def words(lang: str, key: str, **values: object) -> str:
    """The page's words `play.<key>`, filled."""
    return catalog(lang).format(f"play.{key}", **values)


def fresh(play: PlayPage, record: Record | None = None) -> Game:
    """Open the example game's deal at its start (or `record`); the engine's mirror of it."""
    if record is None:
        code = example_record().code.text
        play.code.fill(code)
        play.button("open").click()
        expect(play.status).to_have_text(words(play.lang, "opened", code=code))
    else:
        play.store(record)
    return play.game()


def pile_with(position: Position, want: str) -> Place:
    """A pile whose top card the engine plays at once (`auto`), picks (`pick`) or has no taker."""
    for place in (*PILES, *FOUNDATIONS):
        if position.count(place) == 0 or (place.is_foundation and position.count(place) == 1):
            continue
        found = targets(position, place)
        kind = "auto" if len(found) == 1 else "pick" if found else "none"
        if kind == want and (want != "pick" or place.is_pile):
            return place
    raise AssertionError(f"no place for {want}")


@pytest.mark.parametrize("lang", EVERY)
def test_the_game_loads_and_plays_in_every_language(play: PlayPage, lang: str) -> None:
    text = catalog(lang).text
    assert play.page.locator("body").get_attribute("dir") == language(lang).direction
    for action, key in (("new", "play.new"), ("undo", "play.undo"), ("hint", "play.hint")):
        expect(play.button(action)).to_have_text(text(key))
        expect(play.button(action)).to_be_enabled()
    code = play.code.input_value()
    assert f"code={code}" in play.page.url
    game = play.game()
    assert GameCode.parse(code) == game.code
    play.expect_position(game.position)
    game = fresh(play)
    place = pile_with(game.position, "auto")
    move = MOVES[place][tap_target(game.position, place) or place]
    play_move(play, game, move)
    play.expect_position(game.position)
    assert [url for url in play.requests if not url.startswith(play.base + "/")] == []


@pytest.mark.parametrize("lang", BOTH)
def test_a_new_deal_and_a_typed_code_open_their_games(play: PlayPage, lang: str) -> None:
    code = new_game(play)
    expect(play.moves).to_have_text("0")
    assert play.page.url.endswith(f"?code={code}")
    play.code.fill("cr1-n-aaaaaab")
    play.button("open").click()
    expect(play.status).to_have_text(words(lang, "opened", code="CR1-N-AAAAAAB"))
    expect(play.code).to_have_value("CR1-N-AAAAAAB")
    game = Game(GameCode.parse("CR1-N-AAAAAAB"))
    play.expect_position(game.position)
    # A card played, then New game, in one go: the new deal waits for the move. Opened
    # before the move was answered, the game it left was drawn over it, under its code.
    place = pile_with(game.position, "auto")
    play.root.evaluate(TAP_THEN_BUTTON, [place_selector(place.text), "new"])
    expect(play.code).not_to_have_value("CR1-N-AAAAAAB")
    code = play.code.input_value()
    expect(play.status).to_have_text(catalog(lang).format("play.new-done", code=code))
    play.page.wait_for_timeout(300)  # an answer still on its way would be drawn by now
    shown = play.game()
    assert (shown.code.text, shown.moves_made) == (code, 0)
    expect(play.moves).to_have_text("0")
    play.expect_position(shown.position)
    play.button("copy").click()
    either = (re.escape(words(lang, "copied")), re.escape(words(lang, "copy-selected")))
    expect(play.status).to_have_text(re.compile(f"^({either[0]}|{either[1]})$"))


BAD_CODES = ("CR1-N-AAAA", "CR2-N-AAAAAAB", '<img src=x onerror="document.title=1">', "   ")


@pytest.mark.parametrize("lang", BOTH)
def test_a_bad_code_is_refused_in_the_page_language_and_changes_nothing(
    play: PlayPage, lang: str
) -> None:
    code = new_game(play)
    places = play.places()
    for text in BAD_CODES:
        with pytest.raises(CodeError) as raised:
            GameCode.parse(text)
        play.code.fill(text)
        play.code.press("Enter")
        said = raised.value.message(lang, isolate=True)
        expect(play.status).to_have_text(said)
        # What was typed stays to be mended, the reason under it (it went back to the
        # game's code, the reason off the screen in a phone's landscape: a QA run).
        expect(play.code).to_have_value(text)
        expect(play.code).to_have_attribute("aria-invalid", "true")
        expect(play.root.locator("[data-code-message]")).to_have_text(said)
        assert play.places() == places
    play.code.fill(code)
    play.code.press("Enter")
    expect(play.root.locator("[data-code-message]")).to_be_hidden()
    expect(play.code).not_to_have_attribute("aria-invalid", "true")
    assert play.root.locator("img").count() == 0
    play.goto('?code=<img src=x onerror="document.title=1">')
    with pytest.raises(CodeError) as raised:
        GameCode.parse('<img src=x onerror="document.title=1">')
    expect(play.status).to_have_text(raised.value.message(lang, isolate=True))
    expect(play.code).to_have_value(code)  # the reader's game goes on
    assert play.root.locator("img").count() == 0
    assert play.page.title() != "1"


@pytest.mark.parametrize("lang", BOTH)
def test_taps_play_pick_cancel_and_refuse_like_the_app(play: PlayPage, lang: str) -> None:
    game = fresh(play)
    text = catalog(lang).text
    # One taker: the card goes there at once.
    place = pile_with(game.position, "auto")
    play_move(play, game, MOVES[place][tap_target(game.position, place) or place])
    play.expect_position(game.position)
    # Several takers: picked, the takers marked; a second tap puts it back.
    source = pile_with(game.position, "pick")
    play.place(source.text).click()
    expect(play.place(source.text)).to_have_attribute("aria-pressed", "true")
    for target in targets(game.position, source):
        expect(play.place(target.text)).to_have_class(re.compile("cr-target"))
    play.page.wait_for_timeout(400)  # not a double tap
    play.place(source.text).click()
    expect(play.status).to_have_text(text("ui.cancelled"))
    expect(play.place(source.text)).not_to_have_attribute("aria-pressed", "true")
    # A tap elsewhere puts it back too.
    play.page.wait_for_timeout(400)
    play.place(source.text).click()
    expect(play.place(source.text)).to_have_attribute("aria-pressed", "true")
    play.page.wait_for_timeout(400)
    play.root.locator(".crescent-game-counters").click()
    expect(play.status).to_have_text(text("ui.cancelled"))
    # A refused move: the engine's reason in the page's language.
    play.page.wait_for_timeout(400)
    play.place(source.text).click()
    expect(play.place(source.text)).to_have_attribute("aria-pressed", "true")
    wrong = next(p for p in PILES if p != source and p not in targets(game.position, source))
    reason = game.play(MOVES[source][wrong])
    assert reason is not None
    play.place(wrong.text).click()
    expect(play.status).to_have_text(text(reason.key))
    play.expect_position(game.position)
    # A card dragged and let go on its own pile goes back, and the status line no longer
    # shows the refusal before it (a QA run).
    box = play.place(source.text).bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    play.page.mouse.move(x, y)
    play.page.mouse.down()
    play.page.mouse.move(x + 40, y + 40, steps=5)
    play.page.mouse.move(x, y, steps=5)
    play.page.mouse.up()
    expect(play.status).to_have_text(text("ui.cancelled"))
    play.expect_position(game.position)


def _example_position(wanted: Callable[[Position, Place], bool]) -> tuple[Record, Place]:
    """The first position of the won example with a pile that is `wanted` there."""
    game = Game(example_record().code)
    for action in won_example():
        for place in PILES:
            if wanted(game.position, place):
                return Record.of(game), place
        game.apply(action)
    raise AssertionError("no such position")


def _several_takers_one_a_foundation(position: Position, place: Place) -> bool:
    return len(targets(position, place)) > 1 and foundation_drop(position, place) is not None


def _one_taker_then_another(position: Position, place: Place) -> bool:
    """The card has one taker, and the card under it one too: a double tap there would play
    two cards if the second tap counted."""
    target = tap_target(position, place)
    if target is None:
        return False
    after = position.after(MOVES[place][target])
    return bool(after.count(place) and targets(after, place))


def _double_tap(play: PlayPage, game: Game, place: Place, target: Place | None) -> None:
    """Double-click `place`; the engine's mirror plays its card onto `target`, once."""
    assert target is not None
    play.place(place.text).dblclick()
    assert game.play(MOVES[place][target]) is None
    expect(play.moves).to_have_text(str(game.moves_made))


@pytest.mark.parametrize("lang", BOTH)
def test_a_double_tap_on_a_card_with_one_place_plays_it_once(play: PlayPage, lang: str) -> None:
    """QA report: a double tap on 4♦, whose only place was its foundation, sent it there and
    then Q♠, the card under it, to the descending spade foundation."""
    record, place = _example_position(_one_taker_then_another)
    game = fresh(play, record)
    _double_tap(play, game, place, tap_target(game.position, place))
    play.page.wait_for_timeout(500)  # the second tap's answer, had it asked for a move
    expect(play.moves).to_have_text(str(game.moves_made))
    play.expect_position(game.position)


def _transfer_game() -> tuple[Record, Place, Place]:
    """A position of the won example where a foundation's top card may pass to the other one."""
    game = Game(example_record().code)
    for action in won_example():
        if isinstance(action, Move) and action.source.is_foundation:
            return Record.of(game), action.source, action.target
        game.apply(action)
    raise AssertionError("no transfer in the example")


@pytest.mark.parametrize("lang", BOTH)
def test_double_tap_drag_and_the_foundations_area(play: PlayPage, lang: str) -> None:
    record, place = _example_position(_several_takers_one_a_foundation)
    game = fresh(play, record)
    _double_tap(play, game, place, foundation_drop(game.position, place))
    play.expect_position(game.position)
    # Drag onto a pile.
    source = pile_with(game.position, "pick")
    pile = next((p for p in targets(game.position, source) if p.is_pile), None)
    if pile is not None:
        play.place(source.text).drag_to(play.place(pile.text))
        assert game.play(MOVES[source][pile]) is None
        expect(play.moves).to_have_text(str(game.moves_made))
        play.expect_position(game.position)
    # Drag a card onto the empty middle of the foundations area, by raw mouse events at
    # points measured with the whole board in the window.
    source = next(p for p in PILES if game.position.count(p) and foundation_drop(game.position, p))
    target = foundation_drop(game.position, source)
    assert target is not None
    play.root.locator(".crescent-game-board").scroll_into_view_if_needed()
    left = play.place("up-H").bounding_box()
    right = play.place("up-D").bounding_box()
    assert left and right
    x, y = (left["x"] + left["width"] + right["x"]) / 2, left["y"] + left["height"] + 8
    start = play.place(source.text).bounding_box()
    assert start
    under = "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-pile]')?.dataset.pile"
    assert play.page.evaluate(under, [start["x"] + 20, start["y"] + 20]) == source.text[1:]
    play.page.mouse.move(start["x"] + 20, start["y"] + 20)
    play.page.mouse.down()
    play.page.mouse.move(x, y, steps=8)
    play.page.mouse.up()
    assert game.play(MOVES[source][target]) is None
    expect(play.moves).to_have_text(str(game.moves_made))
    play.expect_position(game.position)


@pytest.mark.parametrize("lang", BOTH)
def test_a_foundations_top_card_passes_to_the_other_foundation(play: PlayPage, lang: str) -> None:
    record, source, target = _transfer_game()
    game = fresh(play, record)
    play_move(play, game, MOVES[source][target])
    play.expect_position(game.position)


@pytest.mark.parametrize("lang", BOTH)
def test_undo_redeal_and_the_counters(play: PlayPage, lang: str) -> None:
    game = fresh(play)
    text = catalog(lang).text
    expect(play.button("undo")).to_have_attribute("aria-keyshortcuts", "U")
    time = play.root.locator("[data-time]")
    expect(time).not_to_have_text("0:00", timeout=3_000)
    for _ in range(2):
        place = pile_with(game.position, "auto")
        play_move(play, game, MOVES[place][tap_target(game.position, place) or place])
    start = Game(game.code).position
    play.button("undo").click()
    expect(play.moves).to_have_text("1")
    play.button("undo").click()
    expect(play.moves).to_have_text("0")
    play.button("undo").click()
    expect(play.status).to_have_text(text("reason.nothing-to-undo"))
    play.expect_position(start)
    game = play.game()
    place = pile_with(game.position, "auto")
    # A move before the redeals, which they put out of undo's reach.
    play_move(play, game, MOVES[place][tap_target(game.position, place) or place])
    for left in (2, 1, 0):
        play.button("redeal").click()
        expect(play.button("redeal")).to_have_text(redeal_label(left, lang))
    expect(play.button("redeal")).to_have_text(text("redeal.none"))
    game = play.game()
    place = pile_with(game.position, "auto")
    play_move(play, game, MOVES[place][tap_target(game.position, place) or place])
    play.button("undo").click()
    play.button("undo").click()
    expect(play.status).to_have_text(text("reason.undo-past-redeal"))
    play.button("new").click()
    # The old game had no redeal left: three again means the new game is drawn.
    expect(play.button("redeal")).to_have_text(redeal_label(3, lang))
    expect(play.moves).to_have_text("0")
    play.button("undo").click()
    expect(play.status).to_have_text(text("reason.nothing-to-undo"))


@pytest.mark.parametrize("lang", BOTH)
def test_the_keyboard_alone_plays(play: PlayPage, lang: str) -> None:
    game = fresh(play)
    place = pile_with(game.position, "auto")
    play.place("p1").focus()
    play.page.keyboard.press("ArrowUp")
    assert play.page.evaluate("() => document.activeElement.dataset.pile") == "2"
    play.page.keyboard.press("ArrowRight")
    assert play.page.evaluate("() => document.activeElement.dataset.foundation") is not None
    ring = play.page.evaluate(
        "() => getComputedStyle(document.activeElement.querySelector('rect')).strokeWidth"
    )
    assert ring == "5px", "the focused place has a visible ring"
    # A marked place is drawn a little larger: ArrowUp in the top row went sideways to it.
    play.goto("?code=CR1-N-FCRZLMI")
    expect(play.root).to_have_attribute("data-state", LIVE, timeout=READY_MS)
    play.place("p8").focus()
    play.page.keyboard.press("Enter")  # 2♣ goes home: pile 8, in the top row, is marked
    expect(play.moves).to_have_text("1")
    play.place("p6").focus()
    play.page.keyboard.press("ArrowUp")
    assert play.page.evaluate("() => document.activeElement.dataset.pile") == "6"
    game = fresh(play)
    play.place(place.text).focus()
    play.page.keyboard.press("Enter")
    target = tap_target(game.position, place)
    assert target is not None and game.play(MOVES[place][target]) is None
    expect(play.moves).to_have_text("1")
    play.page.keyboard.press("u")
    expect(play.moves).to_have_text("0")
    source = pile_with(play.game().position, "pick")
    # A card picked with the pointer has no focus, and Esc still puts it back.
    play.page.evaluate("() => document.activeElement.blur()")
    play.place(source.text).click()
    expect(play.place(source.text)).to_have_attribute("aria-pressed", "true")
    play.page.keyboard.press("Escape")
    expect(play.place(source.text)).not_to_have_attribute("aria-pressed", "true")
    expect(play.status).to_have_text(catalog(lang).text("ui.cancelled"))
    play.place(source.text).focus()
    play.page.keyboard.press("Space")
    expect(play.place(source.text)).to_have_attribute("aria-pressed", "true")
    play.page.keyboard.press("Escape")
    expect(play.status).to_have_text(catalog(lang).text("ui.cancelled"))
    play.page.keyboard.press("r")
    expect(play.button("redeal")).to_have_text(redeal_label(2, lang))


WATCH_HINT = """root => {
  root.hintStates = [];
  new MutationObserver(() => root.hintStates.push(root.dataset.hint ?? null))
    .observe(root, { attributes: true, attributeFilter: ["data-hint"] });
}"""
"""Keep every value `data-hint` takes on the board's root: the thinking state is seen even
when it ends before a poll (a loaded run once polled 5 s and missed all of it)."""


@pytest.mark.parametrize("lang", BOTH)
def test_the_hint_thinks_in_the_worker_and_shows_the_next_move(play: PlayPage, lang: str) -> None:
    fresh(play)
    play.root.evaluate(WATCH_HINT)
    play.button("hint").click()
    assert play.page.evaluate("1 + 1") == 2, "the page answers while the solver thinks"
    expect(play.root).not_to_have_attribute("data-hint", "thinking", timeout=HINT_MS)
    assert play.root.evaluate("root => root.hintStates") == ["thinking", None]
    fresh(play, Record.of(example_short_of(30)))
    play.button("hint").click()
    prefix = catalog(lang).text("hint.next").split("{step}")[0]
    expect(play.status).to_contain_text(prefix, timeout=HINT_MS)
    expect(play.button("hint")).to_have_text(catalog(lang).text("play.hint"))
    assert play.root.locator(".cr-hint").count() == 1
    assert play.root.locator(".cr-hint-target").count() == 1
    # Asked with a card picked: by a tap on the button (which puts the card back first)
    # and by the H key (the card stays picked until the hint puts it back). Either way
    # the hint is marked, and no place is marked as the picked card's.
    late = Record.of(example_short_of(50))  # late enough for a quick hint, with cards to pick
    for ask in ("tap", "key"):
        fresh(play, late)
        source = pile_with(play.game().position, "pick")
        play.page.wait_for_timeout(400)  # not a double tap
        play.place(source.text).click()
        expect(play.place(source.text)).to_have_attribute("aria-pressed", "true")
        if ask == "tap":
            play.button("hint").click()
        else:
            play.page.keyboard.press("h")
        expect(play.status).to_contain_text(prefix, timeout=HINT_MS)
        expect(play.root.locator(".cr-hint")).to_have_count(1)
        expect(play.root.locator(".cr-hint-target")).to_have_count(1)
        assert play.root.locator(".cr-target").count() == 0, ask
        expect(play.place(source.text)).not_to_have_attribute("aria-pressed", "true")
    # A tap on the hint's marked target plays the hinted move (it took the target's own
    # card, and was refused for a reason about that card: a QA run).
    name = "g => g.dataset.pile ? 'p' + g.dataset.pile : g.dataset.foundation"
    hinted = play.root.locator(".cr-hint").evaluate(name)
    target = play.root.locator(".cr-hint-target").evaluate(name)
    game = play.game()
    move = MOVES[next(p for p in PLACES if p.text == hinted)][
        next(p for p in PLACES if p.text == target)
    ]
    play.tap(target)
    assert game.play(move) is None
    expect(play.moves).to_have_text(str(game.moves_made))
    play.expect_position(game.position)
    play.store(blocked_record(undoable=True))
    play.button("hint").click()
    expect(play.status).to_have_text(catalog(lang).text("hint.lost"), timeout=HINT_MS)
    play.store(lost_late_record())  # in play, but lost: the worker's search proves it
    expect(play.status).not_to_have_text(catalog(lang).text("hint.lost"))
    play.button("hint").click()
    expect(play.status).to_have_text(catalog(lang).text("hint.lost"), timeout=HINT_MS)
    # A card tapped, then the hint, in one go: the hint waits for the pick and for the
    # press on its button that puts the card back. Sent before them, it was answered
    # first, and their drawings took its marks away and their words replaced its own (a
    # loaded run, where the pick's answer was slow).
    fresh(play, late)
    source = pile_with(play.game().position, "pick")
    play.root.evaluate(TAP_THEN_BUTTON, [place_selector(source.text), "hint"])
    expect(play.status).to_contain_text(prefix, timeout=HINT_MS)
    expect(play.root.locator(".cr-hint")).to_have_count(1)
    expect(play.root.locator(".cr-hint-target")).to_have_count(1)
    expect(play.place(source.text)).not_to_have_attribute("aria-pressed", "true")


TAP_THEN_BUTTON = """(root, [source, action]) => {
  const at = (element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    return { bubbles: true, button: 0, isPrimary: true, pointerId: 1, clientX: x, clientY: y };
  };
  const place = root.querySelector(source);
  place.dispatchEvent(new PointerEvent("pointerdown", at(place)));
  place.dispatchEvent(new PointerEvent("pointerup", at(place)));
  const button = root.querySelector(`[data-action="${action}"]`);
  button.dispatchEvent(new PointerEvent("pointerdown", at(button)));
  button.click();
}"""
"""Tap the place `source` (a selector), then the button of `action`, in one task: what
the tap asked of the engine is still on its way when the button is pressed."""


@pytest.mark.parametrize("lang", BOTH)
def test_blocked_games_offer_undo_only_when_it_can_be_undone(play: PlayPage, lang: str) -> None:
    play.store(blocked_record(undoable=True))
    expect(play.root).to_have_attribute("data-state", "blocked")
    expect(play.root.locator(".crescent-game-end-text")).to_have_text(words(lang, "blocked-offer"))
    # Reopened blocked, the status line says so too, not the ready game's "tap a card".
    expect(play.status).to_have_text(words(lang, "blocked-offer"))
    expect(play.offer("undo")).to_be_visible()
    play.offer("undo").click()
    expect(play.root).to_have_attribute("data-state", "ready")
    play.store(blocked_record(undoable=False))
    expect(play.root).to_have_attribute("data-state", "blocked")
    expect(play.root.locator(".crescent-game-end-text")).to_have_text(words(lang, "blocked-new"))
    expect(play.status).to_have_text(words(lang, "blocked-new"))
    expect(play.offer("undo")).to_be_hidden()
    play.offer("new").click()
    expect(play.root).to_have_attribute("data-state", "ready")
    expect(play.moves).to_have_text("0")


def test_the_example_game_is_won_through_the_interface(
    play_context: BrowserContext, server: str
) -> None:
    page = PlayPage(play_context.new_page(), server, "en")
    try:
        page.goto("?example=won-game&step=start")
        game = Game(example_record().code)
        for action in won_example():
            if isinstance(action, Move):
                play_move(page, game, action)
            else:
                left = game.position.redeals_left - 1
                page.button("redeal").click()
                assert game.redeal() is None
                expect(page.button("redeal")).to_have_text(redeal_label(left, "en"))
        expect(page.root).to_have_attribute("data-state", "won")
        expect(page.status).to_contain_text(catalog("en").text("ui.won"))
        summary = re.escape(words("en", "won", moves=game.moves_made, time="TIME"))
        expect(page.status).to_contain_text(re.compile(summary.replace("TIME", r"\d+:\d\d")))
        page.expect_position(game.position)
    finally:
        page.page.close()


@pytest.mark.parametrize("lang", BOTH)
def test_the_last_move_wins_with_time_and_moves(play: PlayPage, lang: str) -> None:
    game, last = one_move_short()
    play.store(Record.of(game), elapsed=125)
    play_move(play, game, last)
    expect(play.root).to_have_attribute("data-state", "won")
    summary = re.escape(words(lang, "won", moves=game.moves_made, time="TIME"))
    summary = summary.replace("TIME", r"2:0\d")  # 125 s stored, a few more played
    expect(play.status).to_contain_text(re.compile(summary))
    expect(play.root.locator(".crescent-game-end-text")).to_have_text(re.compile(summary))


@pytest.mark.parametrize("lang", BOTH)
def test_a_reload_and_a_language_switch_lose_nothing(play: PlayPage, lang: str) -> None:
    game = fresh(play)
    for _ in range(3):
        place = pile_with(game.position, "auto")
        play_move(play, game, MOVES[place][tap_target(game.position, place) or place])
    places, saved = play.places(), play.saved()
    assert saved is not None
    play.page.reload()
    play.wait()
    expect(play.status).to_have_text(words(lang, "restored"))
    assert play.places() == places
    expect(play.moves).to_have_text("3")
    assert play.saved() is not None and play.saved()["record"] == saved["record"]  # type: ignore[index]
    for left in (2, 1, 0):
        play.button("undo").click()
        expect(play.moves).to_have_text(str(left))
    play.expect_position(Game(game.code).position)
    other = "he" if lang == "en" else "en"
    play.page.goto(f"{play.base}/{'' if other == 'en' else other + '/'}play/")
    play.wait()
    assert play.places() == expected_places(Game(game.code).position)
    play.goto()


@pytest.mark.parametrize("lang", BOTH)
def test_an_unreadable_stored_game_is_discarded_with_a_message(play: PlayPage, lang: str) -> None:
    for text in ("not json {", json.dumps({"format": "crescent-play/1", "record": "{}"})):
        play.page.evaluate("t => localStorage.setItem('crescent.play', t)", text)
        play.goto()
        prefix = words(lang, "discarded", detail="DETAIL").split("DETAIL")[0]
        expect(play.status).to_contain_text(prefix)
        expect(play.moves).to_have_text("0")
        assert play.saved() is not None and play.saved()["format"] == "crescent-play/1"  # type: ignore[index]


@pytest.mark.parametrize("lang", BOTH)
def test_an_example_opens_at_its_step_from_a_link(play: PlayPage, lang: str) -> None:
    play.goto("?example=won-game&step=move-10")
    kept, message = record_at(example_record(), "move-10", lang)
    expect(play.status).to_have_text(isolated_text(message, lang))
    expect(play.moves).to_have_text("10")
    game = Game(kept.code)
    for action in kept.actions:
        game.apply(action)
    play.expect_position(game.position)
    assert f"?code={kept.code.text}" in play.page.url
    play.goto("?example=../secret&step=start")
    expect(play.status).to_have_text(words(lang, "bad-example", name="../secret"))


@pytest.mark.parametrize("lang", BOTH)
def test_a_phone_screen_shows_the_whole_game_and_the_same_horseshoe(
    browser: Browser, server: str, lang: str
) -> None:
    context = new_context(browser, viewport={"width": 360, "height": 740}, has_touch=True)
    try:
        page = PlayPage(context.new_page(), server, lang)
        page.goto("?example=won-game&step=start")
        assert page.page.evaluate("() => document.documentElement.scrollWidth") <= 360
        for action in ("new", "undo", "redeal", "hint", "open", "copy"):
            box = page.button(action).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360
        one, sixteen = page.place("p1").bounding_box(), page.place("p16").bounding_box()
        assert one and sixteen and one["x"] < sixteen["x"], "pile 1 on the left, in every language"
        game = page.game()
        place = pile_with(game.position, "auto")
        page.place(place.text).tap()
        expect(page.moves).to_have_text("1")
    finally:
        context.close()


@pytest.mark.parametrize("lang", [pytest.param("he", marks=group("he"), id="he")])
def test_moves_travel_undo_plays_them_back_and_input_never_waits_for_motion(
    play: PlayPage, lang: str
) -> None:
    """Hebrew: the same horseshoe moves the same way; each card starts on its source."""
    game = fresh(play)
    start = game.position
    surface = play.root.locator(".crescent-game-surface")
    watch(surface)
    source = pile_with(game.position, "auto")
    target = tap_target(game.position, source)
    assert target is not None
    card = str(game.position.top(source))
    play_move(play, game, MOVES[source][target])
    found = seen(surface)
    assert travels(found) == [(card, source.text, target.text)]
    assert found[0][0]["offset"] < 1.5, "the card starts where it was, not mirrored"
    assert 150 <= found[0][0]["ms"] <= 250

    # Undo plays the move backwards; held on its way (only the board can end it now),
    # the card is still travelling when the reader taps its pile again: the tap lands
    # on the card shown under it for the while, ends the motion at once and is played.
    watch(surface, hold=True)
    play.button("undo").click()
    expect(play.moves).to_have_text("0")
    assert travels(seen(surface)) == [(card, target.text, source.text)], "backwards"
    assert flying(surface) == [(card, target.text, source.text)]
    play.tap(source.text, at_once=True)
    assert (card, target.text, source.text) not in flying(surface)
    expect(play.moves).to_have_text("1")
    watch(surface)
    second = pile_with(game.position, "auto")
    play_move(play, game, MOVES[second][tap_target(game.position, second) or second])
    play.button("undo").click()
    play.button("undo").click()  # at once, during the first undo's motion: not lost
    expect(play.moves).to_have_text("0")
    play.expect_position(start)

    play.button("redeal").click()
    expect(play.button("redeal")).to_have_text(redeal_label(2, lang))
    assert turns(seen(surface)) == [p.text for p in PILES if start.count(p) > 1]

    play.page.emulate_media(reduced_motion="reduce")
    try:
        game = play.game()
        place = pile_with(game.position, "auto")
        play_move(play, game, MOVES[place][tap_target(game.position, place) or place])
        play.expect_position(game.position)
        assert seen(surface) == [], "reduced motion: the board changes at once"
    finally:
        play.page.emulate_media(reduced_motion="no-preference")
