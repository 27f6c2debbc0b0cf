"""The toolkit finds, by itself, a word that drifts from the glossary and a button
named by other words than the app shows.

A copy of the real project gets faults: a concept that the glossaries did not know
before issue 32 said with another word (a heading, or a word inflected inside a
paragraph), or a page that names a button of the app by a label the app does not show.
The faults of one language go in at once, each in a file of its own, so that none moves
or hides another's line. `python -m translations report --lang LANG` (its `main`, run
in this process) must then exit 1 with a finding at each planted file and line that
names the word expected and the word found. Only what the plants add counts: the copy's
own findings, if any, are the native readers' to fix.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from tests.translations.conftest import ROOT, copy_site, language_of
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
    ("docs/index.ru.md", "Кнопка «Начать сначала»", "Кнопка «Заново»", "Начать сначала"),
    ("docs/index.tr.md", "Sıfırla düğmesi", "Başa dön düğmesi", "Sıfırla"),
    (
        "docs/translators.ru.md",
        "**Сравнение с английским**",
        "**Сверка**",
        "Сравнение с английским",
    ),
]


def _report(root: Path, lang: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["--root", str(root), "report", "--lang", lang])
    return status, out.getvalue().splitlines()


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, list[str]]]:
    """Per language, the report's exit status over a copy with every plant of that language
    (each in a file of its own: no plant moves or hides another's line), and the findings
    the plants add to the copy's own report. Each case looks for its own finding at its
    own file and line: two reports a language, not two a case."""
    site = copy_site(tmp_path_factory.mktemp("drifts") / "project")
    plants = [plant[:3] for plant in DRIFTS + WRONG_LABELS]
    found = {}
    for lang in sorted({language_of(name) for name, _, _ in plants}):
        own = [plant for plant in plants if language_of(plant[0]) == lang]
        assert len({name for name, _, _ in own}) == len(own), "one plant a file"
        before = _report(site, lang)[1]
        originals = {name: (site / name).read_text(encoding="utf-8") for name, _, _ in own}
        try:
            for name, right, wrong in own:
                assert right in originals[name], f"{name} no longer says {right!r}: update it"
                assert "\n" not in right + wrong
                text = originals[name].replace(right, wrong, 1)
                (site / name).write_text(text, encoding="utf-8")
            status, after = _report(site, lang)
        finally:
            for name, text in originals.items():
                (site / name).write_text(text, encoding="utf-8")
        found[lang] = (status, [row for row in after if row not in before])
    return found


def _planted(
    reports: dict[str, tuple[int, list[str]]], name: str, right: str
) -> tuple[int, list[str], int]:
    """The report's exit status and the findings the plants of the page's language add,
    and the planted line."""
    original = (ROOT / name).read_text(encoding="utf-8")
    line = original[: original.index(right)].count("\n") + 1
    return *reports[language_of(name)], line


@pytest.mark.parametrize(("name", "right", "planted", "words"), DRIFTS)
def test_a_word_that_drifts_from_the_glossary_is_found(
    reports: dict[str, tuple[int, list[str]]],
    name: str,
    right: str,
    planted: str,
    words: tuple[str, str],
) -> None:
    status, added, line = _planted(reports, name, right)
    assert status == 1
    here = [row for row in added if row.startswith(f"{name}:{line}: glossary:")]
    expected, found = words
    assert any(expected.casefold() in row.casefold() and found in row for row in here), added


@pytest.mark.parametrize(("name", "right", "planted", "label"), WRONG_LABELS)
def test_a_page_that_names_a_button_the_app_does_not_show_is_found(
    reports: dict[str, tuple[int, list[str]]], name: str, right: str, planted: str, label: str
) -> None:
    status, added, line = _planted(reports, name, right)
    assert status == 1
    here = [row for row in added if row.startswith(f"{name}:{line}: quote:")]
    shown = planted.strip("*«»").split()[-1].strip('*«»„“”"')
    assert any(f"shows “{label}”" in row and shown in row for row in here), added
