"""The browser's Python, chosen and compiled by the pinned Pyodide itself (run by bytecode.mjs).

Not imported by the build: crescent_site/bytecode.mjs runs this file inside Pyodide
under Node,
with the global `request_json` (see there), and it evaluates to the JSON answer.

What ships is found by running, not listed by hand:
- the engine's modules are the import closure of the browser's entry points
  (`request["entry"]`, the modules the worker imports), read from the sources'
  import statements, lazy ones in functions included and `if TYPE_CHECKING:`
  blocks left out; build-only modules (the CLI, charts, page shells) are outside it;
- the standard library is what Pyodide's start-up imported plus what importing
  that closure imports (and the standard modules the engine imports lazily),
  read from `sys.modules`.

Every module is compiled for the browser, lean:
- no docstrings: nothing in the browser reads them (`_pyodide.docstring` takes
  `None`), except class decorators: `dataclasses` gives a class without one a
  signature computed by `inspect` when the class is made (start-up time), and
  `enum._simple_enum` a text of its own. So decorated classes keep theirs;
- asserts stay (no `optimize=2`): they are checks the code means to make;
- no column positions (`PYTHONNODEBUGRANGES`, set by bytecode.mjs): line numbers
  stay, so a traceback still says where, it only lacks the `^^^` marks;
- sourceless: the archives hold `.pyc` files only, unchecked hash-based (PEP 552).
"""

import ast
import base64
import importlib.util
import io
import json
import pathlib
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

STDLIB = "/lib/python{}{}.zip".format(*sys.version_info[:2])
STAMP = (1980, 1, 1, 0, 0, 0)


def module_path(name: str, files: dict[str, str]) -> str | None:
    """The source path of module `name` among `files`, or None when it is not one of them."""
    base = name.replace(".", "/")
    for path in (base + ".py", base + "/__init__.py"):
        if path in files:
            return path
    return None


def _type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_names(tree: ast.AST, package: str) -> set[str]:
    """Every module an import statement in `tree` may load (`from m import x`: m and m.x)."""
    names: set[str] = set()
    pending = [tree]
    while pending:
        node = pending.pop()
        if _type_checking(node):
            pending.extend(node.orelse)  # type: ignore[attr-defined]
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        pending.extend(ast.iter_child_nodes(node))
    return names


def closure(entry: list[str], files: dict[str, str]) -> tuple[list[str], set[str]]:
    """The engine modules `entry` may import (sorted names), and the other modules named."""
    found: dict[str, str] = {}
    others: set[str] = set()
    pending = list(entry)
    while pending:
        name = pending.pop()
        path = module_path(name, files)
        if path is None:
            others.add(name)
            continue
        if name in found:
            continue
        found[name] = path
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        parents = [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]
        pending.extend(parents)
        pending.extend(imported_names(ast.parse(files[path], path), package))
    missing = [name for name in entry if name not in found]
    if missing:
        raise SystemExit(f"the browser's entry modules are not in the sources: {missing}")
    return sorted(found), {name for name in others if not name.startswith(entry[0].split(".")[0])}


class _NoDocstrings(ast.NodeTransformer):
    """Drops docstrings, except those of decorated classes (see the module docstring)."""

    def _strip(self, node: ast.AST) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node, ast.ClassDef) and node.decorator_list:
            return node
        body = node.body  # type: ignore[attr-defined]
        first = body[0] if body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]  # type: ignore[attr-defined]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _strip


def _file(module: object) -> str:
    """The file a module was read from ('' for one built in)."""
    return getattr(module, "__file__", None) or ""


def bytecode(source: bytes, path: str) -> bytes:
    """An unchecked hash-based `.pyc` of `source`, lean (see the module docstring)."""
    tree = _NoDocstrings().visit(ast.parse(source, path))
    code = compile(tree, path, "exec", dont_inherit=True)
    first = next(iter(code.co_positions()), None)
    if first is not None and first[2] is not None:
        raise SystemExit("column positions were compiled in: PYTHONNODEBUGRANGES was not set")
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def archive(files: dict[str, bytes]) -> bytes:
    """A zip of `files` in name order, every entry deflated at level 9, dated STAMP.

    Deflated rather than stored for the host's gzip: measured on the 126 modules of
    Pyodide 314.0.7's start-up and the engine, compiled as here, the deflated zip is
    0.838 MB; stored it is 2.467 MB, 0.790 MB gzipped (-6). Storing would save 6%
    only on a host that gzips `application/zip`, which common ones do not (their
    lists of compressible types are text, scripts, JSON, XML, SVG, wasm): there it
    would send three times as much. bench/budget.py prints both figures each run.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            target.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def answer(request: dict[str, object]) -> str:
    """The JSON answer to `request` (see bytecode.mjs)."""
    files: dict[str, str] = request["files"]  # type: ignore[assignment]
    entry: list[str] = request["entry"]  # type: ignore[assignment]
    names, others = closure(entry, files)
    paths = [module_path(name, files) or "" for name in names]
    for path in paths:
        target = pathlib.Path("/tmp/engine", path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(files[path], encoding="utf-8")
    sys.path.insert(0, "/tmp/engine")
    for name in [*names, *sorted(others)]:
        try:
            __import__(name)
        except ImportError as error:
            if name in others and "." in name:  # `from m import x`: x was a name, not a module
                continue
            missing = error.name or name
            message = f"the browser's modules import {missing}, which Pyodide lacks ({name})"
            raise SystemExit(message) from None
    used = sorted(
        _file(module)[len(STDLIB) + 1 :]
        for module in list(sys.modules.values())
        if _file(module).startswith(STDLIB + "/")
        and getattr(module.__spec__, "origin", None) != "frozen"  # frozen: never read from the zip
    )
    engine = {
        path + "c": base64.b64encode(
            bytecode(files[path].encode("utf-8"), f"/lib/{request['wheel']}/{path}")
        ).decode()
        for path in paths
    }
    with zipfile.ZipFile("/tmp/python_stdlib.zip") as source:
        stdlib = archive(
            {name + "c": bytecode(source.read(name), f"{STDLIB}/{name}") for name in used}
        )
    return json.dumps({"engine": engine, "stdlib": base64.b64encode(stdlib).decode()})


answer(json.loads(request_json))  # type: ignore[name-defined]  # noqa: F821
