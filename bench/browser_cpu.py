"""Benchmark of Chromium's CPU per Play page: the browser tests' Chromium against readers'.

    .venv/bin/python bench/browser_cpu.py [--site DIR] [--runs 5]

Builds the site (unless `--site` names a built one) and serves it on 127.0.0.1.
For each browser (the tests': Debian's headless shell with `tools.chromium.TEST_ARGS`;
readers': Debian's Chromium with `CHROMIUM_ARGS`) and each way of treating the site's service
worker (blocked, as the tests' shared contexts do, and allowed), each run opens a
fresh context and in it two Play pages, one after the other, each until its board
is ready. It reports the medians of the CPU that all of Chromium's processes spent
on the first page (a cold start) and on the second (the HTTP cache warm): CPU, not
wall time, is what limits the suite on two cores.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.build import built_site  # noqa: E402
from tools.chromium import (  # noqa: E402
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    TEST_ARGS,
    TEST_CHROMIUM_PATH,
    serve,
)

READY_MS = 120_000
"""Longest wait for a Play page's board."""
TICKS = os.sysconf("SC_CLK_TCK")
BROWSERS = {
    "tests": (TEST_CHROMIUM_PATH, TEST_ARGS),
    "readers": (CHROMIUM_PATH, CHROMIUM_ARGS),
}
WORKER = ("block", "allow")


def chromium_cpu() -> dict[int, float]:
    """CPU seconds (user and system) so far of each live Chromium process, by pid."""
    spent: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if b"chromium" not in Path(f"/proc/{entry}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        spent[int(entry)] = (int(fields[11]) + int(fields[12])) / TICKS
    return spent


def play_page_cpu(browser: Browser, base: str, worker: str) -> tuple[float, float]:
    """Chromium's CPU for a fresh context's first Play page and for its second."""
    context = browser.new_context(service_workers=worker)  # type: ignore[arg-type]
    try:
        costs = []
        for _ in range(2):
            before = chromium_cpu()
            page = context.new_page()
            page.goto(f"{base}/play/")
            board = page.locator("[data-crescent-game]").last
            expect(board).to_have_attribute("data-state", "ready", timeout=READY_MS)
            after = chromium_cpu()
            costs.append(sum(now - before.get(pid, 0.0) for pid, now in after.items()))
        return costs[0], costs[1]
    finally:
        context.close()


def main() -> None:
    """Measure and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        site = built_site(args.site, Path(temp))
        with serve(site) as base, sync_playwright() as playwright:
            print(f"Chromium's CPU per Play page, seconds, medians of {args.runs}:")
            for name, (path, flags) in BROWSERS.items():
                browser = playwright.chromium.launch(executable_path=path, args=flags)
                try:
                    for worker in WORKER:
                        runs = [play_page_cpu(browser, base, worker) for _ in range(args.runs)]
                        first = statistics.median(cost for cost, _ in runs)
                        second = statistics.median(cost for _, cost in runs)
                        print(
                            f"  {name}' Chromium, service worker {worker}ed: "
                            f"first page {first:.2f}, second page {second:.2f}"
                        )
                finally:
                    browser.close()


if __name__ == "__main__":
    main()
