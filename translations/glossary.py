"""One glossary per language: one term per concept, and the words that must not be used.

`translations/glossary/<lang>.toml` is the one place where a language's terms are
kept. For each concept it gives the chosen `term` (shown in the translators'
guide), the `forms` the term takes in running text (patterns, see
`translations.terms`; an empty term is a concept still without a word), and the
synonyms to `avoid`; the English glossary's `not-in` gives the phrases in which a
form is not the concept (the verb "step through"). `prefixes` are the letters that
attach to the front of words (Hebrew), `endings` those a word may end with, which the
site's search drops from a word typed to find its other forms, and `[[allow]]` entries
the phrases where an avoided word is right (Turkish "2 deste" is two decks, not a
pile). `[numbers] words` and `[negation] words` give the words that name a number or
deny, which the facts check reads as facts (`translations.spelled`). The language's
name, direction and the rank letters of its card notation
(A J Q K in English) are the registry's (`crescent.languages`).

The English glossary is the list of concepts: every other glossary defines the
same ones. It also declares, under `[[not-terms]]`, the words of the site's
vocabulary that are no term, each group with its reason (`translations.vocabulary`).
A translated glossary's `[[unnamed]]` entries are the blocks whose translation
rightly leaves a concept of their English block unnamed (a pronoun, an ellipsis),
each with its reason; the English glossary's `[[other-sense]]` entries are the
blocks whose English word is not the concept at all (positions in a list), for
every language (`translations.naming`).

The glossary checks two things here: pages use no avoided synonym and write cards
with the language's letters; and the catalogs use the term wherever the English
message uses the concept.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

from crescent.i18n import FIELD
from crescent.languages import REGISTRY, Language
from translations import balance, dashes, glossary_shape, spelled, terms
from translations.catalogs import Message
from translations.counts import MODES
from translations.files import read_text
from translations.findings import Finding
from translations.project import SOURCE

CORE = (
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
"""The concepts every glossary has defined from the start; the English glossary may add more."""
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9]|[^\W\d_])([♠♥♦♣])")
SUFFIXED: Final = {
    "cards": re.compile(CARD.pattern + r"['’]\w+"),
    "fields": re.compile(r"\{\w+\}['’]\w+"),
}
"""A card or a `{field}` with a suffix written onto it ("6♥'sının", "{moves}'de")."""
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|`[^`]*`")
IDENTIFIER = re.compile(r"\w+(?:[-_]\w+)+")


@dataclass(frozen=True)
class Concept:
    """A concept's term in one language, its accepted forms and avoided synonyms."""

    name: str
    term: str
    forms: tuple[str, ...]
    avoid: tuple[str, ...] = ()
    senses: tuple[str, ...] = ()
    """Phrases in which a form is not the concept (English "step through", the verb):
    a match inside one is left out when the checks look for the concept in English."""


@dataclass(frozen=True)
class Allowed:
    """A phrase where an avoided word is right, and why."""

    pattern: str
    reason: str


@dataclass(frozen=True)
class Calque:
    """A phrase copied word for word from English that the language says otherwise."""

    pattern: str
    write: str
    reason: str


@dataclass(frozen=True)
class Spelling:
    """A spelling rule of the language: a regular expression of what breaks it, what to
    write instead and why (`[[spelling]]`)."""

    regex: re.Pattern[str]
    write: str
    reason: str


@dataclass(frozen=True)
class NotTerm:
    """Words of the vocabulary that are no term (a pattern), and why."""

    pattern: str
    reason: str


