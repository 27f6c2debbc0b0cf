"""The Examples viewer with the reader's own games: links, paste, file, and every bad input.

Links are packed here in Python (zlib's raw DEFLATE, base64url), apart from the page's
own JavaScript, so the format is checked from both sides. Expected words come from the
engine and catalogs run here; after every refusal the game shown before is still shown.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from crescent.bidi import isolated_text
from crescent.browser.steps import RECORD_MAX_CHARS, open_steps
from crescent.i18n import catalog
from crescent.places import FOUNDATIONS, PILES
from crescent.record import Record
from crescent.render.steps import describe_step
from crescent.timeline import steps
from tests.browser.conftest import READY_MS, new_context
from tests.site.conftest import lang_prefix
from tools.games import blocked_record, example_record

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("viewer-records")]

GAME = blocked_record(undoable=True)
"""A game of the reader's own: a numbered deal played until blocked."""
LIMIT_KB = RECORD_MAX_CHARS // 1024


def pack(text: str | bytes, step: str = "", version: str = "1") -> str:
    """The address fragment (without "#") that carries `text`."""
    raw = text.encode() if isinstance(text, str) else text
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    payload = base64.urlsafe_b64encode(squeeze.compress(raw) + squeeze.flush()).decode()
    return f"record={version}.{payload.rstrip('=')}" + (f"&{step}" if step else "")


def refused(lang: str, problem: str) -> str:
    """The viewer's words for a refused game."""
    return catalog(lang).format("viewer.refused", problem=problem)


def engine_says(lang: str, text: str) -> str:
    """What the engine says of record `text` in `lang` (the same call the page makes)."""
    answer = json.loads(open_steps(json.dumps({"lang": lang, "record": text})))
    assert "error" in answer, "the record is refused"
    return str(answer["message"])


def _open(context: BrowserContext, server: str, lang: str, fragment: str = "") -> Page:
    page = context.new_page()
    prefix = lang_prefix(lang)
    page.goto(f"{server}/{prefix}examples/" + (f"#{fragment}" if fragment else ""))
    viewer = page.locator("[data-crescent-viewer]")
    expect(viewer).to_have_attribute("data-state", "ready", timeout=READY_MS)
    return page


def _expect_step(viewer: Locator, record: Record, index: int, lang: str) -> None:
    step = steps(record)[index]
    expect(viewer).to_have_attribute("data-step", step.anchor)
    expect(viewer.locator(".crescent-viewer-step")).to_have_text(
        isolated_text(describe_step(step, lang), lang)
    )
    shown = viewer.locator(".crescent-viewer-board g[data-count]").evaluate_all(
        "gs => gs.map(g => [g.dataset.pile || g.dataset.foundation, g.dataset.count])"
    )
    expected = [
        [str(p.pile_number) if p.is_pile else p.text, str(step.after.count(p))]
        for p in (*PILES, *FOUNDATIONS)
    ]
    assert shown == expected


@pytest.mark.parametrize("lang", ["en", "he"])
def test_a_link_opened_in_a_fresh_browser_shows_that_game_at_its_step(
    browser: Browser, server: str, lang: str
) -> None:
    context = new_context(browser, viewport={"width": 390, "height": 844})
    try:
        page = _open(context, server, lang, pack(GAME.dumps(), "move-5"))
        viewer = page.locator("[data-crescent-viewer]")
        expect(viewer).to_have_attribute("data-game", "own", timeout=READY_MS)
        index = next(i for i, s in enumerate(steps(GAME)) if s.anchor == "move-5")
        _expect_step(viewer, GAME, index, lang)
        expect(viewer.locator(".crescent-viewer-summary")).to_contain_text(GAME.code.text)
        expect(viewer.locator(".crescent-viewer-links")).to_be_hidden()
        viewer.locator('[data-action="next"]').click()
        _expect_step(viewer, GAME, index + 1, lang)
        # The address keeps the record and follows the step: it is a link to this view.
        assert page.url.endswith(f"&{steps(GAME)[index + 1].anchor}")
        fragment = page.url.split("#", 1)[1]
        again = _open(context, server, lang, fragment)
        expect(again.locator("[data-crescent-viewer]")).to_have_attribute(
            "data-step", steps(GAME)[index + 1].anchor, timeout=READY_MS
        )
        # Back to the example game: its plain step anchors again.
        viewer.locator('[data-load="example"]').click()
        expect(viewer).to_have_attribute("data-game", "example")
        _expect_step(viewer, example_record(), 0, lang)
        assert page.url.endswith("#start")
    finally:
        context.close()


