"""Calques: a phrase a glossary's `[[calques]]` names is found in pages and catalogs, at
its file and line, with what to write instead; a calque entry must say all three. A
spelling rule's `[[spelling]]` (a regular expression) is found the same way, and a rule
for the words of buttons (`[[buttons]]`) in the messages the English catalog flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import ROOT, language_of, planted, report_lines
from translations.glossary import load_all, parse
from translations.project import Project

# (file, text as it is, planted calque, what the finding must say)
PLANTS = [
    (
        "docs/win-rate.bg.md",
        "Към края на игра",
        "Късно в игра",
        "“Късно в игра” is a calque (of “late in a game”): write към края на игра",
    ),
    (
        "docs/play.he.md",
        "בלי קשר לשפת הדף",
        "בכל שפה של הדף",
        "“בכל שפה של הדף” is a calque",
    ),
    (
        "crescent/locale/bg/LC_MESSAGES/crescent.po",
        "зареждането продължи твърде дълго",
        "зареждането отне твърде дълго",
        "ui.error.timeout: “отне твърде дълго” is a calque",
    ),
    (  # a pattern whose first word is a suffix (`*bilir`): any verb with "may" twice
        "crescent/locale/tr/LC_MESSAGES/crescent.po",
        "kazanmak yine de mümkün olabilir",
        "yine de kazanılabilir olabilir",
        "hint.unknown: “kazanılabilir olabilir” is a calque",
    ),
    (  # an identifier's number (or field) running into a noun that reads as counted
        "crescent/locale/ru/LC_MESSAGES/crescent.po",
        "В раздаче из записи стопка {pile} содержит",
        "В стопке {pile} раздачи из записи есть",
        "record.deal-card: “стопке {pile} раздачи” is a calque",
    ),
    (
        "docs/index.ru.md",
        "А положить карту на 8♣ стопки 6 нельзя",
        "На 8♣ стопки 6 карта не кладётся",
        "“стопки 6 карта” is a calque",
    ),
    (  # a spelling rule: a Hebrew prefix joins a quotation mark without a hyphen
        "docs/translators.he.md",
        'הפך ל"12"',
        'הפך ל-"12"',
        '“ל-"” breaks a spelling rule',
    ),
    (
        "crescent/locale/he/LC_MESSAGES/crescent.po",
        "בשפה שנבחרה עם --lang",
        "בשפה שנבחרה ב---lang",
        "cli.help: “ב---” breaks a spelling rule",
    ),
    (  # a spelling rule: Turkish sets no plural suffix apart with an apostrophe
        "docs/about.tr.md",
        "Papazlar bir sıraya",
        "Papaz'lar bir sıraya",
        "“Papaz'lar” breaks a spelling rule (TDK never sets the plural suffix apart",
    ),
    (
        "crescent/locale/tr/LC_MESSAGES/crescent.po",
        "kazanmak yine de mümkün olabilir",
        "kazanmak Papaz’lar ile yine de mümkün olabilir",
        "hint.unknown: “Papaz’lar” breaks a spelling rule",
    ),
    (  # a button's words (flagged `#, button` in English) in the plural imperative
        "crescent/locale/bg/LC_MESSAGES/crescent.po",
        '"Изтегли записа"',
        '"Изтеглете записа"',
        "play.download: “Изтеглете записа” are a button's words and break a rule for buttons",
    ),
    (
        "crescent/locale/ru/LC_MESSAGES/crescent.po",
        '"Скачать запись"',
        '"Скачайте запись"',
        "play.download: “Скачайте запись” are a button's words and break a rule for buttons",
    ),
    (
        "crescent/locale/he/LC_MESSAGES/crescent.po",
        '"העתקה"',
        '"העתיקו"',
        "play.copy: “העתיקו” are a button's words and break a rule for buttons",
    ),
    (
        "crescent/locale/tr/LC_MESSAGES/crescent.po",
        '"Kaydı indir"',
        '"Kaydı indirin"',
        "play.download: “Kaydı indirin” are a button's words and break a rule for buttons",
    ),
]


@pytest.mark.parametrize(("name", "right", "calque", "says"), PLANTS)
def test_a_calque_is_found_where_it_is(
    project_copy: Path, name: str, right: str, calque: str, says: str
) -> None:
    lang = language_of(name)
    before = report_lines(project_copy, lang)
    with planted(project_copy / name, right, calque) as line:
        found = [
            row
            for row in report_lines(project_copy, lang)
            if row not in before and ": glossary: " in row
        ]
    assert len(found) == 1, found
    assert found[0].startswith(f"{name}:") and says in found[0]
    if name.startswith("docs/"):
        assert found[0].startswith(f"{name}:{line}: glossary: ")


def test_a_calque_entry_without_its_reason_is_a_problem() -> None:
    glossary = load_all(ROOT / "translations" / "glossary")["bg"]
    text = glossary.path.read_text(encoding="utf-8")
    broken = text.replace('reason = "of “late in a game”"', "")
    language = Project.at(ROOT).language("bg")
    problems = [problem for _, problem in parse(glossary.path, broken, language).problems]
    assert problems == ["[[calques]] късно в игра*: give a pattern, write and reason"]


@pytest.mark.parametrize(
    ("lang", "right", "broken", "table", "error"),
    [
        ("tr", "l[ae]r", "l[ae", "[[spelling]] (?<!", "unterminated character set"),
        ("bg", "(?:йте|ете)", "(?:йте|ете", "[[buttons]] ^(?:Или )", "missing ), unterminated"),
    ],
)
def test_a_rule_that_is_no_regular_expression_is_a_problem(
    lang: str, right: str, broken: str, table: str, error: str
) -> None:
    """A spelling rule's or a rule for buttons' `regex` that Python cannot compile."""
    glossary = load_all(ROOT / "translations" / "glossary")[lang]
    text = glossary.path.read_text(encoding="utf-8").replace(right, broken, 1)
    language = Project.at(ROOT).language(lang)
    problems = [problem for _, problem in parse(glossary.path, text, language).problems]
    assert len(problems) == 1 and problems[0].startswith(table), problems
    assert f"not a regular expression ({error}" in problems[0], problems
