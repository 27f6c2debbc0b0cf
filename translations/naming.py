"""Each translated block names the concepts its English block names, with the glossary's word.

The English glossary's `forms` tell which concepts an English block speaks of
(quoted app messages and inline code left out: the quote check has them). The
translated block paired with it must then contain one of the language's `forms` of
each of those concepts, in any inflection the patterns allow. A block that lacks it
is a finding that names the English words, the term expected and what the block
says in its place: an avoided synonym when there is one, else the block's likeliest
stand-in (below). Where a translation rightly leaves a concept unnamed (a pronoun,
an ellipsis), the glossary declares it under `[[unnamed]]` with its reason; an
exception no block needs any more is a finding too.

The stand-in is a guess, said as one: among the block's words that no concept of
the glossary explains, the one whose stem keeps company with the concept across
the language's other blocks (it appears where the English names the concept), then
the one nearest to where the English word stands in its sentence.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from translations import terms
from translations.align import Pair
from translations.blocks import Block, line_at, prose, prose_text
from translations.catalogs import Message
from translations.findings import Finding
from translations.glossary import QUOTED, Concept, Glossary, Unnamed, concepts_of, hits_of

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
QUOTES = re.compile(r"“[^”]*”|«[^»]*»|„[^“”]*[“”]|\"[^\"\n]*\"")
STEM = 5
"""Letters of a word that stand for its stem when words are compared across blocks."""
ACCOUNTED = 0.5
"""A Dice coefficient from which an English word accounts for a translated word."""


def _english_text(block: Block) -> str:
    """The English prose without quoted app messages."""
    return QUOTED.sub(lambda m: " " * len(m.group(0)), prose_text(block))


def used(english: Glossary, block: Block, page: str = "") -> dict[str, list[terms.Hit]]:
    """The concepts an English block of `page` names, with where it names them.

    A concept that the English glossary's `[[other-sense]]` says the block's word does
    not mean there is left out.
    """
    other = {u.concept for u in english.other_senses if u.page == page and u.block == block.id}
    found = hits_of(english, _english_text(block))
    return {name: hits for name, hits in found.items() if name not in other}


def named(concept: Concept, text: str, prefixes: str) -> bool:
    """True when `text` holds one of the concept's forms."""
    return any(terms.matches(form, text, prefixes) for form in concept.forms)


def _stem(word: str, prefixes: str) -> str:
    word = word.lower()
    if prefixes and len(word) > 3 and word[0] in prefixes:
        word = word[1:]
    return word[:STEM]


def _stems(text: str, prefixes: str = "") -> set[str]:
    """The stems of the words of `text` that are three letters long or more."""
    return {_stem(word, prefixes) for word in WORD.findall(text) if len(word) >= 3}


@dataclass
class Company:
    """Which stems of a language's blocks appear with which English stems.

    Counted over every pair of blocks of the language's pages: a translated word that
    some other English word of its block accounts for (it appears with that word in
    the language's other blocks) is that word's translation, not the concept's.
    """

    prefixes: str
    blocks: int = 0
    stems: Counter[str] = field(default_factory=Counter)
    english: Counter[str] = field(default_factory=Counter)
    together: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, english: str, text: str) -> None:
        """Count one pair of blocks: its English words and its words."""
        stems, english_stems = _stems(text, self.prefixes), _stems(english)
        self.blocks += 1
        self.stems.update(stems)
        self.english.update(english_stems)
        self.together.update((e, w) for e in english_stems for w in stems)

    def accounted(self, word: str, english: set[str]) -> float:
        """How well one of the `english` stems accounts for `word` in the language's other
        blocks (the block they share left out): the best Dice coefficient, 0 to 1."""
        stem = _stem(word, self.prefixes)
        best = 0.0
        for other in english:
            both = self.together[(other, stem)] - 1
            if both > 0:
                total = self.english[other] + self.stems[stem] - 2
                best = max(best, 2 * both / total)
        return best

    def common(self, word: str) -> bool:
        """True for a word found in more than a fifth of the blocks (a grammatical word)."""
        return self.stems[_stem(word, self.prefixes)] > max(self.blocks / 5, 3)


