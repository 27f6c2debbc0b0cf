"""The facts check: a translated block or message that names other numbers or cards than
its English source is found, at its file and line, whatever the language's digit
grouping and card letters; an `[[other-facts]]` entry excuses a block that rightly
words a number otherwise, and only that block."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import ROOT, language_of, planted, report_lines
from translations.facts import difference

# (file, text as it is, planted text, what the finding must say)
PLANTS = [
    ("docs/index.ru.md", "не больше 13 карт", "не больше 12 карт", "lacks 13 and adds 12"),
    ("docs/index.bg.md", "върху R♠", "върху D♠", "lacks R♠ and adds D♠"),
    ("docs/examples.he.md", "כשכל 104 הקלפים", "כשכל 96 הקלפים", "lacks 104 and adds 96"),
    ("docs/win-rate.tr.md", "671.331'dir", "617.331'dir", "lacks 671331 and adds 617331"),
    (
        "crescent/locale/ru/LC_MESSAGES/crescent.po",
        'msgstr "Все {card_total} карты',
        'msgstr "Все 103 карты',
        "entry ui.won: numbers or cards differ from the English message (lacks 104 and adds 103)",
    ),
]


def _report(root: Path, lang: str) -> list[str]:
    return [line for line in report_lines(root, lang) if ": fact: " in line]


def test_the_real_pages_and_catalogs_keep_every_fact(project_copy: Path) -> None:
    assert [line for lang in ("bg", "he", "ru", "tr") for line in _report(project_copy, lang)] == []


@pytest.mark.parametrize(("name", "right", "wrong", "says"), PLANTS)
def test_a_changed_number_or_card_is_found_at_its_line(
    project_copy: Path, name: str, right: str, wrong: str, says: str
) -> None:
    with planted(project_copy / name, right, wrong) as line:
        found = _report(project_copy, language_of(name))
    assert len(found) == 1, found
    # a page's finding is at the planted line; a catalog's at its entry, which `says` names
    where = f"{name}:{line}: fact: " if name.startswith("docs/") else f"{name}:"
    assert found[0].startswith(where) and says in found[0]


def test_an_other_facts_entry_excuses_its_block_only(project_copy: Path) -> None:
    glossary = project_copy / "translations/glossary/bg.toml"
    original = glossary.read_text(encoding="utf-8")
    entry = original.index('[[other-facts]]\nwhere = "index#redeal.1"')
    try:
        glossary.write_text(original[:entry], encoding="utf-8")
        found = _report(project_copy, "bg")
    finally:
        glossary.write_text(original, encoding="utf-8")
    page = (ROOT / "docs/index.bg.md").read_text(encoding="utf-8")
    line = page[: page.index("Бутонът „Преразпределение (остават 3)“")].count("\n") + 1
    assert len(found) == 1 and found[0].startswith(f"docs/index.bg.md:{line}: fact: ")
    assert "(adds 3)" in found[0]


@pytest.mark.parametrize(
    ("english", "translated", "letters", "said"),
    [
        ("100,000 deals", "100 000 раздач", "ТВДК", ""),
        ("100,000 deals", "100.000 dağıtım", "AVQK", ""),
        ("K♠ onto A♠", "Т♠ на К♠", "ТВДК", ""),  # the same cards, in Cyrillic letters
        ("K♠ onto A♠", "R♠ върху A♠", "AVDR", ""),
        ("Q♥ on pile 3", "D♥ върху колона 4", "AVDR", "lacks 3 and adds 4"),
        ("J♦", "V♣", "AVDR", "lacks V♦ and adds V♣"),
        ("`#move-10` and {pile_limit}", "`#move-10` и {pile_limit}", "AVDR", ""),
        ("CR1-N-AAAAAB has 6", "CR1-N-AAAAAB има 6", "AVDR", ""),
    ],
)
def test_facts_are_read_whatever_the_grouping_and_the_letters(
    english: str, translated: str, letters: str, said: str
) -> None:
    own = dict(zip("AJQK", letters, strict=True))
    assert difference(english, translated, own) == said


def test_an_other_facts_entry_that_excuses_nothing_is_found(project_copy: Path) -> None:
    page, glossary = (
        project_copy / "docs/index.bg.md",
        project_copy / "translations/glossary/he.toml",
    )
    originals = {path: path.read_text(encoding="utf-8") for path in (page, glossary)}
    stale = '\n[[other-facts]]\nwhere = "crescent.po#ui.won"\nreason = "none"\n'
    try:
        page.write_text(originals[page].replace(" (остават 3)“", "“", 1), encoding="utf-8")
        glossary.write_text(originals[glossary] + stale, encoding="utf-8")
        found = {
            lang: [line for line in report_lines(project_copy, lang) if "excuses nothing" in line]
            for lang in ("bg", "he")
        }
    finally:
        for path, text in originals.items():
            path.write_text(text, encoding="utf-8")
    assert [line.split(": glossary: ")[1] for line in found["bg"]] == [
        "[[other-facts]] index#redeal.1 excuses nothing: it names the English numbers and "
        "cards, or is gone; remove it"
    ]
    assert len(found["he"]) == 1 and "crescent.po#ui.won excuses nothing" in found["he"][0]
