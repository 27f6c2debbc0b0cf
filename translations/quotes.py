"""Pages quote the app as the app reads: its messages, and the labels of its controls.

An English block quotes the app where it gives a catalog message's words:

- in quotes (“…”) or in bold: the whole message, each `{field}` standing for any
  words (“Redeal (3 left)”), or its *label*, the message without the brackets that
  hold a field (“Redeal” for `Redeal ({count} left)`);
- or a short label (one to three words, written as the catalog writes it) right
  next to the word for a control: "The Redeal button", "the Reset button".

The translated block paired with it must then give the same message in its own
catalog's words: the whole message where the English quotes it whole; for a label,
the language's label in quotes or bold, or next to the language's word for a
control (the glossary's concepts `button` and `switch`), or the whole message. A
block that does not is a finding that names the words the app shows and what the
page says instead. Both catalogs count: the engine's and the toolkit's own
(`site`, the words of the "compare with English" controls).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from translations import catalogs, terms
from translations.blocks import Block, line_at, prose_text
from translations.catalogs import Message
from translations.files import read_bytes
from translations.findings import Finding
from translations.glossary import Glossary
from translations.project import SOURCE, Catalog, Project

FIELD = re.compile(r"\{\w+\}")
HELD_FIELD = re.compile(r"\s*\([^()]*\{\w+\}[^()]*\)")
"""A bracket that holds a field: ` ({count} left)`, dropped from a label."""
ENGLISH_QUOTE = re.compile(r"“([^”]+)”|\*\*([^*]+)\*\*")
ANY_QUOTE = re.compile(
    r"“([^”]+)”|„([^“”]+)[“”]|«([^»]+)»|\"([^\"\n]+)\"|\*\*([^*]+)\*\*|‘([^’]+)’"
)
CONTROLS = ("button", "switch")
"""The concepts whose words name a control of the app."""
LABEL_WORDS = 3
WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Quoted:
    """A message an English block quotes: the keys with those words, whole or as a label."""

    keys: tuple[str, ...]
    words: str
    whole: bool
    marked: bool = True
    """Quoted or in bold (else named next to the word for a control)."""


@dataclass(frozen=True)
class Entry:
    """A catalog message as pages quote it: its whole text as patterns, and its labels."""

    message: Message
    catalog: Catalog
    label: str
    """The message without the brackets that hold a field; '' if a field remains."""
    labels: frozenset[str]
    """The label of every plural form."""

    @cached_property
    def whole(self) -> tuple[re.Pattern[str], ...]:
        """Each plural form as a pattern, a field standing for any words: compiled when
        first asked (most messages are never quoted; compiling all of them was a fifth
        of a report's CPU)."""
        return tuple(message_pattern(form) for form in self.message.forms if form)

    @classmethod
    def of(cls, message: Message, catalog: Catalog) -> Entry:
        """The entry of `message` of `catalog`."""
        labels = {HELD_FIELD.sub("", form).strip() for form in message.forms}
        label = HELD_FIELD.sub("", message.text).strip()
        return cls(
            message,
            catalog,
            "" if FIELD.search(label) else label,
            frozenset(text for text in labels if text and not FIELD.search(text)),
        )


def message_pattern(text: str) -> re.Pattern[str]:
    """A message's text as a pattern: each field (`{count}`) stands for any few words."""
    parts = FIELD.split(text)
    return re.compile(r".{1,40}?".join(re.escape(part) for part in parts), re.DOTALL)


@dataclass(frozen=True, eq=False)
class Messages:
    """Both catalogs of a language as pages quote them: by key, by text and by label."""

    by_key: dict[str, Entry]
    by_text: dict[str, tuple[str, ...]]
    by_label: dict[str, tuple[str, ...]]
    with_fields: tuple[Entry, ...]


def entries(project: Project, lang: str) -> Messages:
    """Every message of both catalogs in `lang`, read once for each text they have had."""
    paths = tuple(catalog.path(lang) for catalog in project.catalogs)
    texts = tuple(read_bytes(path) if path.is_file() else b"" for path in paths)
    return _entries(project.catalogs, texts, lang)


@lru_cache(maxsize=16)
def _entries(catalog_list: tuple[Catalog, ...], texts: tuple[bytes, ...], lang: str) -> Messages:
    by_key: dict[str, Entry] = {}
    for catalog in catalog_list:
        for key, message in catalogs.load(catalog.path(lang)).items():
            if message.text.strip():
                by_key[key] = Entry.of(message, catalog)
    by_text: dict[str, list[str]] = {}
    by_label: dict[str, list[str]] = {}
    for key, entry in by_key.items():
        by_text.setdefault(entry.message.text, []).append(key)
        if entry.label:
            by_label.setdefault(entry.label, []).append(key)
    return Messages(
        by_key,
        {text: tuple(keys) for text, keys in by_text.items()},
        {label: tuple(keys) for label, keys in by_label.items()},
        tuple(e for e in by_key.values() if FIELD.search(e.message.text)),
    )


def _controls(glossary: Glossary) -> list[str]:
    return [
        form
        for name in CONTROLS
        if name in glossary.concepts
        for form in glossary.concepts[name].forms
    ]


FIRST_WORD = re.compile(r"[\s*“”«»„\"']*([^\W\d_]+)")
LAST_WORD = re.compile(r"([^\W\d_]+)[\s*“”«»„\"']*$")


def _beside_control(text: str, start: int, end: int, controls: list[str], prefixes: str) -> bool:
    """True when a control's word stands right before `start` or right after `end`."""
    after = FIRST_WORD.match(text, end)
    before = LAST_WORD.search(text[max(start - 40, 0) : start])
    words = [match.group(1) for match in (after, before) if match is not None]
    return any(terms.matches(form, word, prefixes) for form in controls for word in words)


@lru_cache(maxsize=1024)
def quoted(english: Messages, glossary: Glossary, block: Block) -> list[Quoted]:
    """The messages an English block quotes."""
    text = prose_text(block)
    found: dict[tuple[str, ...], Quoted] = {}
    by_text, by_label = english.by_text, english.by_label
    raw = block.text
    for match in ENGLISH_QUOTE.finditer(raw):
        words = match.group(1) or match.group(2)
        if words in by_text:
            keys = by_text[words]
            short = len(WORD.findall(words)) <= LABEL_WORDS
            found.setdefault(keys, Quoted(keys, words, whole=not short))
        elif words in by_label:
            keys = by_label[words]
            found.setdefault(keys, Quoted(keys, words, whole=False))
        else:
            keys = tuple(e.message.key for e in english.with_fields if _full(e, words))
            if keys:
                found.setdefault(keys, Quoted(keys, words, whole=True))
    controls = _controls(glossary)
    for label, named in by_label.items():
        if len(label.split()) > LABEL_WORDS or named in found or label not in text:
            continue
        for match in re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", text):
            if _beside_control(text, match.start(), match.end(), controls, glossary.prefixes):
                found.setdefault(named, Quoted(named, label, whole=False, marked=False))
    return list(found.values())


def _full(entry: Entry, words: str) -> bool:
    return any(pattern.fullmatch(words) for pattern in entry.whole)


def gives(entry: Entry, text: str, glossary: Glossary, whole: bool) -> bool:
    """True when `text` gives the message of `entry`: whole, or (`whole` False) its label.

    A label counts in quotes or bold, or next to the word for a control; the whole
    message counts anywhere, unless it is no more than its label (then a sentence
    that merely starts with the same word would do).
    """
    if (whole or entry.label != entry.message.text) and any(
        pattern.search(text) for pattern in entry.whole
    ):
        return True
    if whole:
        return False
    labels = {label.casefold() for label in entry.labels}
    for match in ANY_QUOTE.finditer(text):
        inner = next(group for group in match.groups() if group is not None).strip()
        if inner.casefold() in labels or any(p.fullmatch(inner) for p in entry.whole):
            return True
    controls = _controls(glossary)
    for label in entry.labels:
        for match in re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", text, re.IGNORECASE):
            if _beside_control(text, match.start(), match.end(), controls, glossary.prefixes):
                return True
    return False


def what_it_says(
    text: str, glossary: Glossary, words: int, messages: Messages, marked: bool
) -> tuple[str, int] | None:
    """What a translated block says instead of a label: words and column.

    Where the English quotes the label (`marked`), the first quotation or bold text of
    the block that is no message of the app; else, or if there is none, the words next
    to the block's word for a control: as many as the label has, after the control's
    word (or before it, for a language that puts the name first).
    """
    for match in ANY_QUOTE.finditer(text) if marked else ():
        inner = next(group for group in match.groups() if group is not None).strip()
        if inner not in messages.by_text:
            return match.group(0), match.start()
    for form in _controls(glossary):
        for hit in terms.find(form, [(0, text)], glossary.prefixes):
            after = list(WORD.finditer(text, hit.end))[:words]
            if after and not text[hit.end : after[0].start()].strip(" *“”«»„\"'"):
                return text[hit.start : after[-1].end()], hit.start
            before = list(WORD.finditer(text, 0, hit.start))[-words:]
            if before:
                return text[before[0].start() : hit.end], before[0].start()
    return None


def block_findings(
    project: Project,
    glossaries: tuple[Glossary, Glossary],
    lang: str,
    page: str,
    blocks: tuple[Block, Block],
    tr_path: str,
) -> list[Finding]:
    """The messages `en_block` quotes that `tr_block` does not give in its catalog's words."""
    english_glossary, own = glossaries
    en_block, tr_block = blocks
    english, messages = entries(project, SOURCE), entries(project, lang)
    quotes = quoted(english, english_glossary, en_block)
    if not quotes:
        return []
    text = prose_text(tr_block)
    raw = tr_block.text
    findings = []
    for quote in quotes:
        candidates = [messages.by_key[key] for key in quote.keys if key in messages.by_key]
        if not candidates or any(
            gives(e, raw, own, quote.whole) or gives(e, text, own, quote.whole) for e in candidates
        ):
            continue
        entry = candidates[0]
        where = f"{project.relative(entry.catalog.path(lang))}:{entry.message.line}"
        if quote.whole:
            message = (
                f"{tr_block.id} must quote {entry.message.key} exactly as {where} has it: "
                f"“{entry.message.text}”"
            )
            line = tr_block.line
        else:
            said = what_it_says(text, own, len(entry.label.split()), messages, quote.marked)
            shown = (
                f"“{entry.label}” (“{entry.message.text}”)"
                if entry.label != entry.message.text
                else f"“{entry.label}”"
            )
            message = (
                f"{tr_block.id} names the app's “{quote.words}” ({entry.message.key}): the "
                f"{lang} app shows {shown}, {where}; the page says "
                + (f"“{said[0]}”" if said else "none of it")
            )
            line = line_at(tr_block, said[1]) if said else tr_block.line
        findings.append(
            Finding(
                "quote",
                lang,
                page,
                tr_path,
                line,
                message,
                project.relative(project.source(page)),
                en_block.line,
            )
        )
    return findings


def near_misses(block: Block, english: dict[str, Message]) -> list[tuple[str, str]]:
    """English quotes close to a catalog message but not equal: (quote, key)."""
    if "“" not in block.text:
        return []
    by_text = {message.text: key for key, message in english.items() if " " in message.text}
    found = []
    for match in ENGLISH_QUOTE.finditer(block.text):
        quote = match.group(1)
        if not quote or quote in by_text or len(quote.split()) < 3:
            continue
        close = difflib.get_close_matches(quote, list(by_text), n=1, cutoff=0.85)
        if close:
            found.append((quote, by_text[close[0]]))
    return found
