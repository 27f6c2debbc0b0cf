"""Benchmark of the suite's CPU: what each test costs the whole machine, run one at a time.

    .venv/bin/python bench/suite_cpu.py [--top 30] [--json FILE] [PYTEST ARGS ...]

The suite is bound by CPU (`vmstat` through a whole `make test`: 0.1 % idle on two cores),
so its time falls only when its tests do less work. This runs the tests that the pytest
arguments name (all of tests/ by default) in this process, one after the other, and
charges each test, its fixtures' setup and teardown included, with the CPU that the whole
machine spent meanwhile (`/proc/stat`, user and system): Chromium's processes, the builds
and the Node scripts that a test starts count, which `time` and a walk of the test's own
process tree miss (Playwright's driver is never reaped, so its CPU never reaches pytest).
Nothing else may run meanwhile but niced work (`machine_cpu` leaves niced time out):
pause anything else.

It prints the CPU seconds and wall seconds of each module, then of the `--top` costliest
tests; `--json` also writes every test's figures. A module's first test carries the
session's fixtures (a site build, a browser start).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Generator
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")


def machine_cpu() -> float:
    """CPU seconds the whole machine has spent so far at normal priority, every core: user,
    system and interrupts. Time spent by niced processes is left out, so a background run
    at `nice 19` (the win-rate study) barely counts; anything else running still does."""
    with open("/proc/stat", encoding="ascii") as stat:
        user, _nice, system, _idle, _iowait, irq, softirq = map(int, stat.readline().split()[1:8])
    return (user + system + irq + softirq) / TICKS


@dataclass
class Spent:
    """One test's cost: its node id, the machine's CPU seconds and the wall seconds."""

    test: str
    cpu: float
    wall: float


class Meter:
    """A pytest plugin that charges each test with the machine's CPU meanwhile."""

    def __init__(self) -> None:
        self.spent: list[Spent] = []

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, object, object]:
        cpu, wall = machine_cpu(), time.monotonic()
        outcome = yield
        self.spent.append(Spent(item.nodeid, machine_cpu() - cpu, time.monotonic() - wall))
        return outcome


def report(spent: list[Spent], top: int) -> str:
    """The modules' and the costliest tests' figures, costliest first."""
    cpu: defaultdict[str, float] = defaultdict(float)
    wall: defaultdict[str, float] = defaultdict(float)
    tests: Counter[str] = Counter()
    for entry in spent:
        module = entry.test.split("::")[0]
        cpu[module] += entry.cpu
        wall[module] += entry.wall
        tests[module] += 1
    total = sum(entry.cpu for entry in spent)
    lines = [f"{len(spent)} tests: {total:.1f} s of CPU, {sum(wall.values()):.1f} s of wall"]
    lines.append("   CPU s   wall s  tests  module")
    for module, seconds in sorted(cpu.items(), key=lambda item: -item[1]):
        lines.append(f"{seconds:8.1f} {wall[module]:8.1f} {tests[module]:6d}  {module}")
    lines.append(f"   CPU s   wall s  the {top} costliest tests")
    for entry in sorted(spent, key=lambda entry: -entry.cpu)[:top]:
        lines.append(f"{entry.cpu:8.1f} {entry.wall:8.1f}  {entry.test}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=30, help="how many tests to list")
    parser.add_argument("--json", type=Path, help="write every test's figures here")
    options, pytest_args = parser.parse_known_args()
    meter = Meter()
    os.chdir(ROOT)
    status = pytest.main(["-q", "-p", "no:cacheprovider", *(pytest_args or ["tests"])], [meter])
    print(report(meter.spent, options.top))
    if options.json:
        figures = [asdict(entry) for entry in meter.spent]
        options.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
