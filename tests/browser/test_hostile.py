"""Hostile text in a real browser: the Play page's address, code field and stored game,
and the Examples viewer's address.

Markup, script URLs, right-to-left overrides, NULs and very long strings go in; each
comes back, if at all, as text inside the engine's message in the page's language,
and the page plays on. The pages run with their Content-Security-Policy bypassed, so
that an injection would run here rather than be stopped by the policy: these tests
check the pages' code (the site tests check the policy). An injection is seen by its
effects: `window.__pwned` set, a dialog, a request for the image `x`, or an element or
attribute that could run script.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, Request, expect

from crescent import browser
from crescent.browser.hints import record_at
from crescent.codes import GameCode
from crescent.errors import CrescentError
from crescent.game import Game
from crescent.i18n import catalog
from crescent.record import Record
from crescent.rules import legal_moves
from crescent.timeline import steps
from tests.browser.conftest import READY_MS, new_context, open_page
from tests.browser.play import PlayPage, new_game, play_a_move
from tests.site.conftest import lang_prefix
from tools.games import example_record

pytestmark = pytest.mark.browser

MAIN = ("en", "he")
LANG = [
    pytest.param(lang, marks=pytest.mark.xdist_group(f"hostile-{lang}"), id=lang) for lang in MAIN
]

SCRIPT = "window.__pwned=1"
HOSTILE = (
    f'<img src=x onerror="{SCRIPT}">',
    f'"><svg onload={SCRIPT}>',
    f"'><script>{SCRIPT}</script>",
    f"javascript:{SCRIPT}",
    "javascript:alert(1)",
    f"\u202eCR1-N-AAAAAAB<img src=x onerror={SCRIPT}>",  # right-to-left override
    f"CR1-N-AAAAAAB\x00<img src=x onerror={SCRIPT}>",  # NUL
    "{code}{name}{detail}",  # the page's own placeholders
)
SOME = {"en": (HOSTILE[0], HOSTILE[6]), "he": (HOSTILE[1], HOSTILE[5])}
"""Markup, a right-to-left override, a NUL: every one takes the same path in the page, and a
page load each costs a Pyodide start, so each language gets two (the override in Hebrew)."""
LONG = "CR1-N-" + "A" * 20_000 + f"<img src=x onerror={SCRIPT}>"
"""A very long string: about 20 KB in the address, five times that in the code field."""

INJECTED = """() => {
  const runs = (e) => [...e.attributes].some((a) => /^on/i.test(a.name)
      || /^\\s*javascript:/i.test(a.value));
  const bad = [...document.querySelectorAll("*")].filter((e) => runs(e)
      || (e.matches("img, script, iframe, object, embed, svg")
          && e.outerHTML.includes("__pwned")));
  return {pwned: window.__pwned ?? null, bad: bad.map((e) => e.outerHTML.slice(0, 120))};
}"""
"""What an injection would leave: the flag its script sets, elements that could run script."""


class Watch:
    """A page's dialogs and requests for the injected image `x`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dialogs: list[str] = []
        self.images: list[str] = []
        page.on("dialog", self._dialog)
        page.on("request", self._request)

    def _dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _request(self, request: Request) -> None:
        if request.url.split("?")[0].split("#")[0].endswith("/x"):
            self.images.append(request.url)

    def expect_clean(self) -> None:
        """No script ran and nothing that could run one is in the document."""
        assert self.page.evaluate(INJECTED) == {"pwned": None, "bad": []}
        assert self.dialogs == [] and self.images == []


@pytest.fixture(scope="module")
def contexts(browser: Browser) -> Iterator[dict[str, BrowserContext]]:
    """A context per language (its own storage), the pages' policy bypassed."""
    made = {
        lang: new_context(browser, viewport={"width": 1280, "height": 900}, bypass_csp=True)
        for lang in MAIN
    }
    yield made
    for context in made.values():
        context.close()


_pages: dict[str, tuple[PlayPage, Watch]] = {}


@pytest.fixture()
def play(
    contexts: dict[str, BrowserContext], server: str, request: pytest.FixtureRequest
) -> Iterator[PlayPage]:
    """The Play page in the test's language, live; checked for injections after the test."""
    lang = request.node.callspec.params["lang"]
    if lang not in _pages:
        live = open_page(contexts[lang], server, f"{lang_prefix(lang)}play/")
        page = PlayPage(live.page, server, lang)
        page.wait()
        _pages[lang] = page, Watch(live.page)
    page, watch = _pages[lang]
    page.page.bring_to_front()
    yield page
    watch.expect_clean()


