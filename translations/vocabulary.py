"""The site's vocabulary: each of its words is a glossary concept or declared no term.

The vocabulary is what the English side singles out for a reader: the words of the
pages' headings, the terms they set in bold or italics or define (`<dfn>`), and the
app's short labels (catalog messages of one to three words, fields left out, in
both catalogs). Each of its words must fall inside a match of an English concept's
`forms` or `term` (in the singular or with a plural -s), or of a `[[not-terms]]`
pattern of `translations/glossary/en.toml`, whose group says why those words are no
term. A word that is neither is a finding at the
place it appears: a new heading, bold term or label makes the glossary decide about
it, so that no term of the site escapes the check of one word per concept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from translations import catalogs, terms
from translations.blocks import Block, heading_text, prose
from translations.findings import Finding
from translations.glossary import Glossary
from translations.project import SOURCE, Project

MAX_LABEL_WORDS = 3
"""A catalog message of at most this many words is a label."""
WORD = re.compile(r"[^\W\d_]+")
FIELD = re.compile(r"\{\w+\}")
EMPHASIS = re.compile(
    r"\*\*(?P<a>[^*\n]+?)\*\*|__(?P<b>[^_\n]+?)__|(?<![\w*])\*(?P<c>[^*\s][^*\n]*?)\*(?![\w*])"
    r"|(?<!\w)_(?P<d>[^_\s][^_\n]*?)_(?!\w)|<(?:dfn|strong|em|b|i)>(?P<e>[^<]+)</"
)


@dataclass(frozen=True)
class Item:
    """A piece of the vocabulary: its text, what it is and where it is."""

    text: str
    kind: str
    path: str
    line: int
    page: str


def items_of_page(blocks: list[Block], path: str, page: str) -> Iterator[Item]:
    """The headings and emphasised terms of an English page."""
    for block in blocks:
        if block.kind == "heading":
            yield Item(heading_text(block.text), "heading", path, block.line, page)
            continue
        for line, text in prose(block):
            for match in EMPHASIS.finditer(text):
                words = next(group for group in match.groups() if group)
                yield Item(words, "emphasised term", path, line, page)


def items_of_catalog(project: Project) -> Iterator[Item]:
    """The short labels of the English catalogs."""
    for catalog in project.catalogs:
        path = catalog.path(SOURCE)
        where = project.relative(path)
        for key, message in catalogs.load(path).items():
            words = WORD.findall(FIELD.sub(" ", message.text))
            if 0 < len(words) <= MAX_LABEL_WORDS:
                page = f"{catalog.domain}.po"
                yield Item(message.text, f"label {key}", where, message.line, page)


def _plural(term: str) -> str:
    """A pattern of a term in the singular or with a plural -s: `winning line|lines`."""
    *first, last = term.split()
    return " ".join([*first, f"{last}|{last}s"])


def uncovered(english: Glossary, text: str) -> list[str]:
    """The words of `text` inside no concept's form and no not-term pattern."""
    plain = FIELD.sub(" ", text)
    lines = [(0, plain)]
    spans = [
        (hit.start, hit.end)
        for concept in english.concepts.values()
        for form in (*concept.forms, _plural(concept.term))
        for hit in terms.find(form, lines)
    ]
    spans += [
        (hit.start, hit.end)
        for rule in english.not_terms
        for hit in terms.find(rule.pattern, lines)
    ]
    found = []
    for match in WORD.finditer(plain):
        if not any(start <= match.start() and match.end() <= end for start, end in spans):
            found.append(match.group(0))
    return found


def findings(project: Project, english: Glossary, pages: dict[str, list[Block]]) -> list[Finding]:
    """A finding for each word of the vocabulary that the glossary has not decided about."""
    items: list[Item] = []
    for page, blocks in pages.items():
        items += items_of_page(blocks, project.relative(project.source(page)), page)
    items += items_of_catalog(project)
    where = project.relative(english.path)
    found = []
    for item in items:
        for word in dict.fromkeys(uncovered(english, item.text)):
            found.append(
                Finding(
                    "glossary",
                    SOURCE,
                    item.page,
                    item.path,
                    item.line,
                    f"“{word}” ({item.kind} “{item.text}”) is neither a concept of {where} "
                    "nor one of its not-terms: add it to one, with its reason if it is no term",
                )
            )
    return found
