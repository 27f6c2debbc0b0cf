"""MkDocs hook: ship the engine and a self-hosted Pyodide with the site.

What the browser runs is built by `crescent_site.runtime` (the engine's wheel, the
trimmed standard library, their sizes) and by `crescent_site.worker_script` (the
worker, bundled); this hook publishes them. The wheel, the standard library and the
worker go under one content-hashed folder `assets/engine/<hash>/`, the first two each
as a zip of stored entries compressed whole with gzip (`<name>.gz`, see `shipped`),
which the worker unpacks. The five files of the pinned npm package `pyodide` are
copied unchanged into `assets/pyodide/<version>/`. Both paths change whenever their
content does, so any host may cache them for good. Pages learn the paths from
`config.extra.crescent_runtime` (see overrides/main.html).
"""

from __future__ import annotations

import datetime
import hashlib
import io
import os
import shutil
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files

from crescent_site.pages import building_another_language
from crescent_site.runtime import (
    PYODIDE_FILES,
    SHIPPED,
    STAMP,
    STDLIB,
    WORKER_LOADS,
    RuntimeBuildError,
    engine_wheel,
    pyodide_dir,
    shipped,
    transfer_sizes,
)
from crescent_site.worker_script import WORKER, worker_only, worker_script

_built: dict[str, Any] = {}


def _project(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def compile_catalog(po_file: bytes) -> bytes:
    """The `.mo` file of a PO file, dated STAMP: Babel would write the time of the build."""
    catalog = read_po(io.BytesIO(po_file))
    catalog.creation_date = datetime.datetime(*STAMP, tzinfo=datetime.UTC)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


@event_priority(-110)
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Build the wheel once per site build and tell the templates where the runtime is.

    The languages of one build share it; a new build (a `mkdocs serve` rebuild) makes
    it again from the sources as they are now (from the cache when they did not change).
    """
    project = _project(config)
    if not building_another_language(config):
        _built.clear()
    if not _built:
        try:
            wheel_name, wheel, stdlib = engine_wheel(project, compile_catalog)
            folder, version = pyodide_dir(project)
            worker = worker_script(project)
        except RuntimeBuildError as error:  # a WorkerBundleError too
            raise PluginError(str(error)) from None
        digest = hashlib.sha256(wheel + stdlib + worker).hexdigest()[:16]
        _built.update(
            wheel=shipped(wheel),
            stdlib=shipped(stdlib),
            worker=worker,
            engine=f"assets/engine/{digest}/{wheel_name}{SHIPPED}",
            stdlib_path=f"assets/engine/{digest}/{STDLIB}{SHIPPED}",
            worker_path=f"assets/engine/{digest}/{WORKER}",
            pyodide_source=folder,
            pyodide=f"assets/pyodide/{version}/",
        )
        _built["sizes"] = transfer_sizes(
            {
                **{name: folder / name for name in WORKER_LOADS},
                "engine": _built["wheel"],
                "stdlib": _built["stdlib"],
            }
        )
    config.extra["crescent_runtime"] = {
        "engine": _built["engine"],
        "stdlib": _built["stdlib_path"],
        "worker": _built["worker_path"],
        "pyodide": _built["pyodide"],
        "sizes": _built["sizes"],
    }
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """The modules only the engine's worker imports stay out: the site ships them bundled."""
    js_root = Path(config["docs_dir"]) / "assets" / "js"
    for module in worker_only(js_root):
        found = files.get_file_from_path(f"assets/js/{module}")
        if found is not None:
            files.remove(found)
    return files


@event_priority(-200)
def on_post_build(config: MkDocsConfig) -> None:
    """Once every language is built, write the engine and Pyodide into the site."""
    if building_another_language(config):
        return
    site = Path(config["site_dir"])
    wheel_path = site / _built["engine"]
    wheel_path.parent.mkdir(parents=True, exist_ok=True)
    wheel_path.write_bytes(_built["wheel"])
    (site / _built["stdlib_path"]).write_bytes(_built["stdlib"])
    (site / _built["worker_path"]).write_bytes(_built["worker"])
    target = site / _built["pyodide"]
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        _place_file(_built["pyodide_source"] / name, target / name)


def _place_file(source: Path, target: Path) -> None:
    """Hard-link `source` to `target` (12 MB, every build), copying across file systems."""
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