def company(english: Glossary, own: Glossary, pairs: Iterable[Pair]) -> Company:
    """The company the language's words keep with English words, over `pairs`."""
    found = Company(own.prefixes)
    for pair in pairs:
        if pair.en is not None and pair.tr is not None and prose(pair.tr):
            found.add(_english_text(pair.en), prose_text(pair.tr))
    return found


def _explained(glossary: Glossary, text: str) -> list[tuple[int, int]]:
    """The spans of `text` that some concept's form (or avoided word) accounts for."""
    lines = [(0, text)]
    return [
        (hit.start, hit.end)
        for concept in glossary.concepts.values()
        for pattern in (*concept.forms, *concept.avoid)
        for hit in terms.find(pattern, lines, glossary.prefixes)
    ]


CLAUSE_END = re.compile(r"[.;:!?](?=\s)")
SENTENCE_END = re.compile(r"[.!?](?=\s)")


def _sentences(text: str, end: re.Pattern[str]) -> list[tuple[int, int]]:
    """The spans of the sentences (or clauses) of `text`, each closed by `end`."""
    spans, start = [], 0
    for match in end.finditer(text):
        spans.append((start, match.end()))
        start = match.end()
    spans.append((start, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def _content(text: str, span: tuple[int, int]) -> list[re.Match[str]]:
    """The words of a span of `text` three letters long or more."""
    return [match for match in WORD.finditer(text, *span) if len(match.group(0)) >= 3]


def stand_in(
    own: Glossary, text: str, english: tuple[str, terms.Hit], words: Company
) -> list[tuple[str, int]]:
    """The words of `text` that most likely say the concept otherwise, with their columns.

    `english` is the English block's text and its words for the concept. When both
    blocks have as many sentences (or clauses), the words are looked for in the same
    one. A short clause is given whole; otherwise the guess is a word that no other
    English word of the block accounts for, the nearest to the English word's place,
    counted in words (with the word after it when no English word accounts for that
    one either: a noun after its adjective); then the next such word, since word
    order differs between languages (Turkish puts the verb last).
    """
    en_text, hit = english
    en_sentences, sentences = [(0, len(en_text))], [(0, len(text))]
    for end in (CLAUSE_END, SENTENCE_END):
        if len(_sentences(en_text, end)) == len(_sentences(text, end)):
            en_sentences, sentences = _sentences(en_text, end), _sentences(text, end)
            break
    index = next((i for i, (_, end) in enumerate(en_sentences) if hit.start < end), -1)
    en_words = _content(en_text, en_sentences[index])
    where = sum(1 for m in en_words if m.start() < hit.start) / max(len(en_words), 1)
    others = {_stem(m.group(0), "") for m in en_words if not hit.start <= m.start() < hit.end} - {
        _stem(w, "") for w in WORD.findall(hit.words)
    }
    spans = _explained(own, QUOTES.sub(lambda m: " " * len(m.group(0)), text))
    spans += [(m.start(), m.end()) for m in QUOTES.finditer(text)]
    span = sentences[index]
    content = _content(text, span)
    candidates = [
        (number, match)
        for number, match in enumerate(content)
        if not words.common(match.group(0))
        and not any(a <= match.start() < b for a, b in spans)
        and words.accounted(match.group(0), others) < ACCOUNTED
    ]
    if not candidates:
        return []
    if len(WORD.findall(text[span[0] : span[1]])) <= 4:
        clause = text[span[0] : span[1]].strip(" .;:!?#")
        return [(clause, span[0] + text[span[0] : span[1]].index(clause))]
    candidates.sort(key=lambda item: abs(item[0] / max(len(content), 1) - where))
    found: list[tuple[str, int]] = []
    taken: set[int] = set()
    for number, match in candidates:
        if taken & {number - 1, number, number + 1}:
            continue
        stop = match.end()
        following = [m for n, m in candidates if n == number + 1]
        if following:
            stop = following[0].end()
        taken |= {number, number + 1}
        words_found = text[match.start() : stop]
        if words_found not in (w for w, _ in found):
            found.append((words_found, match.start()))
        if len(found) == 2:
            break
    return found


@dataclass(frozen=True)
class Context:
    """What the check of one page needs: both glossaries, the word company, the paths."""

    english: Glossary
    own: Glossary
    words: Company
    en_path: str
    tr_path: str
    page: str
    glossary_path: str


def block_findings(
    context: Context, en_block: Block, tr_block: Block
) -> tuple[list[Finding], set[Unnamed]]:
    """The concepts `en_block` names that `tr_block` does not; the exceptions that excused one."""
    own, english = context.own, context.english
    text = prose_text(tr_block)
    en_text = _english_text(en_block)
    findings: list[Finding] = []
    excused: set[Unnamed] = set()
    for name, hits in used(english, en_block, context.page).items():
        concept = own.concepts.get(name)
        if concept is None or named(concept, text, own.prefixes):
            continue
        exception = next(
            (
                u
                for u in own.unnamed
                if u.page == context.page and u.block == en_block.id and u.concept == name
            ),
            None,
        )
        if exception is not None:
            excused.add(exception)
            continue
        avoided = [
            hit
            for pattern in concept.avoid
            for hit in terms.find(pattern, [(0, text)], own.prefixes)
        ]
        if avoided:
            found = f"“{avoided[0].words}”, which the glossary avoids"
            column = avoided[0].start
        else:
            guesses = stand_in(own, text, (en_text, hits[0]), context.words)
            found = (
                " or ".join(f"“{words}”" for words, _ in guesses) + " in its place?"
                if guesses
                else "nothing in its place"
            )
            column = guesses[0][1] if guesses else 0
        findings.append(
            Finding(
                "glossary",
                own.lang,
                context.page,
                context.tr_path,
                line_at(tr_block, column),
                f"{en_block.id}: the English says “{hits[0].words}” ({name}); expected "
                f"{concept.term} ({' / '.join(concept.forms)}), found {found}",
                context.en_path,
                en_block.line,
            )
        )
    return findings, excused


def stale_exceptions(context: Context, excused: set[Unnamed]) -> list[Finding]:
    """Exceptions of the page that no block of it needed: the translation names the concept."""
    own, page, where = context.own, context.page, context.glossary_path
    return [
        Finding(
            "glossary",
            own.lang,
            page,
            where,
            0,
            f"[[unnamed]] {u.where} ({u.concept}) excuses nothing: the block names the "
            "concept, or the English no longer does; remove the exception",
        )
        for u in own.unnamed
        if u.page == page and u not in excused
    ]


def page_findings(context: Context, pairs: Iterable[Pair]) -> list[Finding]:
    """Every block of a page that leaves a concept of its English unnamed, and stale exceptions."""
    findings: list[Finding] = []
    excused: set[Unnamed] = set()
    for pair in pairs:
        if pair.en is not None and pair.tr is not None:
            found, used_exceptions = block_findings(context, pair.en, pair.tr)
            findings += found
            excused |= used_exceptions
    return findings + stale_exceptions(context, excused)


def stale_senses(english: Glossary, page: str, blocks: list[Block], where: str) -> list[Finding]:
    """`[[other-sense]]` entries of an English page whose block no longer has the word."""
    by_id = {block.id: block for block in blocks}
    findings = []
    for sense in english.other_senses:
        if sense.page != page:
            continue
        block = by_id.get(sense.block)
        if block is None or sense.concept not in used(english, block):
            findings.append(
                Finding(
                    "glossary",
                    english.lang,
                    page,
                    where,
                    0,
                    f"[[other-sense]] {sense.where} ({sense.concept}): the block no longer "
                    "uses the word; remove the entry",
                )
            )
    return findings


def stale_catalog_senses(
    english: Glossary, messages: dict[str, Message], page: str, where: str
) -> list[Finding]:
    """`[[other-sense]]` entries of an English catalog (`page`: `crescent.po`) whose
    message is gone or no longer uses the word."""
    return [
        Finding(
            "glossary",
            english.lang,
            page,
            where,
            0,
            f"[[other-sense]] {sense.where} ({sense.concept}): the message no longer uses "
            "the word; remove the entry",
        )
        for sense in english.other_senses
        if sense.page == page
        and (
            sense.block not in messages
            or sense.concept not in concepts_of(english, messages[sense.block].text)
        )
    ]
