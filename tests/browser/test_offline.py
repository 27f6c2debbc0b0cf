"""The runtime only where it is needed, and the service worker for repeat and offline visits.

The site is served by a server that writes down every path it answers, so that
"no runtime byte" means what the network carried, the worker's requests included.
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from crescent.i18n import LANGUAGES, catalog
from crescent_site.versioned import CACHE_FIRST
from tests.browser.conftest import READY_MS, engine_starts
from tests.site.conftest import ROOT, build_site, copy_project, lang_prefix
from tools.chromium import _Handler, site_rules
from tools.engine_worker import end_engine, engine_targets

pytestmark = pytest.mark.browser

STATIC_PAGES = ("about/", "codes/", "win-rate/", "translators/", "translation-status/", "404.html")
RUNTIME = ("/assets/pyodide/", "/assets/engine/")
OFFLINE_READY = "() => document.documentElement.dataset.offline === 'ready'"


STALL_S = 30
"""How late a stalled link answers a page."""


class _Logged(_Handler):
    """The site's files; each answered path is written down with its status."""

    log: list[tuple[str, int]]
    mount: str = ""
    stalled: threading.Event | None = None
    """While set, a page (an address ending in /) is answered only after STALL_S: a
    link that has stalled."""

    def do_GET(self) -> None:
        page = self.path.split("?", 1)[0].endswith("/")
        if page and self.stalled is not None and self.stalled.is_set():
            time.sleep(STALL_S)
        super().do_GET()

    def translate_path(self, path: str) -> str:
        """The site answers under `mount` only, as a host serving it under a sub-path."""
        if self.mount:
            inside = path == self.mount or path.startswith(self.mount + "/")
            path = path[len(self.mount) :] if inside else "/no-such-file"
        return super().translate_path(path)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.log.append((self.path.split("?", 1)[0], int(code) if str(code).isdigit() else 0))


@contextmanager
def logged_server(
    site: Path, mount: str = "", stalled: threading.Event | None = None
) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """Serve `site` (under the path `mount`) with the headers of its `_headers`; yields the
    server's address and the list of (path, status) answered. While `stalled` is set,
    pages come late (`_Logged.stalled`)."""
    log: list[tuple[str, int]] = []
    rules = site_rules(site)
    handler = type(
        "Handler",
        (_Logged,),
        {"log": log, "mount": mount, "rules": rules, "stalled": stalled},
    )
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", log
    finally:
        server.shutdown()
        server.server_close()


def runtime_sent(log: list[tuple[str, int]]) -> list[str]:
    """Runtime files the server sent a body for (a 304 sends none)."""
    return [path for path, status in log if path.startswith(RUNTIME) and status == 200]


def live_ready(page: Page, path: str) -> None:
    """Wait until the live content of the page at `path` runs."""
    if path.endswith("play/"):
        selector = "[data-crescent-game]"
    elif path.endswith("examples/"):
        selector = "[data-crescent-viewer]"
    else:
        selector = "[data-crescent-demo]"
    expect(page.locator(selector).last).to_have_attribute("data-state", "ready", timeout=READY_MS)


@pytest.fixture()
def offline_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh context in which the site's service worker may run."""
    context = browser.new_context(service_workers="allow", viewport={"width": 390, "height": 844})
    yield context
    context.close()


def test_pages_without_live_content_fetch_no_runtime(
    site: Path, offline_context: BrowserContext
) -> None:
    """About, codes, win rate, the translators' pages and 404, in five languages."""
    page = offline_context.new_page()
    with logged_server(site) as (base, log):
        for lang in LANGUAGES:
            for path in STATIC_PAGES:
                page.goto(f"{base}/{lang_prefix(lang)}{path}", wait_until="networkidle")
                assert page.locator("h1").count() >= 1
        paths = [path for path, _ in log]
    assert len([path for path in paths if path.endswith((".html", "/"))]) == 30
    assert [path for path in paths if path.startswith(RUNTIME)] == []
    assert engine_targets(page) == []  # no engine was started, even for a while
    assert "/sw.js" not in paths  # only a page whose engine runs offers the service worker
    assert page.evaluate("() => navigator.serviceWorker.getRegistrations()") == []


