"""Benchmark of the Play page in Debian's Chromium: move latency over a whole won game.

    .venv/bin/python bench/play.py [--site DIR] [--rounds 3] [--input mouse|touch|both]
                                   [--pause 100] [--phone] [--hints 50]

Builds the site (unless `--site` names a built one), serves it on 127.0.0.1 and
opens the Play page at the start of the example game (`?example=won-game`). Each
round plays the whole won game (`tests.browser.play.won_example`: every move and
redeal of docs/examples/won-game.json) through the interface, as a reader does: a
tap on a pile plays its card when one place takes it, otherwise picks it, and a tap
on the target places it; the redeal button redeals. Taps are real input events at
the places' centres, by mouse or by touch (a context with a touch screen), each once
the answer to the one before is drawn and `--pause` ms have passed. No engine call
is made from here.

For every input, the board records a performance measure `crescent:<action>` from
the input event's time stamp to the redrawn diagram (the same measure as
bench/demos.py). Each round reports the median and 95th percentile of the inputs
that complete a move (targets: 16 and 50 ms), then the first taps that only pick a
card and the redeals, and the input delay: how long after its time stamp the page
got to handle a tap's pointerup (part of every figure above, and out of the page's
hands: by touch, headless Chromium hands taps to the page some 10 to 20 ms late).
The summary quotes the medians of the rounds' figures.

Two more figures are measured from outside the board, the same way whatever the board
does: *input to first painted frame* of a move, from the tap's time stamp to the end
of the first frame after the board drew its answer (the animation frame after the
board's measure, then the task after it: the frame is painted by then), and *dropped frames*:
a loop of animation frames runs through the whole game, and every gap between two
frames longer than one frame (60 Hz) counts the frames it skipped. They are counted
during the board's animations (its `crescent-motion` measures) and, so that a board
without motion compares, in the 250 ms after each move's first painted frame.
`--phone` plays at 390x844 CSS pixels, three device pixels each, by touch, as on a
phone held upright (default: 1280x900 by mouse and by touch).

With `--hints N` it measures the hint instead (bench/hints.py): on the starting
positions of the first N numbered deals and on N positions from the middle of the
solver's lines, p50 and p95 of the time from the hint call to its answer.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import hints  # noqa: E402
from crescent.game import Game  # noqa: E402
from crescent.moves import Move  # noqa: E402
from crescent.rules import tap_target  # noqa: E402
from crescent_site.demo import DOUBLE_TAP_MS  # noqa: E402
from tools.build import built_site  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, CHROMIUM_PATH, serve  # noqa: E402
from tools.games import example_record, won_example  # noqa: E402

WIDTH, HEIGHT = 1280, 900
PHONE = (390, 844)
FRAME_MS = 1000 / 60
AFTER_PAINT_MS = 250
"""The window after a move's first painted frame where dropped frames are counted."""
PAUSE_MS = 100
"""Between an answer drawn and the next tap: a quick reader's pace. With none, each tap
lands while the browser still paints the last answer, which no hand can do."""
WAIT_MS = 10_000
"""Longest wait for one answer of the engine."""

MEASURES = """() => performance.getEntriesByType('measure')
    .filter(m => m.name.startsWith('crescent:')).map(m => [m.name, m.duration])"""
COUNT = """n => performance.getEntriesByType('measure')
    .filter(m => m.name.startsWith('crescent:')).length >= n"""
DELAYS = """() => {
    window.crescentInputDelays = [];
    document.addEventListener("pointerup", (event) => {
        crescentInputDelays.push(performance.now() - event.timeStamp);
    }, true);
}"""
"""Records, for each pointerup, how long after its time stamp the page got to handle it."""
PAINTS = """() => {
    window.crescentPaints = [];
    window.crescentFrames = [];
    const measure = performance.measure.bind(performance);
    performance.measure = (name, options) => {
        const entry = measure(name, options);
        if (name.startsWith("crescent:") && options && typeof options.start === "number") {
            const from = options.start;
            requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => crescentPaints.push([from, performance.now()]);
                channel.port2.postMessage(null);
            });
        }
        return entry;
    };
    const frame = (time) => {
        crescentFrames.push(time);
        requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
}"""
"""For each input, the time of the first frame painted after the board drew its answer:
the board's `crescent:<action>` measure is taken right after it draws (from the input's
time stamp), then the next animation frame, then the task after it: the frame is
painted by then. And the time of every animation frame."""
MOTIONS = """() => performance.getEntriesByName('crescent-motion')
    .map(m => [m.startTime, m.startTime + m.duration])"""
