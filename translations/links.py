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

LINK: Final = re.compile(r"!?\[[^\]\n]*\]\(([^()\s]+(?:\([^()\s]*\)[^()\s]*)*)(?:\s[^)\n]*)?\)")
"""A Markdown link or image, its target in group 1 (which may hold parentheses, as
Wikipedia's addresses do)."""
SPACED: Final = re.compile(r"\] \(")
"""A link broken by a space between its text and its target."""


def targets(text: str) -> Counter[str]:
    """The targets of the links and images in Markdown `text`, with their counts."""
    return Counter(LINK.findall(text))


def differences(english: str, translated: str) -> list[str]:
    """What the links of a translated block's Markdown do otherwise than its English
    block's: none when they link to the same targets."""
    wanted, made = targets(english), targets(translated)
    if wanted == made:
        return []
    said = [f"lacks the link to {target}" for target in sorted((wanted - made).elements())]
    said += [
        f"links to {target}, which the English does not"
        for target in sorted((made - wanted).elements())
    ]
    if SPACED.search(translated):
        said.append("“] (” with a space is no link: write “](”")
    return [f"the links differ from the English block's: {'; '.join(said)}"]
