"""Numbers as the language writes them: a page or a catalog message whose digit groups or
percent differ from its engine catalog's `number.group` and `number.percent` is found at
its line ("100 000" with a plain space, which breaks across lines where Russian keeps a
no-break space; "30%" where Turkish writes "%30")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import language_of, planted, report_lines
from translations.numerals import Notation

NBSP = "\u00a0"

# (file, text as it is, planted text, what the finding must say)
PLANTS = [
    (
        "docs/win-rate.ru.md",
        f"100{NBSP}000",
        "100 000",
        f"“100 000” is written “100{NBSP}000” in this language (with a no-break space): "
        "number.group in crescent/locale/ru/LC_MESSAGES/crescent.po",
    ),
    (
        "docs/win-rate.bg.md",
        f"30{NBSP}%",
        "30%",
        f"“30%” is written “30{NBSP}%” in this language (with a no-break space): number.percent",
    ),
    ("docs/win-rate.tr.md", "%30", "30%", "“30%” is written “%30” in this language: "),
    ("docs/win-rate.he.md", "671,331", "671.331", "“671.331” is written “671,331”"),
    ("docs/win-rate.md", "guesses 30%", "guesses 30 %", "“30 %” is written “30%”"),
    (
        "crescent/locale/ru/LC_MESSAGES/crescent.po",
        "Оценка одного издателя для Crescent Four: {rate}",
        "Оценка одного издателя для Crescent Four: 30%",
        f"entry winrate.guess: “30%” is written “30{NBSP}%”",
    ),
]


def _found(root: Path, lang: str | None) -> list[str]:
    return [line for line in report_lines(root, lang) if "is written" in line]


def test_the_real_pages_and_catalogs_write_numbers_as_their_language(project_copy: Path) -> None:
    assert _found(project_copy, None) == []


@pytest.mark.parametrize(("name", "right", "wrong", "says"), PLANTS)
def test_a_number_written_otherwise_is_found_at_its_line(
    project_copy: Path, name: str, right: str, wrong: str, says: str
) -> None:
    with planted(project_copy / name, right, wrong) as line:
        found = _found(project_copy, None if name == "docs/win-rate.md" else language_of(name))
    assert len(found) == 1, found
    # a page's finding is at the planted line; a catalog's at its entry, which `says` names
    where = f"{name}:{line}: glossary: " if name.startswith("docs/") else f"{name}:"
    assert found[0].startswith(where) and says in found[0], found[0]


@pytest.mark.parametrize(
    ("text", "misspelt"),
    [
        ("671 331 positions, 30 %", [("671 331", "671,331"), ("30 %", "30%")]),
        ("671,331 positions, 30%, 12.5 s, 104 cards", []),
        ("`100 000` and [a link](https://x/30 %) and {value} %", []),
    ],
)
def test_code_links_and_fields_are_left_out(text: str, misspelt: list[tuple[str, str]]) -> None:
    english = Notation(",", "{value}%")
    assert [found[:2] for found in english.misspelt(text)] == misspelt
