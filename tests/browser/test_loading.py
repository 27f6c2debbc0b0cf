"""The engine's loading as a reader sees it, over a throttled link (tools/link.py).

Every live board shows a bar and the share of the runtime's bytes received, in the
page's language, filling in the reading direction; screen readers hear a few points
only; a link that stops carrying bytes is said to be stalled and the loading goes on
when it comes back; a slow link is waited for, however long it takes. A later page
whose engine has ended meanwhile (tools/engine_worker.py ends it, as the browser does a
while after its last page) starts from the engine's memory snapshot kept in the
browser, and a snapshot that cannot be used, or storage that is refused or full, leaves
the page working.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from crescent.i18n import catalog
from crescent_site.demo import STALL_MS
from tests.browser.conftest import (
    ENGINE_START,
    ENGINE_WORKER,
    READY_MS,
    engine_starts,
    new_context,
)
from tests.browser.play import PlayPage, new_game
from tools.engine_worker import end_engine
from tools.link import Link, serve

pytestmark = pytest.mark.browser

FAST = {"rate": 9e6 / 8, "rtt": 0.060}
"""bench/network.py's faster link: 9 Mbit/s, 60 ms per round trip."""
SLOW = {"rate": 0.5e6 / 8, "rtt": 0.400}
"""The link on which a fixed timer once gave up: 0.5 Mbit/s, 400 ms per round trip."""
SLOW_MS = 400_000
"""However long a slow link takes: some 5 MB at 0.5 Mbit/s is 80 s, on a busy machine more."""
WATCH = """
window.crescentLoading = { shares: [], words: [], heard: [] };
new MutationObserver(() => {
  const seen = window.crescentLoading;
  const block = document.querySelector(".crescent-loading");
  if (block) {
    const share = parseFloat(block.style.getPropertyValue("--crescent-loaded"));
    if (!Number.isNaN(share) && share !== seen.shares[seen.shares.length - 1]) {
      seen.shares.push(share);
    }
    const words = block.textContent;
    if (words && words !== seen.words[seen.words.length - 1]) {
      seen.words.push(words);
    }
  }
  const heard = document.querySelector(".crescent-visually-hidden[role=status]");
  if (heard && heard.textContent !== seen.heard[seen.heard.length - 1]) {
    seen.heard.push(heard.textContent);
  }
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""
SHARE = """() => {
  const block = document.querySelector(".crescent-loading");
  return block ? parseFloat(block.style.getPropertyValue("--crescent-loaded")) || 0 : -1;
}"""
WASM = """() => performance.getEntriesByType("mark")
  .map((mark) => mark.name).filter((name) => name.startsWith("crescent:wasm:"))"""
"""How Pyodide's wasm was compiled: by the worker as it arrived (docs/assets/js/engine/wasm.js)."""
ARCHIVES = """() => performance.getEntriesByType("mark")
  .map((mark) => mark.name).filter((name) => name.startsWith("crescent:archives:"))"""
"""Where the worker found the wheel and the standard library: `kept` with the snapshot
(one read of Cache Storage), or `fetched` (the precache or the network)."""
WASM_FROM = """() => performance.getEntriesByType("mark")
  .map((mark) => mark.name).filter((name) => name.startsWith("crescent:wasm-from:"))"""
"""Whom the worker asked for the wasm: the `network` (nothing precached yet), or the
`service-worker`, whose answer from its precache lets V8 keep the compiled code."""
KEPT = """async () => {
  const cache = await caches.open("crescent-engine-snapshot");
  return (await cache.keys()).map((request) => request.url);
}"""


def percent_words(lang: str, share: float) -> str:
    """`share` as the page writes it in `lang`: as the engine's catalog writes a percent,
    as the site's pages do ("42\u00a0%" in Bulgarian, where Chromium's Intl writes "42%")."""
    return catalog(lang).format("number.percent", value=round(share * 100))


@contextmanager
def linked(site: Path, **link: float) -> Iterator[tuple[str, Link]]:
    """The site served through a link of its own (`rate`, `rtt`), released at the end."""
    shared = Link(**link)
    try:
        with serve(site, shared) as base:
            yield base, shared
    finally:
        shared.release()