@dataclass(frozen=True)
class Unnamed:
    """A block whose translation rightly leaves a concept unnamed, and why."""

    page: str
    block: str
    concept: str
    reason: str

    @property
    def where(self) -> str:
        """`index#moves.3`: the page and the block id, as the glossary file writes it."""
        return f"{self.page}#{self.block}"


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
    not_terms: tuple[NotTerm, ...] = ()
    unnamed: tuple[Unnamed, ...] = ()
    other_senses: tuple[Unnamed, ...] = ()
    direction: str = "ltr"
    """The language's direction (`rtl` or `ltr`), the registry's."""
    counted_nouns: str = "by-number"
    """How a noun after a number changes (`[numbers]`, see `translations.counts`)."""
    unchanged_after: tuple[str, ...] = ()
    """Words that may follow a number and never change with it ("s", "of")."""
    no_suffix_on: frozenset[str] = frozenset()
    """What takes no suffix written onto it (`[numbers] no-suffix-on`: `cards`, `fields`):
    its suffix would follow how the reader voices it, which the text cannot know."""
    calques: tuple[Calque, ...] = ()
    """Phrases to write otherwise (`[[calques]]`): checked in pages and catalogs."""
    dash: str = ""
    """The dash set between words (`[typography] dash`, `translations.dashes`), or none."""
    other_facts: tuple[tuple[str, str], ...] = ()
    """Blocks and messages that rightly name other numbers or cards than their English
    source (`translations.facts`): (`page#block` or `crescent.po#KEY`, reason)."""
    spelled: spelled.Spelled = spelled.NONE
    """The language's numbers and negations in words (`[numbers] words`, `[negation]
    words`, `translations.spelled`)."""
    spellings: tuple[Spelling, ...] = ()
    """Spelling rules (`[[spelling]]`): checked in pages and catalogs, as calques are."""
    buttons: tuple[Spelling, ...] = ()
    """Rules for the words of buttons (`[[buttons]]`, such as the form of address): checked
    in the catalogs' messages that the English catalog flags `#, button`."""
    quotes: tuple[tuple[str, str], ...] = ()
    """The language's quotation marks, opening and closing (`[typography] quotes`): each
    must find its pair within a block or message (`translations.balance`)."""

    def excused_facts(self, page: str) -> frozenset[str]:
        """The blocks of `page` (or entries of a catalog, `crescent.po`) that
        `[[other-facts]]` names."""
        named = (where.partition("#") for where, _ in self.other_facts)
        return frozenset(block for on, _, block in named if on == page)

    def card(self, rank: str, suit: str) -> str:
        """A card in this language's notation: `card("K", "♠")` -> `R♠`."""
        return self.letters.get(rank, rank) + suit


def load(path: Path, language: Language, names: tuple[str, ...] | None = None) -> Glossary:
    """The glossary of `language` in the TOML file at `path`; what is wrong with it goes in
    `problems`. `names` are the concepts it must define (the English glossary's); None: its
    own."""
    return parse(path, read_text(path), language, names)


LISTS = ("forms", "avoid", "not-in")
"""A concept's keys that hold lists of words: a bare string there would be read letter
by letter (`forms = "Ablage*"` gave the forms A, b, … and the any-word pattern *)."""


ENDINGS = re.compile(r"\s*endings\s*=")
"""The line of the glossary's `endings`, the endings the search drops from a word typed
(`crescent_site.search_words`)."""


TOML_PLACE = re.compile(r"\s*\(at line (?P<line>\d+), column (?P<column>\d+)\)$")


def _toml_problem(error: tomllib.TOMLDecodeError) -> tuple[int, str]:
    """A TOML syntax error at its line: `(24, "not TOML: … (column 15)")`."""
    message = str(error)
    place = TOML_PLACE.search(message)
    if place is None:
        return (0, f"not TOML: {message}")
    said = message[: place.start()]
    return (int(place.group("line")), f"not TOML: {said} (column {place.group('column')})")


