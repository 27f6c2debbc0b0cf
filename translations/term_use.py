"""Glossary terms that the language's own pages and messages never write.

A concept's `term` is the word a translator is told to use, and the glossary table on
the translators' page shows it; its `forms` are the ways the pages may write the
concept. When the forms that match the term itself occur nowhere in the language's
pages and messages while its other forms do, the glossary names a word the site does
not use: a split between the glossary and the site (the Russian glossary said
«номерная» for a numbered deal while every page and message said «нумерованная»).
A form that begins as the term does, for at least half its first word, is the term
inflected (`бубён` of `бубны`, Turkish `sayacı` of `sayaç`), not another word.
"""

from __future__ import annotations

import re

from translations import terms
from translations.glossary import Concept, Glossary

PARENTHESES = re.compile(r"\([^)]*\)")
"""A term's explanation, such as «(раздача)»: not part of the word itself."""


def term_words(concept: Concept) -> str:
    """The term without its explanation in parentheses: `нумерованная`."""
    return " ".join(PARENTHESES.sub(" ", concept.term).split())


def unused_terms(glossary: Glossary, lines: list[tuple[int, str]]) -> list[tuple[str, str]]:
    """(concept, the finding) for each term that the `lines` never write, in any ending,
    while they write the concept otherwise."""
    unused = []
    for name, concept in glossary.concepts.items():
        words = term_words(concept)
        if not words or any(
            inflected(hit.words, words, glossary.prefixes)
            for form in concept.forms
            for hit in terms.occurrences(form, lines, glossary.prefixes)
        ):  # the term is written (read up to its first use)
            continue
        hits = [
            (form, hit.words)
            for form in concept.forms
            for hit in terms.find(form, lines, glossary.prefixes)
        ]
        if not hits:
            continue
        others = [w for form, w in hits if not terms.matches(form, words, glossary.prefixes)]
        written = others or [w for _, w in hits]
        most = sorted(set(written), key=lambda word: (-written.count(word), word))[:2]
        instead = ", ".join(f"“{w}” ({written.count(w)} times)" for w in most)
        unused.append(
            (
                name,
                f"the term of {name}, “{concept.term}”, is written on no page and in no "
                f"message; they write {instead}: make the term the word the site uses, "
                "or write the term",
            )
        )
    return unused


def inflected(written: str, term: str, prefixes: str = "") -> bool:
    """True when a word of `written` is a word of `term` with another ending: the same but
    for its last two letters at most (letter case aside, and a Hebrew prefix or three
    before it): `бубён` of `бубны`, `sayacı` of `sayaç`, `a win` of `win`, but not
    `номеру` of `номерная`."""
    return any(
        _same_word(word, own, prefixes)
        for word in written.casefold().split()
        for own in term.casefold().split()
    )


def _same_word(word: str, own: str, prefixes: str) -> bool:
    for cut in range(4 if prefixes else 1):
        if cut and (len(word) <= cut or word[cut - 1] not in prefixes):
            break
        if _shared(word[cut:], own) >= max(len(own) - 2, min(len(own), 3)):
            return True
    return False


def _shared(a: str, b: str) -> int:
    """How many letters `a` and `b` begin with in common."""
    different = (n for n, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
    return next(different, min(len(a), len(b)))
