"""Markup left open in translating (a code span or bold not closed, a bracket or
parenthesis without its pair) is a structure finding at the block's line: Markdown
shows the marks as text, or runs code or bold on, and the strict build passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import planted_findings
from translations.balance import faults


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
