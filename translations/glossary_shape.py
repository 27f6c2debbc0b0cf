"""The shape of a glossary's TOML, checked before its entries are read: the keys a
glossary knows, each of the kind it must be, and patterns that can match.

A slip of the TOML must not turn a check off in silence: `[calques]` written for
`[[calques]]` is a table that holds no entries, `[[calque]]` a key no check reads, and
the pattern `*` (or an empty alternative, `a|`) matches every word or none.
"""

from __future__ import annotations

import re
from typing import Final

VALUES: Final = {
    "language": (str, 'a code in quotes: language = "de"'),
    "prefixes": (str, 'letters in quotes: prefixes = "הבלמשוכ"'),
    "endings": (object, ""),  # its kind is checked where it is read (`glossary.parse`)
    "concepts": (dict, "tables, each under a [concepts.NAME] line"),
    "numbers": (dict, "a table, under a [numbers] line"),
    "negation": (dict, "a table, under a [negation] line"),
    "typography": (dict, "a table, under a [typography] line"),
}
"""The glossary's keys that hold one value, with its type and how to write it."""
ENTRIES: Final = (
    "allow",
    "not-terms",
    "unnamed",
    "other-sense",
    "other-facts",
    "calques",
    "spelling",
    "buttons",
)
"""The glossary's keys that hold entries, each written under its own `[[KEY]]` line."""


def problems(data: dict[str, object], text: str) -> list[tuple[int, str]]:
    """What is wrong with the shape of the glossary `data` read from `text`, at its line."""
    found = []
    for key, value in data.items():
        line = key_line(text, key)
        if key in ENTRIES:
            if not (isinstance(value, list) and all(isinstance(entry, dict) for entry in value)):
                found.append((line, f"{key} must be entries, each under its own [[{key}]] line"))
                continue
            found += _entry_values(key, value, text)
        elif key in VALUES:
            kind, written = VALUES[key]
            if not isinstance(value, kind):
                found.append((line, f"{key} must be {written}"))
        else:
            known = ", ".join(sorted([*VALUES, *ENTRIES]))
            found.append((line, f"unknown key {key!r}: a glossary's keys are {known}"))
    return found


def _entry_values(key: str, entries: list[dict[str, object]], text: str) -> list[tuple[int, str]]:
    """Values of `[[key]]` entries that are not text, at their entry's line: every field
    of an entry is text in quotes (`words` a list of them); `regex = 5` was read as the
    expression "5"."""
    header = re.compile(rf"^\s*\[\[\s*{re.escape(key)}\s*\]\]")
    lines = [n for n, row in enumerate(text.split("\n"), 1) if header.match(row)]
    found = []
    for number, entry in enumerate(entries):
        for field, value in entry.items():
            if field == "words" and is_texts(value):
                continue
            if not isinstance(value, str):
                written = "a list of words in quotes" if field == "words" else "text in quotes"
                line = lines[number] if number < len(lines) else 0
                found.append((line, f"[[{key}]] {field} = {value!r} must be {written}"))
    return found


def is_texts(value: object) -> bool:
    """True for a list of strings."""
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def key_line(text: str, key: str) -> int:
    """The first line of `text` that writes `key` (`key =`, `[key]`, `[[key]]`,
    `[key.NAME]`), or 0."""
    written = re.compile(rf"^\s*(?:\[\[?\s*{re.escape(key)}\s*[\].]|{re.escape(key)}\s*=)")
    return next((n for n, line in enumerate(text.split("\n"), 1) if written.match(line)), 0)


def pattern_problem(pattern: object) -> str | None:
    """Why `pattern` is no glossary pattern (`translations.terms`), or None when it is one:
    not text, empty, or with an alternative that is empty or a bare `*`."""
    if not isinstance(pattern, str):
        return f"{pattern!r} is not a pattern in quotes"
    words = pattern.removeprefix("=").split()
    if not words:
        return f"{pattern!r} is an empty pattern"
    for word in words:
        if any(alternative in ("", "*") for alternative in word.split("|")):
            return (
                f"{pattern!r} has an empty alternative or a bare *, which matches any word or "
                "none: write the word, or a stem with * at its end"
            )
    return None
