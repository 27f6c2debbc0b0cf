"""The facts of a translation: the numbers and cards of each block and message, as English has them.

A translation may reword anything but the game's facts: "at most 13 cards", "move 10",
"6♥ onto 7♥". Each translated block of a page, and each translated catalog message,
must name the same numbers and the same cards as its English source, whatever the
language's digit grouping (100,000, 100 000, 100.000) and card letters (K♠, R♠, К♠).
Inline code, link targets, `{fields}` and game codes are left out: other checks own
them. A number the English writes in words ("one rank higher") is a fact as well, and
so is a word that denies ("cannot", "never"): the translation names it in digits or in
its own words (`translations.spelled`, each glossary's `[numbers] words` and `[negation]
words`). Where a translation rightly words a fact otherwise, or adds one, its glossary's
`[[other-facts]]` entry says so: `where` (`index#setup.1`, `crescent.po#KEY`) and
`reason`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

from translations.catalogs import Message
from translations.findings import Finding
from translations.glossary import CARD, RANKS, SUITS
from translations.spelled import NONE, Spelled

LEFT_OUT: Final = re.compile(r"`[^`]*`|\]\([^)]*\)|https?://\S+|\{\w*\}|CR1-\S*")
NUMBER: Final = re.compile(r"(?<![\w.,])\d{1,3}(?:[ ,.\u00a0\u202f\u066c]\d{3})+(?![\d])|\d+")
GROUPING: Final = re.compile(r"[ ,.\u00a0\u202f\u066c]")
ENGLISH: Final = {rank: rank for rank in RANKS}
"""English's card letters, as a glossary's `letters` gives a language's (`K` -> `R`)."""


SPELLED_BY_NONE: Final = (NONE, NONE)


def digits_of(written: str) -> str:
    """The number written, in ASCII digits, its groups' separators left out ("1,376" ->
    "1376"), whatever digits the language writes ("۱۰۴" -> "104")."""
    return str(int(GROUPING.sub("", written)))


def written(text: str, letters: dict[str, str]) -> tuple[Counter[str], str]:
    """The numbers and cards `text` writes, cards in English letters (`letters`: the
    language's letter for each English one, a glossary's `letters`), and what is left of
    it to read for facts in words (`translations.spelled`)."""
    english = {own: rank for rank, own in letters.items()}
    text = LEFT_OUT.sub(" ", text)
    found = Counter(english.get(rank, rank) + suit for rank, suit in CARD.findall(text))
    text = CARD.sub(" ", text)
    found.update(digits_of(number) for number in NUMBER.findall(text))
    return found, NUMBER.sub(" ", text)


def difference(
    english: str,
    translated: str,
    letters: dict[str, str],
    spelled: tuple[Spelled, Spelled] = SPELLED_BY_NONE,
) -> str:
    """What the translation of the English text lacks and adds of its facts (`lacks 13
    and adds 12`), cards in the translation's `letters`; '' when the facts are the same.
    `spelled`: the words for numbers and negations of English and of the translation's
    language; the translation's words answer the English facts, never add facts of their
    own. A fact the English says in words that the language lists no word for is named."""
    english_written, english_rest = written(english, ENGLISH)
    in_words = spelled[0].count(english_rest)  # what the English says in words
    source = english_written + in_words
    own, rest = written(translated, letters)
    # The translation's words are read only for what its digits and cards leave unsaid.
    worded = spelled[1].count(rest) if source - own else Counter()

    def shown(fact: str) -> str:
        rank, suit = fact[:-1], fact[-1]
        return letters.get(rank, rank) + suit if suit in SUITS else fact

    parts = []
    lacking = source - own - worded
    for word, facts_of in (("lacks", lacking), ("adds", own - source)):
        if facts_of:
            parts.append(f"{word} " + ", ".join(sorted(map(shown, facts_of.elements()))))
    said = " and ".join(parts)
    unlisted = sorted(fact for fact in lacking & in_words if not spelled[1].says(fact))
    if unlisted:
        # A new language's glossary lists no words yet: the translation may be right.
        said += f"; the glossary lists no words for {', '.join(unlisted)} yet"
    return said


def block_finding(
    pair: tuple[str, str],
    letters: dict[str, str],
    where: tuple[str, str, str, int],
    other: tuple[str, int],
    spelled: tuple[Spelled, Spelled] = SPELLED_BY_NONE,
) -> Finding | None:
    """A finding when a translated block (`pair`: English text, translated text) names
    other numbers or cards than its English block; `where` is the language, page, path
    and line, `other` the English path and line."""
    lang, page, path, line = where
    said = difference(*pair, letters, spelled)
    if not said:
        return None
    message = (
        f"numbers, cards or negations differ from the English block ({said}): correct the "
        "fact, or, where the translation rightly words it otherwise, give the block an "
        "[[other-facts]] entry in the glossary"
    )
    return Finding("fact", lang, page, path, line, message, *other)


def catalog_findings(
    messages: dict[str, Message],
    english: dict[str, Message],
    letters: dict[str, str],
    excused: frozenset[str],
    where: tuple[str, str, str],
    spelled: tuple[Spelled, Spelled] = SPELLED_BY_NONE,
) -> list[Finding]:
    """Translated messages that name other numbers or cards than their English ones, and
    keys in `excused` (the glossary's `[[other-facts]]` of this catalog) whose message
    does not (`where`: the language, the catalog's name and path)."""
    lang, page, path = where
    found = []
    for key in sorted(excused - messages.keys()):
        found.append(Finding("glossary", lang, page, path, 0, stale(f"{page}#{key}")))
    for key, message in messages.items():
        source = english.get(key)
        if source is None or not message.translated:
            continue
        said = difference(source.text, message.text, letters, spelled)
        if key in excused and not said:
            found.append(
                Finding("glossary", lang, page, path, message.line, stale(f"{page}#{key}"))
            )
        elif said and key not in excused:
            found.append(
                Finding(
                    "fact",
                    lang,
                    page,
                    path,
                    message.line,
                    f"entry {key}: numbers, cards or negations differ from the English "
                    f"message ({said})",
                )
            )
    return found


def stale(where: str) -> str:
    """What a `[[other-facts]]` entry at `where` that excuses nothing asks for."""
    return (
        f"[[other-facts]] {where} excuses nothing: it names the English numbers and cards, "
        "or is gone; remove it"
    )