CENTRES = """() => Object.fromEntries(
    [...document.querySelectorAll('[data-crescent-game] [data-pile],'
        + ' [data-crescent-game] [data-foundation], [data-crescent-game] [data-action="redeal"]')]
    .map(el => {
        const box = el.getBoundingClientRect();
        const name = el.dataset.pile ? 'p' + el.dataset.pile : el.dataset.foundation || 'redeal';
        return [name, [box.left + box.width / 2, box.top + box.height / 2]];
    }))"""


@dataclass
class Round:
    """The latencies (ms) of one whole game, by kind of input."""

    moves: list[float] = field(default_factory=list)
    """Inputs that complete a move: a tap played at once, or the tap on the target."""
    picks: list[float] = field(default_factory=list)
    """First taps that only pick a card (several places take it)."""
    redeals: list[float] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)
    """For each tap, from the pointerup's time stamp to the page's first handler."""
    paints: list[float] = field(default_factory=list)
    """Inputs that complete a move: from the tap to the first frame painted after it."""
    after_paint: list[int] = field(default_factory=list)
    """Frames dropped in the 250 ms after each move's first painted frame."""
    motions: list[int] = field(default_factory=list)
    """Frames dropped during each of the board's animations."""
    motion_ms: list[float] = field(default_factory=list)
    """How long each animation ran."""
    seconds: float = 0.0


def dropped(frames: list[float], start: float, end: float) -> int:
    """Frames skipped between animation frames (60 Hz) within [start, end]."""
    inside = [time for time in frames if start <= time <= end]
    return sum(max(0, round((b - a) / FRAME_MS) - 1) for a, b in itertools.pairwise(inside))


