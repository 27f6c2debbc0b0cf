"""Benchmark of the engine's start: a first visit against the visits after it.

    .venv/bin/python bench/start.py [--site DIR] [--runs 3] [--visits 3] [--phases]
        [--restart]

Builds the site (unless `--site` names a built one) and serves it as a host does
(tools/link.py: gzip, cache headers), on this machine's own link. For each page
(the rules page, Play) and each run, a fresh browser profile on disk, as a phone's
browser has, visits the page `--visits` times, one page after the other, each time
until its first live board is ready; then it waits until that visit has settled
(the service worker ready, the engine's snapshot kept), as a reader's next visit
would find it. The first visit is cold: nothing cached, nothing kept. A later visit in
the same browser finds the engine's shared worker still running (`running`: it outlives
its last page for a while); with `--restart` the browser is closed and started again
between visits, as on a return another day, and the engine starts from its kept
snapshot.

It prints, per page, the medians over runs of the time from navigation to the first
live board at each visit and the last visit's ratio to the first (target: at most
0.33), the CPU time that the engine's worker thread spent during the visit (the
busiest of Chromium's `DedicatedWorker` and `SharedWorker` threads; the wasm compile
on V8's background threads is not in it) and all of this run's Chromium processes
(the page, its service worker, the network), and how each visit's engine started
(`fresh`, from the `snapshot` kept by an earlier one, or `running` already). Chromium
runs with readers' flags (tools.chromium.CHROMIUM_ARGS).

With `--phases`, each visit also gets the medians of the engine's worker's marks
(docs/assets/js/engine/worker.js: `crescent:worker:*`), in ms after the page's
navigation: when the worker ran its first line (`start`), had Pyodide's script
(`script`), had read the kept snapshot, compiled and instantiated the wasm, and had
Python ready (`python`); and the first live board (`board`). That says where a start's
time goes.

On a shared machine, quote the medians and the ratio of one run together.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent_site.worker_script import SHIPPED  # noqa: E402
from tools.build import built_site  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from tools.engine_worker import engine_evaluate, engine_targets  # noqa: E402
from tools.link import Link, serve  # noqa: E402

PAGES = {"rules": "/", "Play": "/play/"}
WORKER_THREADS = ("DedicatedWorker", "SharedWorker")
"""How Chromium names the threads of dedicated and shared workers (a shared one runs in
a process of its own)."""
TARGET = 0.33
TICKS = os.sysconf("SC_CLK_TCK")
READY = """() => performance.getEntriesByType("mark").some(
  (mark) => mark.name.startsWith("crescent:ready:"))"""
VISIT = """() => {
  const marks = performance.getEntriesByType("mark");
  const ready = marks.filter((mark) => mark.name.startsWith("crescent:ready:"));
  const start = marks.find((mark) => mark.name.startsWith("crescent:engine:"));
  return [Math.min(...ready.map((mark) => mark.startTime)), start ? start.name.slice(16) : "?"];
}"""
PHASES = """() => [performance.timeOrigin, performance.getEntriesByType("mark")
  .filter((mark) => mark.name.startsWith("crescent:worker:"))
  .map((mark) => [mark.name.slice(16), mark.startTime])]"""
"""The engine's worker's marks and its time origin (run in the worker)."""
SETTLED = """() => document.documentElement.dataset.offline === "ready" && (
  performance.getEntriesByType("mark").some((mark) => ["crescent:engine:kept",
    "crescent:engine:not-kept", "crescent:engine:snapshot", "crescent:engine:running"]
    .includes(mark.name))
  || !performance.getEntriesByType("mark").some(
    (mark) => mark.name.startsWith("crescent:engine:")))"""
"""A visit has settled: its service worker is ready and its engine's snapshot kept, or
there was one already (a build from before snapshots has none: its engine says nothing)."""


@dataclass(frozen=True)
class Visit:
    """One visit: ms to the first live board, the worker's and all of Chromium's CPU
    seconds until then, how its engine started."""

    ms: float
    cpu: float
    chromium: float
    start: str
    phases: dict[str, float]


def _descendants(root: int) -> set[int]:
    """The processes under `root` (this benchmark: its browsers)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry)] = int(fields[1])
    found = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in found and pid not in found:
                found.add(pid)
                grew = True
    return found - {root}


def _cpu(stat: Path) -> float:
    """CPU seconds (user and system) of the process or thread whose `stat` file this is."""
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def worker_cpu() -> dict[tuple[int, int], float]:
    """CPU seconds so far of each worker thread (`DedicatedWorker`, `SharedWorker`) of
    this run's Chromium, by process and thread."""
    found = {}
    for pid in _descendants(os.getpid()):
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in threads:
            task = Path(f"/proc/{pid}/task/{tid}")
            try:
                if task.joinpath("comm").read_text().startswith(WORKER_THREADS):
                    found[(pid, int(tid))] = _cpu(task / "stat")
            except OSError:
                continue
    return found


