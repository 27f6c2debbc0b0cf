"""The runtime the build ships, run by the real Pyodide under Node the way the worker runs it.

The worker unpacks the build's standard library and wheel (each a zip of stored
entries, gzip-compressed whole), loads Pyodide with that library, puts the
engine's wheel itself on `sys.path`, imports `crescent.browser` and calls the methods of
its table with JSON text. Here Node does the same with nothing but the shipped files,
and calls every method the pages call, on the site's own demos, deals and recorded game, errors
included: a browser code path that needs a module the trimmed archives lack fails.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import shutil
import subprocess
import zipfile
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from crescent.i18n import LANGUAGES
from tests.engine.test_layout import GRAPH, MODULES
from tests.site.conftest import ROOT, build_site, copy_project

RUN = """
import { loadPyodide } from "%(pyodide)spyodide.mjs";
import { readFileSync } from "node:fs";
const data = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s", stdLibURL: "%(stdlib)s" });
pyodide.FS.writeFile("/lib/%(name)s", readFileSync("%(wheel)s"));
pyodide.runPython("import sys; sys.path.insert(0, '/lib/%(name)s')");
const api = pyodide.pyimport("crescent.browser");
const calls = [];
function call(method, payload) {  // as engine/worker.js: JSON text in, JSON text out, or a throw
  try {
    const text = typeof payload === "string" ? payload : JSON.stringify(payload);
    const answer = JSON.parse(api.call(method, text));
    calls.push([method, answer.error || "ok"]);
    return answer;
  } catch (error) {
    calls.push([method, "threw: " + String(error).split("\\n").filter(Boolean).pop()]);
    return null;
  }
}
const ACTIONS = ["view", "pick", "tap", "drop", "cancel", "undo", "redeal", "undo", "reset"];
for (const [index, scenario] of data.scenarios.entries()) {  // the rules pages' demos
  const lang = data.languages[index %% data.languages.length];
  const view = call("open_game", { lang, scenario });
  // The places take the actions in turn, each demo one further on (a card picked at one
  // place is dropped, tapped or put back at the next): every action at every place of
  // every demo was 2,400 calls, 15 s of CPU here, and no module more.
  for (const [turn, place] of Object.keys(view.places).entries()) {
    const action = ACTIONS[(turn + index) %% ACTIONS.length];
    call("act", { session: view.session, action, place, source: place });
  }
}
// The Play page: every move from any place to any place, made in the languages in turn.
const games = data.languages.map((lang) => call("open_game", { lang, code: data.code }));
const places = Object.keys(games[0].places);
let turn = 0;
for (const source of places) {
  for (const target of places) {
    const game = games[turn++ %% games.length];
    call("act", { session: game.session, action: "move", source, target });
  }
}
for (const [index, lang] of data.languages.entries()) {
  const game = games[index];
  call("act", { session: game.session, action: "undo" });
  call("act", { session: game.session, action: "redeal" });
  call("hint", { session: game.session, seconds: 0.3 });
  call("close_game", { session: game.session });
  const fresh = call("open_game", { lang, new: true });
  call("open_game", { lang, record: data.record, step: "move-10", undo: 2 });
  call("open_game", { lang, code: "CR1-N-ZZZ" });
  call("act", { session: 999999, action: "undo" });
  call("act", { session: fresh.session, action: "fly" });
}
for (const lang of data.languages) {  // the Examples viewer
  const opened = call("open_steps", { lang, record: data.record });
  for (let index = 0; index < opened.count; index += 7) {
    call("show_step", { steps: opened.steps, index });
  }
  call("open_steps", { lang, record: "{" });
}
call("act", "not JSON");  // refused as data, as any request is
call("show_step", { steps: 424242 });
call("_dumps", {});  // a name outside the table
process.stdout.write(pyodide.runPython(`
import json, sys
files = sorted(
    module.__file__ for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith("/lib/")
    and getattr(module.__spec__, "origin", None) != "frozen"
)
json.dumps({"files": files, "calls": ${JSON.stringify(JSON.stringify(calls))}})
`));
"""


def _browser_data(site: Path) -> dict[str, object]:
    """What the pages hand the engine: demo scenarios, the Play code, the recorded game."""
    scenario = re.compile(r'class="crescent-demo-scenario"[^>]*>(.*?)</script>', re.S)
    found = {
        unescape(text)
        for page in sorted(site.rglob("*.html"))
        for text in scenario.findall(page.read_text(encoding="utf-8"))
    }
    scenarios = [json.loads(text) for text in sorted(found)]
    assert len(scenarios) >= 10, "the rules pages' demos were not found"
    record = (site / "examples/won-game.json").read_text(encoding="utf-8")
    return {
        "scenarios": scenarios,
        "record": record,
        "code": json.loads(record)["code"],
        "languages": list(LANGUAGES),
    }


def unpacked(shipped: Path) -> bytes:
    """A shipped archive (`<name>.gz`) as the worker unpacks it: a zip of stored entries."""
    data = gzip.decompress(shipped.read_bytes())
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert {entry.compress_type for entry in archive.infolist()} == {zipfile.ZIP_STORED}
    return data


def shipped_runtime(site: Path, folder: Path) -> dict[str, str]:
    """The built `site`'s runtime as Node loads it: `pyodide` (its folder), the
    `stdlib` and `wheel` unpacked into `folder` as the worker unpacks them, and the
    wheel's `name`."""
    (shipped_wheel,) = site.glob("assets/engine/*/*.whl.gz")
    wheel = folder / shipped_wheel.name.removesuffix(".gz")
    wheel.write_bytes(unpacked(shipped_wheel))
    stdlib = folder / "python_stdlib.zip"
    stdlib.write_bytes(unpacked(shipped_wheel.parent / "python_stdlib.zip.gz"))
    (pyodide,) = site.glob("assets/pyodide/*/")
    return {
        "pyodide": pyodide.as_posix() + "/",
        "stdlib": stdlib.as_posix(),
        "wheel": wheel.as_posix(),
        "name": wheel.name,
    }