@pytest.fixture(scope="module")
def viewer_page(browser: Browser, server: str) -> Iterator[Page]:
    """One Hebrew viewer page for the paste, file and refusal checks."""
    context = new_context(browser, viewport={"width": 390, "height": 844})
    page = _open(context, server, "he")
    yield page
    context.close()


def _paste(page: Page, text: str) -> None:
    viewer = page.locator("[data-crescent-viewer]")
    details = viewer.locator(".crescent-viewer-own details")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    viewer.locator("textarea").fill(text)
    viewer.locator('.crescent-viewer-load button[type="submit"]').click()


def test_a_pasted_record_or_link_is_shown(viewer_page: Page) -> None:
    viewer = viewer_page.locator("[data-crescent-viewer]")
    for _ in range(2):  # each step shown before the next tap, so the second is not lost
        before = viewer.get_attribute("data-step") or ""
        viewer.locator('[data-action="next"]').click()
        expect(viewer).not_to_have_attribute("data-step", before)
    left_at = viewer.get_attribute("data-step")
    _paste(viewer_page, GAME.dumps())
    expect(viewer).to_have_attribute("data-game", "own")
    _expect_step(viewer, GAME, 0, "he")
    assert "#record=1." in viewer_page.url
    viewer.locator('[data-action="last"]').click()
    _expect_step(viewer, GAME, len(steps(GAME)) - 1, "he")
    # Nothing on screen describes the example while the reader's game is shown (a QA
    # run: "The won example game" and its key moments around a game given up).
    title = viewer_page.locator("article h1")
    key_moments = viewer_page.locator("article > figure.crescent-diagram").first
    expect(title).to_contain_text(catalog("he").text("viewer.own"))
    expect(key_moments).to_be_hidden()
    contents = viewer_page.locator('.md-nav--secondary a[href="#key-moments"]')
    expect(contents.first).to_be_hidden()  # the contents list names the example's sections
    viewer.locator('[data-load="example"]').click()
    expect(viewer).to_have_attribute("data-game", "example")
    expect(viewer).to_have_attribute("data-step", left_at or "")  # where the reader left it
    expect(title).not_to_contain_text(catalog("he").text("viewer.own"))
    expect(key_moments).to_be_visible()
    _paste(viewer_page, f"https://example.org/he/examples/#{pack(GAME.dumps(), 'move-3')}")
    expect(viewer).to_have_attribute("data-game", "own")
    expect(viewer).to_have_attribute("data-step", "move-3")
    # A refusal, then the link of the game shown: the refusal goes (it stayed, under the
    # game the link asked for: a QA run in Turkish).
    message = viewer.locator(".crescent-viewer-message")
    _paste(viewer_page, f"https://example.org/he/examples/#{pack(GAME.dumps(), version='7')}")
    expect(message).not_to_be_empty()
    _paste(viewer_page, f"https://example.org/he/examples/#{pack(GAME.dumps(), 'move-2')}")
    expect(viewer).to_have_attribute("data-step", "move-2")
    expect(message).to_be_empty()


def test_a_record_file_is_shown(viewer_page: Page, tmp_path: Path) -> None:
    viewer = viewer_page.locator("[data-crescent-viewer]")
    back = viewer.locator('[data-load="example"]')
    if back.is_visible():  # a game of the reader's own is shown (the tests share a page)
        back.click()
    expect(viewer).to_have_attribute("data-game", "example")
    path = tmp_path / "my-game.json"
    path.write_text(GAME.dumps(), encoding="utf-8")
    viewer.locator('input[type="file"]').set_input_files(path)
    expect(viewer).to_have_attribute("data-game", "own")
    _expect_step(viewer, GAME, 0, "he")