def chromium_cpu() -> dict[int, float]:
    """CPU seconds so far of each process of this run's Chromium, by pid."""
    found = {}
    for pid in _descendants(os.getpid()):
        try:
            found[pid] = _cpu(Path(f"/proc/{pid}/stat"))
        except OSError:
            continue
    return found


def phases(page: Page, board: float, start: str) -> dict[str, float]:
    """The engine's worker's marks on `page`, in ms after its navigation, and the board's
    (an engine already running started for an earlier page: its marks are that start's)."""
    found = {"board": board}
    if start == "running":
        return found
    origin = page.evaluate("() => performance.timeOrigin")
    timelines = [worker.evaluate(PHASES) for worker in page.workers if SHIPPED.search(worker.url)]
    if not timelines and engine_targets(page):
        timelines = [engine_evaluate(page, PHASES)]
    for started, marks in timelines:
        found.update({name: at + started - origin for name, at in marks})
    return found


def visits(playwright: Playwright, url: str, count: int, restart: bool) -> list[Visit]:
    """`count` visits of `url` by one fresh profile on disk; with `restart`, the browser
    is closed and started again between visits (its engine gone, its profile kept)."""
    found = []
    with tempfile.TemporaryDirectory() as profile:
        context = None
        try:
            for index in range(count):
                if context is None or (restart and index > 0):
                    if context is not None:
                        context.close()
                    context = playwright.chromium.launch_persistent_context(
                        profile,
                        executable_path=CHROMIUM_PATH,
                        args=CHROMIUM_ARGS,
                        service_workers="allow",
                        viewport={"width": 390, "height": 844},
                        is_mobile=True,
                    )
                page = context.new_page()
                before, threads = chromium_cpu(), worker_cpu()
                page.goto(url, wait_until="commit", timeout=300_000)
                page.wait_for_function(READY, timeout=300_000, polling=20)
                cpu = max(
                    (now - threads.get(key, 0.0) for key, now in worker_cpu().items()),
                    default=0.0,
                )
                after = chromium_cpu()
                chromium = sum(now - before.get(pid, 0.0) for pid, now in after.items())
                ms, start = page.evaluate(VISIT)
                found.append(
                    Visit(float(ms), cpu, chromium, str(start), phases(page, ms, str(start)))
                )
                page.wait_for_function(SETTLED, timeout=300_000, polling=100)
                page.close()
        finally:
            if context is not None:
                context.close()
    return found


def report_phases(runs: list[list[Visit]], index: int) -> None:
    """Print the medians of visit `index`'s phases, in the order they came."""
    names = {name for run in runs for name in run[index].phases}
    medians = {
        name: statistics.median(
            run[index].phases[name] for run in runs if name in run[index].phases
        )
        for name in names
    }
    print(
        "    phases: "
        + ", ".join(f"{n} {ms:.0f}" for n, ms in sorted(medians.items(), key=lambda item: item[1]))
    )


def report(name: str, runs: list[list[Visit]], with_phases: bool = False) -> None:
    """Print the medians of each visit, and the last visit's ratio to the first."""
    count = len(runs[0])
    medians = [statistics.median(run[index].ms for run in runs) for index in range(count)]
    cpus = [statistics.median(run[index].cpu for run in runs) for index in range(count)]
    totals = [statistics.median(run[index].chromium for run in runs) for index in range(count)]
    print(f"\n{name} (medians of {len(runs)} profiles)")
    for index in range(count):
        starts = "/".join(sorted({run[index].start for run in runs}))
        each = " ".join(f"{run[index].ms / 1000:.2f}" for run in runs)
        print(
            f"  visit {index + 1}: first live board {medians[index] / 1000:5.2f} s "
            f"(runs: {each}), worker CPU {cpus[index]:.2f} s, Chromium's CPU "
            f"{totals[index]:.2f} s, engine {starts}"
        )
        if with_phases:
            report_phases(runs, index)
    ratios = [run[-1].ms / run[0].ms for run in runs]
    ratio = medians[-1] / medians[0]
    status = "ok" if ratio <= TARGET else "OVER"
    print(
        f"  visit {count} / visit 1: {ratio:.2f} ({status}; target {TARGET}); "
        f"per profile {' '.join(f'{value:.2f}' for value in ratios)}; "
        f"worker CPU {cpus[-1] / cpus[0]:.2f}, Chromium's CPU {totals[-1] / totals[0]:.2f}"
    )


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--phases", action="store_true", help="where each start's time goes")
    parser.add_argument(
        "--restart",
        action="store_true",
        help="close and start the browser again between visits (a return on another day)",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as temp:
        site = built_site(args.site, Path(temp))
        with serve(site, Link()) as base, sync_playwright() as playwright:
            found: dict[str, list[list[Visit]]] = {name: [] for name in PAGES}
            for _ in range(args.runs):
                for name, path in PAGES.items():
                    found[name].append(visits(playwright, base + path, args.visits, args.restart))
            for name, runs in found.items():
                report(name, runs, args.phases)
    print(f"\n({time.perf_counter() - started:.0f} s; load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