@pytest.mark.parametrize(
    ("lang", "path", "start"),
    [("en", "", "tap"), ("he", "", "key"), ("bg", "play/", "tap"), ("tr", "examples/", "tap")],
)
def test_data_saver_waits_for_the_first_tap(
    site: Path, offline_context: BrowserContext, lang: str, path: str, start: str
) -> None:
    """With Save-Data the boards stay drawn and say why until the reader taps one
    (or, from the keyboard, presses a key on one: Tab alone only moves the focus)."""
    page = offline_context.new_page()
    offline_context.new_cdp_session(page).send(
        "Emulation.setDataSaverOverride", {"dataSaverEnabled": True}
    )
    with logged_server(site) as (base, log):
        page.goto(f"{base}/{lang_prefix(lang)}{path}", wait_until="networkidle")
        assert page.evaluate("() => navigator.connection.saveData") is True
        boards = page.locator("[data-saver]")
        first = boards.first
        template = first.get_attribute("data-saver")
        assert template and "data-saver" not in template
        beginning = re.compile("^" + re.escape(template.split("{size}")[0]))
        expect(first.locator('[role="status"]')).to_have_text(beginning)
        words = first.locator('[role="status"]').inner_text()
        assert saved_size(template, words) == round(first_visit_bytes(page) / 1e6, 1)
        for index in range(boards.count()):
            expect(boards.nth(index).locator('[role="status"]')).to_have_text(words)
        expect(first.locator("svg").first).to_be_visible()  # the drawing is there meanwhile
        assert [p for p, _ in log if p.startswith(RUNTIME)] == []
        if start == "tap":
            first.locator("svg").first.click()
        else:
            first.focus()
            page.keyboard.press("Tab")
            assert [p for p, _ in log if p.startswith(RUNTIME)] == []
            first.focus()
            page.keyboard.press("Enter")
        live_ready(page, path)
        assert runtime_sent(log)
        expect(first.locator('[role="status"]')).not_to_have_text(words)


def first_visit_bytes(page: Page) -> int:
    """What the runtime costs a first visit, as the build counted it (`data-sizes`)."""
    sizes = page.evaluate(
        """() => JSON.parse(document.querySelector('meta[name="crescent-runtime"]')
          .dataset.sizes)"""
    )
    return sum(sent for _, sent in sizes.values())


def saved_size(template: str, words: str) -> float:
    """The megabytes that `words` (data saver's `template` filled in) say will download."""
    before, after = template.split("{size}")
    assert words.startswith(before) and words.endswith(after), words
    size = words[len(before) : len(words) - len(after)]
    found = re.fullmatch(r"(\d+)[.,](\d) ?\S+", size.replace("\u00a0", " "))
    assert found, size
    return float(f"{found.group(1)}.{found.group(2)}")


def test_without_data_saver_the_boards_start_at_once(
    site: Path, offline_context: BrowserContext
) -> None:
    page = offline_context.new_page()
    with logged_server(site) as (base, _):
        page.goto(f"{base}/ru/")
        live_ready(page, "")


