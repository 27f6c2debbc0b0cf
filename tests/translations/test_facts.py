"""The facts check: a translated block or message that names other numbers or cards than
its English source is found, at its file and line, whatever the language's digit
grouping and card letters; an `[[other-facts]]` entry excuses a block that rightly
words a number otherwise, and only that block."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.translations.conftest import ROOT, edit, language_of, planted, report_lines
from translations import check, report
from translations.facts import difference
from translations.project import Project
from translations.spelled import NONE, Spelled

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
        "entry ui.won: numbers, cards or negations differ from the English message "
        "(lacks 104 and adds 103)",
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
    entry = re.search(r'\[\[other-facts\]\]\nwhere = "index#redeal\.1"\nreason = .*\n', original)
    assert entry is not None
    try:
        glossary.write_text(original.replace(entry.group(), "", 1), encoding="utf-8")
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


def _spelled(lang: str) -> tuple[Spelled, Spelled]:
    found = check.glossaries(Project.at(ROOT))
    return found["en"].spelled, found[lang].spelled


@pytest.mark.parametrize(
    ("lang", "english", "translated", "said"),
    [
        # a number in words is the number's fact: "one rank" lost its "one" (a false rule)
        ("bg", "Must be one rank higher or lower", "Трябва да е с една стойност по-висока", ""),
        ("bg", "Must be one rank higher or lower", "Трябва да е със стойност по-висока", "lacks 1"),
        ("ru", "2 decks", "двумя колодами", ""),  # the language's words answer digits too
        ("ru", "a pile of two or more cards", "стопка из 3 или более карт", "lacks 2 and adds 3"),
        ("tr", "Only one card moves", "Yalnızca bir kart hareket eder", ""),
        ("tr", "a card", "bir kart", ""),  # an article-like "one" is never a fact of its own
        ("he", "13 cards", "שלוש עשרה קלפים", ""),  # a phrase is read before its words
        ("he", "four ascending", "ארבע עולות", ""),
        ("he", "four ascending", "עולות", "lacks 4"),
        ("bg", "this one has 6", "тази има 6", ""),  # English's not-counted: no number
        ("ru", "one line per deal", "строка на раздачу", ""),
        # a word that denies is a fact: "can" for "cannot" says the opposite
        ("ru", "Cannot place on an empty pile", "Нельзя класть на пустую стопку", ""),
        ("ru", "Cannot place on an empty pile", "Можно класть на стопку", "lacks a negation"),
        ("tr", "The record cannot be read", "Kayıt okunamıyor", ""),
        ("tr", "The record cannot be read", "Kayıt okunuyor", "lacks a negation"),
        ("he", "No redeals", "אין חלוקות מחדש", ""),
        ("he", "No redeals", "חלוקות מחדש", "lacks a negation"),
        ("bg", "It never goes back", "Никога не се връща", ""),  # denied twice, as bg does
        ("bg", "It never goes back", "Връща се", "lacks a negation"),
    ],
)
def test_a_number_in_words_or_a_negation_is_a_fact_in_either_language(
    lang: str, english: str, translated: str, said: str
) -> None:
    letters = check.glossaries(Project.at(ROOT))[lang].letters
    assert difference(english, translated, letters, _spelled(lang)) == said


def test_a_translation_that_drops_a_number_word_is_found_at_its_line(project_copy: Path) -> None:
    """The Russian refusal says "на одно значение выше или ниже" for "one rank higher or
    lower"; without "одно" it states a false rule (any higher card), and is found."""
    name = "crescent/locale/ru/LC_MESSAGES/crescent.po"
    with planted(project_copy / name, "на одно значение", "на значение"):
        found = _report(project_copy, "ru")
    assert len(found) == 1 and found[0].startswith(f"{name}:"), found
    assert "entry reason.adjacent-rank: numbers, cards or negations differ" in found[0]
    assert "(lacks 1)" in found[0]


def test_malformed_number_words_are_named_in_the_glossary(project_copy: Path) -> None:
    glossary = project_copy / "translations/glossary/ru.toml"
    with planted(glossary, "[numbers.words]\n", '[numbers.words]\nmany = "много"\n'):
        found = [line for line in report_lines(project_copy, "ru") if "[numbers] words" in line]
    assert len(found) == 1, found
    assert "many = 'много' must be a number and a list of patterns in brackets" in found[0]


