"""Benchmark: Lighthouse's four scores for the pages with live content, in English and Hebrew.

    .venv/bin/python bench/lighthouse.py [--site DIR] [--runs 1]

Builds the site (unless `--site` names a built one), serves it gzip-compressed as
a host does (tools/link.py, no throttling: Lighthouse simulates a mobile link and
CPU itself) and runs the pinned npm `lighthouse` (bench/lighthouse/package.json,
installed by `make bench`, apart from the site's packages) with its default mobile
settings in Debian's Chromium, on the rules, Play and Examples pages. It prints
the performance, accessibility, best-practices and SEO scores (medians over
`--runs`, after one run not counted that warms Chromium up; targets: at least 95 for
performance, 100 for the others), the metrics
behind performance, and every audit that cost points, so that the findings can be
taken to whoever owns them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.build import built_site  # noqa: E402
from tools.chromium import CHROMIUM_PATH  # noqa: E402
from tools.link import Link, serve  # noqa: E402

LIGHTHOUSE = ROOT / "bench/lighthouse/node_modules/lighthouse/cli/index.js"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
METRICS = (
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
    "total-byte-weight",
)
PAGES = {
    "rules en": "/",
    "rules he": "/he/",
    "Play en": "/play/",
    "Play he": "/he/play/",
    "Examples en": "/examples/",
    "Examples he": "/he/examples/",
}


def lighthouse(url: str) -> dict[str, Any]:
    """Lighthouse's JSON report of `url` (mobile, its simulated throttling)."""
    if not LIGHTHOUSE.is_file():
        raise SystemExit(
            "Lighthouse is not installed: run `make bench` (or `npm ci --prefix bench/lighthouse`)"
        )
    done = subprocess.run(
        [
            "node",
            str(LIGHTHOUSE),
            url,
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            "--only-categories=" + ",".join(CATEGORIES),
            "--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "CHROME_PATH": CHROMIUM_PATH},
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"lighthouse failed on {url}: {done.stderr.strip()[-1000:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def findings(report: dict[str, Any]) -> list[str]:
    """The audits that cost points in any category, worst first."""
    audits = report["audits"]
    found = []
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            audit = audits[ref["id"]]
            score = audit.get("score")
            if ref["weight"] > 0 and score is not None and score < 1:
                shown = audit.get("displayValue", "")
                found.append(f"{category}: {ref['id']} {score:.2f} {shown}".rstrip())
    return found


def score(report: dict[str, Any], category: str) -> int:
    """A Lighthouse report's score in `category`, out of 100 (0 when it has none)."""
    return round(100 * (report["categories"][category]["score"] or 0))


def main() -> None:
    """Run Lighthouse on every page and print the scores."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        site = built_site(args.site, Path(temp))
        with serve(site, Link()) as base:
            # The first run after a pause pays for starting Chromium cold (its first
            # paint came 0.3-0.4 s later than every other run's, whatever the page):
            # one run, not counted, warms it up.
            lighthouse(base + next(iter(PAGES.values())))
            print(f"{'page':12} " + " ".join(f"{name:>14}" for name in CATEGORIES))
            notes: dict[str, list[str]] = {}
            for name, path in PAGES.items():
                reports = [lighthouse(base + path) for _ in range(args.runs)]
                scores = {
                    category: statistics.median(score(report, category) for report in reports)
                    for category in CATEGORIES
                }
                row = " ".join(
                    f"{scores[c]:>11.0f}{'' if scores[c] >= TARGETS[c] else ' !':>3}"
                    for c in CATEGORIES
                )
                print(f"{name:12} {row}", flush=True)
                # The figures of the run whose performance score is the median shown.
                typical = sorted(reports, key=lambda report: score(report, "performance"))[
                    len(reports) // 2
                ]
                metrics = [
                    f"{metric} {typical['audits'][metric].get('displayValue', '')}"
                    for metric in METRICS
                ]
                notes[name] = ["; ".join(metrics), *findings(typical)]
    print("\n(! below target: performance 95, the others 100)")
    for name, lines in notes.items():
        print(f"\n{name}:")
        for line in lines:
            print(f"  {line}")


if __name__ == "__main__":
    main()
