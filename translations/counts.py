"""Counts in the catalogs: a number the engine fills in agrees with the word it counts.

A message that writes a count before the word it counts ("{moves} moves") reads wrong
for some numbers unless it has plural forms: "1 moves" in English, "1 קלפים" in
Hebrew, "5 карты" in Russian. The language's glossary says how its nouns change after
a number (`[numbers]`, `counted-nouns`: "unchanged" as in Turkish, "after-one" as in
English, "by-number" as in Russian) and which words after a number never change
(`unchanged-after`: units such as "s", and words that count nothing, such as "of"). The
English catalog's comments say what the engine knows of a count: "{moves} is at least
96", "{high} ends in 9". A count needs no plural forms where nouns change after one
only and it is never 1, nor where nouns change by number and every value it can take
falls in one plural category of the language (CLDR's, through Babel: 99, 109, 119 are
all "many" in Russian). Elsewhere the entry takes plural forms, or names the count as a
label ("Moves: {moves}").
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path
from typing import Final, NamedTuple

from babel import Locale
from babel.messages.pofile import read_po

from crescent.i18n import COUNT_FIELDS, FIELD
from translations.catalogs import Message
from translations.files import read_bytes
from translations.findings import Finding

MODES: Final = ("unchanged", "after-one", "by-number")
"""How a language's nouns change after a number, as its glossary's `[numbers]` says."""
LEAST: Final = re.compile(r"\{(\w+)\} is at least (\d+)")
ENDING: Final = re.compile(r"\{(\w+)\} (?:is at least \d+ and )?ends in (\d)")
SAMPLE: Final = 1000
"""How many values from a count's least one are looked at: every plural rule of CLDR
repeats within a hundred."""
WORD_AFTER: Final = re.compile(r"\s+([^\W\d_][\w׳'’]*)")


class Known(NamedTuple):
    """What the English catalog's comments say of one count: its least value, and the
    digit it always ends in (None: any)."""

    least: int = 0
    ending: int | None = None

    def values(self) -> range | list[int]:
        """Values the count can take, enough of them to meet every plural category."""
        values = range(self.least, self.least + SAMPLE)
        return values if self.ending is None else [v for v in values if v % 10 == self.ending]


def known_counts(path: Path) -> dict[str, dict[str, Known]]:
    """What the English catalog's comments say of each count, by entry."""
    if not path.is_file():
        return {}
    return _known_counts(read_bytes(path))


@lru_cache(maxsize=8)
def _known_counts(data: bytes) -> dict[str, dict[str, Known]]:
    known: dict[str, dict[str, Known]] = {}
    for entry in read_po(io.BytesIO(data)):
        key = entry.id if isinstance(entry.id, str) else entry.id[0]
        comment = " ".join(entry.auto_comments)
        least = {name: int(value) for name, value in LEAST.findall(comment)}
        ending = {name: int(value) for name, value in ENDING.findall(comment)}
        if key and (least or ending):
            known[key] = {
                name: Known(least.get(name, 0), ending.get(name))
                for name in least.keys() | ending.keys()
            }
    return known


def agrees(lang: str, mode: str, known: Known) -> bool:
    """True when a word after the count reads right for every value it can take."""
    values = known.values()
    if mode == "unchanged":
        return True
    if mode == "after-one":
        return 1 not in values
    plural_form = Locale.parse(lang).plural_form
    return len({plural_form(value) for value in values}) == 1


def findings(
    mode: str,
    unchanged_after: tuple[str, ...],
    messages: dict[str, Message],
    known: dict[str, dict[str, Known]],
    where: tuple[str, str, str],
) -> list[Finding]:
    """A finding for each count followed by a word that must agree with it, in the
    entries of one language's catalog (`where`: the language, the catalog's name and
    its path)."""
    lang, page, path = where
    unchanging = {word.casefold() for word in unchanged_after}
    found = []
    for key, message in sorted(messages.items(), key=lambda item: item[1].line):
        plural = len(message.forms) > 1
        named: set[str] = set()
        for form in message.forms:
            for field in FIELD.finditer(form):
                name = field.group(1)
                if name not in COUNT_FIELDS or name in named or (plural and name == "count"):
                    continue
                word = WORD_AFTER.match(form, field.end())
                if word is None or word.group(1).casefold() in unchanging:
                    continue
                if agrees(lang, mode, known.get(key, {}).get(name, Known())):
                    continue
                named.add(name)
                text = f"“{{{name}}} {word.group(1)}”"
                found.append(
                    Finding(
                        "catalog",
                        lang,
                        page,
                        path,
                        message.line,
                        f"entry {key}: {text} reads wrong for some numbers: give the entry "
                        f"plural forms, or write the count as a label (“{word.group(1)}: "
                        f"{{{name}}}”)",
                    )
                )
    return found