def run_node(script: str, stdin: str = "") -> dict[str, Any]:
    """What the ES module `script`, run by Node from the project's folder, writes as JSON."""
    node = shutil.which("node")
    assert node is not None, "the runtime test needs Node.js (make setup installs npm packages)"
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def started(site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """What the shipped runtime imported while answering every call, and the answers."""
    runtime = shipped_runtime(site, tmp_path_factory.mktemp("runtime"))
    result = run_node(RUN % runtime, json.dumps(_browser_data(site)))
    result["calls"] = json.loads(str(result["calls"]))
    result["wheel"] = zipfile.ZipFile(runtime["wheel"]).namelist()
    result["stdlib"] = zipfile.ZipFile(runtime["stdlib"]).namelist()
    return result


def _outcomes(started: dict[str, object], method: str) -> set[str]:
    return {outcome for name, outcome in started["calls"] if name == method}  # type: ignore[attr-defined]


def test_every_browser_call_answers_with_the_shipped_files(started: dict[str, object]) -> None:
    """Each method ran its real paths: answers, refusals as data (never an exception), and a
    name outside the table, the one call that throws (Python formats its traceback)."""
    assert _outcomes(started, "open_game") >= {"ok", "code.bad-length"}
    assert _outcomes(started, "act") >= {"ok", "session.unknown", "action.unknown"}
    assert "request.not-json" in _outcomes(started, "act")
    assert _outcomes(started, "hint") == {"ok"}
    assert _outcomes(started, "close_game") == {"ok"}
    assert _outcomes(started, "open_steps") >= {"ok", "record.not-json"}
    assert _outcomes(started, "show_step") == {"ok", "steps.unknown"}
    methods = ("open_game", "act", "hint", "close_game", "open_steps", "show_step")
    assert not [o for m in methods for o in _outcomes(started, m) if o.startswith("threw")]
    refused = "no browser method '_dumps'; the methods are "
    assert _outcomes(started, "_dumps") == {
        f"threw: crescent.browser.UnknownMethod: {refused}"
        + (
            "open_game, act, hint, close_game, open_steps, show_step, "
            "review_words, review_start, review_step, review_stop"
        )
    }
    assert not [o for _, o in started["calls"] if "ModuleNotFound" in o]  # type: ignore[attr-defined]


def test_the_archives_hold_only_compiled_code_the_browser_imported(
    started: dict[str, object],
) -> None:
    """Nothing is compiled in the browser, and nothing ships that no call imported."""
    files = [str(name) for name in started["files"]]  # type: ignore[attr-defined]
    assert [name for name in files if not name.endswith(".pyc")] == []
    wheel = [name for name in started["wheel"] if name.endswith((".py", ".pyc"))]  # type: ignore[attr-defined]
    imported = {name.split(".whl/", 1)[1] for name in files if ".whl/" in name}
    assert "crescent/browser/__init__.pyc" in wheel and set(wheel) == imported
    assert sum(name.endswith(".mo") for name in started["wheel"]) == 5  # type: ignore[attr-defined]
    stdlib = [name for name in started["stdlib"] if not name.endswith("/")]  # type: ignore[attr-defined]
    imported = {name.split(".zip/", 1)[1] for name in files if ".zip/" in name}
    assert "gettext.pyc" in stdlib and set(stdlib) == imported


def test_a_build_without_node_says_what_is_missing(tmp_path: Path) -> None:
    """With no cached bytecode and no Node.js, the build stops with one clear line."""
    bare_path = tmp_path / "bin"
    bare_path.mkdir()
    env = {"PATH": str(bare_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = build_site(tmp_path / "site", env=env)
    assert done.returncode != 0
    assert "Node.js is needed to compile the engine for the browser" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_worker_importing_a_missing_module_stops_the_build_clearly(tmp_path: Path) -> None:
    """The entry modules come from the worker's pyimport calls: one that names nothing fails."""
    project = copy_project(tmp_path / "project")
    (worker,) = [
        script
        for script in (project / "docs/assets/js").rglob("*.js")
        if "pyimport(" in script.read_text(encoding="utf-8")
    ]
    text, count = re.subn(
        r'pyimport\("[\w.]+"\)', 'pyimport("crescent.nowhere")', worker.read_text(encoding="utf-8")
    )
    assert count >= 1
    worker.write_text(text, encoding="utf-8")
    done = build_site(tmp_path / "site", project, env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert done.returncode != 0
    assert "the browser's entry modules are not in the sources: ['crescent.nowhere']" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_wheel_holds_the_engine_and_no_build_only_code(site: Path) -> None:
    """Only `crescent/` ships (no `crescent_site`), with every module the worker's entry imports."""
    (wheel,) = site.glob("assets/engine/*/*.whl.gz")
    with zipfile.ZipFile(io.BytesIO(unpacked(wheel))) as archive:
        names = archive.namelist()
    assert [n for n in names if not n.startswith(("crescent/", "crescent-1.0.0.dist-info/"))] == []
    shipped = {n.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for n in names}
    needed = {"crescent.browser"}
    while True:
        more = {n for m in needed for n in GRAPH[m] if n in MODULES and n.startswith("crescent")}
        if more <= needed:
            break
        needed |= more
    assert needed - shipped == set()
