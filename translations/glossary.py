"""One glossary per language: one term per concept, and the words that must not be used.

`translations/glossary/<lang>.toml` is the one place where a language's terms are
kept. For each concept it gives the chosen `term` (shown in the translators'
guide; an empty one is a concept still without a word), the `forms` the term takes
in running text (patterns, see `translations.terms`), and the synonyms to `avoid`.
`prefixes` are the letters that attach to the front of words (Hebrew), and
`[[allow]]` entries the phrases where an avoided word is right (Turkish "2 deste" is
two decks, not a pile). The language's name and the rank letters of its card
notation (A J Q K in English) are the registry's (`crescent.languages`).

The glossary checks two things: pages use no avoided synonym and write cards with
the language's letters; and the engine's catalog uses the term wherever the English
message uses the concept.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from crescent.languages import REGISTRY, Language
from translations import terms
from translations.catalogs import Message
from translations.findings import Finding

CONCEPTS = (
    "pile",
    "foundation",
    "ascending-foundation",
    "descending-foundation",
    "base-card",
    "redeal",
    "move",
    "undo",
    "deck",
    "spades",
    "hearts",
    "diamonds",
    "clubs",
    "ace",
    "jack",
    "queen",
    "king",
    "game",
    "won",
    "blocked",
    "position",
    "layout",
    "diagram",
    "solver",
    "winning-line",
)
"""Every glossary defines these concepts, in this order."""
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9]|[^\W\d_])([♠♥♦♣])")
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|`[^`]*`")
IDENTIFIER = re.compile(r"\w+(?:[-_]\w+)+")


@dataclass(frozen=True)
class Concept:
    """A concept's term in one language, its accepted forms and avoided synonyms."""

    name: str
    term: str
    forms: tuple[str, ...]
    avoid: tuple[str, ...] = ()


@dataclass(frozen=True)
class Allowed:
    """A phrase where an avoided word is right, and why."""

    pattern: str
    reason: str


@dataclass(frozen=True, eq=False)
class Glossary:
    """A language's glossary, read from its TOML file."""

    lang: str
    name: str
    path: Path
    letters: dict[str, str]
    concepts: dict[str, Concept]
    prefixes: str = ""
    allow: tuple[Allowed, ...] = ()
    problems: tuple[tuple[int, str], ...] = field(default=())
    """What is wrong with the file: (line, or 0, and what)."""
    direction: str = "ltr"
    """The language's direction (`rtl` or `ltr`), the registry's."""

    def card(self, rank: str, suit: str) -> str:
        """A card in this language's notation: `card("K", "♠")` -> `R♠`."""
        return self.letters.get(rank, rank) + suit


def load(path: Path, language: Language) -> Glossary:
    """The glossary of `language` in the TOML file at `path`; what is wrong with it goes
    in `problems`."""
    return parse(path, path.read_text(encoding="utf-8"), language)


def parse(path: Path, text: str, language: Language) -> Glossary:
    """The glossary of `language` whose TOML text `text` was read from `path`."""
    data = tomllib.loads(text)
    problems: list[tuple[int, str]] = []
    concepts = {}
    unnamed = set()
    for name, entry in data.get("concepts", {}).items():
        if name not in CONCEPTS:
            known = f"unknown concept {name!r} (the concepts: {', '.join(CONCEPTS)})"
            problems.append((_line_of(text, name), known))
            continue
        term = str(entry.get("term", "")).strip()
        if not term:
            unnamed.add(name)
            continue
        forms = tuple(entry.get("forms", ())) or (term,)
        concepts[name] = Concept(name, term, forms, tuple(entry.get("avoid", ())))
    for name in CONCEPTS:
        if name in unnamed:
            unnamed_line = _line_of(text, name)
            problems.append((unnamed_line, f"concept {name!r} has no word yet: write its term"))
        elif name not in concepts:
            problems.append((0, f"concept {name!r} is missing"))
    letters = dict(zip(RANKS, language.card_letters, strict=True))
    allow = tuple(Allowed(a["pattern"], a.get("reason", "")) for a in data.get("allow", ()))
    return Glossary(
        language.code,
        language.name,
        path,
        letters,
        concepts,
        data.get("prefixes", ""),
        allow,
        tuple(problems),
        language.direction,
    )


def _line_of(text: str, concept: str) -> int:
    """The line of the concept's `term` in the glossary's text, else of its table
    `[concepts.<concept>]` (0 if there is none)."""
    lines = [line.strip() for line in text.split("\n")]
    header = f"[concepts.{concept}]"
    start = next((n for n, line in enumerate(lines, start=1) if line == header), 0)
    if not start:
        return 0
    for number in range(start + 1, len(lines) + 1):
        line = lines[number - 1]
        if line.startswith("["):
            break
        if re.match(r"term\s*=", line):
            return number
    return start


