"""The built site's search finds each word of each language however a reader types it.

The search runs in Material's worker as the site publishes it (hooks/search.py), under
Node (tests/js/search-worker.js), on each language's own index: every word of its pages
(but the stop words the search leaves out) is asked for as written, in lower case and in
capitals by that language's casing rules, and without the marks a reader does not type (a
stress mark), and all four must find the same documents. Before, 1,140 of 2,116 Turkish
words failed: JavaScript's `toLowerCase` is not Turkish-aware, so "KIZ" did not find "Kız"
(a QA run); and about 110 words in each language, written in brackets or quotation marks,
were found by no query, before the search's separator (mkdocs.yml) split at them:
"(Rusçada" was one word.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import unicodedata
from pathlib import Path
from typing import TypedDict

import pytest

from crescent.i18n import LANGUAGES
from tools.build import ROOT

SPECIAL_CASING = {code: (("i", "İ"), ("ı", "I")) for code in ("tr", "az")}
"""The languages whose i has a dotted and a dotless form, each its own capital
(Unicode's SpecialCasing.txt): Turkish and Azerbaijani."""
TAG = re.compile(r"<[^>]+>")


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
    """`word` without the combining marks left once its letters are composed (a stress
    mark, Hebrew points), as a reader types it."""
    return "".join(c for c in unicodedata.normalize("NFC", word) if unicodedata.category(c) != "Mn")


def words(index: dict[str, object]) -> list[str]:
    """The words a reader sees in the index's documents (titles and text): runs of letters
    with their marks, at least two letters long (not the runs of letters, digits and
    underscores that cards, codes and file names are written with)."""
    found: set[str] = set()
    docs = index["docs"]
    assert isinstance(docs, list)
    for doc in docs:
        text = html.unescape(TAG.sub(" ", f"{doc['title']} {doc['text']}"))
        kinds = "".join(unicodedata.category(c).replace("Pc", "L")[0] for c in text)
        found.update(text[run.start() : run.end()] for run in re.finditer(r"[LMN]+", kinds))
    return sorted(
        word for word in found if len(unmarked(word)) > 1 and word[0].isalpha() and word.isalpha()
    )


class Found(TypedDict):
    """What the search worker answered a query: the documents, and whether it is a stop word."""

    locations: list[str]
    stop: bool


def search(site: Path, index: Path, queries: list[str]) -> list[Found]:
    """What each query finds in the site's search worker, on `index`."""
    (worker,) = (site / "assets" / "javascripts" / "workers").glob("search.*.min.js")
    run = subprocess.run(
        ["node", str(ROOT / "tests" / "js" / "search-worker.js"), str(worker), str(index)],
        input=json.dumps(queries),
        capture_output=True,
        text=True,
        check=True,
    )
    found: list[Found] = json.loads(run.stdout)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_is_found_as_written_in_either_case_and_unmarked(site: Path, lang: str) -> None:
    index = site / ("" if lang == "en" else lang) / "search" / "search_index.json"
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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_a_table_finds_its_page(site: Path, lang: str) -> None:
    """A table's cells are words apart in the index (hooks/search.py): before, the glossary
    table of the translators' guide was one run of words per row, "ערימהколонаpileстопкаsütun",
    and a search for "стопка" did not find it."""
    root = site / ("" if lang == "en" else lang)
    asked: dict[str, str] = {}
    for page in sorted(root.rglob("index.html")):
        folder = page.parent.relative_to(root).as_posix().removeprefix(".")
        if lang == "en" and folder.split("/")[0] in LANGUAGES:
            continue
        # A hidden table (the Play page's finished games) fills in as the reader plays.
        tables = TABLE.finditer(page.read_text(encoding="utf-8"))
        shown = [table["rows"] for table in tables if " hidden" not in table["attributes"]]
        for cell in CELL.finditer("".join(shown)):
            for word in words({"docs": [{"title": "", "text": cell.group(2)}]}):
                asked.setdefault(word, f"{folder}/" if folder else "")
    assert len(asked) > 100, "the pages have hardly any tables"
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