def live_ready(page: Page, selector: str, timeout: float = READY_MS) -> None:
    """Wait until every live board `selector` of `page` runs."""
    boards = page.locator(selector)
    expect(boards.first).to_have_attribute("data-state", "ready", timeout=timeout)
    expect(boards.last).to_have_attribute("data-state", "ready", timeout=timeout)


def until_kept(page: Page) -> None:
    """Wait until the page's engine has kept its memory snapshot."""
    page.wait_for_function(f"() => ({ENGINE_START})().includes('crescent:engine:kept')")


def seen(page: Page) -> dict[str, list[Any]]:
    """The shares, words and announcements the page showed while loading (WATCH)."""
    found: dict[str, list[Any]] = page.evaluate("() => window.crescentLoading")
    return found


@pytest.fixture()
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh context on a phone's screen, watching what the loading shows (WATCH)."""
    context = new_context(browser, viewport={"width": 390, "height": 844})
    context.add_init_script(WATCH)
    yield context
    context.close()


def test_the_bar_rises_to_100_percent_in_the_reading_direction(
    site: Path, phone: BrowserContext
) -> None:
    """Hebrew, over the benchmarks' faster link: the share rises, ends at 100 %, fills
    from the right; screen readers hear a few points, in Hebrew."""
    with linked(site, **FAST) as (base, _):
        page = phone.new_page()
        page.goto(f"{base}/he/")
        page.wait_for_function(f"() => ({SHARE})() >= 20", timeout=READY_MS, polling=20)
        track, fill = page.evaluate(
            """() => [".crescent-loading-bar", ".crescent-loading-fill"].map((name) => {
              const box = document.querySelector(name).getBoundingClientRect();
              return [box.left, box.right];
            })"""
        )
        assert abs(fill[1] - track[1]) < 1 and fill[0] > track[0] + 1, (track, fill)
        live_ready(page, "[data-crescent-demo]")
        found = seen(page)
        assert page.locator(".crescent-loading").count() == 0
        assert page.locator(".crescent-visually-hidden").count() == 0
    shares = found["shares"]
    assert shares == sorted(shares) and shares[-1] == 100, shares
    assert len([share for share in shares if 0 < share < 100]) >= 3, shares
    assert percent_words("he", 1) in found["words"], found["words"]
    heard = found["heard"]
    assert 1 <= len(heard) <= 3, heard
    template = catalog("he").text("ui.loading-progress")
    assert all(text.startswith(template.split("{")[0]) for text in heard), heard


def test_a_stalled_link_is_said_to_be_stalled_and_loading_goes_on(
    site: Path, phone: BrowserContext
) -> None:
    """Russian Play: the link stops mid-way, the board says so, and the game comes
    alive once bytes flow again."""
    with linked(site, **FAST) as (base, link):
        page = phone.new_page()
        page.goto(f"{base}/ru/play/")
        page.wait_for_function(f"() => ({SHARE})() >= 10", timeout=READY_MS, polling=20)
        link.hold()
        held = time.monotonic()
        block = page.locator(".crescent-loading")
        expect(block).to_have_class("crescent-loading crescent-loading-stalled", timeout=20_000)
        assert time.monotonic() - held >= STALL_MS / 1000 - 1.5
        share = page.evaluate(SHARE)  # the bar's width, to a tenth of a percent
        template = catalog("ru").text("ui.loading-stalled")
        stalled = re.compile(
            "^(?:{})$".format(
                "|".join(  # the words round the share as Intl does, the test cannot tell how
                    re.escape(template.format(percent=percent_words("ru", whole / 100)))
                    for whole in {math.floor(share), math.ceil(share)}
                )
            )
        )
        expect(block).to_have_text(stalled)
        expect(page.locator(".crescent-visually-hidden")).to_have_text(stalled)
        expect(page.locator("[data-crescent-game]")).to_have_attribute("data-state", "loading")
        link.release()
        expect(block).to_have_class("crescent-loading", timeout=10_000)
        live_ready(page, "[data-crescent-game]")


