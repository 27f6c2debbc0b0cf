"""The runtime the build ships, run by the real Pyodide under Node the way the worker runs it.

The worker loads Pyodide with the build's standard library (`stdLibURL`), puts the
engine's wheel itself on `sys.path` and imports `crescent.browser`: every module that
takes should come from bytecode, none compiled from source in the browser.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.engine.test_layout import GRAPH, MODULES
from tests.site.conftest import ROOT, build_site

RUN = """
import { loadPyodide } from "%(pyodide)spyodide.mjs";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s", stdLibURL: "%(stdlib)s" });
pyodide.FS.writeFile("/lib/%(name)s", readFileSync("%(wheel)s"));
pyodide.runPython("import sys; sys.path.insert(0, '/lib/%(name)s')");
process.stdout.write(pyodide.runPython(`
import json, sys
from crescent import browser
view = json.loads(browser.call("open_game", json.dumps({"lang": "he", "code": "CR1-N-AAAAAAB"})))
files = sorted(
    module.__file__ for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith("/lib/")
    and getattr(module.__spec__, "origin", None) != "frozen"
)
json.dumps({"files": files, "svg": view["svg"][:5], "status": view["status"]})
`));
"""


@pytest.fixture(scope="module")
def started(site: Path) -> dict[str, object]:
    """What the shipped runtime imported to start the engine, and its first answer."""
    node = shutil.which("node")
    assert node is not None, "the runtime test needs Node.js (make setup installs npm packages)"
    (wheel,) = site.glob("assets/engine/*/*.whl")
    (pyodide,) = site.glob("assets/pyodide/*/")
    script = RUN % {
        "pyodide": pyodide.as_posix() + "/",
        "stdlib": (wheel.parent / "python_stdlib.zip").as_posix(),
        "wheel": wheel.as_posix(),
        "name": wheel.name,
    }
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_engine_answers_from_its_wheel(started: dict[str, object]) -> None:
    assert started["svg"] == "<svg "
    assert started["status"] == "in-play"


def test_the_engine_is_imported_from_bytecode(started: dict[str, object]) -> None:
    files = [str(name) for name in started["files"]]  # type: ignore[attr-defined]
    engine = [name for name in files if "/crescent/" in name]
    assert any(name.endswith("/crescent/browser/games.pyc") for name in engine)
    assert [name for name in engine if not name.endswith(".pyc")] == []


def test_start_up_imports_no_standard_module_from_source(started: dict[str, object]) -> None:
    files = [str(name) for name in started["files"]]  # type: ignore[attr-defined]
    stdlib = [name for name in files if name.startswith("/lib/python3") and ".zip/" in name]
    assert any(name.endswith("/gettext.pyc") for name in stdlib)
    assert [name for name in stdlib if name.endswith(".py")] == []


def test_a_build_without_node_says_what_is_missing(tmp_path: Path) -> None:
    """With no cached bytecode and no Node.js, the build stops with one clear line."""
    bare_path = tmp_path / "bin"
    bare_path.mkdir()
    env = {"PATH": str(bare_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = build_site(tmp_path / "site", env=env)
    assert done.returncode != 0
    assert "Node.js is needed to compile the engine for the browser" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_wheel_holds_the_engine_and_no_build_only_code(site: Path) -> None:
    """Only `crescent/` ships (no `crescent_site`), with every module the worker's entry imports."""
    (wheel,) = site.glob("assets/engine/*/*.whl")
    with zipfile.ZipFile(wheel) as archive:
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