def load_all(directory: Path, languages: Iterable[Language] = REGISTRY) -> dict[str, Glossary]:
    """The glossary in `directory` of each of `languages` that has one, by language."""
    return {
        language.code: load(directory / f"{language.code}.toml", language)
        for language in languages
        if (directory / f"{language.code}.toml").is_file()
    }


@dataclass(frozen=True)
class Synonym:
    """An avoided word found in text."""

    hit: terms.Hit
    concept: Concept


def synonyms(glossary: Glossary, lines: list[tuple[int, str]]) -> list[Synonym]:
    """Avoided synonyms in numbered `lines`, except inside allowed phrases."""
    allowed = [
        hit for rule in glossary.allow for hit in terms.find(rule.pattern, lines, glossary.prefixes)
    ]
    found = []
    for concept in glossary.concepts.values():
        for pattern in concept.avoid:
            for hit in terms.find(pattern, lines, glossary.prefixes):
                if not any(
                    a.line == hit.line and a.start <= hit.start and hit.end <= a.end
                    for a in allowed
                ):
                    found.append(Synonym(hit, concept))
    return sorted(found, key=lambda s: (s.hit.line, s.hit.start))


def wrong_cards(glossary: Glossary, lines: list[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """Cards written with letters the language does not use: (line, card, right card)."""
    letter_rank = {letter: rank for rank, letter in glossary.letters.items()}
    found = []
    for number, text in lines:
        for match in CARD.finditer(text):
            letter, suit = match.groups()
            if letter.isdigit() or letter in letter_rank:
                continue
            rank = _rank_of(letter)
            right = glossary.card(rank, suit) if rank else f"one of {_letters(glossary)}"
            found.append((number, match.group(0), right))
    return found


def _rank_of(letter: str) -> str:
    """The rank an unknown letter most likely stands for, in any site language."""
    guesses = {
        "K": "K",
        "R": "K",
        "К": "K",
        "Q": "Q",
        "D": "Q",
        "Д": "Q",
        "J": "J",
        "V": "J",
        "В": "J",
        "A": "A",
        "Т": "A",
    }
    return guesses.get(letter.upper(), "")


def _letters(glossary: Glossary) -> str:
    return " ".join(glossary.letters[rank] for rank in RANKS)


def page_findings(
    glossary: Glossary, lines: list[tuple[int, str]], path: str, page: str
) -> list[Finding]:
    """Synonyms and wrong card letters in a page's prose."""
    findings = [
        Finding(
            "glossary",
            glossary.lang,
            page,
            path,
            s.hit.line,
            f"“{s.hit.words}” is a synonym of {s.concept.name}: write {s.concept.term}",
        )
        for s in synonyms(glossary, lines)
    ]
    findings += [
        Finding(
            "glossary",
            glossary.lang,
            page,
            path,
            line,
            f"card {card}: this language writes it {right}",
        )
        for line, card, right in wrong_cards(glossary, lines)
    ]
    return findings


def concepts_of(english: Glossary, text: str) -> dict[str, frozenset[str]]:
    """The concepts an English message speaks of, with the words that say so.

    Fields become numbers (`{moves} moves` is `1 moves`); quoted literals and
    identifiers such as `before-redeal-N` are left out.
    """
    return _concepts_of(english, text)


@cache
def _concepts_of(english: Glossary, text: str) -> dict[str, frozenset[str]]:
    plain = QUOTED.sub(" ", IDENTIFIER.sub(" ", re.sub(r"\{\w+\}", "1", text)))
    found = {}
    for name, concept in english.concepts.items():
        words = frozenset(
            hit.words for form in concept.forms for hit in terms.find(form, [(0, plain)])
        )
        if words:
            found[name] = words
    return found


def catalog_findings(
    glossary: Glossary,
    english: Glossary,
    messages: dict[str, Message],
    english_messages: dict[str, Message],
    path: str,
) -> list[Finding]:
    """The engine's catalog in this language must agree with the glossary.

    Where the English message uses a concept (by the English glossary's forms), the
    translation must use the term; no message may use an avoided synonym.
    """
    findings = []

    def add(entry: Message, text: str) -> None:
        findings.append(Finding("glossary", glossary.lang, "crescent.po", path, entry.line, text))

    for key, source in english_messages.items():
        entry = messages.get(key)
        if entry is None or not entry.translated:
            continue
        for name, words in concepts_of(english, source.text).items():
            own = glossary.concepts.get(name)
            # An English word kept as it is in the translation is a literal (a field name).
            if own is None or all(w in t for w in words for t in entry.forms):
                continue
            if not any(
                terms.matches(form, text, glossary.prefixes)
                for form in own.forms
                for text in entry.forms
            ):
                add(
                    entry,
                    f"{key}: the English message speaks of the {name} "
                    f"(“{source.text}”); use {own.term}",
                )
        lines = [(entry.line, text) for text in entry.forms]
        for synonym in synonyms(glossary, lines):
            add(
                entry,
                f"{key}: “{synonym.hit.words}” is a synonym of "
                f"{synonym.concept.name}: write {synonym.concept.term}",
            )
    return findings
