"""The direction of imports: each folder is one audience, and imports only point down.

    crescent_site   the site build's own code           (imports crescent.*)
    crescent.browser  what the browser's worker calls   (imports crescent.render, the engine)
    crescent.render   drawing and wording positions     (imports the engine)
    crescent          the engine: the rules and values  (imports the standard library)

Every import statement counts, the ones inside functions (lazy imports) too;
only `if TYPE_CHECKING:` blocks, which never run, are left out.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Collection
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("crescent", "crescent_site")
LAYERS = {"engine": 0, "render": 1, "browser": 2, "site": 3}


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {
    _module(path): path
    for package in PACKAGES
    for path in sorted((ROOT / package).rglob("*.py"))
    if "__pycache__" not in path.parts
}


def layer(module: str) -> str:
    """Which audience a module of ours serves."""
    if module == "crescent_site" or module.startswith("crescent_site."):
        return "site"
    for name in ("browser", "render"):
        if module == f"crescent.{name}" or module.startswith(f"crescent.{name}."):
            return name
    return "engine"


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(node: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child):
            found += [n for other in child.orelse for n in _import_nodes(other)]
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            found.append(child)
        found += _import_nodes(child)
    return found


def imports_of(path: Path, known: Collection[str]) -> set[str]:
    """The modules the file at `path` imports, where the import runs (lazy ones included).

    `from a.b import c` counts as `a.b.c` when that is one of the `known` modules.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif node.level:
            raise AssertionError(f"{path}: relative import; write the full module name")
        elif node.module is not None:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                names.add(sub if sub in known else node.module)
    return names


def imports(module: str) -> set[str]:
    """The modules `module` of ours imports."""
    return imports_of(MODULES[module], MODULES)


GRAPH = {module: imports(module) for module in MODULES}


def ours(name: str) -> bool:
    return name.split(".")[0] in PACKAGES


def test_the_layout_has_its_four_folders() -> None:
    assert {layer(module) for module in MODULES} == set(LAYERS)
    assert "crescent.browser" in MODULES and "crescent.render" in MODULES


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down_or_sideways(module: str) -> None:
    """The engine imports no renderer, browser API or site code; the renderer no browser API..."""
    upward = sorted(
        name for name in GRAPH[module] if ours(name) and LAYERS[layer(name)] > LAYERS[layer(module)]
    )
    assert upward == [], f"{module} ({layer(module)}) imports upward"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_only_the_standard_library_besides_our_packages(module: str) -> None:
    """No MkDocs, Babel or any installed package: the engine runs as it is in Pyodide."""
    foreign = sorted(
        name
        for name in GRAPH[module]
        if not ours(name) and name.split(".")[0] not in sys.stdlib_module_names
    )
    assert foreign == []


def test_the_site_code_does_not_use_the_browser_api() -> None:
    """Static shells and the worker's API are two audiences of the renderer, not of each other."""
    assert [
        (module, name)
        for module in MODULES
        if layer(module) == "site"
        for name in GRAPH[module]
        if ours(name) and layer(name) == "browser"
    ] == []


def test_no_import_cycles() -> None:
    """No module reaches itself through imports, lazy ones included."""
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for name in sorted(GRAPH[module]):
            if name not in MODULES:
                continue
            if state.get(name) == 1:
                cycles.append([*path[path.index(name) :], name])
            elif name not in state:
                visit(name)
        path.pop()
        state[module] = 2

    for module in sorted(MODULES):
        if module not in state:
            visit(module)
    assert cycles == []


def test_the_checker_sees_a_lazy_upward_import(tmp_path: Path) -> None:
    """The walk finds an import inside a function, and skips a TYPE_CHECKING block."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from crescent_site.demo import CRASH\n"
        "def f():\n    from crescent.browser import call\n    return call\n"
    )
    found = [
        node.module for node in _import_nodes(ast.parse(source)) if isinstance(node, ast.ImportFrom)
    ]
    assert found == ["typing", "crescent.browser"]


def test_the_fast_tests_need_neither_playwright_nor_chromium() -> None:
    """tests/engine and tests/browser_api import nothing that drives a browser, even indirectly."""
    files = {
        _module(path): path
        for folder in ("tests", "tools")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "__pycache__" not in path.parts
    }

    fast = {m for m in files if m.startswith(("tests.engine.", "tests.browser_api."))}
    # pytest loads the conftest files above a test, and the packages around it.
    reached = fast | ({"tests.conftest", "tests", "tests.engine", "tests.browser_api"} & set(files))
    seen: set[str] = set()
    foreign: set[str] = set()
    while reached - seen:
        module = sorted(reached - seen)[0]
        seen.add(module)
        for name in imports_of(files[module], files):
            if name in files:
                reached.add(name)
            elif name.split(".")[0] in ("playwright", "pytest_playwright"):
                foreign.add(f"{module} imports {name}")
    assert len(fast) >= 15
    assert sorted(foreign) == []
