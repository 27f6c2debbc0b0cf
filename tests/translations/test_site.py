"""The real site, built in strict mode: English originals on translated pages only.

The built site is the session's (`tests/conftest.py::site`), shared with the site and
browser tests; the tests that change the sources build a copy in one language."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.site.conftest import copy_project
from translations import catalogs
from translations.blocks import parse_file

pytestmark = pytest.mark.slow  # reads the built site


def build(project: Path, target: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of `project` into `target`."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(target)],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def read(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def test_a_translated_page_carries_its_english_originals(site: Path) -> None:
    page = read(site, "ru/about")
    assert re.search(r'<p data-tb="layout\.1">Сначала', page)
    panel = re.search(
        r'<div class="tb-panel" id="tb-p-layout\.1"[^>]*hidden>(.*?)</div></div>', page, re.S
    )
    assert panel is not None
    assert '<div class="tb-original" lang="en" dir="ltr"><p>Before the deal' in panel.group(1)
    assert 'aria-label="EN: Показать английский оригинал"' in page
    assert 'aria-controls="tb-p-layout.1"' in page
    assert '<p class="tb-hint">Сравнивайте с английским: нажмите на абзац' in page
    assert '<dialog class="tb-dialog"' in page and ">Закрыть</button>" in page
    assert "<!-- tb:" not in page


def test_hebrew_controls_are_in_hebrew_and_the_english_left_to_right(site: Path) -> None:
    page = read(site, "he/about")
    assert 'aria-label="EN: הצגת המקור באנגלית"' in page
    assert page.count('class="tb-original" lang="en" dir="ltr"') == page.count("data-tb=")
    assert '<div class="tb-dialog-body md-typeset" lang="en" dir="ltr">' in page


def test_english_pages_have_no_controls(site: Path) -> None:
    page = read(site, "about")
    assert "data-tb=" not in page and "tb-dialog" not in page and "<!-- tb:" not in page


def test_the_search_index_holds_no_english_originals(site: Path) -> None:
    index = (site / "ru" / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "Before the deal" not in index


def test_the_report_and_the_glossary_pages(site: Path) -> None:
    # Each cell ends with a line break, for the search's index (hooks/search.py).
    status = read(site, "translation-status").replace("</th>\n", "</th>")
    assert "<th>Page</th><th>bg</th><th>he</th><th>ru</th><th>tr</th>" in status
    guide = read(site, "he/translators")
    assert '<th scope="col" lang="he" dir="rtl">עברית</th>' in guide
    assert '<td lang="bg" dir="ltr">колона</td>' in guide
    assert "<code>купчин*</code> → колона" in guide


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A copy of the site's sources that a test may change (the packages are linked)."""
    return copy_project(tmp_path / "project")


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_changed_english_paragraph_marks_its_section_only(project: Path, tmp_path: Path) -> None:
    """And a block not translated yet (a page in progress) is marked English."""
    replace(
        project / "docs" / "about.md",
        "The kings are set in a row, with",
        "The kings are set out in a row, with",
    )
    english = parse_file(project / "docs" / "about.md")
    russian = parse_file(project / "docs" / "about.ru.md")
    intro = next(i for i, block in enumerate(english) if block.id == "introduction.1")
    replace(project / "docs" / "about.ru.md", russian[intro].text, english[intro].text)
    done = build(project, tmp_path / "site", CRESCENT_ONLY_LANG="ru")
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "site" / "about" / "index.html").read_text(encoding="utf-8")
    assert page.count('class="tb-outdated"') == 1
    layout, play = page.index('<h2 id="layout"'), page.index('<h2 id="play"')
    words = catalogs.load(project / "translations/locale/ru/LC_MESSAGES/site.po")["outdated.notice"]
    notice = page.index(f'<p class="tb-outdated" role="note">{words.text}')
    assert layout < notice < play
    assert "The kings are set out in a row" in page
    marked = re.findall(r'<(\w+)[^>]* lang="en" dir="ltr">([^<]{20})', page)
    assert marked == [("p", english[intro].text[:20])], "the untranslated paragraph alone"
    assert 'data-tb="introduction.1"' not in page, "no English original to compare with"
    status = (tmp_path / "site" / "translation-status" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<th>([a-z]{2})</th>", status) == ["ru"], "a preview reports its language"
    assert "docs/about.ru.md" in status and "docs/about.he.md" not in status


def test_a_structure_mismatch_fails_the_build_with_both_sides(
    project: Path, tmp_path: Path
) -> None:
    replace(project / "docs" / "about.ru.md", "## Игра {#play}", "## Игра {#game}")
    done = build(project, tmp_path / "site", CRESCENT_ONLY_LANG="ru")
    assert done.returncode != 0
    assert (
        "docs/about.ru.md:11: structure: heading ## {#game} where docs/about.md:11 has "
        "heading ## {#play}"
    ) in done.stderr
