"""Each page runs only the page scripts whose live part it has, their modules preloaded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crescent_site.page_scripts import ENTRIES, graph
from crescent_site.versioned import in_built_site
from tests.site.conftest import LANGUAGES, page_path

SCRIPT = re.compile(r'<script src="[^"]*assets/v/\w{16}/js/pages/([\w-]+\.js)" type="module">')
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')
EXPECTED = {
    "": ["demos.js", "search.js"],
    "play/": ["play.js", "search.js"],
    "examples/": ["viewer.js", "search.js"],
    "about/": ["search.js"],
    "codes/": ["search.js"],
    "win-rate/": ["search.js"],
}
"""The page scripts of the English pages (a translated page adds compare.js); every page
has search, which searches on any change of its field (search.js)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_runs_its_own_scripts_only(site: Path, lang: str) -> None:
    for page, scripts in EXPECTED.items():
        html = page_path(site, lang, page).read_text(encoding="utf-8")
        found = SCRIPT.findall(html)
        assert [name for name in found if name != "compare.js"] == scripts, (lang, page)
        assert ("compare.js" in found) == (" data-tb=" in html), (lang, page)


def test_a_page_preloads_every_module_its_scripts_import_and_nothing_else(site: Path) -> None:
    for page, scripts in EXPECTED.items():
        path = page_path(site, "en", page)
        html = path.read_text(encoding="utf-8")
        head = html[: html.index("</head>")]
        scripts_folder = in_built_site(site, "assets/js")
        preloaded = [
            (path.parent / href).resolve().relative_to(scripts_folder).as_posix()
            for href in PRELOAD.findall(head)
        ]
        assert preloaded == graph(scripts_folder, tuple(f"pages/{name}" for name in scripts))
        assert all((scripts_folder / module).is_file() for module in preloaded)
        if scripts != ["search.js"]:  # a live part's graph is whole: drawing, engine client
            assert {"engine/client.js", "board/render.js"} <= set(preloaded)


def test_every_page_script_is_named_with_its_live_part() -> None:
    folder = Path(__file__).resolve().parents[2] / "docs/assets/js/pages"
    for name, attribute in ENTRIES.items():
        text = (folder / name).read_text(encoding="utf-8")
        assert attribute in text or attribute.removeprefix("data-") in text, name


def test_the_graph_follows_relative_imports_and_re_exports_each_module_once(
    tmp_path: Path,
) -> None:
    modules = {
        "pages/play.js": 'import { a } from "../engine/client.js";\nimport "./shared.js";\n',
        "pages/shared.js": 'export { b } from "../board/render.js";\n',
        "engine/client.js": 'import { c } from "./meter.js";\nimport "../board/render.js";\n',
        "engine/meter.js": "export const c = 1;\n",
        "board/render.js": 'import { a } from "../engine/client.js";\nexport const b = 2;\n',
    }
    for name, text in modules.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert graph(tmp_path, ("pages/play.js",)) == [
        "pages/play.js",
        "engine/client.js",
        "pages/shared.js",
        "engine/meter.js",
        "board/render.js",
    ]
