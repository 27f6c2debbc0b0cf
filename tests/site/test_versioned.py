"""The site's own scripts and styles live under a folder named by their content
(`crescent_site.versioned`), and every page names them there."""

from __future__ import annotations

import re
from pathlib import Path

from crescent_site.versioned import FOLDER, folder_name, in_built_site, rewritten

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r'\s(?:href|src)="([^"?#]*assets/[^"?#]+)"')


def test_only_the_versioned_files_are_rewritten_whatever_the_root() -> None:
    paths = {"assets/js/pages/play.js": "assets/v/0123456789abcdef/js/pages/play.js"}
    html = (
        '<script src="../../assets/js/pages/play.js" type="module"></script>'
        '<link rel="icon" href="../assets/images/favicon.png">'
        '<a href="/assets/js/pages/play.js">'
    )
    assert rewritten(html, paths) == (
        '<script src="../../assets/v/0123456789abcdef/js/pages/play.js" type="module"></script>'
        '<link rel="icon" href="../assets/images/favicon.png">'
        '<a href="/assets/v/0123456789abcdef/js/pages/play.js">'
    )


def test_the_folder_changes_with_any_byte_or_name_of_its_files() -> None:
    first = folder_name({"assets/js/a.js": b"1", "assets/crescent.css": b"x"})
    assert re.fullmatch(rf"{FOLDER}/[0-9a-f]{{16}}", first)
    assert folder_name({"assets/crescent.css": b"x", "assets/js/a.js": b"1"}) == first
    assert folder_name({"assets/js/a.js": b"2", "assets/crescent.css": b"x"}) != first
    assert folder_name({"assets/js/b.js": b"1", "assets/crescent.css": b"x"}) != first


def test_every_page_names_the_versioned_scripts_and_styles_and_they_exist(site: Path) -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = re.search(r"^extra_css:\n((?:  - .+\n)+)", config, re.M)
    assert block is not None
    styles = {line.removeprefix("  - ") for line in block[1].splitlines()}
    assert "assets/crescent.css" in styles
    assert not (site / "assets/js").exists()
    assert [style for style in styles if (site / style).exists()] == []
    scripts = in_built_site(site, "assets/js")
    pages = list(site.rglob("*.html"))
    assert len(pages) > 30
    versioned = 0
    for page in pages:
        for address in ADDRESS.findall(page.read_text(encoding="utf-8")):
            path = address[address.index("assets/") :]
            assert not path.startswith("assets/js/") and path not in styles, (page, address)
            if path.startswith(f"{FOLDER}/"):
                target = (site / address.lstrip("/")) if address.startswith("/") else None
                resolved = target or (page.parent / address).resolve()
                assert resolved.is_file(), (page, address)
                versioned += 1
    assert versioned > 100
    assert (scripts / "engine/boot.js").is_file() and (scripts.parent / "crescent.css").is_file()