@pytest.mark.long
def test_on_a_slow_link_the_demos_and_play_come_alive(site: Path, profile: BrowserContext) -> None:
    """0.5 Mbit/s and 400 ms: the rules page's demos, then Play in the same browser,
    whose disk cache and service worker keep the runtime, as a phone's browser does
    (some 95 s of wall time, little CPU)."""
    profile.add_init_script(WATCH)
    with linked(site, **SLOW) as (base, _):
        page = profile.new_page()
        page.goto(f"{base}/tr/", timeout=SLOW_MS)
        live_ready(page, "[data-crescent-demo]", timeout=SLOW_MS)
        shares = seen(page)["shares"]
        assert shares[-1] == 100 and len(shares) > 20, shares
        assert engine_starts(page)[0] == "fresh"
        play = profile.new_page()
        play.goto(f"{base}/bg/play/", timeout=SLOW_MS)
        live_ready(play, "[data-crescent-game]", timeout=SLOW_MS)


def test_a_snapshot_that_cannot_be_used_is_replaced(site: Path, browser: Browser) -> None:
    """A later page starts from the snapshot the first one kept; a kept snapshot spoilt
    meanwhile makes the engine start afresh and keep a good one. Every start uses the
    wasm the worker compiled as it arrived: a Pyodide that loads it otherwise fails here;
    the start from the snapshot reads the wheel and standard library kept beside it."""
    context = new_context(browser)
    try:
        with linked(site) as (base, _):
            first = context.new_page()
            first.goto(f"{base}/play/")
            live_ready(first, "[data-crescent-game]")
            until_kept(first)
            assert engine_starts(first) == ["fresh", "kept"]
            (key,) = first.evaluate(KEPT)
            first.evaluate(
                """async (key) => {
                  const cache = await caches.open("crescent-engine-snapshot");
                  const headers = { "x-crescent-length": "4096" };
                  await cache.put(key, new Response(new Uint8Array(4096).fill(7), { headers }));
                }""",
                key,
            )
            end_engine(first)  # as the browser ends it a while after its last page
            spoilt = context.new_page()
            spoilt.goto(f"{base}/he/")
            live_ready(spoilt, "[data-crescent-demo]")
            until_kept(spoilt)
            assert engine_starts(spoilt) == ["fresh", "kept"]
            assert spoilt.evaluate(KEPT) == [key]
            end_engine(spoilt)
            again = context.new_page()
            again.goto(f"{base}/examples/")
            live_ready(again, "[data-crescent-viewer]")
            assert engine_starts(again) == ["snapshot"]
            for page in (first, spoilt, again):  # Pyodide took the wasm compiled early
                assert page.evaluate(WASM) == ["crescent:wasm:compiled-early"]
            # the start from the snapshot read the archives from its entry, no other
            assert [page.evaluate(ARCHIVES) for page in (first, spoilt, again)] == [
                ["crescent:archives:fetched"],
                ["crescent:archives:fetched"],
                ["crescent:archives:kept"],
            ]
    finally:
        context.close()


def test_a_return_visit_reads_one_entry_and_asks_the_service_worker_for_the_wasm(
    site: Path, profile: BrowserContext
) -> None:
    """With the site's service worker in control, a second visit starts from the snapshot
    and reads the wheel and standard library from its one entry; the wasm is the service
    worker's answer from its precache, the only Response for which Chromium keeps V8's
    compiled code (read from Cache Storage by the worker itself, it gets none)."""
    with linked(site) as (base, _):
        first = profile.new_page()
        first.goto(f"{base}/tr/play/")
        live_ready(first, "[data-crescent-game]")
        until_kept(first)
        first.wait_for_function('() => document.documentElement.dataset.offline === "ready"')
        assert first.evaluate(WASM_FROM) == ["crescent:wasm-from:network"]
        assert first.evaluate(ARCHIVES) == ["crescent:archives:fetched"]
        assert len(first.evaluate(KEPT)) == 1
        end_engine(first)  # as the browser ends it a while after its last page
        first.close()
        again = profile.new_page()
        again.goto(f"{base}/tr/play/")
        live_ready(again, "[data-crescent-game]")
        assert engine_starts(again) == ["snapshot"]
        assert again.evaluate(ARCHIVES) == ["crescent:archives:kept"]
        assert again.evaluate(WASM_FROM) == ["crescent:wasm-from:service-worker"]
        assert again.evaluate(WASM) == ["crescent:wasm:compiled-early"]


