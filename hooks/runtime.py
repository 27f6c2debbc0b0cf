"""MkDocs hook: ship the engine and a self-hosted Pyodide with the site.

At build the engine package `crescent/` becomes a wheel, byte for byte the same
for the same sources (sorted entries, fixed timestamps, catalogs compiled with
Babel from the PO files), published under a content-hashed folder
`assets/engine/<hash>/`. The five Pyodide files a pure-Python program needs are
copied from the pinned npm package into `assets/pyodide/<version>/`. Both paths
change whenever their content does, so any host may cache them for good. Pages
learn the paths from `config.extra.crescent_runtime` (see overrides/main.html).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import zipfile
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
STAMP = (1980, 1, 1, 0, 0, 0)
_built: dict[str, Any] = {}


def _project(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def engine_wheel(project: Path) -> tuple[str, bytes]:
    """The engine's wheel file name and bytes, reproducible from the sources."""
    package = project / "crescent"
    meta = _metadata(project)
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(project).as_posix()
        if path.suffix in (".py", ".typed") and "__pycache__" not in relative:
            files[relative] = path.read_bytes()
        elif path.suffix == ".po":
            files[relative[: -len(".po")] + ".mo"] = _compile(path)
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()
    )
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: crescent-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{dist_info}/top_level.txt"] = f"{name}\n".encode()
    record = "".join(f"{path},sha256={_digest(data)},{len(data)}\n" for path, data in files.items())
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return f"{name}-{version}-py3-none-any.whl", buffer.getvalue()


def _metadata(project: Path) -> dict[str, str]:
    import tomllib

    data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    return {"name": data["project"]["name"], "version": data["project"]["version"]}


def _compile(po_path: Path) -> bytes:
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def pyodide_dir(project: Path) -> tuple[Path, str]:
    """The installed npm package `pyodide` and its version."""
    folder = project / "node_modules" / "pyodide"
    manifest = folder / "package.json"
    if not manifest.is_file():
        raise PluginError(
            "node_modules/pyodide is missing: run `make setup` (npm ci installs the pinned Pyodide)"
        )
    return folder, json.loads(manifest.read_text(encoding="utf-8"))["version"]


@event_priority(-110)
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Build the wheel once per process and tell the templates where the runtime is."""
    project = _project(config)
    if not _built:
        wheel_name, wheel = engine_wheel(project)
        folder, version = pyodide_dir(project)
        digest = hashlib.sha256(wheel).hexdigest()[:16]
        _built.update(
            wheel=wheel,
            engine=f"assets/engine/{digest}/{wheel_name}",
            pyodide_source=folder,
            pyodide=f"assets/pyodide/{version}/",
        )
    config.extra["crescent_runtime"] = {"engine": _built["engine"], "pyodide": _built["pyodide"]}
    return config


@event_priority(-200)
def on_post_build(config: MkDocsConfig) -> None:
    """Once every language is built, write the wheel and Pyodide into the site."""
    plugin = config.plugins.get("i18n")
    if plugin is not None and getattr(plugin, "building", False):
        return
    site = Path(config["site_dir"])
    wheel_path = site / _built["engine"]
    wheel_path.parent.mkdir(parents=True, exist_ok=True)
    wheel_path.write_bytes(_built["wheel"])
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
