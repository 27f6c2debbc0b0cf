"""Markup left open in translating: a code span not closed (an odd number of backticks),
bold not closed (an odd number of `**`), or a bracket or parenthesis without its pair.
Markdown then shows the marks as text, or runs code or bold to the end of the block,
and the strict build passes. A translated block is held to it when its English block
is balanced (every page is, today), and a catalog message where its English message is.
So are quotation marks, by the pairs a language's glossary names (`[typography] quotes`:
« », „ “), in pages and in catalog messages."""

from __future__ import annotations

import re
from typing import Final

CODE_SPAN: Final = re.compile(r"`[^`]*`")
"""An inline code span, whose inside is not markup."""
PAIRS: Final = (("[", "]", "a [ or ] without its pair"), ("(", ")", "a ( or ) without its pair"))


def faults(text: str) -> list[str]:
    """What is left open in the Markdown `text` of one block (none when it is balanced)."""
    found = []
    if text.count("`") % 2:
        found.append("an odd number of ` (a code span not closed)")
    outside = CODE_SPAN.sub("", text)
    if outside.count("**") % 2:
        found.append("an odd number of ** (bold not closed)")
    found += [
        said for opening, closing, said in PAIRS if outside.count(opening) != outside.count(closing)
    ]
    return found


def open_quotes(text: str, quotes: tuple[tuple[str, str], ...]) -> list[str]:
    """The quotation marks of `quotes` (opening, closing) left without their pair in
    `text`; a mark that both opens and closes (Hebrew's ") must come an even number of
    times."""
    outside = CODE_SPAN.sub("", text)
    return [
        f"a quotation mark {opening} or {closing} without its pair"
        if opening != closing
        else f"an odd number of quotation marks {opening}"
        for opening, closing in quotes
        if (outside.count(opening) != outside.count(closing))
        or (opening == closing and outside.count(opening) % 2)
    ]


def left_open(english: str, translated: str, quotes: tuple[tuple[str, str], ...]) -> list[str]:
    """What a translated block's Markdown leaves open where its English block does not,
    and its quotation marks of `quotes` without their pair: none when nothing is."""
    said = [fault for fault in faults(translated) if fault not in faults(english)]
    said += open_quotes(translated, quotes)
    return [f"markup left open: {'; '.join(said)}"] if said else []