def words(lang: str, key: str, **values: object) -> str:
    """The Play page's words `play.<key>`, filled."""
    return catalog(lang).format(f"play.{key}", **values)


def refusal(parse: Callable[[str], object], text: str, lang: str) -> str:
    """The engine's message (in CPython) when `parse(text)` refuses `text`."""
    with pytest.raises(CrescentError) as raised:
        parse(text)
    return raised.value.message(lang, isolate=True)


def plays_on(play: PlayPage) -> None:
    """The page is usable: a new game deals, and a card of it moves."""
    new_game(play)
    play_a_move(play)


def address(lang: str, **params: str) -> str:
    """`?name=value&...`, every value percent-encoded."""
    return "?" + "&".join(f"{name}={quote(value, safe='')}" for name, value in params.items())


@pytest.mark.parametrize("lang", LANG)
def test_hostile_codes_in_the_address_are_shown_as_text(play: PlayPage, lang: str) -> None:
    play.goto()
    code = play.code.input_value()
    for text in (*SOME[lang], LONG):  # the code field takes every string of HOSTILE, on one load
        play.goto(address(lang, code=text))
        expect(play.status).to_have_text(refusal(GameCode.parse, text, lang))
        expect(play.code).to_have_value(code)  # the reader's game goes on
        assert play.page.url.endswith(f"?code={code}")
        assert play.root.get_attribute("data-state") == "ready"
    plays_on(play)


@pytest.mark.parametrize("lang", LANG)
def test_hostile_examples_and_steps_in_the_address_are_shown_as_text(
    play: PlayPage, lang: str
) -> None:
    play.goto()
    code = play.code.input_value()

    def at_step(text: str) -> object:
        return record_at(example_record(), text, lang)

    for text in SOME[lang]:
        play.goto(address(lang, example=text, step="start"))
        expect(play.status).to_have_text(words(lang, "bad-example", name=text))
        expect(play.code).to_have_value(code)
    for text in (*SOME[lang], LONG):
        play.goto(address(lang, example="won-game", step=text))
        expect(play.status).to_have_text(refusal(at_step, text, lang))
        expect(play.code).to_have_value(code)
    plays_on(play)


@pytest.mark.parametrize("lang", LANG)
def test_hostile_text_in_the_code_field_is_shown_as_text(play: PlayPage, lang: str) -> None:
    play.goto()
    places = play.places()
    for text in (*HOSTILE, LONG * 5):
        play.code.fill(text)
        assert play.code.input_value() == text, "the field keeps what was typed"
        play.button("open").click()
        said = refusal(GameCode.parse, text, lang)
        expect(play.status).to_have_text(said)
        expect(play.root.locator("[data-code-message]")).to_have_text(said)  # as text
        expect(play.code).to_have_value(text)  # kept to be mended; the game goes on
        assert play.places() == places
    assert play.page.evaluate("window.__pwned") is None
    plays_on(play)


def stored_games() -> list[str]:
    """Stored games a page (or another script of the origin) could have left behind: each
    takes a path of its own through the page and the engine."""
    fresh = Record.of(Game(GameCode.parse("CR1-N-AAAAAAB"))).to_json()

    def saved(record: object, **extra: object) -> str:
        return json.dumps({"format": "crescent-play/1", "record": record, **extra})

    found = [HOSTILE[6], LONG]  # not JSON: markup with a NUL, a long string take one path
    found.append(saved(HOSTILE[0], undo=0, elapsed=0))
    # A record the engine refuses: the page takes one path for each (the engine's own
    # tests refuse every field of a record); its code and its moves are shown in text.
    found.append(saved(json.dumps({**fresh, "code": HOSTILE[1]}), undo=0))
    found.append(saved(json.dumps({**fresh, "moves": [HOSTILE[0], "p1-up-S"]}), undo=1))
    found.append(saved({"code": HOSTILE[0]}))  # a record that is not text
    found.append(json.dumps({"__proto__": {"format": "crescent-play/1", "record": HOSTILE[0]}}))
    return found


