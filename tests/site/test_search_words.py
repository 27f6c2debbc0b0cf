"""The built site's search finds each word of each language however a reader types it.

The search runs in Material's worker as the site publishes it (hooks/search.py), under
Node (tests/js/search-worker.js), on each language's own index: every word of its pages
(but the stop words the search leaves out) is asked for as written, in lower case and in
capitals by that language's casing rules, and without its accents and marks ("sutun"
for "sütun", a stress mark), and all four must find the same documents. Before, 1,140 of
2,116 Turkish words failed: JavaScript's `toLowerCase` is not Turkish-aware, so "KIZ" did
not find "Kız" (a QA run); and about 110 words in each language, written in brackets or
quotation marks, were found by no query, before the search's separator (mkdocs.yml) split
at them: "(Rusçada" was one word.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict

import pytest

from crescent.i18n import LANGUAGES
from crescent.languages import language
from crescent_site.search_words import fold
from tests.site.conftest import lang_prefix
from tools.build import ROOT
from translations.glossary import load

SPECIAL_CASING = {code: (("i", "İ"), ("ı", "I")) for code in ("tr", "az")}
"""The languages whose i has a dotted and a dotless form, each its own capital
(Unicode's SpecialCasing.txt): Turkish and Azerbaijani."""
TAG = re.compile(r"<[^>]+>")
SUFFIXED = re.compile(r"(?<![\w.,])[^\W\d_]\w*['’]\w+")
"""A word with a suffix after an apostrophe ("Papaz'ın"; not a number's, "8.031'e")."""
INNER_APOSTROPHE = re.compile(r"(?<=[^\W_])['’](?=[^\W_])")
PATTERN = re.compile(r"[^\W\d_]+\*")
"""A glossary pattern as the translators' guide shows it: a stem and a star."""
TRANSLATORS = ("translators/", "translation-status/")
"""The translators' pages, which write the terms of every language side by side."""
WIN_NOUN = "a win or winning (выигрыш, выигрышный), not a form of the verb выиграть"
NOT_ASKED: dict[str, dict[str, str]] = {
    "bg": {
        "номер* номера": "number (the noun: a pile's number), not numbered (номерирано)",
    },
    "ru": {
        **{
            f"выигр* выигрыш{ending}": WIN_NOUN
            for ending in ("", "а", "е", "еи", "и", "у", "ная", "нои", "ную", "ные")
        },
        **{
            f"выигрыш* выигрыш{ending}": "winning (выигрышный, an adjective), not the noun a win"
            for ending in ("ная", "нои", "ную", "ные")
        },
        "карт* карточныи": "of cards (карточный пасьянс, an adjective), not the card itself",
        "правил* правильнои": "correct (при правильной раздаче), not a rule",
    },
    "tr": {
        "boş* bosalan": "becoming empty (boşalmak), a verb of its own derived from boş",
        "boş* bosaltilan": "emptied (boşaltmak), a verb of its own derived from boş",
        "boş* bosluklar": "spaces (boşluk: whitespace), a noun of its own, not empty",
        "oyun* oyuncu": "the player (oyuncu), a noun of its own, not a game",
        "oyun* oyuncunun": "the player's (oyuncu), not a game",
        "kayd* kaydedildiginde": "when saved (kaydetmek), a verb, not a record",
        "kayd* kaydetmesine": "its recording (kaydetmek), a verb, not a record",
        **{
            f"an|anı|anlar|anları|anda {word}": "a form of an (moment), but the search keeps "
            "three letters of a word, so it cannot drop the ending of a two-letter stem"
            for word in ("anda", "anlar")
        },
    },
    "he": {
        "קוד* קודמ": "previous (קודם), not a code",
        "להמשיכ ממשיכ להמשיכ": "an infinitive with ל: the search drops no prefix from what is "
        "typed, so it cannot reach ממשיך (a prefix dropped from a query would turn מלך into לך)",
    },
}
"""Per language, a glossary form (as the failure names it) and a word of the pages it
matches whose search need not find the pages of the form's other words, and why (native
readers' judgement): mostly other words that start alike."""
FINAL_FORMS = {"כ": "ך", "מ": "ם", "נ": "ן", "פ": "ף", "צ": "ץ"}
"""Hebrew letters and their forms at a word's end: "קרן" is typed for "קרנות"."""


def lower(word: str, lang: str) -> str:
    """`word` in lower case as `lang` writes it."""
    for small, capital in SPECIAL_CASING.get(lang, ()):
        word = word.replace(capital, small)
    return word.lower()


def upper(word: str, lang: str) -> str:
    """`word` in capitals as `lang` writes it."""
    for small, capital in SPECIAL_CASING.get(lang, ()):
        word = word.replace(small, capital)
    return word.upper()


def unmarked(word: str) -> str:
    """`word` without its accents and marks (ü, a stress mark, Hebrew points), as a
    reader may type it."""
    letters = unicodedata.normalize("NFD", word)
    return unicodedata.normalize(
        "NFC", "".join(c for c in letters if unicodedata.category(c) != "Mn")
    )


def words(index: dict[str, object]) -> list[str]:
    """The words a reader sees in the index's documents (titles and text)."""
    docs = index["docs"]
    assert isinstance(docs, list)
    return text_words(" ".join(f"{doc['title']} {doc['text']}" for doc in docs))


def text_words(markup: str) -> list[str]:
    """The words a reader sees in `markup`: runs of letters with their marks, at least two
    letters long (not the runs of letters, digits and underscores that cards, codes and
    file names are written with)."""
    text = html.unescape(TAG.sub(" ", markup))
    text = INNER_APOSTROPHE.sub("_", text)  # "Papaz'ın" is a word, not "Papaz" and "ın"
    kinds = "".join(unicodedata.category(c).replace("Pc", "L")[0] for c in text)
    found = {text[run.start() : run.end()] for run in re.finditer(r"[LMN]+", kinds)}
    return sorted(
        word for word in found if len(unmarked(word)) > 1 and word[0].isalpha() and word.isalpha()
    )


class Found(TypedDict):
    """What the search worker answered a query: the documents, and whether it is a stop word."""

    locations: list[str]
    stop: bool


def search(site: Path, index: Path, queries: list[str]) -> list[Found]:
    """What each query finds in the site's search worker, on `index` (each query asked
    once: a word's lower case or unmarked form is often the word itself)."""
    (worker,) = (site / "assets" / "javascripts" / "workers").glob("search.*.min.js")
    asked = sorted(set(queries))
    run = subprocess.run(
        ["node", str(ROOT / "tests" / "js" / "search-worker.js"), str(worker), str(index)],
        input=json.dumps(asked),
        capture_output=True,
        text=True,
        check=True,
    )
    found: list[Found] = json.loads(run.stdout)
    assert len(found) == len(asked), "the search worker answered another number of queries"
    answers = dict(zip(asked, found, strict=True))
    return [answers[query] for query in queries]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_is_found_as_written_in_either_case_and_unmarked(site: Path, lang: str) -> None:
    index = site / lang_prefix(lang) / "search" / "search_index.json"
    asked = words(json.loads(index.read_text(encoding="utf-8")))
    assert len(asked) > 500, "the index has hardly any words"
    forms = [(word, lower(word, lang), upper(word, lang), unmarked(word)) for word in asked]
    found = search(site, index, [form for four in forms for form in four])
    missed = []
    for n, four in enumerate(forms):
        answers = found[4 * n : 4 * n + 4]
        if answers[0]["stop"]:
            continue
        documents = [set(answer["locations"]) for answer in answers]
        if not documents[0] or documents.count(documents[0]) != 4:
            counts = zip(four, documents, strict=True)
            missed.append(" / ".join(f"{form}: {len(found)}" for form, found in counts))
    assert not missed, f"{len(missed)} of {len(forms)} words: " + "; ".join(missed[:10])


TABLE = re.compile(r"<table\b(?P<attributes>[^>]*)>(?P<rows>.*?)</table>", re.S)
CELL = re.compile(r"<t([dh])\b[^>]*>(.*?)</t\1>", re.S)
FIGURE_PROSE = re.compile(
    r'<span class="crescent-caption">(.*?)</span>|<ol class="crescent-moves"[^>]*>(.*?)</ol>', re.S
)
"""A figure's captions, and the example's list of moves."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_a_table_or_a_figure_finds_its_page(site: Path, lang: str) -> None:
    """A table's cells are words apart in the index (hooks/search.py): before, the glossary
    table of the translators' guide was one run of words per row, "ערימהколонаpileстопкаsütun",
    and a search for "стопка" did not find it. A figure's captions and lists are in the
    index (hooks/diagrams.py): before, "Hamle 164" did not find the example's last move."""
    root = site / lang_prefix(lang)
    asked: dict[str, str] = {}
    for page in sorted(root.rglob("index.html")):
        folder = page.parent.relative_to(root).as_posix().removeprefix(".")
        if lang == "en" and folder.split("/")[0] in LANGUAGES:
            continue
        text = page.read_text(encoding="utf-8")
        # A hidden table (the Play page's finished games) fills in as the reader plays.
        tables = TABLE.finditer(text)
        shown = [table["rows"] for table in tables if " hidden" not in table["attributes"]]
        parts = [cell.group(2) for cell in CELL.finditer("".join(shown))]
        parts += [prose.group(1) or prose.group(2) for prose in FIGURE_PROSE.finditer(text)]
        for part in parts:
            for word in text_words(part):
                asked.setdefault(word, f"{folder}/" if folder else "")
    assert len(asked) > 200, "the pages have hardly any tables and figures"
    queries = sorted(asked)
    found = search(site, root / "search" / "search_index.json", queries)
    missed = [
        f"{word} ({asked[word] or 'rules'})"
        for word, answer in zip(queries, found, strict=True)
        if not answer["stop"]
        and not any(_on_page(location, asked[word]) for location in answer["locations"])
    ]
    assert not missed, f"{len(missed)} of {len(queries)} words: " + ", ".join(missed[:20])


def _on_page(location: str, page: str) -> bool:
    """Whether the search result `location` is on the page `page` ('' for the rules)."""
    return location.split("#")[0] == page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_word_is_found_after_a_prefix_and_by_its_shorter_word(site: Path, lang: str) -> None:
    """Hebrew writes one-letter prefixes onto words (the glossary's `prefixes`: "בערימה",
    "לקרן"), and a letter at a word's end in its final form ("קרן", but "קרנות"): a word
    typed bare, or shorter with its final letter, finds the pages of the longer forms (the
    longer form typed may find more: its ending dropped, it finds its own other forms).
    Before, "קרן" did not find the About page, which writes "הקרנות" and "לקרן"."""
    prefixes = load(ROOT / "translations" / "glossary" / f"{lang}.toml", language(lang)).prefixes
    index = site / lang_prefix(lang) / "search" / "search_index.json"
    asked = words(json.loads(index.read_text(encoding="utf-8")))
    pairs = [(word, word[1:]) for word in asked if word[0] in prefixes and len(word) > 3]
    pairs += [
        (word, word[: end - 1] + FINAL_FORMS[word[end - 1]])
        for word in asked
        for end in range(3, len(word))
        if word[end - 1] in FINAL_FORMS
    ]
    if lang == "he":
        assert len(pairs) > 500
    pages = pages_of_words(index, lang)
    found = search(site, index, [shorter for _, shorter in pairs])
    missed = [
        f"{longer} / {shorter}"
        for (longer, shorter), answer in zip(pairs, found, strict=True)
        if not pages.get(fold(longer), set())
        <= {where.split("#")[0] for where in answer["locations"]}
    ]
    assert not missed, f"{len(missed)} of {len(pairs)} words: " + "; ".join(missed[:10])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_suffix_after_an_apostrophe_asks_for_nothing_more_and_may_be_typed_without_it(
    site: Path, lang: str
) -> None:
    """Turkish writes a suffix after an apostrophe ("Papaz'ın"): typed whole, the word
    finds pages with it, never pages with neither it nor its stem. When the apostrophe split
    it, "ın" was asked for as a word of its own, and matched every word starting "in".
    Typed without the apostrophe, as a reader types "aslar", it finds the same pages: it
    found none while the index held "as'lar"."""
    index = site / lang_prefix(lang) / "search" / "search_index.json"
    docs = json.loads(index.read_text(encoding="utf-8"))["docs"]
    texts = (html.unescape(TAG.sub(" ", f"{doc['title']} {doc['text']}")) for doc in docs)
    written = sorted({word for text in texts for word in SUFFIXED.findall(text)})
    if lang == "tr":
        assert len(written) > 20
    forms = [(word, re.split("['’]", word)[0], re.sub("['’]", "", word)) for word in written]
    found = search(site, index, [form for three in forms for form in three])
    missed = []
    for n, (word, stem, joined) in enumerate(forms):
        whole, first, typed = (set(found[3 * n + k]["locations"]) for k in range(3))
        if not whole or not whole <= first:
            missed.append(f"{word} found {len(whole)}, {stem} {len(first)}")
        elif typed != whole:
            missed.append(f"{word} found {len(whole)}, {joined} {len(typed)}")
    assert not missed, f"{len(missed)} of {len(written)} words: " + "; ".join(missed[:10])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_form_of_a_glossary_term_finds_every_page_of_its_other_forms(
    site: Path, lang: str
) -> None:
    """A word typed in one form finds the pages that write it in another: the search drops
    the longest ending the glossary lists (`endings`) and asks for any word starting with
    what is left. Every word of the pages that a glossary form with any ending matches
    ("стопк*": стопка, стопки, стопку) must find every page of every word it matches.
    A concept's forms written as whole words ("pile", "piles"), or as words of one form
    ("боя|боята|бои|боите"), are each one group too. Before, "пересдачу" did not find the
    section "Пересдача", and "колоната" found 3 pages where "колона" found 6 (a QA run)."""
    glossary = load(ROOT / "translations" / "glossary" / f"{lang}.toml", language(lang))
    index = site / lang_prefix(lang) / "search" / "search_index.json"
    # the translators' pages show every language's terms side by side: left out
    pages = {
        word: readers
        for word, found in pages_of_words(index, lang).items()
        if (readers := {page for page in found if not page.startswith(TRANSLATORS)})
    }
    groups: list[tuple[str, list[str]]] = []
    for concept in glossary.concepts.values():
        for form, matches in forms_of(concept.forms):
            group = sorted(
                word
                for word in pages
                if matches(word) and f"{form} {word}" not in NOT_ASKED.get(lang, {})
            )
            if len(group) > 1:
                groups.append((form, group))
    assert len(groups) > 10, "the glossary's forms match hardly any words"
    queries = [word for _, group in groups for word in group]
    found = iter(search(site, index, queries))
    missed = []
    for form, group in groups:
        every = set().union(*(pages[word] for word in group))
        for word in group:
            answer = next(found)
            lacking = every - {location.split("#")[0] for location in answer["locations"]}
            if lacking and not answer["stop"]:
                missed.append(f"{form} {word}: not {', '.join(sorted(lacking))}")
    assert not missed, f"{len(missed)} of {len(queries)} words: " + "; ".join(missed[:12])


def pages_of_words(index: Path, lang: str) -> dict[str, set[str]]:
    """Each word of the index's documents (folded) and the pages that write it."""
    pages: dict[str, set[str]] = {}
    for doc in json.loads(index.read_text(encoding="utf-8"))["docs"]:
        # a pattern the translators' guide shows ("колонк*") is no word of the language
        text = PATTERN.sub(" ", f"{doc['title']} {doc['text']}")
        for word in text_words(text):
            pages.setdefault(fold(word), set()).add(doc["location"].split("#")[0])
    return pages


def forms_of(forms: tuple[str, ...]) -> list[tuple[str, Callable[[str], bool]]]:
    """The groups of words that a concept's `forms` (glossary patterns) name, each a form
    and whether a folded word is of it: each stem with any ending ("стопк*"), each set of
    words of one form ("боя|боята"), and the whole words together ("pile", "piles"); forms
    of several words, or with a number, name none."""
    single = [form for form in forms if not re.search(r"[\s#]", form)]
    whole = {fold(form) for form in single if not re.search(r"[*|]", form)}
    groups: list[tuple[str, Callable[[str], bool]]] = [
        (" ".join(sorted(whole)), whole.__contains__)
    ]
    for form in single:
        if form.endswith("*") and "|" not in form and form.count("*") == 1:
            start = fold(form[:-1])
            groups.append((form, lambda word, start=start: word.startswith(start)))
        elif "|" in form and "*" not in form:
            words = {fold(word) for word in form.split("|")}
            groups.append((form, words.__contains__))
    return groups
