"""Browser fixtures: the built site served on 127.0.0.1, Debian's Chromium, one page per language.

Every fresh page is a Pyodide cold start (2 to 4 s), so each test process keeps one
rules page per language and runs many checks on it; the tests of one language
share an xdist group, hence a process. Requests are recorded from the first one:
none may leave the origin.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect, sync_playwright

from crescent_site.worker_script import SHIPPED
from tests.site.conftest import lang_prefix
from tools.chromium import NO_CHROMIUM, TEST_ARGS, TEST_CHROMIUM_PATH, serve
from tools.engine_worker import engine_requests

READY_MS = 60_000
"""Longest wait for the engine (Pyodide's cold start is 2 to 4 s, slower on a busy machine)."""


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """The built site's base URL."""
    with serve(site) as base:
        yield base


_browsers: list[Browser] = []
"""The process's Chromium, while it runs: a failing test reports what its pages logged."""


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium headless shell; its absence fails the tests (they are never skipped)."""
    if not Path(TEST_CHROMIUM_PATH).exists():
        pytest.fail(NO_CHROMIUM, pytrace=False)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=TEST_CHROMIUM_PATH, args=TEST_ARGS)
        _browsers.append(launched)
        yield launched
        _browsers.remove(launched)
        launched.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport() -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failing test's report ends with the errors and warnings its open pages logged."""
    report = yield
    if report.failed and _browsers:
        try:
            lines = _console_lines()
        except Exception as error:  # the browser itself may be what failed
            lines = [f"(could not read the pages: {error})"]
        report.sections.append(("browser console", "\n".join(lines) or "(nothing)"))
    return report


BLOCKED = "Service Worker registration blocked by Playwright"
"""What every page of a context made by `new_context` logs: no news."""


def _console_lines() -> list[str]:
    """Every open page's address, then its logged errors and warnings and uncaught errors."""
    lines = []
    for context in _browsers[0].contexts:
        for page in context.pages:
            lines.append(page.url[:200])
            for message in page.console_messages():
                if message.type in ("error", "warning") and BLOCKED not in message.text:
                    lines.append(f"  {message.type}: {message.text[:500]}")
            lines.extend(f"  uncaught: {str(error)[:500]}" for error in page.page_errors())
    return lines


@dataclass
class LivePage:
    """A page of the site in one language, with every request it made."""

    page: Page
    base: str
    requests: list[str] = field(default_factory=list)

    def demo(self, name: str) -> Demo:
        """The demo `name` of this page."""
        return Demo(self.page.locator(f'[data-crescent-demo="{name}"]'))

    def foreign_requests(self) -> list[str]:
        """Requests that left the origin: the page's, and its engine's worker's."""
        made = self.requests + engine_requests(self.page)
        return [url for url in made if not url.startswith(self.base + "/")]


LIVE_BOARDS = "[data-crescent-demo],[data-crescent-game],[data-crescent-viewer]"


def open_live(page: Page, url: str) -> None:
    """Open `url` and wait until every board of the page has come alive (or said why not)."""
    page.goto(url)
    page.wait_for_load_state("load")
    if page.locator(LIVE_BOARDS).count():
        page.wait_for_function(
            f"[...document.querySelectorAll('{LIVE_BOARDS}')]"
            ".every(e => e.dataset.state && e.dataset.state !== 'loading')",
            timeout=READY_MS,
        )


def each_live_page(page: Page, server: str, lang: str, names: Iterable[str]) -> Iterator[str]:
    """Open the page `name` of each of `names` in `lang` in turn, live; yield its name."""
    for name in names:
        open_live(page, f"{server}/{lang_prefix(lang)}{name}")
        yield name


def place_selector(name: str) -> str:
    """`p10` -> `[data-pile="10"]`, `up-S` -> `[data-foundation="up-S"]`."""
    if name.startswith("p"):
        return f'[data-pile="{name[1:]}"]'
    return f'[data-foundation="{name}"]'


@dataclass
class Demo:
    """One demo of a page, addressed by the contract: places, buttons, status."""

    root: Locator

    def place(self, name: str) -> Locator:
        """The pile or foundation `name` (engine notation) in this demo."""
        return self.root.locator(place_selector(name))

    @property
    def status(self) -> Locator:
        """The polite live region."""
        return self.root.locator('[role="status"]')

    def button(self, action: str) -> Locator:
        """The button of `action` (`redeal`, `reset`)."""
        return self.root.locator(f'[data-action="{action}"]')

    def reset(self, done: str) -> None:
        """Put the position back; `done` is the engine's words for it."""
        self.button("reset").click()
        expect(self.status).to_have_text(done)

    def tap(self, name: str) -> None:
        """Click the place `name`."""
        self.place(name).click()

    def expect_place(self, name: str, count: int, top: str) -> None:
        """The place holds `count` cards with `top` on top (record notation)."""
        expect(self.place(name)).to_have_attribute("data-count", str(count))
        expect(self.place(name)).to_have_attribute("data-top", top)


ENGINE_START = """() => performance.getEntriesByType("mark")
  .map((mark) => mark.name).filter((name) => name.startsWith("crescent:engine:"))"""
"""The page's engine marks (docs/assets/js/engine/client.js): how it started, then, after a
fresh start, whether its snapshot was kept."""


IN_VIEW = """  const header = document.querySelector(".md-header");
  const sticky = ["sticky", "fixed"].includes(getComputedStyle(header).position);
  const top = sticky ? header.getBoundingClientRect().bottom : 0;
  const inView = (element) => {
    const r = element.getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.top >= top
      && r.bottom <= innerHeight;
  };
"""
"""JavaScript statements for a measuring function: `inView(element)`, whether the element
is wholly on the screen, below Material's header where the header stays on screen."""

RINGS_OVER_LABELS = """(root) => {
  const over = [];
  const meets = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const svg of root.querySelectorAll("svg.crescent-svg")) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const places = [...svg.querySelectorAll("[data-pile], [data-foundation]")];
    const name = (g) => g.dataset.pile ? "p" + g.dataset.pile : g.dataset.foundation;
    for (const g of places) {
      const rect = g.querySelector("rect");  // the mark, or else the card's edge
      const half = (parseFloat(getComputedStyle(rect).strokeWidth) * scale) / 2;
      if (half * 2 < 3 * scale) continue;  // not a highlight
      const r = rect.getBoundingClientRect();
      const ring = {left: r.left - half, right: r.right + half,
                    top: r.top - half, bottom: r.bottom + half};
      for (const other of places) {
        if (other === g) continue;
        for (const label of other.querySelectorAll("text")) {
          if (meets(ring, label.getBoundingClientRect())) {
            over.push(`${name(g)}'s ring over ${name(other)}'s "${label.textContent}"`);
          }
        }
      }
    }
  }
  return over;
}"""
"""JavaScript: what each highlighted place's ring (its mark, or else its card's edge,
with the stroke's width) covers of another place's labels, under `root`: an empty list
when nothing."""

ENGINE_WORKER = "**/assets/engine/*/worker.js"
"""The engine's worker: docs/assets/js/engine/worker.js bundled, beside the wheel of its
build (crescent_site/worker_script.py); a glob for Playwright's routes."""


def is_engine_worker(url: str) -> bool:
    """Whether `url` is the engine's worker (not the search's)."""
    return SHIPPED.search(url) is not None


def engine_starts(page: Page) -> list[str]:
    """How the page's engine started, and whether its snapshot was kept: `fresh`, `kept`..."""
    names: list[str] = page.evaluate(ENGINE_START)
    return [name.removeprefix("crescent:engine:") for name in names]


_pages: dict[str, LivePage] = {}


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    """A fresh context (Playwright's options) whose pages run without the site's service
    worker. With the tests' flags and the worker, a fresh context's first Play page cost
    Chromium 3.4-3.5 s of CPU (2.6-2.9 without: it precaches the runtime), the next one
    2.4 (1.8 without: every request passes through it), medians of `bench/browser_cpu.py`;
    the suite's CPU is the limit of its time. test_offline and test_serve test the
    service worker, in contexts of their own."""
    return browser.new_context(service_workers="block", **options)


@pytest.fixture()
def profile(browser: Browser, tmp_path: Path) -> Iterator[BrowserContext]:
    """A fresh persistent profile, as a phone's browser has: a disk cache, and installs,
    the site's service worker allowed (test_offline, test_loading).

    An ordinary Playwright context is an incognito one: its HTTP cache lives in memory
    and keeps no 9.6 MB wasm, and Chrome never installs an app from it.
    """
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=TEST_CHROMIUM_PATH,
        args=TEST_ARGS,
        service_workers="allow",
        viewport={"width": 390, "height": 844},
    )
    yield context
    context.close()


@pytest.fixture(scope="session")
def context(browser: Browser) -> Iterator[BrowserContext]:
    """One context for the process's language pages (they share the HTTP cache)."""
    created = new_context(browser, viewport={"width": 1280, "height": 900})
    yield created
    created.close()


def open_page(context: BrowserContext, base: str, path: str) -> LivePage:
    """Open `path` in `context`, recording every request."""
    page = context.new_page()
    live = LivePage(page, base)
    page.on("request", lambda request: live.requests.append(request.url))
    page.goto(f"{base}/{path}")
    return live


def rules_page(context: BrowserContext, base: str, lang: str) -> LivePage:
    """The rules page in `lang`, its demos ready; opened once per test process."""
    if lang not in _pages:
        live = open_page(context, base, lang_prefix(lang))
        demos = live.page.locator("[data-crescent-demo]")
        expect(demos.last).to_have_attribute("data-state", "ready", timeout=READY_MS)
        _pages[lang] = live
    live = _pages[lang]
    live.page.bring_to_front()  # a page behind another gets no animation frames
    return live
