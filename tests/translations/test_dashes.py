"""Spaced dashes: where a glossary names the dash its language sets between words
(`[typography] dash`), a spaced dash of the other kind, or one after a plain space
(which lets a line start with it), is found in pages and catalogs, with how to write it."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.languages import REGISTRY
from tests.translations.conftest import ROOT, planted_findings, report_lines
from translations.dashes import misdashed
from translations.glossary import load_all, parse

NBSP = "\u00a0"
PLANTS = [
    # a plain space before the dash: a line may start with it
    ("docs/about.ru.md", f"Crescent{NBSP}— это", "Crescent — это"),
    # the other dash
    ("docs/index.bg.md", f"{NBSP}– ", f"{NBSP}— "),
    ("crescent/locale/ru/LC_MESSAGES/crescent.po", f"выиграно{NBSP}—", "выиграно –"),
    ("translations/locale/ru/LC_MESSAGES/site.po", f"{NBSP}— ", " — "),
]


SAYS = "between words ([typography] dash)"


def _found(root: Path, lang: str) -> list[str]:
    return [line for line in report_lines(root, lang) if SAYS in line]


def test_the_real_pages_and_catalogs_set_their_dashes_so(project_copy: Path) -> None:
    assert [line for lang in ("bg", "ru") for line in _found(project_copy, lang)] == []


@pytest.mark.parametrize(("name", "right", "wrong"), PLANTS)
def test_a_dash_written_otherwise_is_found_at_its_line(
    project_copy: Path, name: str, right: str, wrong: str
) -> None:
    found, where = planted_findings(project_copy, name, right, wrong, SAYS)
    assert len(found) == 1 and found[0].startswith(where), found


def test_only_a_spaced_dash_between_words_counts() -> None:
    assert misdashed("—", f"слово{NBSP}— слово") == []
    assert misdashed("—", "слово — слово") == ["слово —"]
    assert misdashed("—", f"слово{NBSP}– слово") == ["слово –"]
    # a range, a hyphen, a dash at the start of a line: not a dash between words
    assert misdashed("—", "10–12, из-за, 5 - 3") == []
    assert misdashed("—", "— реплика") == []
    assert misdashed("", "слово — слово") == [], "a language that names no dash"


def test_only_the_languages_that_say_so_are_checked() -> None:
    glossaries = load_all(ROOT / "translations" / "glossary")
    assert {lang: own.dash for lang, own in glossaries.items() if own.dash} == {
        "bg": "–",
        "ru": "—",
    }


def test_a_dash_the_check_does_not_know_is_a_problem_of_the_glossary() -> None:
    russian = next(lang for lang in REGISTRY if lang.code == "ru")
    glossary = parse(Path("ru.toml"), '[typography]\ndash = "-"\n', russian, names=())
    assert glossary.dash == ""
    assert (0, '[typography] dash is \'-\': write "—" or "–"') in glossary.problems
