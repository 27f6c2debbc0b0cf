"""One word per concept: each drift the pages once had fails `make translations` again.

A copy of the real project gets the planted drifts (the words the pages and catalogs
used before the glossaries decided them), all at once, each in a place of its own, and
the real command `python -m translations report` must exit 1 naming each planted word,
its file and its line. The unplanted copy reports nothing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.translations.conftest import KNOWN_COMPLETE, ROOT, copy_site, is_gap
from translations import report
from translations.project import Project

pytestmark = pytest.mark.slow  # the report over two copies of the project

# (language, file under the project, text as the page or catalog has it, planted text)
PLANTS = [
    # Bulgarian: the suit after "основа" takes "на".
    (
        "bg",
        "docs/index.bg.md",
        "на възходящата основа на купа",
        "на възходящата основа купа",
    ),
    # Bulgarian: the layout code is "код на разположение", not "подредба".
    ("bg", "crescent/locale/bg/LC_MESSAGES/crescent.po", "Разположение на Crescent", "Подредба"),
    # Hebrew: a blocked game is תקוע, not חסום.
    ("he", "crescent/locale/he/LC_MESSAGES/crescent.po", 'msgstr "תקוע"', 'msgstr "חסום"'),
    # Hebrew: a won game ends בניצחון; not המשחק נוצח.
    ("he", "docs/index.he.md", "המשחק הסתיים בניצחון", "המשחק נוצח"),
    # Hebrew: a position is עמדה.
    ("he", "docs/index.he.md", "העמדות הקטנות", "מצבי המשחק"),
    # Russian: a blocked game is в тупике.
    ("ru", "docs/index.ru.md", "Партия заходит в тупик", "Партия заблокирована"),
    # Russian: the game is Crescent, not Полумесяц.
    ("ru", "docs/about.ru.md", "Crescent\u00a0— это карточный", "Полумесяц\u00a0— это"),
    # Russian: бубён, not бубен.
    ("ru", "docs/index.ru.md", "основа бубён", "основа бубен"),
    # Turkish: şema, not diyagram; konum, not pozisyon; the adjective first.
    ("tr", "docs/index.tr.md", "şemaları", "diyagramları"),
    ("tr", "docs/play.tr.md", "konumun", "pozisyonun"),
    (
        "tr",
        "crescent/locale/tr/LC_MESSAGES/crescent.po",
        "yükselen maça temeli",
        "maça yükselen temeli",
    ),
]


def _report(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "translations", "--root", str(root), "report"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_site(tmp_path_factory.mktemp("one-word") / "project")


def test_the_copy_without_a_plant_reports_nothing(project: Path) -> None:
    found = report.collect(Project.at(project)).findings
    if {f.lang for f in found} <= KNOWN_COMPLETE:
        result = _report(project)
        assert result.returncode == 0, result.stdout + result.stderr
    else:  # a language in progress: nothing but its gaps
        assert [f.text() for f in found if f.lang in KNOWN_COMPLETE or not is_gap(f)] == []


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], str, int]:
    """Another copy with every plant at once (each in its own place: the lines stay), and
    what one run of the report said: the copy's files as they were, its output, its code."""
    copy = copy_site(tmp_path_factory.mktemp("planted") / "project")
    originals = {}
    for _, name, right, planted_text in PLANTS:
        path = copy / name
        text = path.read_text(encoding="utf-8")
        originals.setdefault(name, text)
        assert right in text, f"{name} no longer says {right!r}: update the plant"
        path.write_text(text.replace(right, planted_text, 1), encoding="utf-8")
    result = _report(copy)
    return originals, result.stdout, result.returncode


@pytest.mark.parametrize(("lang", "name", "right", "planted_text"), PLANTS)
def test_a_planted_drift_fails_the_report(
    planted: tuple[dict[str, str], str, int], lang: str, name: str, right: str, planted_text: str
) -> None:
    originals, stdout, returncode = planted
    original = originals[name]
    line = original[: original.index(right)].count("\n") + 1
    assert returncode == 1
    # A catalog finding names the entry's first line, just above its msgstr.
    lines = {f"{name}:{line}:", f"{name}:{line - 1}:"}
    findings = [
        row
        for row in stdout.splitlines()
        if "glossary:" in row and any(row.startswith(place) for place in lines)
    ]
    assert any(word.strip('"') in row for row in findings for word in planted_text.split()), stdout
    assert all(f"/{lang}/" in row or f".{lang}.md" in row for row in findings)
