"""MkDocs hook: card notation in the pages' text reads left to right in every language.

A Python-Markdown extension, added to the site's Markdown extensions here (a hook file
is not importable by name, so `markdown_extensions:` in mkdocs.yml cannot list it),
wraps each card, run of cards and game code of a page's text in `<bdi dir="ltr">`:
`ה-A♠`, `מ-2♥ 9♣ V♦ V♦` stay in card order inside a right-to-left sentence, and a
Hebrew prefix's hyphen is held to the word after it (`crescent.i18n.joined_prefixes`),
a number to its word ("16 стопок", "pile 7": `crescent.i18n.held_numbers`), as in the
engine's messages. What is
notation is the engine's to say (`crescent.bidi.notation`, the rank letters
of every language), and the diagrams, move lists and messages the engine writes are
isolated by the engine itself. Code spans and blocks are left alone (code is already
isolated), and so is raw HTML, which Markdown does not parse.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor
from mkdocs.config.defaults import MkDocsConfig

from crescent.bidi import notation
from crescent.i18n import held_numbers, joined_prefixes

NOTATION_CLASS = "crescent-notation"
"""A code span holding notation only; the stylesheet keeps it on one line."""
TOKEN_CLASS = "crescent-token"
"""A code span of one short word (`--free`, `tools/prove.py`); kept on one line too: at
390 px a line broke after the hyphens of `--free`."""
TOKEN_MAX = 33
"""The longest such word: a longer one may have to break to fit a phone's line. At
320 px, the width WCAG's reflow asks for, the text is 288 px wide and 33 characters of
code 278 px; `results/winrate-100000-suit-beams.tsv` (37) ran off that screen."""
SKIP = frozenset({"code", "pre", "kbd", "samp", "script", "style", "bdi", "svg", "math"})


def _isolated(text: str | None) -> tuple[str, list[etree.Element]] | None:
    """`text` cut into the part before its first notation and `<bdi>` elements (with tails),
    each Hebrew prefix and each number held to its word; None when nothing changes."""
    if not text:
        return None
    joined = joined_prefixes(held_numbers(text))
    matches = list(notation().finditer(joined))
    if not matches:
        return (joined, []) if joined != text else None
    text = joined
    made = []
    for match, following in zip(matches, [*matches[1:], None], strict=True):
        bdi = etree.Element("bdi", {"dir": "ltr"})
        bdi.text = match.group(0)
        bdi.tail = text[match.end() : following.start() if following else len(text)]
        made.append(bdi)
    return text[: matches[0].start()], made


def isolate(element: etree.Element) -> None:
    """Wrap the notation in the text of `element` and of its descendants, in place; a code
    span that is notation alone (`CR1-N-AAAAAAB`) is marked so that no line breaks it."""
    for child in list(element):
        if child.tag not in SKIP:
            isolate(child)
        elif child.tag == "code" and child.text and notation().fullmatch(child.text):
            child.set("class", NOTATION_CLASS)
        elif child.tag == "code" and child.text and _token(child):
            child.set("class", TOKEN_CLASS)
        pieces = _isolated(child.tail)
        if pieces:
            child.tail, made = pieces
            at = list(element).index(child)
            for offset, bdi in enumerate(made, 1):
                element.insert(at + offset, bdi)
    pieces = _isolated(element.text)
    if pieces:
        element.text, made = pieces
        for offset, bdi in enumerate(made):
            element.insert(offset, bdi)


def _token(code: etree.Element) -> bool:
    """Whether the code span `code` is one short word, with nothing inside but its text."""
    text = code.text or ""
    return not len(code) and len(text) <= TOKEN_MAX and not any(c.isspace() for c in text)


class _Isolate(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        isolate(root)


class NotationExtension(Extension):
    """Direction isolates around card notation, after attr_list (8) and before toc (5)."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(_Isolate(md), "crescent-notation", 6)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Add the extension once (static-i18n runs this event again for each language)."""
    extensions = config.markdown_extensions
    if not any(isinstance(e, NotationExtension) for e in extensions):
        extensions.append(NotationExtension())  # type: ignore[arg-type]
    return config
