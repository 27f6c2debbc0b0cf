"""A one-language preview (`make serve LANG=xx`) shows that language's own pages.

static-i18n makes the previewed language the default, so the English `about.md`
and `about.he.md` both claimed `about/`; hooks/preview.py keeps the translation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crescent.i18n import joined_prefixes
from tests.site.conftest import ROOT, build_site
from tests.site.html import parse

PAGES = ("index", "about", "codes", "examples", "play", "win-rate", "translators")


@pytest.mark.parametrize("lang", ["bg", "he", "tr"])
def test_every_page_of_a_preview_is_in_its_language(tmp_path: Path, lang: str) -> None:
    done = build_site(tmp_path / "site", env={"CRESCENT_ONLY_LANG": lang})
    assert done.returncode == 0, done.stderr
    for name in PAGES:
        source = (ROOT / f"docs/{name}.{lang}.md").read_text(encoding="utf-8")
        title = re.search(r"^# (.*?) \{#", source, re.M)
        assert title, name
        built = tmp_path / "site" / ("" if name == "index" else name) / "index.html"
        document = parse(built.read_text(encoding="utf-8"))
        assert document.find("html").attrs["lang"] == lang
        assert document.find("h1").text.rstrip("¶").strip() == joined_prefixes(title.group(1)), name
    # A page that is only in English is still built, from the English file.
    status = (tmp_path / "site/translation-status/index.html").read_text(encoding="utf-8")
    assert '<h1 id="translation-status">Translation status' in status
