"""Markup left open in translating (a code span or bold not closed, a bracket or
parenthesis without its pair) is a structure finding at the block's line: Markdown
shows the marks as text, or runs code or bold on, and the strict build passes. So is a
quotation mark without its pair, by the language's marks, in pages and messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import ROOT, planted_findings
from translations.balance import faults
from translations.glossary import load_all, parse
from translations.project import Project


def test_a_balanced_block_has_no_fault_and_code_spans_hide_their_marks() -> None:
    assert faults("**Bold** and `code with ( and **` and [a link](#x).") == []
    assert faults("`open") == ["an odd number of ` (a code span not closed)"]


@pytest.mark.parametrize(
    ("name", "right", "wrong", "says"),
    [
        ("docs/translators.bg.md", "`glossary`", "`glossary", "a code span not closed"),
        ("docs/translators.he.md", "**השוואה לאנגלית**", "**השוואה לאנגלית", "bold not closed"),
        ("docs/index.ru.md", "(вверх или вниз)", "(вверх или вниз", "a ( or ) without its pair"),
        ("docs/index.tr.md", "[Temeller](#foundations)", "Temeller](#foundations)", "a [ or ]"),
    ],
)
def test_markup_left_open_is_found_at_its_line(
    project_copy: Path, name: str, right: str, wrong: str, says: str
) -> None:
    found, start = planted_findings(project_copy, name, right, wrong, "markup left open")
    assert len(found) == 1 and says in found[0], found
    assert found[0].startswith(start.replace(": glossary: ", ": structure: ")), found


@pytest.mark.parametrize(
    ("name", "right", "wrong", "says"),
    [
        (
            "docs/index.ru.md",
            "«Эта стопка заполнена; выберите другое место»",
            "«Эта стопка заполнена; выберите другое место",
            "a quotation mark « or » without its pair",
        ),
        (
            "docs/index.he.md",
            '"הערימה הזו מלאה; בחרו יעד אחר"',
            '"הערימה הזו מלאה; בחרו יעד אחר',
            'an odd number of quotation marks "',
        ),
        (
            "crescent/locale/bg/LC_MESSAGES/crescent.po",
            "„{text}“",
            "„{text}",
            "card.too-short: a quotation mark „ or “ without its pair",
        ),
        (
            "crescent/locale/bg/LC_MESSAGES/crescent.po",
            "Преразпределение (остава {count})",
            "Преразпределение (остава {count}",
            "redeal.button: a ( or ) without its pair",
        ),
        (
            "crescent/locale/tr/LC_MESSAGES/crescent.po",
            "“{text}”",
            "{text}”",
            "card.too-short: a quotation mark “ or ” without its pair",
        ),
    ],
)
def test_a_quotation_mark_or_parenthesis_without_its_pair_is_found_in_pages_and_messages(
    project_copy: Path, name: str, right: str, wrong: str, says: str
) -> None:
    """The pairs are each glossary's `[typography] quotes`; Hebrew's straight " both opens
    and closes, so it must come an even number of times."""
    found, start = planted_findings(project_copy, name, right, wrong, says)
    assert len(found) == 1, found
    if name.startswith("docs/"):
        assert found[0].startswith(start.replace(": glossary: ", ": structure: ")), found
    else:
        assert found[0].startswith(start) and ": structure: " in found[0], found


def test_quotes_that_are_not_pairs_of_marks_are_a_problem() -> None:
    glossary = load_all(ROOT / "translations" / "glossary")["ru"]
    text = glossary.path.read_text(encoding="utf-8")
    broken = text.replace('quotes = [["«", "»"], ["„", "“"]]', 'quotes = ["«»"]')
    language = Project.at(ROOT).language("ru")
    problems = [problem for _, problem in parse(glossary.path, broken, language).problems]
    assert problems == ['[typography] quotes must be pairs of marks, such as quotes = [["«", "»"]]']
