"""The translators' preview: `make serve LANG=he` reloads an edited page, under the strict policy.

`scripts/serve.py he` (what `make serve LANG=he` runs) serves a copy of the project on
a free port; a Hebrew page is opened, its source edited, and the open page must reload
with the change, with no Content-Security-Policy violation on either load. The preview
registers no service worker (one would serve translators stale pages), and its `sw.js`
retires one that a built site left on the same address.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.site.conftest import ROOT, clone_project
from tools.chromium import TEST_CHROMIUM_PATH

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-he")]

START_S = 240
"""Longest wait for the first build of the preview (the engine's wheel may be built)."""
RELOAD_MS = 120_000
"""Longest wait for the rebuild and reload after an edit."""

WATCH_CSP = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_until_served(url: str, server: subprocess.Popen[str]) -> None:
    """Poll the preview until it answers (its first build is done), or fail if it exits."""
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the preview exited: {server.stdout.read() if server.stdout else ''}")
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    pytest.fail("the preview did not answer")


@pytest.fixture()
def preview(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`scripts/serve.py he` on a copy of the project (the whole of it: the test edits a
    catalog too): its address and the copy."""
    project = clone_project(tmp_path / "project")
    address = f"127.0.0.1:{_free_port()}"
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts/serve.py"), "he"],
        cwd=project,
        env={**os.environ, "CRESCENT_SERVE_ADDRESS": address},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        _wait_until_served(f"http://{address}/", server)
        yield f"http://{address}", project
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def test_an_edited_hebrew_page_reloads_under_the_strict_policy(
    browser: Browser, preview: tuple[str, Path]
) -> None:
    assert Path(TEST_CHROMIUM_PATH).exists()
    base, project = preview
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.add_init_script(WATCH_CSP)
    with page.expect_request(lambda request: "/livereload/" in request.url, timeout=RELOAD_MS):
        page.goto(f"{base}/about/")
    expect(page.locator("html")).to_have_attribute("lang", "he")
    expect(page.locator("article h1")).to_contain_text("על Crescent")  # the Hebrew page
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy and "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert page.locator('meta[name="crescent-offline"]').count() == 0
    assert page.evaluate("() => navigator.serviceWorker.getRegistrations()") == []
    with urllib.request.urlopen(f"{base}/sw.js") as answer:
        assert b"unregister()" in answer.read()

    source = project / "docs/about.he.md"
    text = source.read_text(encoding="utf-8")
    marker = "גרסה חדשה"
    title = text.index(" {#about}")  # the title: its words may change, not its id
    page.evaluate("() => { window.__notReloaded = true; }")
    source.write_text(f"{text[:title]} {marker}{text[title:]}", encoding="utf-8")
    expect(page.locator("article h1")).to_contain_text(marker, timeout=RELOAD_MS)
    assert page.evaluate("() => window.__notReloaded") is None, "the page itself reloaded"
    assert page.evaluate("() => window.__violations") == []
    assert not [line for line in console if "Content Security Policy" in line], console
    assert page.evaluate("() => navigator.serviceWorker.getRegistrations()") == []

    # A catalog saved: the preview builds again with its words (compiled by the build,
    # without `make catalogs`), here a title of the navigation, read as the build starts.
    catalog = project / "crescent/locale/he/LC_MESSAGES/crescent.po"
    title = 'msgid "site.nav.codes"\nmsgstr "קודי משחק ורשומות"'
    text = catalog.read_text(encoding="utf-8")
    assert title in text
    catalog.write_text(text.replace(title, title[:-1] + ' חדשים"'), encoding="utf-8")
    expect(page.get_by_role("link", name="קודי משחק ורשומות חדשים").first).to_be_visible(
        timeout=RELOAD_MS
    )
    context.close()