HOSTILE = '<img src=x onerror="document.body.dataset.pwned=1">\u202eevil\u2066'
ILLEGAL = json.dumps({**GAME.to_json(), "moves": [*GAME.to_json()["moves"], "p1 up-S"]})
NOT_OURS = json.dumps({**GAME.to_json(), "format": "crescent-game/2"})
BAD = [
    ("not JSON", "this is not a record"),
    ("markup and bidi controls", json.dumps({**GAME.to_json(), "format": HOSTILE})),
    ("an illegal move", ILLEGAL),
    ("another version", NOT_OURS),
]


@pytest.mark.parametrize(("kind", "text"), BAD, ids=[kind for kind, _ in BAD])
def test_a_bad_pasted_record_is_refused_in_the_page_language(
    viewer_page: Page, kind: str, text: str
) -> None:
    viewer = viewer_page.locator("[data-crescent-viewer]")
    _paste(viewer_page, GAME.dumps())
    viewer.locator('[data-action="next"]').click()
    expect(viewer).to_have_attribute("data-step", steps(GAME)[1].anchor)
    before = viewer_page.url
    _paste(viewer_page, text)
    message = viewer.locator(".crescent-viewer-message")
    expect(message).to_have_text(refused("he", engine_says("he", text)))
    assert "\u202e" not in message.inner_text(), "no override the reader typed"
    _expect_step(viewer, GAME, 1, "he")  # the game shown before stays
    assert viewer_page.url == before
    assert viewer_page.locator("body").get_attribute("data-pwned") is None
    assert viewer.locator(".crescent-viewer-message img").count() == 0


LINKS = [
    ("malformed", "record=1.%%%not-base64%%%", "viewer.link-malformed", {}),
    ("cut short", pack(GAME.dumps())[:-40], "viewer.link-malformed", {}),
    ("unknown version", pack(GAME.dumps(), version="7"), "viewer.link-version", {"version": 7}),
    ("huge", pack(b" " * (300 * 1024)), "viewer.too-large", {"limit": LIMIT_KB}),
]


@pytest.mark.parametrize(("kind", "fragment", "key", "values"), LINKS, ids=[k[0] for k in LINKS])
def test_a_bad_link_is_refused_and_the_example_stays(
    browser: Browser, server: str, kind: str, fragment: str, key: str, values: dict[str, object]
) -> None:
    context = new_context(browser, viewport={"width": 1280, "height": 800})
    try:
        page = _open(context, server, "en", fragment)
        viewer = page.locator("[data-crescent-viewer]")
        problem = catalog("en").format(key, **values)
        expect(viewer.locator(".crescent-viewer-message")).to_have_text(refused("en", problem))
        expect(viewer.locator(".crescent-viewer-message")).to_be_in_viewport()  # seen at once
        expect(viewer).to_have_attribute("data-game", "example")
        _expect_step(viewer, example_record(), 0, "en")
        assert page.url.endswith("#start"), "the refused link leaves the address"
    finally:
        context.close()


def test_empty_huge_and_unreadable_input_is_refused(viewer_page: Page, tmp_path: Path) -> None:
    viewer = viewer_page.locator("[data-crescent-viewer]")
    _paste(viewer_page, GAME.dumps())
    expect(viewer).to_have_attribute("data-game", "own")
    message = viewer.locator(".crescent-viewer-message")
    words = catalog("he")
    _paste(viewer_page, "   ")
    expect(message).to_have_text(refused("he", words.text("viewer.empty")))
    _paste(viewer_page, "[" * (RECORD_MAX_CHARS + 10))
    expect(message).to_have_text(refused("he", words.format("viewer.too-large", limit=LIMIT_KB)))
    binary = tmp_path / "photo.json"
    binary.write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)))
    viewer.locator('input[type="file"]').set_input_files(binary)
    expect(message).to_have_text(refused("he", words.text("viewer.file-unreadable")))
    big = tmp_path / "big.json"
    big.write_text(" " * (RECORD_MAX_CHARS + 1), encoding="utf-8")
    viewer.locator('input[type="file"]').set_input_files(big)
    expect(message).to_have_text(refused("he", words.format("viewer.too-large", limit=LIMIT_KB)))
    long = json.dumps({**GAME.to_json(), "moves": ["p1 p2"] * 4000})
    _paste(viewer_page, long)
    expect(message).to_have_text(refused("he", engine_says("he", long)))
    expect(viewer).to_have_attribute("data-game", "own")
    _expect_step(viewer, GAME, 0, "he")