def parse(
    path: Path, text: str, language: Language, names: tuple[str, ...] | None = None
) -> Glossary:
    """The glossary of `language` whose TOML text `text` was read from `path`.

    `names` are the concepts it must define, in order (the English glossary's);
    None for the English glossary itself, which must define at least the `CORE` ones.
    """
    letters = dict(zip(RANKS, language.card_letters, strict=True))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Glossary(
            language.code,
            language.name,
            path,
            letters,
            {},
            problems=(_toml_problem(error),),
            direction=language.direction,
        )
    problems: list[tuple[int, str]] = glossary_shape.problems(data, text)
    expected = names if names is not None else CORE
    found: dict[str, Concept] = {}
    without_word: set[str] = set()
    malformed: set[str] = set()
    for name, entry in data.get("concepts", {}).items():
        if names is not None and name not in names:
            unknown = f"unknown concept {name!r}: the English glossary has no such concept"
            problems.append((_line_of(text, name), unknown))
            continue
        term = str(entry.get("term", "")).strip() if isinstance(entry, dict) else ""
        if not term:
            without_word.add(name)
            continue
        lists = {key: entry.get(key, []) for key in LISTS}
        wrong = [key for key, value in lists.items() if not terms.is_word_list(value)]
        if wrong:
            malformed.add(name)
            problems += [
                (
                    _line_of(text, name),
                    f"{key} of concept {name!r} must be a list in brackets, "
                    f'such as {key} = ["{term}"]',
                )
                for key in wrong
            ]
            continue
        at = (_line_of(text, name), f"concept {name!r}")
        patterns = {key: _patterns(value, problems, at) for key, value in lists.items()}
        found[name] = Concept(
            name,
            term,
            tuple(patterns["forms"]) or tuple(_patterns([term], problems, at)),
            tuple(patterns["avoid"]),
            tuple(patterns["not-in"]),
        )
    for name in expected:
        if name in without_word:
            problems.append(
                (_line_of(text, name), f"concept {name!r} has no word yet: write its term")
            )
        elif name not in found and name not in malformed:
            problems.append((0, f"concept {name!r} is missing"))
    order = list(names) if names is not None else list(found)
    concepts = {name: found[name] for name in order if name in found}
    allow = _allowed(data.get("allow", ()), problems, glossary_shape.key_line(text, "allow"))
    not_terms, not_term_problems = _not_terms(data.get("not-terms", ()))
    unnamed, unnamed_problems = _unnamed(data.get("unnamed", ()), concepts, "unnamed")
    senses, sense_problems = _unnamed(data.get("other-sense", ()), concepts, "other-sense")
    others = not_term_problems + unnamed_problems + sense_problems
    other_facts, fact_problems = _other_facts(data.get("other-facts", ()))
    calques, calque_problems = _calques(data.get("calques", ()))
    spellings, spelling_problems = _spellings(data.get("spelling", ()))
    buttons, button_problems = _spellings(data.get("buttons", ()), "buttons")
    others += fact_problems + calque_problems + spelling_problems + button_problems
    if not terms.is_word_list(data.get("endings", [])):
        line = next((n for n, row in enumerate(text.split("\n"), 1) if ENDINGS.match(row)), 0)
        problems.append((line, 'endings must be a list in brackets, such as endings = ["s", "es"]'))
    numbers = data.get("numbers", {})
    negation = data.get("negation", {})
    if not isinstance(negation, dict):
        others.append('[negation] must be a table: [negation] and words = ["not", "never"]')
        negation = {}
    prefixes = data.get("prefixes", "")
    prefixes = prefixes if isinstance(prefixes, str) else ""
    words, word_problems = spelled.parse(numbers, negation, prefixes)
    others += word_problems
    counted_nouns = str(numbers.get("counted-nouns", MODES[-1]))
    if counted_nouns not in MODES:
        choices = ", ".join(f'"{mode}"' for mode in MODES)
        others.append(
            "[numbers] counted-nouns is not chosen yet: write how a noun changes after a "
            f"number, one of {choices}"
            if not counted_nouns.strip()
            else f"[numbers] counted-nouns is {counted_nouns!r}: write one of {choices}"
        )
        counted_nouns = MODES[-1]
    no_suffix_on = frozenset(str(kind) for kind in numbers.get("no-suffix-on", ()))
    for kind in sorted(no_suffix_on - SUFFIXED.keys()):
        others.append(f'[numbers] no-suffix-on names {kind!r}: write "cards" or "fields"')
    quotes, quote_problems = _quotes(data.get("typography", {}).get("quotes", []))
    others += quote_problems
    dash = str(data.get("typography", {}).get("dash", ""))
    if dash and dash not in dashes.DASHES:
        choices = " or ".join(f'"{one}"' for one in dashes.DASHES)
        others.append(f"[typography] dash is {dash!r}: write {choices}")
        dash = ""
    return Glossary(
        language.code,
        language.name,
        path,
        letters,
        concepts,
        prefixes,
        allow,
        tuple(problems + [(0, problem) for problem in others]),
        not_terms,
        unnamed,
        senses,
        language.direction,
        counted_nouns,
        tuple(str(word) for word in numbers.get("unchanged-after", ())),
        no_suffix_on & SUFFIXED.keys(),
        calques,
        dash,
        other_facts,
        words,
        spellings=spellings,
        buttons=buttons,
        quotes=quotes,
    )