REFUSED = """for (const name of ["has", "open", "match", "keys", "delete"]) {
  CacheStorage.prototype[name] = () =>
    Promise.reject(new DOMException("refused on purpose", "SecurityError"));
}
"""
"""Prepended to the engine's worker: the browser refuses it Cache Storage."""


def _refusing_storage(route: Route) -> None:
    response = route.fetch()
    route.fulfill(response=response, body=REFUSED + response.text())


@pytest.mark.parametrize("storage", ["refused", "full"])
def test_storage_refused_or_full_still_gives_a_working_board(
    site: Path, browser: Browser, storage: str
) -> None:
    context = new_context(browser)
    try:
        with linked(site) as (base, _):
            page = context.new_page()
            if storage == "refused":
                context.route(ENGINE_WORKER, _refusing_storage)
            else:
                context.new_cdp_session(page).send(
                    "Storage.overrideQuotaForOrigin", {"origin": base, "quotaSize": 1_000_000}
                )
            page.goto(f"{base}/ru/play/")
            live_ready(page, "[data-crescent-game]")
            if storage == "full":
                page.wait_for_function(
                    f"() => ({ENGINE_START})().includes('crescent:engine:not-kept')"
                )
                assert engine_starts(page) == ["fresh", "not-kept"]
            else:
                page.wait_for_timeout(1500)  # long past the worker's pause before keeping
                assert engine_starts(page) == ["fresh"]
            assert page.evaluate(KEPT) == []
    finally:
        context.close()


CLEARING = {
    "reading": """{
  const match = CacheStorage.prototype.match;
  let cleared = false;
  CacheStorage.prototype.match = async function (...args) {
    const found = await match.apply(this, args);
    if (!cleared) {
      cleared = true; // the kept snapshot found, its body not yet read: every cache goes
      for (const name of await this.keys()) await this.delete(name);
    }
    return found;
  };
}
""",
    "keeping": """{
  const put = Cache.prototype.put;
  Cache.prototype.put = async function (...args) {
    for (const name of await caches.keys()) await caches.delete(name); // opened, then gone
    return put.apply(this, args);
  };
}
""",
}
"""Prepended to the engine's worker: the site's storage cleared while the worker reads
the kept snapshot, or while it keeps one."""


@pytest.mark.parametrize("moment", list(CLEARING))
def test_storage_cleared_mid_way_leaves_the_page_working(
    site: Path, browser: Browser, moment: str
) -> None:
    """A Play page whose storage is cleared while its worker reads or keeps the engine's
    snapshot still plays, in Hebrew; the pages after it start, and keep a snapshot again."""
    context = new_context(browser)

    def clearing(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=CLEARING[moment] + response.text())

    try:
        with linked(site) as (base, _):
            if moment == "reading":
                first = context.new_page()
                first.goto(f"{base}/play/")
                until_kept(first)
                end_engine(first)
                first.close()
            context.route(ENGINE_WORKER, clearing)
            play = PlayPage(context.new_page(), base, "he")
            play.goto()
            new_game(play)
            play.page.wait_for_function(  # a start from the snapshot, or a snapshot's fate
                f"""() => ({ENGINE_START})().some((name) => ["crescent:engine:snapshot",
                  "crescent:engine:kept", "crescent:engine:not-kept"].includes(name))"""
            )
            # Chromium reads a body whole from a cache deleted meanwhile (a start from the
            # snapshot, nothing to keep); a body cut short would start afresh and keep anew.
            kept = play.page.evaluate(KEPT)
            assert engine_starts(play.page) in (
                ["snapshot"],
                ["fresh", "kept"],
                ["fresh", "not-kept"],
            )
            assert kept == [] or moment == "reading"
            context.unroute(ENGINE_WORKER)
            end_engine(play.page)
            later = PlayPage(context.new_page(), base, "he")
            later.goto()
            new_game(later)
            if kept:
                assert engine_starts(later.page) == ["snapshot"]
            else:
                until_kept(later.page)
                assert engine_starts(later.page) == ["fresh", "kept"]
            end_engine(later.page)
            again = PlayPage(context.new_page(), base, "he")
            again.goto()
            new_game(again)
            assert engine_starts(again.page) == ["snapshot"]
    finally:
        context.close()