def percentile(values: list[float], share: float) -> float:
    """The `share` percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


class Player:
    """Plays the example game on one Play page by real taps at the places' centres."""

    def __init__(
        self, page: Page, base: str, touch: bool, pause: int, size: tuple[int, int]
    ) -> None:
        self.page = page
        self.size = size
        self.base = base
        self.touch = touch
        self.pause = pause
        self.count = 0
        self.last: tuple[str, float] | None = None
        """The place tapped last, and when (the page's clock, ms)."""

    def open(self) -> None:
        """The Play page at the example game's start, live, with no measure yet."""
        self.page.goto(f"{self.base}/play/?example=won-game&step=start")
        self.page.wait_for_selector('[data-crescent-game][data-state="ready"]', timeout=60_000)
        self.page.locator("[data-crescent-game] .crescent-game-board").scroll_into_view_if_needed()
        self.page.evaluate("performance.clearMeasures()")
        self.page.evaluate(DELAYS)
        self.page.evaluate(PAINTS)
        self.count = 0
        self.last = None
        self.centres: dict[str, list[float]] = self.page.evaluate(CENTRES)
        for name, (x, y) in self.centres.items():
            if not (0 <= x < self.size[0] and 0 <= y < self.size[1]):
                raise SystemExit(f"{name} is outside the window at ({x:.0f}, {y:.0f})")

    def tap(self, name: str) -> None:
        """Tap the place (or button) `name`, then wait for the board's answer to be drawn.
        A place tapped twice in a row is tapped twice, not double-tapped: the second tap
        waits out the double tap (a double tap plays no second card, and a pause shorter
        than it left the round waiting for a move that never came)."""
        if self.last is not None and self.last[0] == name:
            wait = DOUBLE_TAP_MS + 1 - (self.page.evaluate("performance.now()") - self.last[1])
            if wait > 0:
                self.page.wait_for_timeout(wait)
        x, y = self.centres[name]
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()
            self.page.mouse.up()
        self.last = (name, self.page.evaluate("performance.now()"))
        self.count += 1
        self.page.wait_for_function(COUNT, arg=self.count, timeout=WAIT_MS)
        if self.pause:
            self.page.wait_for_timeout(self.pause)

    def play(self) -> Round:
        """One whole game from the start; the measures, sorted by kind of input."""
        self.open()
        game = Game(example_record().code)
        kinds: list[str] = []
        started = time.perf_counter()
        for action in won_example():
            if isinstance(action, Move):
                source, target = action
                if tap_target(game.position, source) is None:
                    self.tap(source.text)
                    self.tap(target.text)
                    kinds += ["pick", "move"]
                else:
                    self.tap(source.text)
                    kinds.append("move")
                assert game.play(action) is None, action
            else:
                self.tap("redeal")
                kinds.append("redeal")
                assert game.redeal() is None
            shown = self.page.locator("[data-crescent-game] [data-moves]").inner_text()
            if shown != str(game.moves_made):
                raise SystemExit(f"the page shows {shown} moves, the engine {game.moves_made}")
        seconds = time.perf_counter() - started
        state = self.page.get_attribute("[data-crescent-game]", "data-state")
        if state != "won":
            raise SystemExit(f"the game ended in state {state!r}, not won")
        measures = self.page.evaluate(MEASURES)
        if len(measures) != len(kinds):
            raise SystemExit(f"{len(measures)} measures for {len(kinds)} inputs")
        found = Round(seconds=seconds, delays=self.page.evaluate("crescentInputDelays"))
        for kind, (_, duration) in zip(kinds, measures, strict=True):
            {"move": found.moves, "pick": found.picks, "redeal": found.redeals}[kind].append(
                float(duration)
            )
        self.page.wait_for_timeout(AFTER_PAINT_MS)
        paints = self.page.evaluate("crescentPaints")
        frames = self.page.evaluate("crescentFrames")
        if len(paints) != len(kinds):
            raise SystemExit(f"{len(paints)} painted frames for {len(kinds)} inputs")
        for kind, (start, painted) in zip(kinds, paints, strict=True):
            if kind == "move":
                found.paints.append(painted - start)
                found.after_paint.append(dropped(frames, painted, painted + AFTER_PAINT_MS))
        for start, end in self.page.evaluate(MOTIONS):
            found.motions.append(dropped(frames, start, end))
            found.motion_ms.append(end - start)
        return found


def run(
    browser: Browser, base: str, touch: bool, rounds: int, pause: int, phone: bool = False
) -> list[Round]:
    """`rounds` whole games in one page (after a warm-up game), by mouse or by touch;
    with `phone`, on a phone's screen."""
    width, height = PHONE if phone else (WIDTH, HEIGHT)
    scale = 3 if phone else 1
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=scale,
        has_touch=touch,
        is_mobile=phone,
    )
    try:
        player = Player(context.new_page(), base, touch, pause=0, size=(width, height))
        player.play()  # warm-up: the HTTP cache, the worker's imports, the JIT
        player.pause = pause
        return [player.play() for _ in range(rounds)]
    finally:
        context.close()


