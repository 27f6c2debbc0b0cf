"""A suffix written onto a card or a `{field}` is found where the glossary says they take
none (Turkish: its vowel follows how the reader voices "A♠" or any number, which the
text cannot know; a native reader found "A♠'sı … K♠'sinin" and "{pile_count}'ya")."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.languages import REGISTRY
from tests.translations.conftest import planted_findings, report_lines
from translations.glossary import load_all, parse

PLANTS = [
    ("docs/index.tr.md", "A♠ kartı 14. sütundaki K♠ kartının", "A♠'sı 14. sütunun K♠'sinin"),
    # {pile_count} is always 16 and read so ("16'ya" is right); {moves} is any number
    (
        "crescent/locale/tr/LC_MESSAGES/crescent.po",
        "{moves} hamlede kazanıldı",
        "{moves}'de kazanıldı",
    ),
]


SAYS = "a suffix on a card or a field"


def _found(root: Path, lang: str) -> list[str]:
    return [line for line in report_lines(root, lang) if SAYS in line]


def test_the_real_pages_and_catalogs_put_no_suffix_on_a_card_or_a_field(project_copy: Path) -> None:
    assert [line for lang in ("bg", "he", "ru", "tr") for line in _found(project_copy, lang)] == []


@pytest.mark.parametrize(("name", "right", "wrong"), PLANTS)
def test_a_suffix_on_a_card_or_a_field_is_found(
    project_copy: Path, name: str, right: str, wrong: str
) -> None:
    found, where = planted_findings(project_copy, name, right, wrong, SAYS)
    suffixed = [part for part in wrong.split() if "'" in part and ("{" in part or "♠" in part)]
    assert len(found) == len(suffixed), found
    assert all(line.startswith(where) for line in found), found


def test_only_a_language_that_says_so_is_checked() -> None:
    glossaries = load_all(Path(__file__).resolve().parents[2] / "translations" / "glossary")
    assert {lang for lang, own in glossaries.items() if own.no_suffix_on} == {"tr"}


def test_a_kind_the_check_does_not_know_is_a_problem_of_the_glossary() -> None:
    turkish = next(lang for lang in REGISTRY if lang.code == "tr")
    text = '[numbers]\nno-suffix-on = ["cards", "words"]\n'
    glossary = parse(Path("tr.toml"), text, turkish, names=())
    assert glossary.no_suffix_on == {"cards"}
    assert (0, '[numbers] no-suffix-on names \'words\': write "cards" or "fields"') in (
        glossary.problems
    )
