"""Benchmark: the first live board over a phone's link, against bare Pyodide on the same link.

    .venv/bin/python bench/network.py [--site DIR] [--runs 3] [--profile fast|slow]

Builds the site (unless `--site` names a built one) and serves it as a host does,
gzip-compressed (tools/link.py says which types), through one throttled link shared
by every connection, with a round trip added to every request. Each load is a cold
cache (a fresh browser context) in Debian's Chromium. Pages:

- bare: a page that only runs `loadPyodide()` from the npm package's files as
  shipped (its own `python_stdlib.zip`), as bench/demos.py does;
- rules (en), rules (he): until the first live demo is ready;
- Play (en): until its live board is ready.

It prints, per link profile, the median time to ready and the median bytes sent
(response bodies, until ready), then each page's ratio to the bare page (target:
at most 0.8 on both links). Profiles: 9 Mbit/s with 60 ms per round trip (4G-like),
1.6 Mbit/s with 150 ms (slow 3G-like). A load on the slow link takes about half a
minute, so runs default to 3. `--profile slowest`, 0.5 Mbit/s with 400 ms, is not run by
default: a load takes some 90 s there (once a fixed 45 s timer gave the engine up on it;
now loading goes on while bytes arrive).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.demos import BARE_PAGE, BARE_PATH, pyodide_path  # noqa: E402
from tools.build import built_site  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from tools.link import Link, serve  # noqa: E402


@dataclass(frozen=True)
class Profile:
    """A link: its name, bandwidth in bits per second and round trip in seconds."""

    name: str
    bits: float
    rtt: float


PROFILES = {
    "fast": Profile("9 Mbit/s, 60 ms", 9e6, 0.060),
    "slow": Profile("1.6 Mbit/s, 150 ms", 1.6e6, 0.150),
    "slowest": Profile("0.5 Mbit/s, 400 ms", 0.5e6, 0.400),
}
PAGES = {"bare": BARE_PATH, "rules en": "/", "rules he": "/he/", "Play en": "/play/"}
READY = """() => performance.getEntriesByType("mark").some(
  (mark) => mark.name === "bare:ready" || mark.name.startsWith("crescent:ready:"))"""
READY_AT = """() => Math.min(...performance.getEntriesByType("mark")
  .filter((mark) => mark.name === "bare:ready" || mark.name.startsWith("crescent:ready:"))
  .map((mark) => mark.startTime))"""
TARGET = 0.8
LOAD_MS = 600_000
"""However long a load takes on the slowest link, on a busy machine."""


def load(browser: Browser, url: str, link: Link) -> tuple[float, int]:
    """Milliseconds from navigation to the first live board, and the bytes sent until then."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    link.reset()
    page.goto(url, wait_until="commit", timeout=LOAD_MS)
    page.wait_for_function(READY, timeout=LOAD_MS, polling=50)
    sent = link.total()
    ready = float(page.evaluate(READY_AT))
    context.close()
    return ready, sent


Loads = dict[str, list[tuple[float, int]]]


def measure(browser: Browser, base: str, link: Link, runs: int) -> Loads:
    """`runs` cold loads of every page, taken in turn."""
    found: Loads = {name: [] for name in PAGES}
    for _ in range(runs):
        for name, path in PAGES.items():
            found[name].append(load(browser, base + path, link))
    return found


def report(profile: Profile, found: Loads) -> None:
    """Print medians and ratios to the bare page."""
    print(f"\n{profile.name} (medians of {len(found['bare'])} cold loads)")
    bare = statistics.median(ms for ms, _ in found["bare"])
    for name, loads in found.items():
        ms = statistics.median(value for value, _ in loads)
        sent = statistics.median(size for _, size in loads)
        runs = " ".join(f"{value / 1000:.1f}" for value, _ in loads)
        line = f"  {name:9} ready {ms / 1000:6.2f} s  sent {sent / 1e6:5.2f} MB  (runs: {runs} s)"
        if name != "bare":
            ratio = ms / bare
            status = "ok" if ratio <= TARGET else "OVER"
            line += f"  ratio {ratio:.2f} ({status}; target {TARGET})"
        print(line)


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", choices=sorted(PROFILES), action="append")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as temp:
        site = built_site(args.site, Path(temp))
        bare = BARE_PAGE.format(pyodide=pyodide_path(site), stdlib="").encode()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
            for key in args.profile or ["fast", "slow"]:
                profile = PROFILES[key]
                link = Link(rate=profile.bits / 8, rtt=profile.rtt)
                with serve(site, link, extra={BARE_PATH: bare}) as base:
                    report(profile, measure(browser, base, link, args.runs))
            browser.close()
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
