"""MkDocs hook: ship the engine and a self-hosted Pyodide with the site.

At build the pinned Pyodide's own Python, under Node (hooks/bytecode.mjs and
hooks/bytecode.py), finds what the browser runs and compiles it:

- the engine's wheel holds the import closure of the modules the worker imports
  (read from the worker's `pyimport("...")` calls), compiled, plus the message
  catalogs compiled with Babel; build-only modules (the CLI, charts, page shells)
  stay out, whatever their names, because the browser never imports them;
- the standard library the worker loads (`stdLibURL`) holds only the modules that
  Pyodide's start-up and that closure import, compiled without docstrings or
  column positions (3.1 MB of mostly sources became about 0.9 MB).

The worker puts the wheel itself on `sys.path`, so nothing is unpacked or compiled
in the browser. Both are byte for byte the same for the same sources (sorted
entries, fixed timestamps). Compiling takes Node a few seconds, so its answer is
kept in a cache folder (`$XDG_CACHE_HOME/crescent-site`, else
`~/.cache/crescent-site`) under the hash of the Python sources, the worker's entry
modules and Pyodide's version; the finished wheel and library too, under the hash
of everything they come from (catalogs included), so that a build does not redo them.

The wheel and the standard library are published under one content-hashed
folder `assets/engine/<hash>/`, each as a zip of stored entries compressed whole
with gzip (`<name>.gz`, see `shipped`), which the worker unpacks. The five files
of the pinned npm package `pyodide` are copied unchanged into
`assets/pyodide/<version>/`. Both paths change whenever their content does, so
any host may cache them for good. Pages learn the paths from
`config.extra.crescent_runtime` (see overrides/main.html).
"""

from __future__ import annotations

import base64
import datetime
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from crescent_site.build_cache import cache_folder, cache_key, store
from crescent_site.pages import building_another_language

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
WORKER_LOADS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
"""The files of Pyodide the worker loads (it brings its own standard library)."""
COMPRESSED_BY_HOSTS = (".mjs", ".wasm", ".json")
"""Types a host sends gzip-compressed (tools/link.py says which hosts and why)."""
STAMP = (1980, 1, 1, 0, 0, 0)
STDLIB = "python_stdlib.zip"
SHIPPED = ".gz"
"""The suffix of a shipped archive: a zip compressed whole (see `shipped`)."""
WORKER_SCRIPTS = "docs/assets/js"
"""The site's scripts: their `pyimport("...")` calls name the browser's entry modules."""
_PYIMPORT = re.compile(r"""\bpyimport\(\s*["']([\w.]+)["']""")
_built: dict[str, Any] = {}


