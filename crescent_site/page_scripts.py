"""The page scripts a built page runs, and the modules it asks for at once.

Material adds every `extra_javascript` entry to every page: the rules page loaded
Play's, the viewer's and the comparison's modules too (45 modules, four imports deep,
each found only once its importer arrived). A page now keeps the entries whose live
part it has (`ENTRIES`: the attribute each entry looks for) and asks for the whole
graph of their modules from its head (`<link rel="modulepreload">`), so that the
browser fetches them side by side while it parses the page.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

ENTRIES = {
    "demos.js": "data-crescent-demo",
    "compare.js": "data-tb",
    "play.js": "data-crescent-game",
    "viewer.js": "data-crescent-viewer",
}
"""Each page script (`assets/js/pages/`) and the attribute of the part of a page it
makes live: without that part on the page, the script has nothing to do."""
SCRIPT = re.compile(
    r'<script src="(?P<root>[^"]*)assets/js/pages/(?P<name>[\w-]+\.js)" type="module">'
    r"</script>\n?"
)
IMPORT = re.compile(r'^\s*(?:import|export)\b[^;"]*?(?:\bfrom\s*)?"(?P<path>\.{1,2}/[^"]+)"', re.M)
"""A static import (or re-export) of a module of the site, by relative address."""


def imports(js_root: Path, module: str) -> list[str]:
    """The modules `module` (relative to `js_root`) imports statically, relative to `js_root`."""
    text = (js_root / module).read_text(encoding="utf-8")
    folder = posixpath.dirname(module)
    return [posixpath.normpath(posixpath.join(folder, m["path"])) for m in IMPORT.finditer(text)]


def graph(js_root: Path, entries: list[str]) -> list[str]:
    """`entries` and every module they import, directly or not, each once, entries first."""
    seen: list[str] = []
    queue = list(entries)
    while queue:
        module = queue.pop(0)
        if module not in seen:
            seen.append(module)
            queue.extend(imports(js_root, module))
    return seen


class Graphs:
    """The module graph of each set of page scripts under `js_root`, worked out once: a
    build asks for the same few sets on every page of every language."""

    def __init__(self, js_root: Path) -> None:
        self.js_root = js_root
        self._known: dict[tuple[str, ...], list[str]] = {}

    def of(self, entries: list[str]) -> list[str]:
        """`graph(js_root, entries)`, from memory after the first time."""
        key = tuple(entries)
        if key not in self._known:
            self._known[key] = graph(self.js_root, entries)
        return self._known[key]


def needed(html: str) -> list[str]:
    """The page scripts whose live part `html` has."""
    return [name for name, attribute in ENTRIES.items() if re.search(rf"\s{attribute}[\s=>]", html)]


def trimmed(html: str, graphs: Graphs) -> str:
    """`html` with only the page scripts it needs, their modules preloaded from its head."""
    keep = needed(html)
    roots = {match.group("root") for match in SCRIPT.finditer(html)}
    html = SCRIPT.sub(lambda match: match.group(0) if match.group("name") in keep else "", html)
    if not keep or len(roots) != 1:
        return html
    root = roots.pop()
    modules = graphs.of([f"pages/{name}" for name in keep])
    links = "".join(
        f'<link rel="modulepreload" href="{root}assets/js/{module}">' for module in modules
    )
    return html.replace("</head>", links + "</head>", 1)
