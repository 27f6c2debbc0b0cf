"""The registry of languages as a file: read without importing it, and edited line by line.

A project's registry is `crescent/languages.py` (the engine imports it; see
`crescent.languages`). The toolkit reads the project's own file, so that a copy of the
project, or a new language added a moment ago, is what it checks. Its `REGISTRY` is a
tuple of `Language(...)` calls, one per line, with literal arguments: `add` inserts
a line before the tuple's closing parenthesis and `remove` deletes the lines of one
call, so that an `add` undone by `remove` leaves the file as it was.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from crescent.languages import Language
from translations.files import read_text


class RegistryError(ValueError):
    """The registry file is not a tuple of `Language(...)` calls with literal arguments."""


@dataclass(frozen=True)
class Entry:
    """One language of the registry file and its lines (numbered from 1, `last` included)."""

    language: Language
    first: int
    last: int


@dataclass(frozen=True)
class Registry:
    """The languages of a registry file, where each is written, and where the tuple closes."""

    entries: tuple[Entry, ...]
    closing: int
    """The line of the tuple's closing parenthesis."""

    @property
    def languages(self) -> tuple[Language, ...]:
        """Every language, in the file's order (English first)."""
        return tuple(entry.language for entry in self.entries)

    def entry(self, code: str) -> Entry | None:
        """The entry of the language `code`, if the registry has it."""
        return next((e for e in self.entries if e.language.code == code), None)


def read(path: Path) -> Registry:
    """The registry in the file at `path`."""
    return parse(read_text(path), str(path))


@lru_cache(maxsize=8)
def parse(text: str, where: str = "crescent/languages.py") -> Registry:
    """The registry in the Python source `text`; raises `RegistryError` naming `where`."""
    for node in ast.parse(text, where).body:
        targets: list[ast.expr]
        if isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        elif isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        else:
            continue
        if not any(isinstance(target, ast.Name) and target.id == "REGISTRY" for target in targets):
            continue
        if not isinstance(value, ast.Tuple) or value.end_lineno is None:
            raise RegistryError(f"{where}:{node.lineno}: REGISTRY is not a tuple")
        entries = tuple(_entry(call, where) for call in value.elts)
        return Registry(entries, value.end_lineno)
    raise RegistryError(f"{where}: no REGISTRY = (...) of languages")


def _entry(node: ast.expr, where: str) -> Entry:
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Language"
        and node.end_lineno is not None
    ):
        raise RegistryError(f"{where}:{node.lineno}: each entry must be a Language(...) call")
    try:
        args = [ast.literal_eval(arg) for arg in node.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
        language = Language(*args, **kwargs)
    except (TypeError, ValueError) as error:
        raise RegistryError(f"{where}:{node.lineno}: {error}") from None
    return Entry(language, node.lineno, node.end_lineno)


def line(language: Language) -> str:
    """The registry line of `language`: `    Language("ar", "العربية", rtl=True),`."""
    parts = [_literal(language.code), _literal(language.name)]
    if language.rtl:
        parts.append("rtl=True")
    if language.letters is not None:
        parts.append(f"letters={_literal(language.letters)}")
    return f"    Language({', '.join(parts)}),\n"


def _literal(text: str) -> str:
    """A Python string literal of `text` (JSON's escapes are Python's too)."""
    return json.dumps(text, ensure_ascii=False)


def with_language(text: str, language: Language) -> str:
    """The registry source `text` with `language` appended to `REGISTRY`."""
    lines = text.splitlines(keepends=True)
    closing = parse(text).closing
    return "".join([*lines[: closing - 1], line(language), *lines[closing - 1 :]])


def without_language(text: str, code: str) -> str:
    """The registry source `text` without the entry of `code` (which must be there)."""
    entry = parse(text).entry(code)
    if entry is None:
        raise KeyError(code)
    lines = text.splitlines(keepends=True)
    return "".join([*lines[: entry.first - 1], *lines[entry.last :]])