def test_second_visit_sends_no_runtime_and_offline_works(
    site: Path, profile: BrowserContext
) -> None:
    """Visit the rules, Play and the Examples once; then again; then with the network off."""
    visits = ("he/", "play/", "ru/examples/")
    stalled = threading.Event()
    with logged_server(site, stalled=stalled) as (base, log):
        first = profile.new_page()
        first.goto(f"{base}/{visits[0]}")
        live_ready(first, visits[0])
        first.wait_for_function(OFFLINE_READY, timeout=READY_MS)
        sent = runtime_sent(log)
        assert len(sent) == len(set(sent)), " ".join(
            sent
        )  # the precache read what the page had loaded
        for path in visits[1:]:
            page = profile.new_page()
            page.goto(f"{base}/{path}")
            live_ready(page, path)
            page.close()
        log.clear()
        again = profile.new_page()
        again.goto(f"{base}/play/")
        live_ready(again, "play/")
        assert again.locator("[data-crescent-game]").get_attribute("data-state") == "ready"
        assert [p for p, _ in log if p.startswith(RUNTIME)] == []
        # the page's own scripts and styles, and Material's, come from the worker's cache
        assert [p for p, _ in log if CACHE_FIRST.search(p)] == []
        # /sw.js aside: after navigations to pages it controls, the browser checks the
        # service worker for an update (a 304 here), and an earlier page's check may fall
        # in this page's load (4 runs in 8, eight copies of this test on four workers).
        assert [p for p, _ in log if p.endswith((".js", ".css")) and p != "/sw.js"] == [], log
        saving = profile.new_page()  # data saver on: nothing to download, and it says so
        profile.new_cdp_session(saving).send(
            "Emulation.setDataSaverOverride", {"dataSaverEnabled": True}
        )
        saving.goto(f"{base}/he/")
        board = saving.locator("[data-saver]").first
        kept = board.get_attribute("data-saver-kept")
        assert kept and "data-saver" not in kept
        expect(board.locator('[role="status"]')).to_have_text(kept)
        saving.close()
        profile.set_offline(True)
        for path in visits:
            page = profile.new_page()
            page.goto(f"{base}/{path}")
            live_ready(page, path)
            page.close()
        page = profile.new_page()
        page.goto(f"{base}/play/?code=CR1-N-AAAAAAB")
        live_ready(page, "play/")
        expect(page.locator("[data-code]")).to_have_value("CR1-N-AAAAAAB")
        profile.set_offline(False)
        # Online, but the link has stalled: a visited page comes from the cache after the
        # worker's 4 s, not when (if ever) the network answers.
        stalled.set()
        page = profile.new_page()
        began = time.monotonic()
        page.goto(f"{base}/ru/examples/", timeout=STALL_S * 1000 / 2)
        live_ready(page, "ru/examples/")
        assert time.monotonic() - began < STALL_S / 2
        stalled.clear()


def test_under_a_sub_path_the_worker_serves_the_whole_site(
    site: Path, offline_context: BrowserContext
) -> None:
    """Served under /crescent/, a Hebrew page registers sw.js of the site's root for it all."""
    with logged_server(site, mount="/crescent") as (host, log):
        base = f"{host}/crescent"
        page = offline_context.new_page()
        page.goto(f"{base}/he/play/")
        live_ready(page, "play/")
        page.wait_for_function(OFFLINE_READY, timeout=READY_MS)
        scope, script = page.evaluate(
            """async () => {
              const registration = await navigator.serviceWorker.ready;
              return [registration.scope, registration.active.scriptURL];
            }"""
        )
        assert (scope, script) == (f"{base}/", f"{base}/sw.js")
        assert not [path for path, status in log if status == 404]
        offline_context.set_offline(True)
        again = offline_context.new_page()
        again.goto(f"{base}/he/play/")
        live_ready(again, "play/")
        offline_context.set_offline(False)


def _project_with_reset_words(folder: Path, words: str) -> Path:
    """A copy of the project whose engine says `words` once a demo is reset (English)."""
    project = copy_project(folder / "project")
    (project / "crescent").unlink()
    shutil.copytree(
        ROOT / "crescent", project / "crescent", ignore=shutil.ignore_patterns("__pycache__")
    )
    catalog = project / "crescent/locale/en/LC_MESSAGES/crescent.po"
    text = catalog.read_text(encoding="utf-8")
    start = text.index('msgid "ui.reset-done"')
    end = text.index("\n\n", start)
    catalog.write_text(
        text[:start] + f'msgid "ui.reset-done"\nmsgstr "{words}"' + text[end:], encoding="utf-8"
    )
    return project


def _reset_words(page: Page, words: str) -> None:
    demo = page.locator("[data-crescent-demo]").first
    demo.locator('[data-action="reset"]').click()
    expect(demo.locator('[role="status"]')).to_have_text(words)


SNAPSHOT_KEPT = "() => performance.getEntriesByName('crescent:engine:kept').length > 0"
SNAPSHOTS = """async () => {
  const cache = await caches.open("crescent-engine-snapshot");
  return (await cache.keys()).map((request) => request.url);
}"""