def term_line(glossary: Glossary, concept: str) -> int:
    """The line of `concept`'s term in the glossary's file (0 if it cannot be read)."""
    try:
        return _line_of(read_text(glossary.path), concept)
    except OSError:
        return 0


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


def _patterns(
    patterns: list[str], problems: list[tuple[int, str]], at: tuple[int, str]
) -> list[str]:
    """The `patterns` that are glossary patterns; each other one is a problem at `at`
    (a line, and what holds the pattern)."""
    kept = []
    for pattern in patterns:
        wrong = glossary_shape.pattern_problem(pattern)
        if wrong is None:
            kept.append(pattern)
        else:
            problems.append((at[0], f"{at[1]}: {wrong}"))
    return kept


def _allowed(entries: object, problems: list[tuple[int, str]], line: int) -> tuple[Allowed, ...]:
    """The `[[allow]]` entries: a `pattern` in which an avoided word is right, and why."""
    found = []
    for entry in entries if isinstance(entries, list) else []:
        pattern = entry.get("pattern") if isinstance(entry, dict) else None
        wrong = glossary_shape.pattern_problem(pattern)
        if wrong is not None:
            problems.append((line, f"[[allow]] {wrong}"))
            continue
        reason = entry.get("reason", "") if isinstance(entry, dict) else ""
        found.append(Allowed(str(pattern), str(reason)))
    return tuple(found)


def _quotes(value: object) -> tuple[tuple[tuple[str, str], ...], list[str]]:
    """The `[typography] quotes`: pairs of an opening and a closing mark, one character
    each (the same one for a mark that does both)."""
    if not isinstance(value, list) or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and all(isinstance(mark, str) and len(mark) == 1 for mark in pair)
        for pair in value
    ):
        return (), ['[typography] quotes must be pairs of marks, such as quotes = [["«", "»"]]']
    return tuple((pair[0], pair[1]) for pair in value), []


def _not_terms(entries: object) -> tuple[tuple[NotTerm, ...], list[str]]:
    """The `[[not-terms]]` groups: `words` (patterns) and the `reason` they are no term."""
    found: list[NotTerm] = []
    problems: list[str] = []
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        reason = entry.get("reason", "") if isinstance(entry, dict) else ""
        words = entry.get("words", []) if isinstance(entry, dict) else []
        if not isinstance(reason, str) or not reason.strip():
            problems.append(f"not-terms group {index + 1} gives no reason")
            continue
        for word in words if isinstance(words, list) else []:
            wrong = glossary_shape.pattern_problem(word)
            if wrong is None:
                found.append(NotTerm(word, reason))
            else:
                problems.append(f"not-terms group {index + 1}: {wrong}")
    return tuple(found), problems


