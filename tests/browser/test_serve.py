"""`make serve` (mkdocs serve): no service worker, and the live reload still reloads."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import READY_MS
from tests.site.conftest import ROOT, copy_project

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(url: str, process: subprocess.Popen[bytes], seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, "mkdocs serve stopped"
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)  # polling a server that is still building, not timing a test
    raise AssertionError(f"mkdocs serve did not answer {url}")


def test_serve_registers_no_service_worker_and_reloads(tmp_path: Path, browser: Browser) -> None:
    project = copy_project(tmp_path / "project")
    port = _free_port()
    env = {
        **os.environ,
        "CRESCENT_SERVE_ADDRESS": f"127.0.0.1:{port}",
        "NO_MKDOCS_2_WARNING": "1",
    }
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts/serve.py"), "he"],
        cwd=project,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    context = browser.new_context(service_workers="allow")
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_for(f"{base}/play/", process)
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        page.goto(f"{base}/play/")
        game = page.locator("[data-crescent-game]")
        expect(game).to_have_attribute("data-state", "ready", timeout=READY_MS)
        assert page.locator('meta[name="crescent-offline"]').count() == 0
        assert page.evaluate("() => navigator.serviceWorker.getRegistrations()") == []
        assert f"{base}/sw.js" not in requests
        with urllib.request.urlopen(f"{base}/sw.js") as answer:
            assert b"unregister()" in answer.read()  # retires one a built site left
        # the live-reload script the server injects runs: the policy does not block it,
        # and an edit of a page's source reloads the page
        assert not [text for text in console if "Content Security Policy" in text]
        page.evaluate("() => { window.crescentBeforeEdit = true; }")
        source = project / "docs/play.he.md"
        with page.expect_event("load", timeout=READY_MS):
            source.write_text(source.read_text("utf-8") + "\nעוד שורה.\n", encoding="utf-8")
        assert page.evaluate("() => window.crescentBeforeEdit") is None
    finally:
        context.close()
        process.terminate()
        process.wait(timeout=30)