def _visit(context: BrowserContext, base: str) -> tuple[Page, list[str]]:
    """The rules page, its demos running, and how its engine started (`fresh`, `snapshot`).
    Whether a fresh start kept its snapshot is left out: that comes once the page's calls
    pause, before or after its last board is ready (a loaded run, four test workers on two
    cores, saw it before). A page that never loads names the requests still in flight (a
    CI run once saw the last visit of `test_a_new_build_replaces_the_old_engine` hang)."""
    page = context.new_page()
    in_flight: dict[Request, float] = {}
    page.on("request", lambda request: in_flight.setdefault(request, time.monotonic()))
    page.on("requestfinished", lambda request: in_flight.pop(request, None))
    page.on("requestfailed", lambda request: in_flight.pop(request, None))
    asked = time.monotonic()
    try:
        page.goto(f"{base}/")
    except PlaywrightTimeoutError as error:
        waiting = [f"{request.url} (from {at - asked:.1f} s)" for request, at in in_flight.items()]
        raise AssertionError(
            "the page never loaded; still in flight: " + (", ".join(waiting) or "nothing")
        ) from error
    live_ready(page, "")
    return page, [name for name in engine_starts(page) if name not in ("kept", "not-kept")]


def test_a_new_build_replaces_the_old_engine(site: Path, tmp_path: Path, browser: Browser) -> None:
    """Visit the session's build (a copy), build again with other engine words into the
    same folder, visit: the new engine answers, from neither the service worker's caches
    nor the engine's kept memory snapshot."""
    served = tmp_path / "site"
    # Copied as new files: kept with the session build's times, the pages' Last-Modified
    # would let the browser reuse them unasked (heuristic freshness, a tenth of their
    # age), and the last visit would see the first build's page, not the new one.
    shutil.copytree(site, served, copy_function=shutil.copy)
    context = browser.new_context(service_workers="allow")
    try:
        with logged_server(served) as (base, _):
            page, started = _visit(context, base)
            page.wait_for_function(OFFLINE_READY, timeout=READY_MS)
            page.wait_for_function(SNAPSHOT_KEPT, timeout=READY_MS)
            assert started == ["fresh"]
            _reset_words(page, catalog("en").text("ui.reset-done"))
            end_engine(page)  # as the browser ends it a while after its last page
            page.close()
            page, started = _visit(context, base)  # the same build: from the snapshot
            assert started == ["snapshot"]
            _reset_words(page, catalog("en").text("ui.reset-done"))
            end_engine(page)  # as the browser ends it a while after its last page
            page.close()
            old = {p.name for p in (served / "assets/engine").iterdir()}
            project = _project_with_reset_words(tmp_path, "Build two: reset.")
            done = build_site(served, project, env={"CRESCENT_ONLY_LANG": "en"})  # its pages
            assert done.returncode == 0, done.stderr
            new = {p.name for p in (served / "assets/engine").iterdir()}
            assert new.isdisjoint(old)
            page, started = _visit(context, base)
            assert started == ["fresh"], "a snapshot of the old engine was used"
            _reset_words(page, "Build two: reset.")
            page.wait_for_function(SNAPSHOT_KEPT, timeout=READY_MS)
            (kept,) = page.evaluate(SNAPSHOTS)
            assert [hash for hash in new if hash in kept] == list(new)
            # once the new worker runs, the caches hold the new engine only
            page.wait_for_function(
                """async (hashes) => {
                  const found = [];
                  for (const name of await caches.keys()) {
                    for (const request of await (await caches.open(name)).keys()) {
                      found.push(request.url);
                    }
                  }
                  const engines = found.filter((url) => url.includes("/assets/engine/"));
                  const fresh = (url) => hashes.some((hash) => url.includes(hash));
                  return engines.length > 0 && engines.every(fresh);
                }""",
                arg=sorted(new),
                timeout=READY_MS,
            )
            end_engine(page)
            page.close()
            page, started = _visit(context, base)  # the new build's own snapshot
            assert started == ["snapshot"]
            _reset_words(page, "Build two: reset.")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "he"])
def test_play_can_be_installed(site: Path, profile: BrowserContext, lang: str) -> None:
    """Chrome finds the language's manifest and icons, and no reason not to install Play."""
    page = profile.new_page()
    with logged_server(site) as (base, _):
        page.goto(f"{base}/{lang_prefix(lang)}play/")
        live_ready(page, "play/")
        page.wait_for_function(OFFLINE_READY, timeout=READY_MS)
        cdp = profile.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == f"{base}/assets/app/{lang}.webmanifest"
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