def _project(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def engine_wheel(project: Path) -> tuple[str, bytes, bytes]:
    """The engine's wheel file name and bytes, and the standard library zip it runs with.

    Both are reproducible from the sources and the pinned Pyodide.
    """
    meta = _metadata(project)
    name, version = meta["name"], meta["version"]
    wheel_name = f"{name}-{version}-py3-none-any.whl"
    inputs = {
        path.relative_to(project).as_posix(): path.read_bytes()
        for path in sorted((project / "crescent").rglob("*"))
        if path.suffix in (".py", ".typed", ".po") and "__pycache__" not in path.parts
    }
    _, pyodide_version = pyodide_dir(project)
    entry = browser_entry(project)
    builders = (Path(__file__), *_compilers())
    head = f"{wheel_name}\0{pyodide_version}\0{entry}\0".encode() + b"".join(
        path.read_bytes() for path in builders
    )
    cached = cache_folder() / f"engine-{cache_key(head, inputs)}"
    try:
        return wheel_name, (cached / wheel_name).read_bytes(), (cached / STDLIB).read_bytes()
    except OSError:
        wheel, stdlib = _build_wheel(project, name, version, inputs, entry)
        store(cached, {wheel_name: wheel, STDLIB: stdlib})
        return wheel_name, wheel, stdlib


def browser_entry(project: Path) -> list[str]:
    """The modules the worker imports: the `pyimport("...")` calls of the site's scripts."""
    names = sorted(
        {
            name
            for script in sorted((project / WORKER_SCRIPTS).rglob("*.js"))
            for name in _PYIMPORT.findall(script.read_text(encoding="utf-8"))
        }
    )
    if not names:
        raise PluginError(
            f"no script under {WORKER_SCRIPTS}/ imports a Python module (pyimport): "
            "the engine's browser modules cannot be found"
        )
    return names


def _compilers() -> tuple[Path, Path]:
    here = Path(__file__)
    return here.with_name("bytecode.mjs"), here.with_name("bytecode.py")


def _build_wheel(
    project: Path, name: str, version: str, inputs: dict[str, bytes], entry: list[str]
) -> tuple[bytes, bytes]:
    """The wheel of what the browser imports (compiled, no sources) and the catalogs."""
    dist_info = f"{name}-{version}.dist-info"
    files = {
        relative[: -len(".po")] + ".mo": compile_catalog(data)
        for relative, data in inputs.items()
        if relative.endswith(".po")
    }
    sources = {path: data for path, data in inputs.items() if path.endswith(".py")}
    bytecode, stdlib = compiled(project, f"{name}-{version}-py3-none-any.whl", sources, entry)
    files = dict(sorted({**files, **bytecode}.items()))
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
    return buffer.getvalue(), stdlib


def compiled(
    project: Path, wheel_name: str, sources: dict[str, bytes], entry: list[str]
) -> tuple[dict[str, bytes], bytes]:
    """The `.pyc` files of what the browser imports from the engine, and the standard
    library it needs, cached or from Node."""
    folder, version = pyodide_dir(project)
    compiler, program = _compilers()
    head = f"{version}\0{wheel_name}\0{entry}\0".encode()
    head += compiler.read_bytes() + program.read_bytes()
    cached = cache_folder() / f"bytecode-{cache_key(head, sources)}"
    try:
        engine = json.loads((cached / "engine.json").read_text(encoding="utf-8"))
        stdlib = (cached / STDLIB).read_bytes()
    except (OSError, ValueError):
        answer = _run_compiler(compiler, folder, wheel_name, sources, entry)
        engine, stdlib = answer["engine"], base64.b64decode(answer["stdlib"])
        store(cached, {"engine.json": json.dumps(engine).encode(), STDLIB: stdlib})
    return {path: base64.b64decode(data) for path, data in engine.items()}, stdlib


def _run_compiler(
    compiler: Path, folder: Path, wheel_name: str, sources: dict[str, bytes], entry: list[str]
) -> dict[str, Any]:
    files = {path: data.decode("utf-8") for path, data in sources.items()}
    node = shutil.which("node")
    if node is None:
        raise PluginError("Node.js is needed to compile the engine for the browser: install it")
    try:
        done = subprocess.run(
            [node, str(compiler), str(folder)],
            input=json.dumps({"wheel": wheel_name, "entry": entry, "files": files}),
            capture_output=True,
            text=True,
            timeout=300,
        )
    except subprocess.TimeoutExpired as error:
        raise PluginError(
            f"compiling the engine with Pyodide under Node timed out: {error}"
        ) from None
    try:
        answer = json.loads(done.stdout) if done.returncode == 0 else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or not answer.get("engine") or "stdlib" not in answer:
        detail = done.stderr.strip().splitlines()[-3:] or [f"exit status {done.returncode}"]
        raise PluginError(
            "compiling the engine with Pyodide under Node (hooks/bytecode.mjs) failed: "
            + " / ".join(detail)
        )
    return answer


def transfer_sizes(files: dict[str, bytes | Path]) -> dict[str, list[int]]:
    """`{name: [size, sent]}`: each file's size and the bytes a host sends of it.

    The worker counts the bytes it receives of each file as they arrive, decompressed
    (a host's gzip is undone by the browser), against `size`; `sent` weighs the files
    as the link carries them, so that the percentage it shows moves with the time a
    download takes, and the data saver's words say how much will be downloaded. A
    host that compresses (tools/link.py: level 6, as nginx does) sends `.mjs`, `.wasm`
    and `.json` gzip-compressed and the shipped `.gz` archives as they are. Pyodide's
    files are the same at every build: their figures are kept in the build cache.
    """
    found = {}
    for name, source in files.items():
        data = source.read_bytes() if isinstance(source, Path) else source
        if not name.endswith(COMPRESSED_BY_HOSTS):
            found[name] = [len(data), len(data)]
            continue
        key = hashlib.sha256(data).hexdigest()[:32]
        cached = cache_folder() / f"sent-{key}"
        try:
            sent = int((cached / "gzip").read_text(encoding="ascii"))
        except (OSError, ValueError):
            sent = len(gzip.compress(data, 6, mtime=0))
            store(cached, {"gzip": str(sent).encode()})
        found[name] = [len(data), sent]
    return found


def _metadata(project: Path) -> dict[str, str]:
    import tomllib

    data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    return {"name": data["project"]["name"], "version": data["project"]["version"]}


def compile_catalog(po_file: bytes) -> bytes:
    """The `.mo` file of a PO file, dated STAMP: Babel would write the time of the build."""
    catalog = read_po(io.BytesIO(po_file))
    catalog.creation_date = datetime.datetime(*STAMP, tzinfo=datetime.UTC)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def shipped(archive: bytes) -> bytes:
    """The zip `archive` as the site sends it: its entries stored, the whole gzip-compressed.

    Hosts send a zip as it is (they count it compressed already: tools/link.py), so
    a zip's only compression was deflate, one entry at a time. Compressed whole, the
    redundancy across the modules counts too: the standard library comes to 0.78 MB
    instead of 0.84, the wheel to 0.10 instead of 0.14 (bench/budget.py). The worker
    unpacks it (docs/assets/js/engine/worker.js); a host that sends `.gz` files with
    `Content-Encoding: gzip` has the browser do it instead, which the worker notices.
    """
    stored = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(stored, "w") as target:
        for entry in source.infolist():
            info = zipfile.ZipInfo(entry.filename, entry.date_time)
            info.external_attr = entry.external_attr
            target.writestr(info, source.read(entry), zipfile.ZIP_STORED)
    return gzip.compress(stored.getvalue(), 9, mtime=0)


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
    """Build the wheel once per site build and tell the templates where the runtime is.

    The languages of one build share it; a new build (a `mkdocs serve` rebuild) makes
    it again from the sources as they are now (from the cache when they did not change).
    """
    project = _project(config)
    if not building_another_language(config):
        _built.clear()
    if not _built:
        wheel_name, wheel, stdlib = engine_wheel(project)
        folder, version = pyodide_dir(project)
        digest = hashlib.sha256(wheel + stdlib).hexdigest()[:16]
        _built.update(
            wheel=shipped(wheel),
            stdlib=shipped(stdlib),
            engine=f"assets/engine/{digest}/{wheel_name}{SHIPPED}",
            stdlib_path=f"assets/engine/{digest}/{STDLIB}{SHIPPED}",
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
        "pyodide": _built["pyodide"],
        "sizes": _built["sizes"],
    }
    return config


@event_priority(-200)
def on_post_build(config: MkDocsConfig) -> None:
    """Once every language is built, write the wheel and Pyodide into the site."""
    if building_another_language(config):
        return
    site = Path(config["site_dir"])
    wheel_path = site / _built["engine"]
    wheel_path.parent.mkdir(parents=True, exist_ok=True)
    wheel_path.write_bytes(_built["wheel"])
    (site / _built["stdlib_path"]).write_bytes(_built["stdlib"])
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
