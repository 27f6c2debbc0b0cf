"""The syntax of a PO file, line by line, as a translator's editor may break it.

Babel reads a PO file leniently: `msgstr "Tipp` (no closing quote) is read as "Tip",
`msgstr Tipp` as "ip", and a misspelled keyword is skipped with a warning that names
no file. A translation changed that silently is worse than one refused, so the
toolkit's report and the site build check every line here first and name the file
and line of each fault.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from babel.core import UnknownLocaleError
from babel.messages.plurals import get_plural

from translations.files import read_text

STRING: Final = r'"(?:[^"\\]|\\[\\"abfnrtv])*"'
"""A PO string literal: double quotes, with only C escapes inside."""
KEYWORD_LINE: Final = re.compile(
    rf"^(?P<keyword>msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])[ \t]+{STRING}[ \t]*$"
)
CONTINUATION: Final = re.compile(rf"^[ \t]*{STRING}[ \t]*$")
COMMENT: Final = re.compile(r"^#")
FOLLOWS: Final[dict[str, set[str | None]]] = {
    "msgctxt": {None, "msgstr", "msgstr[]"},
    "msgid": {None, "msgstr", "msgstr[]", "msgctxt"},
    "msgid_plural": {"msgid"},
    "msgstr": {"msgid"},
    "msgstr[]": {"msgid_plural", "msgstr[]"},
}
"""The keyword each keyword may come after (None: the start of the file)."""
BROKEN: Final = "broken"
"""What came last when the last line was a fault: any keyword may follow it."""


@dataclass(frozen=True)
class Problem:
    """A fault at `line` (counted from 1) of a PO file."""

    line: int
    message: str


def problems(text: str) -> list[Problem]:
    """The syntax faults of a PO file's `text`, in the order of its lines."""
    found: list[Problem] = []
    last: str | None = None
    entry_line = 0
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped or COMMENT.match(stripped):
            continue
        keyword_line = KEYWORD_LINE.match(line)
        if keyword_line:
            keyword = re.sub(r"\[\d+\]", "[]", keyword_line.group("keyword"))
            if last in {"msgid", "msgid_plural"} and keyword in {"msgid", "msgctxt"}:
                found.append(Problem(entry_line, "an entry without its msgstr"))
            elif last != BROKEN and last not in FOLLOWS[keyword]:
                found.append(Problem(number, _out_of_place(keyword)))
            if keyword == "msgid":
                entry_line = number
            last = keyword
            continue
        if CONTINUATION.match(line) and last is not None:
            continue
        found.append(Problem(number, _broken(stripped)))
        last = BROKEN  # the next keyword is not blamed for this line's fault
    if last in {"msgid", "msgid_plural"}:
        found.append(Problem(entry_line, "an entry without its msgstr"))
    found += _duplicates(text)
    found += _plural_forms(text)
    return found


def file_problems(path: Path) -> list[Problem]:
    """The syntax faults of the PO file at `path` (none when there is no file)."""
    if not path.is_file():
        return []
    return problems(read_text(path))


def _out_of_place(keyword: str) -> str:
    shown = keyword.replace("[]", "[N]")
    if keyword == "msgctxt":
        return "msgctxt in the middle of an entry: it comes before its msgid"
    return f"{shown} with no msgid before it"


def _broken(stripped: str) -> str:
    word = stripped.split(None, 1)[0]
    shown = stripped if len(stripped) <= 60 else stripped[:59] + "…"
    if word.startswith('"'):
        return f'a string that is not closed, or has a stray quote inside (write \\"): {shown}'
    if re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?", word):
        return (
            f"the text after {word} must be in double quotes, closed on the same line, "
            f'with \\" for a quote inside: {shown}'
        )
    return f"not a line of a PO file (a misspelled keyword?): {shown}"


ID_LINE: Final = re.compile(rf"^msgid[ \t]+(?P<text>{STRING})[ \t]*$")


