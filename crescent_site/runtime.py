"""The engine's runtime for the browser, built from the sources: the wheel, the trimmed
standard library, and the sizes the worker weighs its download by.

The pinned Pyodide's own Python, under Node (`crescent_site/bytecode.mjs` and
`crescent_site/bytecode.py`), finds what the browser runs and compiles it:

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
kept in the build cache (`crescent_site.build_cache`) under the hash of the Python
sources, the worker's entry modules and Pyodide's version; the finished wheel and
library too, under the hash of everything they come from (catalogs included), so
that a build does not redo them. hooks/runtime.py publishes them.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import zipfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from crescent_site.build_cache import cache_folder, cache_key, cached

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


class RuntimeBuildError(Exception):
    """The runtime cannot be built (Node or the pinned Pyodide missing, compiling failed)."""


def engine_wheel(
    project: Path, compile_catalog: Callable[[bytes], bytes]
) -> tuple[str, bytes, bytes]:
    """The engine's wheel file name and bytes, and the standard library zip it runs with;
    `compile_catalog` makes a `.mo` file of a `.po` file (Babel's, in the hook).

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
    catalogs = Path(compile_catalog.__code__.co_filename)  # its code counts too
    builders = (Path(__file__), catalogs, *_compilers())
    head = f"{wheel_name}\0{pyodide_version}\0{entry}\0".encode() + b"".join(
        path.read_bytes() for path in builders
    )

    def make() -> dict[str, bytes]:
        wheel, stdlib = _build_wheel(project, name, version, inputs, entry, compile_catalog)
        return {wheel_name: wheel, STDLIB: stdlib}

    folder = cache_folder() / f"engine-{cache_key(head, inputs)}"
    built = cached(folder, (wheel_name, STDLIB), make)
    return wheel_name, built[wheel_name], built[STDLIB]


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
        raise RuntimeBuildError(
            f"no script under {WORKER_SCRIPTS}/ imports a Python module (pyimport): "
            "the engine's browser modules cannot be found"
        )
    return names


def _compilers() -> tuple[Path, Path]:
    here = Path(__file__)
    return here.with_name("bytecode.mjs"), here.with_name("bytecode.py")


def _build_wheel(
    project: Path,
    name: str,
    version: str,
    inputs: dict[str, bytes],
    entry: list[str],
    compile_catalog: Callable[[bytes], bytes],
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

    def make() -> dict[str, bytes]:
        answer = _run_compiler(compiler, folder, wheel_name, sources, entry)
        return {
            "engine.json": json.dumps(answer["engine"]).encode(),
            STDLIB: _from_base64(answer["stdlib"]),
        }

    entry_folder = cache_folder() / f"bytecode-{cache_key(head, sources)}"
    made = cached(entry_folder, ("engine.json", STDLIB), make)
    engine = json.loads(made["engine.json"])
    return {path: _from_base64(data) for path, data in engine.items()}, made[STDLIB]


def node_path(purpose: str, error: type[Exception] = RuntimeBuildError) -> str:
    """Node.js's path; `error` saying what it is needed for (`purpose`) if it is missing."""
    found = shutil.which("node")
    if found is None:
        raise error(f"Node.js is needed to {purpose}: install it")
    return found


def _run_compiler(
    compiler: Path, folder: Path, wheel_name: str, sources: dict[str, bytes], entry: list[str]
) -> dict[str, Any]:
    files = {path: data.decode("utf-8") for path, data in sources.items()}
    node = node_path("compile the engine for the browser")
    try:
        done = subprocess.run(
            [node, str(compiler), str(folder)],
            input=json.dumps({"wheel": wheel_name, "entry": entry, "files": files}),
            capture_output=True,
            text=True,
            timeout=300,
        )
    except subprocess.TimeoutExpired as error:
        raise RuntimeBuildError(
            f"compiling the engine with Pyodide under Node timed out: {error}"
        ) from None
    try:
        answer = json.loads(done.stdout) if done.returncode == 0 else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or not answer.get("engine") or "stdlib" not in answer:
        detail = done.stderr.strip().splitlines()[-3:] or [f"exit status {done.returncode}"]
        raise RuntimeBuildError(
            "compiling the engine with Pyodide under Node (crescent_site/bytecode.mjs) failed: "
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
        sent = cached(cache_folder() / f"sent-{key}", ("gzip",), partial(_gzipped_size, data))
        found[name] = [len(data), int(sent["gzip"])]
    return found


def _gzipped_size(data: bytes) -> dict[str, bytes]:
    """The size of `data` gzipped as hosts send it, as the cache keeps it."""
    return {"gzip": str(len(gzip.compress(data, 6, mtime=0))).encode()}


def _from_base64(text: str) -> bytes:
    """Bytes the compiler sent as base64 text."""
    return base64.b64decode(text)


def _metadata(project: Path) -> dict[str, str]:
    import tomllib

    data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    return {"name": data["project"]["name"], "version": data["project"]["version"]}


def shipped(archive: bytes) -> bytes:
    """The zip `archive` as the site sends it: its entries stored, the whole gzip-compressed.

    Hosts send a zip as it is (they count it compressed already: tools/link.py), so
    a zip's only compression was deflate, one entry at a time. Compressed whole, the
    redundancy across the modules counts too: the standard library comes to 0.78 MB
    instead of 0.84, the wheel to 0.10 instead of 0.14 (bench/budget.py). The worker
    unpacks it (docs/assets/js/engine/worker.js); a host that sends `.gz` files with
    `Content-Encoding: gzip` has the browser do it instead, which the worker notices.
    Compressing the standard library took 0.4 s of every build: the result is kept in the
    build cache under the archive's hash.
    """
    key = cache_key(Path(__file__).read_bytes(), {"archive": archive})
    return cached(cache_folder() / f"shipped-{key}", ("gz",), partial(_shipped, archive))["gz"]


def _shipped(archive: bytes) -> dict[str, bytes]:
    stored = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(stored, "w") as target:
        for entry in source.infolist():
            info = zipfile.ZipInfo(entry.filename, entry.date_time)
            info.external_attr = entry.external_attr
            target.writestr(info, source.read(entry), zipfile.ZIP_STORED)
    return {"gz": gzip.compress(stored.getvalue(), 9, mtime=0)}


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def pyodide_dir(project: Path) -> tuple[Path, str]:
    """The installed npm package `pyodide` and its version."""
    folder = project / "node_modules" / "pyodide"
    manifest = folder / "package.json"
    if not manifest.is_file():
        raise RuntimeBuildError(
            "node_modules/pyodide is missing: run `make setup` (npm ci installs the pinned Pyodide)"
        )
    return folder, json.loads(manifest.read_text(encoding="utf-8"))["version"]