def _calques(entries: object) -> tuple[tuple[Calque, ...], list[str]]:
    """The `[[calques]]`: a `pattern`, what to `write` instead, and the `reason`."""
    found: list[Calque] = []
    problems: list[str] = []
    for entry in entries if isinstance(entries, list) else []:
        fields = [
            str(entry.get(name, "")).strip() if isinstance(entry, dict) else ""
            for name in ("pattern", "write", "reason")
        ]
        if not all(fields):
            problems.append(f"[[calques]] {fields[0] or '?'}: give a pattern, write and reason")
            continue
        wrong = glossary_shape.pattern_problem(fields[0])
        if wrong is not None:
            problems.append(f"[[calques]] {wrong}")
            continue
        found.append(Calque(*fields))
    return tuple(found), problems


def calques_in(glossary: Glossary, lines: list[tuple[int, str]]) -> list[tuple[terms.Hit, Calque]]:
    """The calques of the glossary found in numbered `lines`."""
    found = [
        (hit, calque)
        for calque in glossary.calques
        for hit in terms.find(calque.pattern, lines, glossary.prefixes)
    ]
    return sorted(found, key=lambda item: (item[0].line, item[0].start))


def _calque_text(hit: terms.Hit, calque: Calque) -> str:
    """What a finding says of a calque found at `hit`."""
    return f"“{hit.words}” is a calque ({calque.reason}): write {calque.write}"


def _spellings(entries: object, table: str = "spelling") -> tuple[tuple[Spelling, ...], list[str]]:
    """The `[[spelling]]` rules (or another `table` of rules of the same shape): a `regex`
    of what breaks it, what to `write`, the `reason`."""
    found: list[Spelling] = []
    problems: list[str] = []
    for entry in entries if isinstance(entries, list) else []:
        regex, write, reason = (
            str(entry.get(name, "")).strip() if isinstance(entry, dict) else ""
            for name in ("regex", "write", "reason")
        )
        if not (regex and write and reason):
            problems.append(f"[[{table}]] {regex or '?'}: give a regex, write and reason")
            continue
        try:
            found.append(Spelling(re.compile(regex), write, reason))
        except re.error as error:
            problems.append(f"[[{table}]] {regex}: not a regular expression ({error})")
    return tuple(found), problems


def _buttons_broken(glossary: Glossary, entry: Message) -> list[str]:
    """What each rule for buttons that the words of `entry`, a button, break says."""
    return [
        f"“{text}” are a button's words and break a rule for buttons ({rule.reason}): "
        f"write {rule.write}"
        for rule in glossary.buttons
        for text in dict.fromkeys(entry.forms)
        if rule.regex.search(text)
    ]