def report(label: str, found: list[Round]) -> None:
    """Each round's figures, then the medians over the rounds."""
    print(f"{label}:")
    for number, one in enumerate(found, 1):
        print(
            f"  round {number}: {len(one.moves)} moves:"
            f" median {statistics.median(one.moves):5.1f} ms,"
            f" p95 {percentile(one.moves, 0.95):5.1f} ms, max {max(one.moves):5.1f} ms;"
            f" {len(one.picks)} picks median {statistics.median(one.picks):5.1f} ms;"
            f" redeals {' '.join(f'{value:.1f}' for value in one.redeals)} ms;"
            f" input delay median {statistics.median(one.delays):.1f} ms;"
            f" {one.seconds:.0f} s"
        )
        print(
            f"    input to first painted frame of a move: median"
            f" {statistics.median(one.paints):5.1f} ms, p95 {percentile(one.paints, 0.95):5.1f} ms;"
            f" frames dropped in the {AFTER_PAINT_MS} ms after it: median"
            f" {statistics.median(one.after_paint):.0f}, total {sum(one.after_paint)}"
            f" of {len(one.after_paint) * round(AFTER_PAINT_MS / FRAME_MS)}"
        )
        if one.motions:
            print(
                f"    {len(one.motions)} animations, median {statistics.median(one.motion_ms):.0f}"
                f" ms: frames dropped per animation median {statistics.median(one.motions)},"
                f" p95 {percentile([float(n) for n in one.motions], 0.95):.0f},"
                f" total {sum(one.motions)} of"
                f" {round(sum(one.motion_ms) / FRAME_MS)}"
            )
        else:
            print("    no animations")
    medians = statistics.median(statistics.median(one.moves) for one in found)
    p95s = statistics.median(percentile(one.moves, 0.95) for one in found)
    every = [value for one in found for value in one.moves]
    print(
        f"  median over {len(found)} rounds: move median {medians:.1f} ms, p95 {p95s:.1f} ms"
        f" (targets 16 and 50 ms); all {len(every)} moves pooled: median"
        f" {statistics.median(every):.1f} ms, p95 {percentile(every, 0.95):.1f} ms"
    )
    paint = statistics.median(statistics.median(one.paints) for one in found)
    after = statistics.median(sum(one.after_paint) for one in found)
    line = (
        f"  median over {len(found)} rounds: input to first painted frame of a move {paint:.1f} ms;"
        f" frames dropped in the {AFTER_PAINT_MS} ms after it, per game {after:.0f}"
    )
    if all(one.motions for one in found):
        during = statistics.median(sum(one.motions) for one in found)
        frames = statistics.median(round(sum(one.motion_ms) / FRAME_MS) for one in found)
        line += f"; during animations, per game {during:.0f} of {frames:.0f} frames"
    print(line)


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--input", choices=("mouse", "touch", "both"), default="both")
    parser.add_argument(
        "--pause", type=int, default=PAUSE_MS, help=f"ms between inputs (default {PAUSE_MS})"
    )
    parser.add_argument(
        "--phone", action="store_true", help="390x844 CSS pixels, 3 device pixels each, by touch"
    )
    parser.add_argument("--hints", type=int, default=0, help="measure N hints per set instead")
    args = parser.parse_args()
    if args.hints:
        bench_hints(args.site, args.hints)
        return
    inputs = ["mouse", "touch"] if args.input == "both" else [args.input]
    if args.phone:
        inputs = ["touch"]
    with tempfile.TemporaryDirectory() as temp:
        site = built_site(args.site, Path(temp))
        with serve(site, cache=True) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
            try:
                screen = f"{PHONE[0]}x{PHONE[1]} x3" if args.phone else f"{WIDTH}x{HEIGHT}"
                for kind in inputs:
                    report(
                        f"the won example game by {kind} at {screen},"
                        f" {args.pause} ms between inputs",
                        run(browser, base, kind == "touch", args.rounds, args.pause, args.phone),
                    )
            finally:
                browser.close()


def bench_hints(built: Path | None, count: int) -> None:
    """The hint's p50 and p95 on deal starts and on positions from solver lines."""
    starts, middles = hints.positions(count)
    with tempfile.TemporaryDirectory() as temp:
        site = built_site(built, Path(temp))
        with serve(site, cache=True) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
                page.goto(f"{base}/play/")
                page.wait_for_selector('[data-crescent-game][data-state="ready"]', timeout=60_000)
                hints.measure(page, "warm-up", starts[:3])
                print(f"the hint in Chromium (Pyodide), {count} positions per set:")
                hints.report(
                    [
                        hints.measure(page, f"starts of deals 0-{count - 1}", starts),
                        hints.measure(page, "middles of solver lines", middles),
                    ]
                )
            finally:
                browser.close()


if __name__ == "__main__":
    main()