def _duplicates(text: str) -> list[Problem]:
    """Entries whose msgid (its first line) an earlier entry has too."""
    found = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        match = ID_LINE.match(line)
        if not match or match.group("text") == '""':
            continue
        key = match.group("text")
        if key in seen:
            found.append(Problem(number, f"msgid {key} again: line {seen[key]} has it too"))
        else:
            seen[key] = number
    return found


PLURAL_FORMS: Final = re.compile(r'^"Plural-Forms:(?P<value>.*?)(?:\\n)?"$')
"""The header line that says how the catalog's plural forms are chosen."""
PLURAL_RULE: Final = re.compile(
    r"^\s*nplurals\s*=\s*(?P<count>\d+)\s*;\s*plural\s*=(?P<rule>[^;]+);?\s*$"
)
LANGUAGE: Final = re.compile(r'^"Language:\s*(?P<code>[\w-]+)')


def _language(lines: list[str]) -> str:
    """The code of the catalog's `Language` header, or ''."""
    return next((m.group("code") for line in lines if (m := LANGUAGE.match(line.strip()))), "")


def _write_forms(lines: list[str]) -> str:
    """How to write the header: with the rule of the catalog's language (Babel's, from
    CLDR), as `python -m translations add` wrote it."""
    code = _language(lines)
    try:
        rule = get_plural(code)
    except (ValueError, UnknownLocaleError):
        return "write it as “Plural-Forms: nplurals=N; plural=RULE;\\n”, your language's rule"
    return f"write it as “Plural-Forms: nplurals={rule.num_plurals}; plural={rule.plural_expr};\\n”"


def _plural_forms(text: str) -> list[Problem]:
    """A catalog with plural entries must say how to choose among their forms, in a rule
    that gettext (so the engine) can read, and that chooses one of its forms for every
    number: without one, gettext takes the English rule."""
    lines = text.split("\n")
    plural = next((n for n, line in enumerate(lines, 1) if line.startswith("msgid_plural")), 0)
    if not plural:
        return []
    header = [(n, m) for n, line in enumerate(lines, 1) if (m := PLURAL_FORMS.match(line.strip()))]
    if not header:
        return [
            Problem(
                plural, f"a plural entry, and the header has no Plural-Forms: {_write_forms(lines)}"
            )
        ]
    number, found = header[0]
    rule = PLURAL_RULE.match(found.group("value"))
    try:
        if rule is None:
            raise ValueError(found.group("value").strip())
        choose = gettext.c2py(rule.group("rule").strip())
        count = int(rule.group("count"))
        wrong = next((n for n in range(1000) if not 0 <= choose(n) < count), None)
    except (ValueError, SyntaxError, RecursionError):
        return [
            Problem(number, f"Plural-Forms is not a rule gettext can read: {_write_forms(lines)}")
        ]
    if wrong is not None:
        return [
            Problem(
                number,
                f"Plural-Forms gives the number {wrong} form {choose(wrong)}, but nplurals is "
                f"{count} (forms 0 to {count - 1}): {_write_forms(lines)}",
            )
        ]
    return _other_rule(lines, number, count, choose)


def _other_rule(
    lines: list[str], number: int, count: int, choose: Callable[[int], int]
) -> list[Problem]:
    """A readable rule that is not the language's (CLDR's, as Babel has it): the English
    rule copied into a Polish catalog would write "5 karty" for "5 kart"."""
    code = _language(lines)
    try:
        rule = get_plural(code)
    except (ValueError, UnknownLocaleError):
        return []  # a language Babel does not know: its rule cannot be checked
    cldr = gettext.c2py(rule.plural_expr)
    differs = next((n for n in range(1000) if choose(n) != cldr(n)), None)
    if count == rule.num_plurals and differs is None:
        return []
    if differs is None:
        said = f"it has {count} forms where the language has {rule.num_plurals}"
    else:
        said = f"it gives the number {differs} form {choose(differs)}, the language's rule "
        said += f"form {cldr(differs)}"
    fault = f"Plural-Forms is not the rule of {code!r}: {said}: {_write_forms(lines)}"
    return [Problem(number, fault)]
