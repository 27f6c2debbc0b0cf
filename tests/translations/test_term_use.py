"""A glossary term that the language's pages and messages never write (a split)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import edit, report_lines
from translations.term_use import inflected


@pytest.mark.parametrize(
    ("written", "term", "prefixes", "same"),
    [
        ("бубён", "бубны", "", True),
        ("стопок", "стопка", "", True),
        ("sayacı", "sayaç", "", True),
        ("Translators", "translator", "", True),
        ("a win", "win (the noun)", "", True),
        ("בערימה", "ערימה", "הבלמשוכ", True),
        ("העליון", "הקלף העליון", "הבלמשוכ", True),
        ("номеру", "номерная", "", False),
        ("нумерованная", "номерная", "", False),
        ("колонка", "стопка", "", False),
    ],
)
def test_an_ending_is_the_same_word_another_word_is_not(
    written: str, term: str, prefixes: str, same: bool
) -> None:
    assert inflected(written, term, prefixes) is same


def test_a_term_no_page_writes_is_found(project_copy: Path) -> None:
    glossary = project_copy / "translations" / "glossary" / "ru.toml"
    right, wrong = 'term = "нумерованная (раздача)"', 'term = "номерная (раздача)"'
    assert not [line for line in report_lines(project_copy, "ru") if "is written on no" in line]
    edit(glossary, right, wrong)
    try:
        [finding] = [
            line for line in report_lines(project_copy, "ru") if "is written on no" in line
        ]
    finally:
        edit(glossary, wrong, right)
    assert finding.startswith("translations/glossary/ru.toml:")
    assert "the term of numbered, “номерная (раздача)”" in finding
    assert "“нумерованная”" in finding or "“пронумерованы”" in finding


def unused(root: Path) -> list[str]:
    """The report's lines about Russian terms the site never writes."""
    return [line for line in report_lines(root, "ru") if "is written on no" in line]
