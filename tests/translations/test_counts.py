"""Counts in the catalogs: a count before the word it counts is flagged unless that word
agrees with every value the count can take, as the language's glossary and the English
catalog's comments say; the real catalogs have none left."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import KNOWN_COMPLETE, ROOT
from translations import counts
from translations.catalogs import Message
from translations.check import language_files
from translations.counts import MODES, Known, agrees, known_counts
from translations.glossary import load_all, parse
from translations.project import Project

GLOSSARIES = load_all(ROOT / "translations" / "glossary")


def flagged(lang: str, text: str, known: Known | None = None, plural: bool = False) -> list[str]:
    """The counts of one entry with `text` the check flags, in the language's own terms."""
    glossary = GLOSSARIES[lang]
    forms = (text, text) if plural else (text,)
    messages = {"entry.key": Message("entry.key", forms, 7, False)}
    where = (lang, "crescent.po", f"crescent/locale/{lang}/LC_MESSAGES/crescent.po")
    said = {"entry.key": {"moves": known or Known()}}
    found = counts.findings(glossary.counted_nouns, glossary.unchanged_after, messages, said, where)
    assert all(f.category == "catalog" and f.line == 7 and "entry.key" in f.message for f in found)
    return [f.message.split("“")[1].split("”")[0] for f in found]


@pytest.mark.parametrize(
    ("lang", "text", "known", "words"),
    [
        ("en", "Won in {n} moves", Known(), ["{n} moves"]),  # "1 moves"
        ("en", "Won in {n} moves", Known(least=96), []),
        ("en", "Moves: {n}", Known(), []),
        ("en", "No win in {n} s", Known(), []),  # a unit
        ("en", "{n} of 9 positions", Known(), []),  # a word that counts nothing
        ("he", "{n} קלפים", Known(), ["{n} קלפים"]),  # "1 קלפים"
        ("he", "{n} קלפים", Known(least=2), []),
        ("bg", "{n} хода", Known(least=1), ["{n} хода"]),
        ("ru", "{n} ходов", Known(least=96), ["{n} ходов"]),  # 101 ход, 102 хода
        ("ru", "{n} ходов", Known(least=99, ending=9), []),  # 99, 109, 119: all ходов
        ("ru", "{n} ходов", Known(least=1, ending=1), ["{n} ходов"]),  # 1 ход, but 11 ходов
        ("ru", "ходов: {n}", Known(), []),
        ("tr", "{n} hamle", Known(), []),  # 1 hamle, 5 hamle
    ],
)
def test_a_count_before_a_word_is_flagged_unless_the_word_agrees_with_every_value(
    lang: str, text: str, known: Known, words: list[str]
) -> None:
    moves = text.replace("{n}", "{moves}")
    assert flagged(lang, moves, known) == [word.replace("{n}", "{moves}") for word in words]


def test_what_the_english_comments_say_of_a_count_is_read(tmp_path: Path) -> None:
    english = tmp_path / "crescent.po"
    english.write_text(
        "#. {moves} is at least 96: every card goes home.\n"
        'msgid "play.won"\nmsgstr "Won in {moves} moves"\n\n'
        "#. {high} is at least 99 and ends in 9: a bin's last length.\n"
        'msgid "winrate.bin"\nmsgstr "{low}–{high} moves"\n\n'
        'msgid "ui.undone"\nmsgstr "Moves made: {moves}"\n',
        encoding="utf-8",
    )
    assert known_counts(english) == {
        "play.won": {"moves": Known(96)},
        "winrate.bin": {"high": Known(99, 9)},
    }
    assert agrees("ru", "by-number", Known(99, 9))
    assert not agrees("ru", "by-number", Known(96))
    assert agrees("en", "after-one", Known(2)) and not agrees("en", "after-one", Known(0))


def test_the_count_of_a_plural_entry_is_left_to_its_forms() -> None:
    assert flagged("ru", "{count} карт", plural=True) == []
    assert flagged("ru", "{count} карт и {moves} ходов", plural=True) == ["{moves} ходов"]
    assert flagged("ru", "{count} карт и {moves} ходов") == ["{count} карт", "{moves} ходов"]


def test_a_glossary_says_how_its_nouns_change_after_a_number() -> None:
    modes = {lang: glossary.counted_nouns for lang, glossary in GLOSSARIES.items()}
    assert set(modes.values()) <= set(MODES)  # a language added since has one of them too
    assert {lang: modes[lang] for lang in KNOWN_COMPLETE} == {
        "en": "after-one",
        "bg": "after-one",
        "he": "after-one",
        "ru": "by-number",
        "tr": "unchanged",
    }
    english = GLOSSARIES["en"]
    text = english.path.read_text(encoding="utf-8")
    wrong = text.replace('counted-nouns = "after-one"', 'counted-nouns = "sometimes"')
    language = Project.at(ROOT).language("en")
    problems = [problem for _, problem in parse(english.path, wrong, language).problems]
    assert problems == [
        "[numbers] counted-nouns is 'sometimes': write one of "
        '"unchanged", "after-one", "by-number"'
    ]
    # A new language's glossary leaves it to choose (`translations add`): it is asked for.
    unchosen = text.replace('counted-nouns = "after-one"', 'counted-nouns = ""')
    parsed = parse(english.path, unchosen, language)
    assert [problem for _, problem in parsed.problems] == [
        "[numbers] counted-nouns is not chosen yet: write how a noun changes after a number, "
        'one of "unchanged", "after-one", "by-number"'
    ]
    assert parsed.counted_nouns == "by-number"  # the strictest, meanwhile


@pytest.mark.parametrize("lang", sorted(GLOSSARIES))
def test_no_catalog_entry_has_a_count_that_reads_wrong(lang: str) -> None:
    found = [f for f in language_files(Project.at(ROOT), lang) if "reads wrong" in f.message]
    assert found == []