def written_otherwise(glossary: Glossary, lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The calques and the broken spelling rules of the glossary in numbered `lines`: each
    one's line and what its finding says, in the order of the text."""
    found = [(hit, _calque_text(hit, calque)) for hit, calque in calques_in(glossary, lines)]
    found += [
        (
            terms.Hit(line, match.start(), match.end(), match.group()),
            f"“{match.group()}” breaks a spelling rule ({rule.reason}): write {rule.write}",
        )
        for rule in glossary.spellings
        for line, text in lines
        for match in rule.regex.finditer(text)
    ]
    found.sort(key=lambda item: (item[0].line, item[0].start))
    return [(hit.line, said) for hit, said in found]


def _other_facts(entries: object) -> tuple[tuple[tuple[str, str], ...], list[str]]:
    """The `[[other-facts]]` exceptions: `where` (`page#block`, `crescent.po#KEY`) and
    `reason`."""
    found: list[tuple[str, str]] = []
    problems: list[str] = []
    for entry in entries if isinstance(entries, list) else []:
        where = str(entry.get("where", "")) if isinstance(entry, dict) else ""
        reason = str(entry.get("reason", "")).strip() if isinstance(entry, dict) else ""
        if "#" not in where or not reason:
            problems.append(
                f'[[other-facts]] {where or "?"}: give where = "page#block" and a reason'
            )
            continue
        found.append((where, reason))
    return tuple(found), problems


def _unnamed(
    entries: object, concepts: dict[str, Concept], kind: str
) -> tuple[tuple[Unnamed, ...], list[str]]:
    """The `[[unnamed]]` (or `[[other-sense]]`) exceptions: `where` (`page#block`),
    `concept` and `reason`."""
    found: list[Unnamed] = []
    problems: list[str] = []
    for entry in entries if isinstance(entries, list) else []:
        where = str(entry.get("where", "")) if isinstance(entry, dict) else ""
        concept = str(entry.get("concept", "")) if isinstance(entry, dict) else ""
        reason = str(entry.get("reason", "")).strip() if isinstance(entry, dict) else ""
        page, _, block = where.partition("#")
        if not page or not block:
            problems.append(f'[[{kind}]] {where!r}: write where = "PAGE#BLOCK"')
        elif concept not in concepts:
            problems.append(f"[[{kind}]] {where}: unknown concept {concept!r}")
        elif not reason:
            problems.append(f"[[{kind}]] {where} ({concept}) gives no reason")
        else:
            found.append(Unnamed(page, block, concept, reason))
    return tuple(found), problems


def load_all(directory: Path, languages: Iterable[Language] = REGISTRY) -> dict[str, Glossary]:
    """The glossary in `directory` of each of `languages` that has one, by language; each
    defines the English glossary's concepts."""
    return parse_all(
        [
            (language, path, read_text(path))
            for language in languages
            if (path := directory / f"{language.code}.toml").is_file()
        ]
    )


def parse_all(files: list[tuple[Language, Path, str]]) -> dict[str, Glossary]:
    """The glossaries of (language, path, TOML text), by language, English first."""
    english = next(
        (parse(path, text, language) for language, path, text in files if language.code == SOURCE),
        None,
    )
    names = tuple(english.concepts) if english is not None else CORE
    found = {SOURCE: english} if english is not None else {}
    for language, path, text in files:
        if language.code != SOURCE:
            found[language.code] = parse(path, text, language, names)
    return found


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
    """Synonyms, calques, broken spelling rules and wrong card letters in a page's prose."""
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
        Finding("glossary", glossary.lang, page, path, line, said)
        for line, said in written_otherwise(glossary, lines)
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
    findings += [
        Finding("glossary", glossary.lang, page, path, line, _suffix_text(written))
        for line, text in lines
        for written in suffixed(glossary, text)
    ]
    findings += [
        Finding("glossary", glossary.lang, page, path, line, dashes.advice(written, glossary.dash))
        for line, text in lines
        for written in dashes.misdashed(glossary.dash, text)
    ]
    return findings


def suffixed(glossary: Glossary, text: str) -> list[str]:
    """The cards and `{fields}` of `text` with a suffix written onto them, where the
    glossary says they take none (`no-suffix-on`)."""
    return [
        match.group()
        for kind in sorted(glossary.no_suffix_on)
        for match in SUFFIXED[kind].finditer(text)
    ]


def _suffix_text(written: str) -> str:
    """What a finding says of a card or a field `written` with a suffix on it."""
    return (
        f"“{written}”: a suffix on a card or a field follows how the reader voices it, "
        "which the text cannot know; write the noun after it and the suffix on the noun"
    )


def concepts_of(english: Glossary, text: str) -> dict[str, frozenset[str]]:
    """The concepts an English message speaks of, with the words that say so.

    Fields become numbers (`{moves} moves` is `1 moves`); quoted literals and
    identifiers such as `before-redeal-N` are left out.
    """
    return _concepts_of(english, text)


@cache
def _concepts_of(english: Glossary, text: str) -> dict[str, frozenset[str]]:
    plain = QUOTED.sub(" ", IDENTIFIER.sub(" ", re.sub(r"\{\w+\}", "1", text)))
    return {
        name: frozenset(hit.words for hit in hits) for name, hits in hits_of(english, plain).items()
    }


@lru_cache(maxsize=4096)
def hits_of(english: Glossary, text: str) -> dict[str, list[terms.Hit]]:
    """Where English `text` names each concept, by the English glossary's forms.

    A match inside or across a longer match of another concept is that concept's
    word, not its own: "game code" is the code, not a game; "the win rate" no win. A
    match inside one of the concept's `not-in` phrases is no match: "step through" is
    a verb, not a step.
    """
    lines = [(0, text)]
    found = [
        (name, hit)
        for name, concept in english.concepts.items()
        for form in concept.forms
        for hit in terms.find(form, lines)
        if not _inside(hit, concept.senses, lines)
    ]
    kept: dict[str, list[terms.Hit]] = {}
    for name, hit in found:
        longer = any(
            other != name
            and other_hit.end - other_hit.start > hit.end - hit.start
            and other_hit.start < hit.end
            and hit.start < other_hit.end
            for other, other_hit in found
        )
        if not longer:
            kept.setdefault(name, []).append(hit)
    return {name: sorted(hits, key=lambda h: h.start) for name, hits in kept.items()}


def _inside(hit: terms.Hit, phrases: tuple[str, ...], lines: list[tuple[int, str]]) -> bool:
    """True when `hit` lies within a match of one of `phrases` in `lines`."""
    return any(
        other.start <= hit.start and hit.end <= other.end
        for phrase in phrases
        for other in terms.find(phrase, lines)
    )


def catalog_findings(
    glossary: Glossary,
    english: Glossary,
    messages: dict[str, Message],
    english_messages: dict[str, Message],
    path: str,
    page: str = "crescent.po",
) -> list[Finding]:
    """A catalog (`page`: `crescent.po`, `site.po`) in this language must agree with the glossary.

    Where the English message uses a concept (by the English glossary's forms), the
    translation must use the term, unless the English glossary's `[[other-sense]]` or
    this glossary's `[[unnamed]]` excuses it (`where = "crescent.po#KEY"`); no message
    may use an avoided synonym.
    """
    findings = []
    excused = {
        (u.block, u.concept): u
        for u in (*english.other_senses, *glossary.unnamed)
        if u.page == page
    }
    needed: set[Unnamed] = set()

    def add(entry: Message, text: str) -> None:
        findings.append(Finding("glossary", glossary.lang, page, path, entry.line, text))

    for key, source in english_messages.items():
        entry = messages.get(key)
        if entry is None or not entry.translated:
            continue
        for name, words in concepts_of(english, source.text).items():
            own = glossary.concepts.get(name)
            # An English word kept as it is in the translation is a literal, such as
            # `--json`; a field the translation fills ({unwinnable}) is none.
            if own is None or all(w in FIELD.sub(" ", t) for w in words for t in entry.forms):
                continue
            if (key, name) in excused:
                needed.add(excused[(key, name)])
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
        for _, said in written_otherwise(glossary, lines):
            add(entry, f"{key}: {said}")
        if "button" in source.flags:
            for said in _buttons_broken(glossary, entry):
                add(entry, f"{key}: {said}")
        for written in (hit for text in entry.forms for hit in suffixed(glossary, text)):
            add(entry, f"{key}: {_suffix_text(written)}")
        for written in dict.fromkeys(
            hit for text in entry.forms for hit in dashes.misdashed(glossary.dash, text)
        ):
            add(entry, f"{key}: {dashes.advice(written, glossary.dash)}")
        balanced = balance.faults(source.text)
        for fault in dict.fromkeys(
            fault
            for text in entry.forms
            for fault in [
                *(said for said in balance.faults(text) if said not in balanced),
                *balance.open_quotes(text, glossary.quotes),
            ]
        ):
            findings.append(
                Finding("structure", glossary.lang, page, path, entry.line, f"{key}: {fault}")
            )
    for exception in sorted(set(glossary.unnamed) & set(excused.values()) - needed, key=str):
        findings.append(
            Finding(
                "glossary",
                glossary.lang,
                page,
                path,
                0,
                f"[[unnamed]] {exception.where} ({exception.concept}) excuses nothing: the "
                "message names the concept, or the English no longer does; remove it",
            )
        )
    return findings
