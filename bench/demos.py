"""Benchmark of the rule demos in Debian's Chromium: loading and move latency.

    .venv/bin/python bench/demos.py [--site DIR] [--runs 7] [--moves 60]

Builds the site (unless `--site` names a built one) and serves it on 127.0.0.1
with a bare page beside it that only loads Pyodide. In one browser, with a warm
HTTP cache, it measures

- (a) navigation to `loadPyodide()` resolved on the bare page,
- (b) navigation to the first demo of the rules page reaching `ready`,

and reports the medians and (b)/(a), which should be at most 1.2 (also the
median of each adjacent pair's ratio, steadier on a busy machine).

The site's worker loads Pyodide with the build's precompiled standard library
(crescent_site/bytecode.mjs), which (a) does not: (a) is Pyodide as the npm package
ships it. So that the gain is not mistaken for a light page, it also measures
(a') the bare page loading that same precompiled library, and reports (b)/(a'). Then it plays
moves by mouse on a demo (tap a card, tap its target, reset) and reports the
median and 95th percentile of the time from the tap that completes a move to the
redrawn diagram (the board's `crescent:move` performance measures): targets under
16 ms and 50 ms.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.build import built_site  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, CHROMIUM_PATH, serve  # noqa: E402

BARE_PATH = "/__bench__/bare.html"
BARE_STDLIB_PATH = "/__bench__/bare-stdlib.html"
BARE_STDLIB_ZIP = "/__bench__/python_stdlib.zip"
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
const index = new URL("{pyodide}", location.href).href;
const options = {{ indexURL: index }};
if ("{stdlib}") {{
  options.stdLibURL = new URL("{stdlib}", location.href).href;
}}
const {{ loadPyodide }} = await import(index + "pyodide.mjs");
await loadPyodide(options);
performance.mark("bare:ready");
</script>
"""


def pyodide_path(site: Path) -> str:
    """The site path of the self-hosted Pyodide folder."""
    found = sorted(site.glob("assets/pyodide/*/pyodide.mjs"))
    if not found:
        raise SystemExit(f"no Pyodide under {site}/assets/pyodide: is it a built site?")
    return "/" + found[-1].parent.relative_to(site).as_posix() + "/"


def stdlib_zip(site: Path) -> bytes:
    """The build's precompiled standard library, unpacked as the worker unpacks it."""
    found = sorted(site.glob("assets/engine/*/python_stdlib.zip.gz"))
    if not found:
        raise SystemExit(f"no precompiled standard library under {site}/assets/engine")
    return gzip.decompress(found[-1].read_bytes())


def bare_pages(site: Path) -> dict[str, bytes]:
    """The two bare pages (Pyodide as shipped, and with the site's standard library),
    and that library unpacked."""
    pyodide = pyodide_path(site)
    return {
        BARE_PATH: BARE_PAGE.format(pyodide=pyodide, stdlib="").encode(),
        BARE_STDLIB_PATH: BARE_PAGE.format(pyodide=pyodide, stdlib=BARE_STDLIB_ZIP).encode(),
        BARE_STDLIB_ZIP: stdlib_zip(site),
    }


def mark_time(page: Page, name: str, timeout_ms: float = 60_000) -> float:
    """Milliseconds from navigation to the performance mark `name`."""
    page.wait_for_function(
        "name => performance.getEntriesByName(name).length > 0", arg=name, timeout=timeout_ms
    )
    return float(page.evaluate("name => performance.getEntriesByName(name)[0].startTime", name))


def first_demo_ready(page: Page) -> float:
    """Milliseconds from navigation to the first demo's `ready` mark."""
    page.wait_for_selector('[data-crescent-demo][data-state="ready"]', timeout=60_000)
    return float(
        page.evaluate(
            "Math.min(...performance.getEntriesByType('mark')"
            ".filter(m => m.name.startsWith('crescent:ready:')).map(m => m.startTime))"
        )
    )


def loading(page: Page, base: str, runs: int) -> tuple[list[float], list[float], list[float]]:
    """(a), (a') and (b) over `runs` alternating visits, after one warm-up visit of each."""
    bare, bare_stdlib, demo = [], [], []
    for run in range(runs + 1):
        page.goto(base + BARE_PATH)
        a = mark_time(page, "bare:ready")
        page.goto(base + BARE_STDLIB_PATH)
        a_stdlib = mark_time(page, "bare:ready")
        page.goto(base + "/")
        b = first_demo_ready(page)
        if run:
            bare.append(a)
            bare_stdlib.append(a_stdlib)
            demo.append(b)
    return bare, bare_stdlib, demo


def latency(page: Page, base: str, moves: int, demo: str = "wrap") -> list[float]:
    """Tap-to-redraw times of `moves` completed moves on the demo `demo`."""
    page.goto(base + "/")
    root = page.locator(f'[data-crescent-demo="{demo}"]')
    root.locator('[data-action="reset"]').wait_for(state="visible", timeout=60_000)
    page.wait_for_selector(f'[data-crescent-demo="{demo}"][data-state="ready"]')
    root.scroll_into_view_if_needed()

    def centre(selector: str) -> tuple[float, float]:
        box = root.locator(selector).bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    card, target, reset = (
        centre('[data-pile="6"]'),
        centre('[data-pile="7"]'),
        centre('[data-action="reset"]'),
    )
    pile = f'[data-crescent-demo="{demo}"] [data-pile="7"]'

    def tap(point: tuple[float, float]) -> None:
        page.mouse.move(*point)
        page.mouse.down()
        page.mouse.up()

    for _ in range(moves):
        tap(card)
        page.wait_for_timeout(30)
        tap(target)
        page.wait_for_selector(f'{pile}[data-count="2"]', timeout=5_000)
        tap(reset)
        page.wait_for_selector(f'{pile}[data-count="1"]', timeout=5_000)
    found: list[Any] = page.evaluate(
        "performance.getEntriesByName('crescent:move').map(m => m.duration)"
    )
    return [float(value) for value in found]


def percentile(values: list[float], share: float) -> float:
    """The `share` percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        site = built_site(args.site, Path(temp))
        pages = bare_pages(site)
        with serve(site, extra=pages, cache=True) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            started = time.perf_counter()
            bare, bare_stdlib, demo = loading(page, base, args.runs)
            moves = latency(page, base, args.moves)
            browser.close()
    a, b = statistics.median(bare), statistics.median(demo)
    a_stdlib = statistics.median(bare_stdlib)
    print(f"(a) bare loadPyodide():          median {a:7.0f} ms  runs {_list(bare)}")
    print(f"(a') same, the site's stdlib:     median {a_stdlib:7.0f} ms  runs {_list(bare_stdlib)}")
    print(f"(b) rules page, first demo ready: median {b:7.0f} ms  runs {_list(demo)}")
    paired = statistics.median(y / x for x, y in zip(bare, demo, strict=True))
    print(f"(b)/(a) = {b / a:.2f}; median of the paired runs' ratios {paired:.2f} (target 1.2)")
    paired = statistics.median(y / x for x, y in zip(bare_stdlib, demo, strict=True))
    print(f"(b)/(a') = {b / a_stdlib:.2f}; median of the paired runs' ratios {paired:.2f}")
    print(
        f"tap to redrawn diagram, {len(moves)} moves: median {statistics.median(moves):.1f} ms, "
        f"95th percentile {percentile(moves, 0.95):.1f} ms (targets 16 and 50 ms)"
    )
    print(f"({time.perf_counter() - started:.0f} s in the browser)")


def _list(values: list[float]) -> str:
    return " ".join(f"{value:.0f}" for value in values)


if __name__ == "__main__":
    main()
