"""Serving a built site on 127.0.0.1 and launching Debian's Chromium, for tests and benchmarks."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

from crescent_site.headers import NAME, headers_for, parse_headers

CHROMIUM_PATH = "/usr/bin/chromium"
"""Debian's Chromium as readers run it: the benchmarks, screenshots and Lighthouse use it."""
TEST_CHROMIUM_PATH = "/usr/bin/chromium-headless-shell"
"""The browser tests' Chromium: Debian's `chromium-headless-shell`, the same Chromium
(same source, same version: Blink, V8, the service worker, Pyodide's WebAssembly)
built as the headless shell, which is what Playwright itself runs for headless tests.
It leaves out the full browser's windows, tab helpers and profile services, which
the full browser sets up for every new page: a fresh context's first Play page cost
Chromium 1.6 s of CPU as the tests run it (the shell, `TEST_ARGS`) and 3.7 s as
readers do (the full browser, `CHROMIUM_ARGS`), medians of 5 of `bench/browser_cpu.py`
on a shared machine; tests/browser cost 756 CPU seconds instead of 1,102 with the full
browser and the same flags, its 208 tests passing with either."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TEST_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
"""The browser tests' Chromium: V8 runs WebAssembly with its baseline compiler (Liftoff)
only, never recompiling hot functions with its optimising one (TurboFan). A reader's
browser does both, and both run the same wasm with the same meaning; the optimising
compiler's work is what the tests do not need. It takes a third of each Pyodide
start's CPU (`bench/browser_cpu.py`: a fresh context's first Play page, service worker
blocked, 3.9 s of Chromium's CPU with both compilers, 2.6 s with Liftoff only, medians
of 9), and tests/browser took 512 s instead of 704 s on two cores, in the same hour.
The price: Python in the worker runs about half as fast (a dict-and-sort loop, 340 ms
with both compilers, 720 ms without the optimising one). The searches the tests run
against a clock need far less than their budget: in CPython, the late lost game's proof
3 ms of the 2 s the hint leaves it, the review's win 0.2 s of its 20 s.
The benchmarks keep `CHROMIUM_ARGS`: they measure what readers get."""
NO_CHROMIUM = (
    f"the browser tests need Debian's Chromium headless shell at {TEST_CHROMIUM_PATH} "
    "(Playwright cannot download its own browser here): run `make chromium`, or "
    "`sudo apt-get install chromium chromium-headless-shell`"
)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Files of the site, with the headers its `_headers` file asks for (as a host that reads
    one sends them), a few extra pages held in memory, no log lines."""

    extra: ClassVar[dict[str, bytes]] = {}
    cache: ClassVar[bool] = False
    rules: ClassVar[list[tuple[str, dict[str, str]]]] = []

    def do_GET(self) -> None:
        body = self.extra.get(self.path.split("?", 1)[0])
        if body is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        # the site's own files only: an extra page (bench/demos.py's bare Pyodide pages, with
        # their inline script) is not the site's and keeps no policy of it, as in tools/link.py
        sent = headers_for(self.rules if path not in self.extra else [], path)
        for name, value in sent.items():
            self.send_header(name, value)
        if self.cache and "Cache-Control" not in sent:
            self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def site_rules(site: Path) -> list[tuple[str, dict[str, str]]]:
    """The rules of the built `site`'s `_headers` file (none without one)."""
    headers = site / NAME
    return parse_headers(headers.read_text(encoding="utf-8")) if headers.is_file() else []


@contextmanager
def serve(site: Path, extra: dict[str, bytes] | None = None, cache: bool = False) -> Iterator[str]:
    """Serve `site` (plus `extra` pages by path) in a thread; yields the base URL.

    With `cache`, every answer may be cached for an hour, as a host would allow. The
    headers the site's `_headers` file names are sent as a host that reads it would.
    """
    rules = site_rules(site)
    handler = type("Handler", (_Handler,), {"extra": extra or {}, "cache": cache, "rules": rules})
    with serve_with(handler, site) as base:
        yield base


class _QuietServer(http.server.ThreadingHTTPServer):
    """A test server that lets a browser drop a connection without printing a traceback
    (a page left mid-download, a cancelled prefetch); other errors are reported."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextmanager
def serve_with(handler: type[http.server.SimpleHTTPRequestHandler], site: Path) -> Iterator[str]:
    """Serve `site` with `handler` on a free port of 127.0.0.1, in a thread; yields the base URL."""
    server = _QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
