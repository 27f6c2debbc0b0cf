"""The worker's start, its modules run under Node as the worker runs them.

- The memory snapshot (docs/assets/js/engine/snapshot.js) uses a private API of the
  pinned Pyodide: here the real Pyodide, with the shipped standard library and wheel,
  starts, imports the engine, is copied, and starts twice more from the copy, packed,
  bundled with the wheel and the standard library, and unpacked as the browser keeps
  it (snapshot-store.js). An upgrade that changes
  what the worker relies on fails here: the options, `makeMemorySnapshot`, the build
  check, the random state a snapshot restores (so that `restored` must seed it anew),
  and modules imported lazily after a restore, read from the wheel written again.
- The byte meter (meter.js): shares of the files as their bodies stream, weighed by
  the bytes a host sends of each.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.site.conftest import ROOT
from tests.site.test_runtime import run_node, shipped_runtime

ENGINE = ROOT / "docs/assets/js/engine"
SNAPSHOTS = """
import { loadPyodide } from "%(pyodide)spyodide.mjs";
import { readFileSync } from "node:fs";
import { making, restored, restoring, snapshot } from "%(engine)s/snapshot.js";
import { bundle, pack, unbundle, unpack } from "%(engine)s/snapshot-store.js";

const options = { indexURL: "%(pyodide)s", stdLibURL: "%(stdlib)s" };
const wheel = readFileSync("%(wheel)s");
const path = "/lib/%(name)s";
const found = {};

const first = await loadPyodide({ ...options, ...making() });
first.FS.writeFile(path, wheel);
first.runPython(`import sys\\nsys.path.insert(0, "${path}")\\nimport crescent.browser`);
const bytes = snapshot(first);
const packed = pack(bytes);
found.size = bytes.length;
found.packed = packed.length;
found.roundTrip = Buffer.compare(Buffer.from(unpack(packed)), Buffer.from(bytes)) === 0;
// kept as the browser keeps it: one entry, the packed snapshot with the wheel and the
// standard library (its length odd here, so that the parts after it must be aligned)
const stdlib = readFileSync("%(stdlib)s");
const odd = new Uint8Array([1, 2, 3]);
const parts = unbundle(bundle([packed, wheel, stdlib, odd]));
const same = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
found.bundled = [packed, wheel, stdlib, odd].map((part, index) => same(part, parts[index]));
try {
  unbundle(packed);
  found.notBundled = "unbundled";
} catch (error) {
  found.notBundled = String(error);
}

async function restart(seed) {
  const python = await loadPyodide({ ...options, ...restoring(unpack(parts[0])) });
  python.FS.writeFile(path, parts[1]);
  if (seed) {
    restored(python);
  }
  const api = python.pyimport("crescent.browser");
  const call = (method, payload) => JSON.parse(api.call(method, JSON.stringify(payload)));
  const solverBefore = python.runPython("import sys\\n'crescent.solver' in sys.modules");
  const game = call("open_game", { lang: "he", new: true });
  const hint = call("hint", { session: game.session, seconds: 0.2 });
  return {
    draw: python.runPython("import random\\nrandom.random()"),
    code: game.code,
    solverBefore,
    hint: Object.keys(hint).sort(),
  };
}
found.seeded = [await restart(true), await restart(true)];
found.unseeded = [await restart(false), await restart(false)];

const other = bytes.slice();
other[16] ^= 0xff; // a byte of the build id the snapshot carries
try {
  await loadPyodide({ ...options, ...restoring(other) });
  found.otherBuild = "restored";
} catch (error) {
  found.otherBuild = String(error);
}
try {
  unpack(bytes);
  found.notPacked = "unpacked";
} catch (error) {
  found.notPacked = String(error);
}
process.stdout.write(JSON.stringify(found));
"""

METER = """
import { meter } from "%(engine)s/meter.js";

const sizes = { "https://site/a.wasm": [1000, 400], "https://site/b.gz": [300, 300],
                "https://site/c.mjs": [50, 20] };
