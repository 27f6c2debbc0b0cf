"""The terminology check: synonyms flagged, inflected forms of the terms accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import KNOWN_COMPLETE, ROOT
from translations import terms
from translations.glossary import CORE, Glossary, load_all, synonyms, wrong_cards

GLOSSARIES = load_all(ROOT / "translations" / "glossary")
SEEDS = Path("/work/shared/seeds")


def flagged(lang: str, text: str) -> list[str]:
    """The synonyms the check finds in `text` (one line)."""
    return [s.hit.words for s in synonyms(GLOSSARIES[lang], [(1, text)])]


@pytest.mark.parametrize("lang", sorted(GLOSSARIES))
def test_every_glossary_defines_every_concept(lang: str) -> None:
    glossary = GLOSSARIES[lang]
    concepts = list(GLOSSARIES["en"].concepts)
    assert set(CORE) <= set(concepts)
    if lang in KNOWN_COMPLETE:
        assert glossary.problems == ()
        assert list(glossary.concepts) == concepts
    else:  # a language in progress: each concept has its word, or has none yet
        unnamed = [c for c in concepts if c not in glossary.concepts]
        problems = [p for _, p in glossary.problems]
        assert [p for p in problems if not p.startswith("[numbers] counted-nouns is not")] == [
            f"concept {name!r} has no word yet: write its term" for name in unnamed
        ]  # and how its nouns change after a number, until chosen (tests/.../test_counts.py)
        assert list(glossary.concepts) == [c for c in concepts if c not in unnamed]


@pytest.mark.parametrize(
    ("lang", "text", "words"),
    [
        # Bulgarian: one stem flags every inflected form; the term's own forms pass.
        (
            "bg",
            "Докосване на купчина: купчината се избира; купчини по шест.",
            ["купчина", "купчината", "купчини"],
        ),
        ("bg", "Колоната, колоните и всяка колона остават.", []),
        ("bg", "три ново раздавания", ["ново раздавания"]),
        # Turkish: "deste" is a deck with a number of decks, a pile otherwise.
        ("tr", "52'şer kartlık 2 deste karıştırılarak oynanır; iki tam desteyle oynanan", []),
        (
            "tr",
            "Bir desteye dokunun: deste seçilir; boş destenin",
            ["desteye", "deste", "destenin"],
        ),
        ("tr", "sütunun, sütunlar ve temellerin", []),
        # Hebrew: prefixes attach; בסיס is right as the base card or a number base.
        ("he", "בערימה, מהערימה, והקרן, לקרנות, קלף הבסיס, בסיס הקרן נעול, בבסיס 26", []),
        ("he", "העמודה, בעמודה ועמודות", ["העמודה", "בעמודה", "ועמודות"]),
        ("he", "היסודות וליסוד", ["היסודות", "וליסוד"]),
        (
            "he",
            "בסיס עולה של עלה: 2 עלה למעלה; בסיס יורד",
            ["בסיס עולה", "של עלה", "2 עלה", "בסיס יורד"],
        ),
        ("he", "אלה הבסיסים של 8 הקרנות", ["הבסיסים"]),
        ("he", "4 ערימות משמאל, 8 למעלה, והמלך עלה למעלה", []),
        # Russian.
        ("ru", "с одного основания на другое; четвёртого пересдава", ["основания", "пересдава"]),
        ("ru", "основы, основу, основой; стопки, стопок, стопкой; на основании правил", []),
    ],
)
def test_synonyms_and_inflected_forms(lang: str, text: str, words: list[str]) -> None:
    assert flagged(lang, text) == words


def test_cards_are_written_with_the_languages_letters() -> None:
    lines = [(1, "A♠ на R♠, V♦ и 10♥; K♠ не е българска карта, нито Т♣")]
    assert wrong_cards(GLOSSARIES["bg"], lines) == [(1, "K♠", "R♠"), (1, "Т♣", "A♣")]
    assert wrong_cards(GLOSSARIES["tr"], [(1, "10. sütunun A♠'si K♠'sinin üzerine")]) == []


def test_patterns() -> None:
    assert terms.matches("купчин*", "Купчината")
    assert not terms.matches("купчин*", "накупчина")
    assert terms.matches("# deste*", "2 desteyle")
    assert terms.matches("a|the|no move", "There is no move to undo")
    assert not terms.matches("a|the|no move", "There is no card to move")
    assert terms.matches("ערימה", "מהערימה", "הבלמשוכ")
    assert not terms.matches("ערימה", "מהערימה")
    assert terms.matches("*bilir olabil*", "Sonraki konumlar da kazanılabilir olabilir")
    assert terms.matches("*bilir olabil*", "bu hamle edilebilir olabilirdi")
    assert not terms.matches("*bilir olabil*", "kazanmak mümkün olabilir")
    assert not terms.matches("*bilir", "bilirkişi")


# Lines of the seed documents (/work/shared/seeds), with the synonyms each must flag.
SEED_LINES = {
    "bg": (
        "• Докосване на купчина: ако само едно място приема горната ѝ карта, тя отива там; "
        "иначе купчината се избира и докосвате целта.",
        ["купчина", "купчината"],
    ),
    "tr": (
        "• Bir desteye dokunun: yalnızca tek bir yer üstteki kartını kabul ediyorsa kart "
        "oraya gider; aksi halde deste seçilir ve hedefe dokunulur.",
        ["desteye", "deste"],
    ),
    "he": (
        "בסיס עולה של עלה: 2 עלה למעלה, 2 קלפים; עמודה 1: 4 קלפים, 2 לב למעלה; נסיך עלה למעלה",
        ["בסיס עולה", "של עלה", "2 עלה", "עמודה", "נסיך עלה"],
    ),
    "ru": (
        "Когда в основах последовательно выложены король и туз, можно переносить карты с "
        "одного основания на другое, за исключением базовых карт.",
        ["основания"],
    ),
}


@pytest.mark.parametrize("lang", sorted(SEED_LINES))
def test_the_seeds_synonyms_are_flagged(lang: str) -> None:
    text, words = SEED_LINES[lang]
    assert flagged(lang, text) == words


SEED_FILES = {
    "bg": "000_556739732f0dc39c.txt",
    "he": "001_932fe797c5fcb082.txt",
    "ru": "003_357fdfeaecf6c138.txt",
    "tr": "004_a899faf3a54a7709.txt",
}
SEED_WORDS = {
    "bg": {"купчина", "купчината", "купчини", "ново раздавания", "ново раздаване"},
    "he": {
        "עמודה",
        "היסודות",
        "ליסוד",
        "הבסיסים",
        "בסיס עולה",
        "בסיס יורד",
        "של עלה",
        "2 עלה",
        "נסיך עלה",
    },
    "ru": {"основания", "пересдава"},
    "tr": {"desteye", "deste", "desteler", "destenin"},
}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not on this machine")
@pytest.mark.parametrize("lang", sorted(SEED_FILES))
def test_the_whole_seed_documents(lang: str) -> None:
    text = (SEEDS / SEED_FILES[lang]).read_text(encoding="utf-8")
    glossary: Glossary = GLOSSARIES[lang]
    found = {s.hit.words for s in synonyms(glossary, list(enumerate(text.splitlines(), 1)))}
    assert SEED_WORDS[lang] <= found
    assert "2 deste" not in found
    assert "קלף הבסיס" not in found and "בסיס הקרן" not in found


def test_a_word_holds_its_marks_and_zero_width_joiners() -> None:
    """Persian writes a zero-width non-joiner inside words ("کارت‌های") and the ezafe's
    hamza over their last letter ("پایهٔ"): neither ends the word (a helper adding Persian
    saw `کارت* پایه*` miss "کارت‌های پایهٔ", and a finding quote "های", a piece of a word)."""
    assert terms.matches("کارت* پایه*", "کارت‌های پایهٔ بازی")
    assert terms.matches("دکمه*", "دکمهٔ پخش دوباره")
    assert not terms.matches("های", "کارت‌های")
