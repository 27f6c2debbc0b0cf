"""The built site's service worker, web app manifests and icons (hooks/offline.py)."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

from crescent.i18n import catalog
from crescent.languages import language
from crescent_site.app_icon import png, svg
from tests.site.conftest import LANGUAGES, page_path

NAMES = {
    "en": "Crescent: the rules of the patience",
    "bg": "Crescent: правилата на пасианса",
    "he": "Crescent: כללי הסוליטר",
    "ru": "Crescent: правила пасьянса",
    "tr": "Crescent pasyansının kuralları",
}
"""The app's name in each language these tests know; another language's is its catalog's
`site.name`, which is English until it is translated."""


def test_each_language_has_its_manifest(site: Path) -> None:
    for lang in LANGUAGES:
        manifest = json.loads((site / f"assets/app/{lang}.webmanifest").read_text("utf-8"))
        assert manifest["name"] == NAMES.get(lang, catalog(lang).text("site.name"))
        assert manifest["lang"] == lang
        assert manifest["dir"] == language(lang).direction
        assert manifest["start_url"] == f"../../{'' if lang == 'en' else lang + '/'}play/"
        assert manifest["scope"] == "../../"
        assert {icon["sizes"] for icon in manifest["icons"]} == {"any", "192x192", "512x512"}
        for icon in manifest["icons"]:
            assert (site / "assets/app" / icon["src"]).is_file()
        for page in ("", "about/", "play/"):
            html = page_path(site, lang, page).read_text("utf-8")
            link = re.search(r'<link rel="manifest" href="([^"]+)">', html)
            assert link is not None
            target = (page_path(site, lang, page).parent / link.group(1)).resolve()
            assert target == (site / f"assets/app/{lang}.webmanifest").resolve()


def test_icons_are_the_drawing_at_their_sizes(site: Path) -> None:
    for size in (192, 512):
        data = (site / f"assets/app/icon-{size}.png").read_bytes()
        assert data == png(size)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (size, size)
    assert (site / "assets/app/icon.svg").read_text("utf-8") == svg()


def test_service_worker_precaches_the_runtime_the_worker_loads(site: Path) -> None:
    worker = (site / "sw.js").read_text("utf-8")
    precached = set(re.findall(r'url:"(assets/[^"]+)"', worker))
    runtime = {
        path.relative_to(site).as_posix()
        for path in (site / "assets").glob("*/*/*")
        if path.parts[-3] in ("pyodide", "engine")
    }
    assert precached == {path for path in runtime if path != _pyodide_stdlib(site)}
    assert 'cacheName:"crescent-site"' in worker  # the pages, network first


def test_pages_name_the_service_worker_at_the_root(site: Path) -> None:
    for lang in LANGUAGES:
        for page in ("", "play/", "examples/", "about/"):
            path = page_path(site, lang, page)
            found = re.search(
                r'<meta name="crescent-offline" content="" data-sw="([^"]+)">', path.read_text()
            )
            assert found is not None
            assert (path.parent / found.group(1)).resolve() == (site / "sw.js").resolve()


def _pyodide_stdlib(site: Path) -> str:
    return next(
        path.relative_to(site).as_posix()
        for path in (site / "assets/pyodide").glob("*/python_stdlib.zip")
    )
