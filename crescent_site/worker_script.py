"""The engine's worker as the site ships it: one script, bundled by Rollup (npm `rollup`,
pinned) from `docs/assets/js/engine/worker.js` and the modules it imports.

Published beside the wheel in the content-hashed `assets/engine/<hash>/` (hooks/runtime.py),
the worker is one request instead of six, four deep (each found only once its importer
arrived), and, its address changing with its content, the service worker precaches it
and answers it from the cache on every later visit instead of asking the network first:
the worker starts some 100 ms sooner on a return (bench/start.py). A page never meets
another build's worker: it names the one of its own build. Bundling takes Node a
fraction of a second; the bundle is kept in the build cache under the hash of the
modules it is made of. The modules only the worker imports (`worker_only`) stay out of
the site: the bundle holds them.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from crescent_site.build_cache import cache_folder, cache_key, cached
from crescent_site.page_scripts import ENTRIES, graph
from crescent_site.runtime import RuntimeBuildError, node_path

ENGINE_SCRIPTS = "docs/assets/js/engine"
"""The worker's modules: `worker.js` and what it imports."""
WORKER = "worker.js"
ROLLUP = "node_modules/rollup/dist/bin/rollup"
SHIPPED = re.compile(r"/assets/engine/[0-9a-f]+/worker\.js$")
"""The address of the worker a built site ships (hooks/runtime.py), as tests and
benchmarks find it among a page's workers (the search has one too)."""


def worker_only(js_root: Path) -> list[str]:
    """The modules only the worker imports, relative to `js_root` (docs/assets/js): those
    of its import graph that no page script imports (client.js imports boot.js)."""
    pages = graph(js_root, tuple(f"pages/{name}" for name in ENTRIES))
    return [module for module in graph(js_root, (f"engine/{WORKER}",)) if module not in pages]


class WorkerBundleError(RuntimeBuildError):
    """The worker cannot be bundled (Node or the pinned Rollup missing, Rollup failed)."""


def worker_script(project: Path) -> bytes:
    """The bundled worker: the same bytes for the same modules and the same Rollup."""
    folder = project / ENGINE_SCRIPTS
    sources = {path.name: path.read_bytes() for path in sorted(folder.glob("*.js"))}
    rollup = project / ROLLUP
    manifest = rollup.parents[2] / "package.json"
    if not manifest.is_file():
        raise WorkerBundleError(
            "node_modules/rollup is missing: run `make setup` (npm ci installs the pinned Rollup)"
        )
    entry = cache_folder() / f"worker-{cache_key(manifest.read_bytes(), sources)}"
    return cached(entry, (WORKER,), lambda: {WORKER: _bundle(rollup, folder / WORKER)})[WORKER]


def _bundle(rollup: Path, entry: Path) -> bytes:
    node = node_path("bundle the engine's worker", WorkerBundleError)
    try:
        done = subprocess.run(
            [node, str(rollup), str(entry), "--format", "es", "--silent"],
            capture_output=True,
            timeout=120,
            env={**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0"},
        )
    except subprocess.TimeoutExpired:
        raise WorkerBundleError("bundling the engine's worker with Rollup timed out") from None
    if done.returncode != 0 or not done.stdout.strip():
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        said = [line.removeprefix("[!] ").strip() for line in lines if line.startswith("[!]")]
        detail = said or lines[-1:] or [f"exit status {done.returncode}"]
        raise WorkerBundleError(f"bundling {entry.name} with Rollup failed: {' / '.join(detail)}")
    return done.stdout
