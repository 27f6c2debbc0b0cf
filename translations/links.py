"""The links of a translated block: the same targets as its English block's.

A link broken in translating (`[text] (url)`, with a space, which Markdown shows as
text), dropped, or pointed elsewhere (an anchor translated, `#основы` for
`#foundations`) is a structure finding at the block's line. The strict build passes
the first two without a word.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

from translations.align import Pair
from translations.findings import Finding

LINK: Final = re.compile(r"!?\[[^\]\n]*\]\(([^()\s]+(?:\([^()\s]*\)[^()\s]*)*)(?:\s[^)\n]*)?\)")
"""A Markdown link or image, its target in group 1 (which may hold parentheses, as
Wikipedia's addresses do)."""
SPACED: Final = re.compile(r"\] \(")
"""A link broken by a space between its text and its target."""


def targets(text: str) -> Counter[str]:
    """The targets of the links and images in Markdown `text`, with their counts."""
    return Counter(LINK.findall(text))


def findings(pairs: list[Pair], paths: tuple[str, str], lang: str, name: str) -> list[Finding]:
    """A finding for each translated block whose links differ from its English block's."""
    en_path, tr_path = paths
    found = []
    for pair in pairs:
        if pair.en is None or pair.tr is None:
            continue
        english, translated = targets(pair.en.text), targets(pair.tr.text)
        if english == translated:
            continue
        said = [
            f"lacks the link to {target}" for target in sorted((english - translated).elements())
        ]
        said += [
            f"links to {target}, which the English does not"
            for target in sorted((translated - english).elements())
        ]
        if SPACED.search(pair.tr.text):
            said.append("“] (” with a space is no link: write “](”")
        found.append(
            Finding(
                "structure",
                lang,
                name,
                tr_path,
                pair.tr.line,
                f"{pair.en.id}: the links differ from the English block's: {'; '.join(said)}",
                en_path,
                pair.en.line,
            )
        )
    return found