const reports = [];
const counter = meter(sizes, (report) => reports.push(report));
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function body(chunks) {
  return new ReadableStream({
    async pull(controller) {
      await pause(120);
      if (chunks.length) {
        controller.enqueue(new Uint8Array(chunks.shift()));
      } else {
        controller.close();
      }
    },
  });
}
const network = async (url) =>
  new Response(url.endsWith("a.wasm") ? body([250, 250, 250, 250]) : body([300]));
const fetching = counter.counting(network);
const a = await fetching("https://site/a.wasm");
const b = await fetching("https://site/b.gz");
const other = await fetching("https://site/elsewhere.json");
const text = await a.text(); // the reader still gets the whole body
await b.arrayBuffer();
await other.arrayBuffer();
await pause(300);
const beforeModule = reports[reports.length - 1];
await counter.imported("https://site/c.mjs", Promise.resolve({}));
await pause(10);
process.stdout.write(JSON.stringify({ reports, beforeModule, total: counter.total,
                                      read: text.length }));
"""


@pytest.fixture(scope="module")
def snapshots(site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the shipped runtime does when started, copied and started again from the copy."""
    runtime = shipped_runtime(site, tmp_path_factory.mktemp("snapshot"))
    return run_node(SNAPSHOTS % {**runtime, "engine": ENGINE.as_posix()})


def test_a_snapshot_keeps_the_engine_and_packs_without_its_zero_pages(
    snapshots: dict[str, Any],
) -> None:
    assert snapshots["roundTrip"]
    assert snapshots["bundled"] == [True] * 4, "kept with its wheel and standard library"
    assert snapshots["size"] > 20_000_000
    assert snapshots["packed"] < snapshots["size"] / 2, "Python's memory is mostly zeros"


def test_a_start_from_the_snapshot_runs_the_engine_and_imports_lazily(
    snapshots: dict[str, Any],
) -> None:
    """The solver is imported on the first hint only, after the restore, from the wheel."""
    for start in snapshots["seeded"] + snapshots["unseeded"]:
        assert start["solverBefore"] is False
        assert {"message", "positions", "verdict"} <= set(start["hint"]), start["hint"]


def test_a_snapshot_restores_random_and_restored_seeds_it_anew(
    snapshots: dict[str, Any],
) -> None:
    """Without a fresh seed every visit would deal the same "new" game."""
    unseeded, seeded = snapshots["unseeded"], snapshots["seeded"]
    assert unseeded[0]["draw"] == unseeded[1]["draw"]
    assert unseeded[0]["code"] == unseeded[1]["code"]
    assert seeded[0]["draw"] != seeded[1]["draw"]
    assert seeded[0]["code"] != seeded[1]["code"]


def test_a_snapshot_of_another_pyodide_build_is_refused(snapshots: dict[str, Any]) -> None:
    assert "build id mismatch" in snapshots["otherBuild"]
    assert "not a packed snapshot" in snapshots["notPacked"]
    assert "not a bundle" in snapshots["notBundled"]


def test_the_meter_counts_each_file_as_it_streams_weighed_by_what_is_sent() -> None:
    found = run_node(METER % {"engine": ENGINE.as_posix()})
    assert found["total"] == 720 and found["read"] == 1000
    reports = found["reports"]
    received = [report["received"] for report in reports]
    assert received == sorted(received)
    assert reports[0] == {"received": 0, "total": 720, "complete": False}
    # each quarter of a.wasm weighs 100 sent bytes, b.gz 300, c.mjs 20
    shares = {
        100 * quarters + 300 * b + 20 * c for quarters in range(5) for b in (0, 1) for c in (0, 1)
    }
    assert set(received) <= shares, received
    assert len({value for value in received if 0 < value < 700}) >= 2, received
    assert found["beforeModule"] == {"received": 700, "total": 720, "complete": False}
    assert reports[-1] == {"received": 720, "total": 720, "complete": True}
    assert [report["complete"] for report in reports].count(True) == 1
