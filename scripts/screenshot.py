"""Screenshots of built pages in headless Chromium, to look at them as a reader would.

    .venv/bin/python scripts/screenshot.py SITE_DIR OUT_DIR PATH... [--width 1280] [--dark]

Serves SITE_DIR on 127.0.0.1, opens each PATH (e.g. `he/` or `examples/`), waits for its
live boards to leave loading, and writes a PNG per path into OUT_DIR.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.chromium import CHROMIUM_ARGS, CHROMIUM_PATH, serve

SETTLED = """() => [...document.querySelectorAll("[data-state]")]
  .every((live) => live.dataset.state !== "loading")"""
"""Every live board of the page past loading."""


def main() -> None:
    """Take the screenshots."""
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("out")
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--dark", action="store_true")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--selector", default=None)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with serve(Path(args.site)) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        page = browser.new_page(
            viewport={"width": args.width, "height": args.height},
            color_scheme="dark" if args.dark else "light",
        )
        for path in args.paths:
            page.goto(f"{base}/{path}")
            # Live boards settled (ready, or an error to see); not "networkidle": the
            # service worker may still be storing the runtime long after.
            page.wait_for_function(SETTLED, timeout=90_000)
            page.wait_for_timeout(500)
            name = path.strip("/").replace("/", "_").replace("#", "-") or "home"
            name += f"-{args.width}{'-dark' if args.dark else ''}.png"
            if args.selector:
                page.locator(args.selector).first.screenshot(path=str(out / name))
            else:
                page.screenshot(path=str(out / name), full_page=args.full)
            print(out / name)
        browser.close()


if __name__ == "__main__":
    main()
