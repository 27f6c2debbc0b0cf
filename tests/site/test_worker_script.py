"""The engine's worker as the site ships it: one script bundled by Rollup, beside the
wheel of its build (crescent_site/worker_script.py, hooks/runtime.py)."""

from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from crescent_site.versioned import in_built_site
from crescent_site.worker_script import (
    ENGINE_SCRIPTS,
    ROLLUP,
    WorkerBundleError,
    worker_only,
    worker_script,
)
from tests.site.conftest import LANGUAGES, ROOT, page_path

RELATIVE_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;]*?["']\.{1,2}/""", re.M)


def _project(tmp_path: Path, rollup: bool = True) -> Path:
    """A project holding the engine's scripts (and the pinned Rollup, if `rollup`)."""
    project = tmp_path / "project"
    shutil.copytree(ROOT / ENGINE_SCRIPTS, project / ENGINE_SCRIPTS)
    if rollup:
        (project / "node_modules").mkdir()
        (project / "node_modules/rollup").symlink_to(ROOT / "node_modules/rollup")
    return project


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_the_worker_is_one_script_made_of_the_modules_as_they_are(tmp_path: Path) -> None:
    project = _project(tmp_path)
    script = worker_script(project).decode("utf-8")
    assert RELATIVE_IMPORT.search(script) is None
    assert "export const SNAPSHOT_FORMAT" not in script and "const SNAPSHOT_FORMAT" in script
    assert worker_script(project).decode("utf-8") == script  # the same, from the cache
    snapshot = project / ENGINE_SCRIPTS / "snapshot.js"
    text = snapshot.read_text(encoding="utf-8")
    changed = re.sub(r"SNAPSHOT_FORMAT = \d+", "SNAPSHOT_FORMAT = 987", text)
    assert changed != text
    snapshot.write_text(changed, encoding="utf-8")
    assert "SNAPSHOT_FORMAT = 987" in worker_script(project).decode("utf-8")


def test_a_build_without_rollup_node_or_a_sound_worker_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(WorkerBundleError, match="node_modules/rollup is missing: run `make setup`"):
        worker_script(_project(tmp_path / "bare", rollup=False))
    project = _project(tmp_path)
    with monkeypatch.context() as without_node:
        without_node.setenv("PATH", str(tmp_path / "bin"))  # a PATH with no Node on it
        with pytest.raises(WorkerBundleError, match=r"Node\.js is needed to bundle the engine.s"):
            worker_script(project)
    (project / ENGINE_SCRIPTS / "wasm.js").unlink()
    with pytest.raises(WorkerBundleError, match=r"bundling worker.js with Rollup failed: .*wasm"):
        worker_script(project)


def test_every_page_names_its_builds_worker_and_only_the_bundle_ships(site: Path) -> None:
    (wheel,) = site.glob("assets/engine/*/*.whl.gz")
    workers = set()
    for lang in LANGUAGES:
        html = page_path(site, lang, "play/").read_text(encoding="utf-8")
        (address,) = re.findall(r'data-worker="([^"]+)"', html)
        workers.add((page_path(site, lang, "play/").parent / unescape(address)).resolve())
    assert workers == {wheel.with_name("worker.js").resolve()}
    assert RELATIVE_IMPORT.search(wheel.with_name("worker.js").read_text("utf-8")) is None
    only = worker_only(ROOT / "docs/assets/js")
    assert {"engine/worker.js", "engine/snapshot.js"} <= set(only)
    assert "engine/boot.js" not in only and "engine/client.js" not in only
    scripts = in_built_site(site, "assets/js")
    assert [module for module in only if (scripts / module).exists()] == []
    assert (scripts / "engine/client.js").is_file()
    assert (scripts / "engine/boot.js").is_file()
    assert (ROOT / ROLLUP).is_file()
