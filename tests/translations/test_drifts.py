"""The toolkit finds, by itself, a word that drifts from the glossary and a button
named by other words than the app shows.

A copy of the real project gets one fault at a time: a concept that the glossaries
did not know before issue 32 said with another word (a heading, or a word inflected
inside a paragraph), or a page that names a button of the app by a label the app
does not show. `python -m translations report --lang LANG` (its `main`, run in
this process) must then exit 1 with a finding at the planted file and line that names the word
expected and the word found. Only what the plant adds counts: the copy's own
findings, if any, are the native readers' to fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import copy_site
from translations.cli import main

# (file, text as the page has it, planted text, words the finding must name)
DRIFTS = [
    # Bulgarian: the command line and the engine.
    ("docs/codes.bg.md", "## Команден ред", "## Конзола", ("команден ред", "Конзола")),
    ("docs/play.bg.md", "същия двигател", "същия механизъм", ("двигател", "механизъм")),
    ("docs/examples.bg.md", "## Ключови моменти", "## Ключови точки", ("момент", "точки")),
    # Hebrew: the key moments and the engine (with a prefix).
    ("docs/examples.he.md", "## רגעי מפתח", "## נקודות מפתח", ("רגע", "נקודות")),
    ("docs/play.he.md", "אותו מנוע", "אותה תוכנה", ("מנוע", "תוכנה")),
    ("docs/codes.he.md", "## שורת הפקודה", "## המסוף", ("שורת הפקודה", "המסוף")),
    # Russian: the key moments and the engine, inflected.
    ("docs/examples.ru.md", "## Ключевые моменты", "## Ключевые эпизоды", ("момент", "эпизоды")),
    ("docs/play.ru.md", "том же движке", "том же ядре", ("движок", "ядре")),
    ("docs/codes.ru.md", "## Командная строка", "## Терминал", ("командная строка", "Терминал")),
    # Turkish: the command line and the engine, inflected; a win is no profit.
    ("docs/codes.tr.md", "## Komut satırı", "## Uçbirim", ("komut satırı", "Uçbirim")),
    ("docs/play.tr.md", "çizen oyun motoruyla", "çizen oyun yazılımıyla", ("motor", "yazılımıyla")),
    ("docs/win-rate.tr.md", "kazanma oranı", "kazanç oranı", ("kazanma", "kazanç")),
]

# (file, text as the page has it, planted text, the label the finding must give)
WRONG_LABELS = [
    ("docs/index.bg.md", "Бутонът „Отначало“", "Бутонът „Нулиране“", "Отначало"),
    ("docs/index.he.md", 'הכפתור "איפוס"', 'הכפתור "אתחול"', "איפוס"),
    ("docs/index.ru.md", "Кнопка «Сначала»", "Кнопка «Заново»", "Сначала"),
    ("docs/index.tr.md", "Sıfırla düğmesi", "Başa dön düğmesi", "Sıfırla"),
    (
        "docs/translators.ru.md",
        "**Сравнение с английским**",
        "**Сверка**",
        "Сравнение с английским",
    ),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_site(tmp_path_factory.mktemp("drifts") / "project")


@pytest.fixture(scope="module")
def unplanted() -> dict[str, list[str]]:
    """The copy's own report per language, before any plant (each computed once)."""
    return {}


def _report(root: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = main(["--root", str(root), "report", "--lang", lang])
    return status, capsys.readouterr().out.splitlines()


def _planted(
    site: Path,
    unplanted: dict[str, list[str]],
    plant: tuple[str, str, str],
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, list[str], int]:
    """The report's exit status and the findings the plant adds, and the planted line."""
    name, right, planted = plant
    path = site / name
    lang = name.split(".")[-2]
    original = path.read_text(encoding="utf-8")
    assert right in original, f"{name} no longer says {right!r}: update the plant"
    line = original[: original.index(right)].count("\n") + 1
    if lang not in unplanted:
        unplanted[lang] = _report(site, lang, capsys)[1]
    before = unplanted[lang]
    try:
        path.write_text(original.replace(right, planted, 1), encoding="utf-8")
        status, after = _report(site, lang, capsys)
    finally:
        path.write_text(original, encoding="utf-8")
    return status, [row for row in after if row not in before], line


@pytest.mark.parametrize(("name", "right", "planted", "words"), DRIFTS)
def test_a_word_that_drifts_from_the_glossary_is_found(
    site: Path,
    unplanted: dict[str, list[str]],
    name: str,
    right: str,
    planted: str,
    words: tuple[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, added, line = _planted(site, unplanted, (name, right, planted), capsys)
    assert status == 1
    here = [row for row in added if row.startswith(f"{name}:{line}: glossary:")]
    expected, found = words
    assert any(expected.casefold() in row.casefold() and found in row for row in here), added


@pytest.mark.parametrize(("name", "right", "planted", "label"), WRONG_LABELS)
def test_a_page_that_names_a_button_the_app_does_not_show_is_found(
    site: Path,
    unplanted: dict[str, list[str]],
    name: str,
    right: str,
    planted: str,
    label: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, added, line = _planted(site, unplanted, (name, right, planted), capsys)
    assert status == 1
    here = [row for row in added if row.startswith(f"{name}:{line}: quote:")]
    shown = planted.strip("*«»").split()[-1].strip('*«»„“”"')
    assert any(f"shows “{label}”" in row and shown in row for row in here), added
