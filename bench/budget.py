"""Benchmark: what a reader downloads, and whether the runtime comes from the cache.

First visits: everything the server sends (response bodies, gzip-compressed as a
host sends them, see tools/link.py) for the rules page in English and Hebrew and
the Play page, cold, from navigation until the first live board is ready and the
network is quiet (target: at most 5.0 MB each). Then the build's archives (the
standard library and the wheel) as shipped, zips of stored entries compressed
whole with gzip by the build (hosts send zips as they are), against zips of
deflated entries, the usual zip, and the stored zip itself.

For the rules page of every language, in a cold browser: the bytes transferred
without the Pyodide runtime and the engine wheel, each response gzip-compressed
as a host would serve it (target: under 200 KB in every language). Then, with a
host that lets versioned files be cached, a second page of the site: how many
runtime files the server had to send again (target: none, they come from the
cache because their names carry their version or content hash).

    .venv/bin/python bench/budget.py [--site DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
import io
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path
from typing import Any, ClassVar

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent.i18n import LANGUAGES  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from tools.engine_worker import Traffic, end_engine  # noqa: E402
from tools.link import Link, serve  # noqa: E402

RUNTIME = ("/assets/pyodide/", "/assets/engine/")
IMMUTABLE = "public, max-age=31536000, immutable"
FIRST_VISITS = {"rules en": "/", "rules he": "/he/", "Play en": "/play/"}
FIRST_VISIT_TARGET = 5_000_000
READY = """() => performance.getEntriesByType("mark").some(
  (mark) => mark.name.startsWith("crescent:ready:"))"""


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site; versioned runtime files may be cached for good; counts requests."""

    served: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.served.append(self.path)
        super().do_GET()

    def end_headers(self) -> None:
        if self.path.startswith(RUNTIME):
            self.send_header("Cache-Control", IMMUTABLE)
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def build(target: Path) -> None:
    """A fresh strict build of the site."""
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(target)],
        cwd=ROOT,
        check=True,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
    )


def first_visits(site: Path) -> None:
    """Print what a first visit of each page in FIRST_VISITS sends, by kind of file."""
    link = Link()
    with serve(site, link) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        for name, path in FIRST_VISITS.items():
            context = browser.new_context()
            page = context.new_page()
            link.reset()
            traffic = Traffic(page)
            page.goto(base + path)
            page.wait_for_function(READY, timeout=120_000)
            traffic.until_quiet(timeout_s=120)
            total = link.total()
            parts = {"pyodide": 0, "engine": 0, "page": 0}
            for sent_path, size in link.sent.items():
                kind = sent_path.split("/")[2] if sent_path.startswith(RUNTIME) else "page"
                parts[kind] += size
            status = "ok" if total <= FIRST_VISIT_TARGET else "OVER"
            detail = ", ".join(f"{kind} {size / 1e6:.3f}" for kind, size in parts.items())
            print(
                f"first visit, {name}: {total / 1e6:.3f} MB sent ({detail}; "
                f"{status}; target {FIRST_VISIT_TARGET / 1e6:.1f} MB)"
            )
            context.close()
        browser.close()
    archives(site)


def archives(site: Path) -> None:
    """Print each runtime archive's size as shipped, and as the usual zip would be."""
    for archive in sorted(site.glob("assets/engine/*/*.gz")):
        shipped = archive.read_bytes()
        stored = gzip.decompress(shipped)
        deflated = io.BytesIO()
        with zipfile.ZipFile(io.BytesIO(stored)) as source, zipfile.ZipFile(deflated, "w") as out:
            for info in source.infolist():
                out.writestr(info.filename, source.read(info), zipfile.ZIP_DEFLATED)
        print(
            f"{archive.name}, {len(zipfile.ZipFile(io.BytesIO(stored)).namelist())} entries: "
            f"as shipped (stored, gzip-compressed whole) {len(shipped) / 1e6:.3f} MB; "
            f"a zip of deflated entries {len(deflated.getvalue()) / 1e6:.3f} MB; "
            f"the stored zip {len(stored) / 1e6:.3f} MB"
        )


def measure(site: Path) -> None:
    """Print the first visits, the page weights and the cache check."""
    first_visits(site)
    handler = type("Handler", (CountingHandler,), {"served": []})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a: handler(*a, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        for lang in LANGUAGES:
            context = browser.new_context()
            page = context.new_page()
            sizes: dict[str, int] = {}

            def record(response: Any, sizes: dict[str, int] = sizes) -> None:
                path = response.url.removeprefix(base)
                if not path.startswith(RUNTIME) and response.ok:
                    # a body still on its way as the context closes, after the page went
                    # quiet, is not the page's (reading it raised, noisily)
                    with contextlib.suppress(PlaywrightError):
                        sizes[path] = len(gzip.compress(response.body(), 6))

            page.on("response", record)
            traffic = Traffic(page)
            prefix = "" if lang == "en" else f"/{lang}"
            page.goto(f"{base}{prefix}/")
            traffic.until_quiet(timeout_s=120)
            total = sum(sizes.values())
            status = "ok" if total < 200_000 else "OVER"
            print(
                f"{lang}: rules page {total / 1000:.1f} KB compressed in {len(sizes)} files "
                f"without the runtime ({status}; target 200 KB)"
            )
            context.close()
        browser.close()
        # A profile on disk, as a reader's browser has: an incognito context keeps its
        # cache in memory and leaves out entries as large as the 9.6 MB wasm.
        with tempfile.TemporaryDirectory() as profile:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS
            )
            page = context.new_page()
            page.goto(f"{base}/")
            page.wait_for_selector("[data-crescent-demo][data-state=ready]", timeout=60_000)
            handler.served.clear()
            end_engine(page)  # else the next page finds the engine running and loads nothing
            page.goto(f"{base}/he/")
            page.wait_for_selector("[data-crescent-demo][data-state=ready]", timeout=60_000)
            again = [path for path in handler.served if path.startswith(RUNTIME)]
            print(
                f"second page: {len(again)} runtime files sent again by the server (target 0)"
                + (": " + ", ".join(again) if again else "")
            )
            context.close()
    server.shutdown()


def main() -> None:
    """Build (or take) a site and measure it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path)
    args = parser.parse_args()
    if args.site:
        measure(args.site)
        return
    with tempfile.TemporaryDirectory() as folder:
        build(Path(folder))
        measure(Path(folder))


if __name__ == "__main__":
    main()
