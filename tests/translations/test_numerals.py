"""Numbers as the language writes them: a page or a catalog message whose digit groups or
percent differ from its engine catalog's `number.group`, `number.thousand` and
`number.percent` is found at its line ("100 000" with a plain space, which breaks across
lines where Russian keeps a no-break space; "30%" where Turkish writes "%30"; "1000"
where English writes "1,000" and Russian "1 000")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from crescent.i18n import catalog
from crescent.languages import CODES
from tests.translations.conftest import ROOT, language_of, planted, report_lines
from translations import catalogs
from translations.numerals import Notation, grouped_in, notation

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
    (
        "docs/codes.bg.md",
        "3000",
        f"3{NBSP}000",
        f"“3{NBSP}000” is written “3000” in this language: number.thousand",
    ),
    (
        "docs/win-rate.ru.md",
        f"первых 1{NBSP}000 раздач",
        "первых 1000 раздач",
        f"“1000” is written “1{NBSP}000” in this language (with a no-break space): number.thousand",
    ),
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


INTL = """const [lang, ...numbers] = process.argv.slice(1);
console.log(JSON.stringify(numbers.map((n) => new Intl.NumberFormat(lang).format(Number(n)))));"""
"""Node's Intl (Unicode CLDR): how the Play page's statistics write numbers."""


def _with_notation() -> list[str]:
    """The languages whose engine catalog translates how numbers are written (a language
    just added writes English's, while its translator has not come to them)."""
    return [
        code
        for code in CODES
        if notation(
            catalogs.load(ROOT / "crescent" / "locale" / code / "LC_MESSAGES" / "crescent.po")
        )
    ]


@pytest.mark.parametrize("lang", _with_notation())
def test_the_catalog_groups_digits_as_the_browser_does(lang: str) -> None:
    """The pages and the engine write numbers as the catalog says (`Catalog.grouped`); the
    Play page's statistics as the browser's Intl does: the two agree in every language,
    four digits included (Bulgarian groups only five and more, Turkish four as well)."""
    numbers = [1000, 1376, 12345, 100000, 8031810176]
    done = subprocess.run(
        ["node", "-e", INTL, lang, *map(str, numbers)], capture_output=True, text=True, check=True
    )
    assert [catalog(lang).grouped(n) for n in numbers] == json.loads(done.stdout)


@pytest.mark.parametrize(
    ("text", "english", "misspelt"),
    [
        ("первых 1000 раздач", "first 1,000 deals", [("1000", "1\u00a0000")]),
        ("порт 8000, 1999 год", "port 8000 in 1999", []),
        ("3\u00a0000 позиций", "3,000 positions", []),
    ],
)
def test_four_digits_are_grouped_as_number_thousand_says(
    text: str, english: str, misspelt: list[tuple[str, str]]
) -> None:
    """Russian groups four digits: an ungrouped number is found where English groups it,
    a year or a port is not; Bulgarian groups only five digits and more."""
    russian = Notation("\u00a0", "{value}\u00a0%", "1\u00a0000")
    assert [f[:2] for f in russian.misspelt(text, grouped_in(english))] == misspelt
    bulgarian = Notation("\u00a0", "{value}\u00a0%", "1000")
    found = bulgarian.misspelt("3\u00a0000 и 12\u00a0345")
    assert [f[:2] for f in found] == [("3\u00a0000", "3000")]
