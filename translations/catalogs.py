"""The gettext PO catalogs: their entries, and their gaps per language.

Two domains are checked: `crescent` (the engine's messages, in
`crescent/locale/`) and `site` (the words of the translators' toolkit a reader
sees, in `translations/locale/`). English is the source of each: a key that the
English catalog has and a language lacks, leaves empty or marks fuzzy is a gap;
so is a `{field}` the engine does not fill (one that neither the English message
nor the English catalog's comments name). A translation may leave fields out.
"""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

from crescent.i18n import FIELD, with_rule_numbers
from translations import po_syntax
from translations.files import read_bytes, read_text
from translations.findings import Finding
from translations.project import SOURCE, Catalog, Project

THEME_PREFIX = "site.theme."
"""The messages of Material's words around the pages (`crescent_site.languages.THEME_WORDS`)."""
MARKUP = '"<>&'
"""What Material's templates would read as HTML in those words: they write them unescaped."""


@dataclass(frozen=True)
class Message:
    """One catalog entry: its key, its text (every plural form) and where it is.

    The text is as the app shows it: the game's numbers it names (`{pile_limit}`) are
    filled in, as the engine's `Catalog.text` fills them.
    """

    key: str
    forms: tuple[str, ...]
    line: int
    fuzzy: bool
    flags: frozenset[str] = frozenset()
    """The entry's flags (`#, button`: the words of a button, in the English catalog)."""

    @property
    def text(self) -> str:
        """The text (the last plural form for plural entries)."""
        return self.forms[-1]

    @property
    def translated(self) -> bool:
        """True when every form has text."""
        return all(self.forms)


def load(path: Path) -> dict[str, Message]:
    """The entries of the PO file at `path` (empty when there is no file)."""
    if not path.is_file():
        return {}
    return _parse(read_bytes(path))


@lru_cache(maxsize=64)
def _parse(data: bytes) -> dict[str, Message]:
    """The entries of a PO file's bytes, parsed once for each text the file has had.

    Babel prints a warning naming no file for a line it cannot read; `syntax_findings`
    names the file and line of each instead."""
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            catalog = read_po(io.BytesIO(data))
        except ValueError:  # a Plural-Forms header Babel cannot read: po_syntax names it
            catalog = read_po(io.BytesIO(re.sub(rb'(?m)^"Plural-Forms:.*$', b"", data)))
    messages = {}
    for entry in catalog:
        if not entry.id:
            continue
        key = entry.id if isinstance(entry.id, str) else entry.id[0]
        string = entry.string
        forms = (string,) if isinstance(string, str) else tuple(string or ())
        shown = tuple(with_rule_numbers(form or "") for form in forms)
        messages[key] = Message(key, shown, entry.lineno or 0, entry.fuzzy, frozenset(entry.flags))
    return messages


def syntax_findings(project: Project, catalog: Catalog, lang: str) -> list[Finding]:
    """The lines of `lang`'s PO file that are not PO syntax (`translations.po_syntax`)."""
    path = catalog.path(lang)
    where = project.relative(path)
    return [
        Finding("catalog", lang, f"{catalog.domain}.po", where, problem.line, problem.message)
        for problem in po_syntax.file_problems(path)
    ]


def gaps(project: Project, catalog: Catalog, lang: str) -> list[Finding]:
    """Missing, empty, fuzzy, unknown and field-changing entries of `lang`."""
    english_path, path = catalog.path(SOURCE), catalog.path(lang)
    english, messages = load(english_path), load(path)
    where, english_where = project.relative(path), project.relative(english_path)
    page = f"{catalog.domain}.po"
    findings = []

    def add(line: int, message: str, other_line: int = 0) -> None:
        findings.append(
            Finding(
                "catalog",
                lang,
                page,
                where,
                line,
                message,
                english_where if other_line else "",
                other_line,
            )
        )

    documented = _documented_fields(english_path)
    if english and not messages:
        add(0, f"no catalog: create it from {english_where}")
        return findings
    for key, source in english.items():
        entry = messages.get(key)
        if entry is None:
            add(0, f"missing entry {key} (English: “{source.text}”)", source.line)
        elif not entry.translated:
            add(entry.line, f"untranslated entry {key} (English: “{source.text}”)", source.line)
        elif entry.fuzzy:
            add(entry.line, f"fuzzy entry {key}: check it, then remove the fuzzy flag", source.line)
        else:
            known = set(FIELD.findall(" ".join(source.forms))) | documented
            unknown = {name for form in entry.forms for name in FIELD.findall(form)} - known
            if unknown:
                add(
                    entry.line,
                    f"entry {key} uses {_fields(unknown)}, which the engine does "
                    f"not fill (the English uses {_fields(set(FIELD.findall(source.text)))})",
                    source.line,
                )
            elif _stray_braces(entry.forms) > _stray_braces(source.forms):
                add(
                    entry.line,
                    f"entry {key} has a brace {{ or }} that belongs to no field: "
                    "the reader would see it",
                    source.line,
                )
            elif key.startswith(THEME_PREFIX) and _markup(entry.forms):
                add(
                    entry.line,
                    f"entry {key} has {_markup(entry.forms)}: Material writes these words "
                    "into the page's HTML as they are, where that character breaks it; "
                    "write the language's quotation marks (“ ” „ « » ״) or words instead",
                    source.line,
                )
    for key, entry in messages.items():
        if key not in english:
            add(entry.line, f"unknown entry {key}: the English catalog has no such key")
    return findings


def _markup(forms: tuple[str, ...]) -> str:
    """The characters of HTML's markup that the forms hold, quoted ('' for none)."""
    found = sorted({char for form in forms for char in form if char in MARKUP})
    return ", ".join(f"“{char}”" for char in found)


def _stray_braces(forms: tuple[str, ...]) -> int:
    """How many braces the forms hold outside their `{fields}`."""
    outside = (FIELD.sub("", form) for form in forms)
    return sum(text.count("{") + text.count("}") for text in outside)


def _documented_fields(path: Path) -> set[str]:
    """Fields the English catalog's comments say a translation may use."""
    if not path.is_file():
        return set()
    comments = [line for line in read_text(path).split("\n") if line.startswith("#.")]
    return set(FIELD.findall(" ".join(comments)))


def _fields(names: set[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in sorted(names)) or "none"