def test_a_phrase_is_read_before_a_longer_single_word() -> None:
    """ "on bir" is 11, though the pattern of 1 is longer than the phrase (a native
    reader's finding: read by length, "on bir" was 10 and 1)."""
    spelled = Spelled((("1", "bir|birinden|birinde"), ("10", "on"), ("11", "on bir")))
    assert spelled.count("on bir kart, on kart") == Counter({"11": 1, "10": 1})


def test_a_translation_that_drops_a_negation_is_found(project_copy: Path) -> None:
    """The Russian refusal "Нельзя класть на пустую стопку" made "Можно…" (may) says the
    opposite of "Cannot place on an empty pile", and is found."""
    name = "crescent/locale/ru/LC_MESSAGES/crescent.po"
    with planted(project_copy / name, "Нельзя класть", "Можно класть"):
        found = _report(project_copy, "ru")
    assert len(found) == 1 and "entry reason.empty-pile: " in found[0], found
    assert "(lacks a negation)" in found[0]


def test_malformed_negation_words_are_named_in_the_glossary(project_copy: Path) -> None:
    glossary = project_copy / "translations/glossary/bg.toml"
    original = glossary.read_text(encoding="utf-8")
    table = original.index("\n[negation]\n")
    listed = re.compile(r"(?m)^words = \[.*?\]$", re.S).search(original, table)
    assert listed is not None
    with planted(glossary, listed.group(), 'words = "не"'):
        found = [line for line in report_lines(project_copy, "bg") if "[negation]" in line]
    assert len(found) == 1 and "[negation] words must be a list in brackets" in found[0], found


def test_a_language_without_words_yet_is_told_which_to_list() -> None:
    """A new language's glossary starts with no number words and no negations: a block
    that says "one" or "cannot" in words may be right, and the finding says what to list
    (a number the English writes in digits needs no word)."""
    english = check.glossaries(Project.at(ROOT))["en"].spelled
    said = difference("It cannot go on one pile of 104", "Es geht auf Stapel", {}, (english, NONE))
    assert said == "lacks 1, 104, a negation; the glossary lists no words for 1, a negation yet"


def test_a_block_still_in_english_is_not_held_to_the_languages_words(project: Project) -> None:
    """A new language's page copied from English says what English says, in English's
    words: no check of the language's facts, terms, card letters or quotes applies to it
    (a helper adding Polish was told an untouched English paragraph "lacks 1, 1, 6, 6";
    one adding Persian got 200 glossary and 14 quote findings on such blocks). Changed,
    a block is checked as before."""
    english, russian = project.source("rules"), project.translation("rules", "ru")
    said = "Only one card moves at a time."
    edit(english, "There are 3 redeals per game.", f"There are 3 redeals per game.\n\n{said}")
    edit(russian, "3 пересдачи.", f"3 пересдачи.\n\n{said}")
    piles = "A pile holds at most 13 cards: “This pile is full; choose another place”."
    edit(
        russian, "В стопке не больше 13 карт: «Эта стопка заполнена; выберите другое место».", piles
    )
    checked = ("fact", "glossary", "quote")
    findings = [f for f in report.collect(project).findings if f.category in checked]
    assert findings == []
    edit(russian, said, "Only a card moves at a time.")
    edit(russian, piles, piles.replace("A pile", "The pile"))
    findings = [f for f in report.collect(project).findings if f.category in checked]
    assert {"fact", "quote"} <= {f.category for f in findings}, findings
    assert any("(lacks 1)" in f.message for f in findings)


def test_a_number_in_the_languages_own_digits_is_the_same_fact() -> None:
    """Persian writes ۱۰۴ for 104 (and ٬ between groups): a helper adding Persian was told
    its paragraph "lacks 104, 16 ... and adds ۱۰۴, ۱۶"."""
    english = "There are 104 cards in 16 piles of 6, and 100,000 deals."
    assert difference(english, "۱۰۴ کارت در ۱۶ دسته ۶ تایی و ۱۰۰٬۰۰۰ دست.", {}) == ""
    assert difference(english, "۱۰۵ کارت در ۱۶ دسته ۶ تایی و ۱۰۰٬۰۰۰ دست.", {}) == (
        "lacks 104 and adds 105"
    )