def discarded(text: str, lang: str) -> str:
    """The page's words for the stored `text`, judged by the engine as the page asks it."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    ours = isinstance(data, dict) and data.get("format") == "crescent-play/1"
    record = data["record"] if ours and isinstance(data.get("record"), str) else text
    undo = data.get("undo") if ours and isinstance(data.get("undo"), int) else None
    answer = json.loads(
        browser.call("open_game", json.dumps({"lang": lang, "record": record, "undo": undo}))
    )
    assert answer.get("error"), "the engine refuses the stored game"
    return words(lang, "discarded", detail=answer["message"])


@pytest.mark.parametrize("lang", LANG)
def test_a_hostile_stored_game_is_discarded_with_the_engines_message(
    play: PlayPage, lang: str
) -> None:
    for text in stored_games()[MAIN.index(lang) :: len(MAIN)]:  # a page load each
        play.page.evaluate("t => localStorage.setItem('crescent.play', t)", text)
        play.goto()
        expect(play.status).to_have_text(discarded(text, lang))
        expect(play.moves).to_have_text("0")
        saved = play.saved()
        assert saved is not None and saved["format"] == "crescent-play/1"
        assert Record.loads(saved["record"]).code.text == play.code.input_value()
    plays_on(play)


@pytest.mark.parametrize("lang", LANG)
def test_hostile_numbers_in_a_stored_game_are_ignored(play: PlayPage, lang: str) -> None:
    record = Record.of(Game(GameCode.parse("CR1-N-AAAAAAB")))
    stored = {"format": "crescent-play/1", "record": record.dumps()}
    stored |= {"undo": HOSTILE[0], "elapsed": HOSTILE[1]}
    play.page.evaluate("t => localStorage.setItem('crescent.play', t)", json.dumps(stored))
    play.goto()
    expect(play.status).to_have_text(words(lang, "restored"))
    expect(play.code).to_have_value("CR1-N-AAAAAAB")
    expect(play.root.locator("[data-time]")).to_have_text(re.compile(r"^0:0\d$"))
    game = Game(GameCode.parse("CR1-N-AAAAAAB"))
    assert game.play(legal_moves(game.position)[0]) is None
    play.store(Record.of(game), elapsed=10**300)  # another tab saves a finite, absurd time
    expect(play.root.locator("[data-time]")).to_have_text(re.compile(r"^0:0\d$"))
    plays_on(play)


VIEWER_HASHES = (
    "%E0%A4%A",  # a malformed escape: decodeURIComponent throws
    "%",
    quote(f"<img src=x onerror={SCRIPT}>"),
    f"<img src=x onerror={SCRIPT}>",
    quote(f'"><svg onload={SCRIPT}>'),
    f"javascript:{SCRIPT}",
    "move-10%00",
    quote("\u202emove-10"),
    "move-" + "1" * 20_000,
)


@pytest.mark.parametrize("lang", LANG)
def test_a_hostile_address_leaves_the_viewer_at_its_start(
    contexts: dict[str, BrowserContext], server: str, lang: str
) -> None:
    prefix = lang_prefix(lang)
    live = open_page(contexts[lang], server, f"{prefix}examples/#{VIEWER_HASHES[0]}")
    page = live.page
    watch = Watch(page)
    viewer = page.locator("[data-crescent-viewer]")
    expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
    expect(viewer).to_have_attribute("data-step", "start")
    for text in VIEWER_HASHES[1:]:
        page.evaluate("h => { location.hash = h; }", text)
        page.wait_for_timeout(100)
        expect(viewer).to_have_attribute("data-state", "ready")
        expect(viewer).to_have_attribute("data-step", "start")
        watch.expect_clean()
    opened = VIEWER_HASHES[MAIN.index(lang) : 4 : len(MAIN)]  # a page load each
    for number, text in enumerate(opened):  # opened from the address, not changed
        page.goto(f"{server}/{prefix}examples/?load={number}#{text}")
        expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
        expect(viewer).to_have_attribute("data-step", "start")
        watch.expect_clean()
    page.evaluate("() => { location.hash = '#move-10'; }")
    expect(viewer).to_have_attribute("data-step", "move-10")
    index = next(i for i, step in enumerate(steps(example_record())) if step.anchor == "move-10")
    slider = viewer.locator('[data-action="slider"]')
    expect(slider).to_have_value(str(index))
    watch.expect_clean()
    page.close()
