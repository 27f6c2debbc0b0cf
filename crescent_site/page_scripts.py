"""The page scripts a built page runs, and the modules it asks for at once.

Material adds every `extra_javascript` entry to every page: the rules page loaded
Play's, the viewer's and the comparison's modules too (45 modules, four imports deep,
each found only once its importer arrived). A page now keeps the entries whose live
part it has (`ENTRIES`: the attribute each entry looks for) and asks for the whole
graph of their modules from its head (`<link rel="modulepreload">`), so that the
browser fetches them side by side while it parses the page.
"""

from __future__ import annotations

import functools
import posixpath
import re
from pathlib import Path

ENTRIES = {
    "demos.js": "data-crescent-demo",
    "compare.js": "data-tb",
    "play.js": "data-crescent-game",
    "viewer.js": "data-crescent-viewer",
    "search.js": 'data-md-component="search-query"',
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


@functools.cache
def graph(js_root: Path, entries: tuple[str, ...]) -> list[str]:
    """`entries` and every module they import, directly or not, each once, entries first.
    Worked out once per set of entries: a build asks for the same few sets on every page
    of every language (`hooks/page_scripts.py` forgets them at each build's start)."""
    seen: list[str] = []
    queue = list(entries)
    while queue:
        module = queue.pop(0)
        if module not in seen:
            seen.append(module)
            queue.extend(imports(js_root, module))
    return seen


def needed(html: str) -> list[str]:
    """The page scripts whose live part `html` has."""
    return [name for name, attribute in ENTRIES.items() if re.search(rf"\s{attribute}[\s=>]", html)]


def trimmed(html: str, js_root: Path) -> str:
    """`html` with only the page scripts it needs, their modules preloaded from its head."""
    keep = needed(html)
    roots = {match.group("root") for match in SCRIPT.finditer(html)}
    html = SCRIPT.sub(lambda match: match.group(0) if match.group("name") in keep else "", html)
    if not keep or len(roots) != 1:
        return html
    root = roots.pop()
    modules = graph(js_root, tuple(f"pages/{name}" for name in keep))
    links = "".join(
        f'<link rel="modulepreload" href="{root}assets/js/{module}">' for module in modules
    )
    return html.replace("</head>", links + "</head>", 1)
