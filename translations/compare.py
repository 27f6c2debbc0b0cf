"""Compare with English: the English originals in the HTML of a translated page.

Before a translated page's Markdown is rendered, an anchor comment `<!-- tb:N -->`
goes before each top-level group of blocks (a list's items are one group), in place
of the blank line there, and `<!-- tb:end -->` at the end. The English page is
rendered the same way. In the rendered HTML the anchors delimit each block's
elements, so each translated block can be given its English original:

- the block element gets `data-tb="<block id>"`;
- under it, a bar with the EN button (`aria-expanded`, `aria-controls`, labelled in
  the page's language) and a hidden panel holding the English HTML in
  `<div class="tb-original" lang="en" dir="ltr">`, with the Hide and Open-in-a-window
  buttons;
- a section whose English changed since it was translated gets a notice under its
  heading, linking to the English section.

Everything here is plain string work on the HTML MkDocs produces; the behaviour is in
`docs/assets/js/pages/compare.js`.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from translations.blocks import TEXT_KINDS, Block
from translations.fallback import fell_back
from translations.ui import Words

ANCHOR = re.compile(r"<!-- tb:(\d+|end) -->")
TAG = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>", re.S)
VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)
HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)
ID_ATTR = re.compile(r'\s(?:id|aria-labelledby|aria-describedby)="[^"]*"')


def anchored(markdown: str, blocks: list[Block]) -> str:
    """`markdown` with an anchor comment before each group of `blocks` and one at the end.

    `blocks` are the blocks of `markdown` itself. Each anchor takes the place of the
    blank line before its group, so that line numbers do not move (other hooks report
    errors by line); only a group with no blank line before it gets a line of its own.
    The first group, on the first line, gets its anchor in the HTML (`first_anchor`).
    """
    lines = markdown.split("\n")
    starts: dict[int, int] = {}
    for index, block in enumerate(blocks):
        starts.setdefault(block.group, index)
    for group in sorted(starts, reverse=True):
        index = starts[group]
        before = blocks[index].line - 2
        if before < 0:
            continue
        anchor = f"<!-- tb:{index} -->"
        if not lines[before].strip():
            lines[before] = anchor
        else:
            lines.insert(before + 1, anchor)
    return "\n".join(lines) + "\n\n<!-- tb:end -->\n"


def first_anchor(html: str) -> str:
    """The rendered HTML with the first group's anchor, if it has none yet."""
    return html if "<!-- tb:0 -->" in html else "<!-- tb:0 -->" + html


@dataclass(frozen=True)
class Element:
    """An element of the HTML: where it starts, where its start tag ends, where it ends."""

    start: int
    open_end: int
    end: int
    name: str

    @property
    def close_start(self) -> int:
        """Where its end tag starts."""
        return self.end - len(f"</{self.name}>")


def element_at(text: str, position: int) -> Element | None:
    """The first element at or after `position` (its whole extent), if any."""
    depth, first = 0, None
    for match in TAG.finditer(text, position):
        if match.group(0).startswith("<!--"):
            continue
        closing, name, _, self_closing = match.groups()
        name = name.lower()
        if first is None:
            if closing:
                return None
            first = match
            if self_closing or name in VOID:
                return Element(match.start(), match.end(), match.end(), name)
            depth = 1
            continue
        if self_closing or (name in VOID and not closing):
            continue
        depth += -1 if closing else 1
        if depth == 0:
            return Element(first.start(), first.end(), match.end(), first.group(2).lower())
    return None


def children(text: str, parent: Element) -> list[Element]:
    """The direct child elements of `parent`."""
    found: list[Element] = []
    position = parent.open_end
    while True:
        child = element_at(text, position)
        if child is None or child.start >= parent.close_start:
            return found
        found.append(child)
        position = child.end


def block_elements(text: str, blocks: list[Block]) -> dict[int, Element]:
    """For each block index, its element in the rendered HTML `text` (an item: its `li`)."""
    positions = {m.group(1): m.end() for m in ANCHOR.finditer(text)}
    found: dict[int, Element] = {}
    for index, block in enumerate(blocks):
        if str(index) not in positions:
            continue
        element = element_at(text, positions[str(index)])
        if element is None:
            continue
        if block.kind == "item":
            items = [c for c in children(text, element) if c.name == "li"]
            group = [i for i, b in enumerate(blocks) if b.group == block.group]
            for number, item in zip(group, items, strict=False):
                found[number] = item
        else:
            found[index] = element
    return found


def original_html(text: str, block: Block, element: Element) -> str:
    """The English HTML to show for a block: its content, without ids or permalinks."""
    if block.kind == "heading":
        inner = HEADERLINK.sub("", text[element.open_end : element.close_start])
        fragment = f'<p class="tb-heading">{inner.strip()}</p>'
    elif block.kind == "item":
        fragment = text[element.open_end : element.close_start].strip()
        if not fragment.startswith("<p"):
            fragment = f"<p>{fragment}</p>"
    else:
        fragment = text[element.start : element.end]
    return ID_ATTR.sub("", fragment)


def originals(english_html: str, blocks: list[Block]) -> dict[int, str]:
    """The English HTML of every text block of the English page, by block index."""
    elements = block_elements(english_html, blocks)
    return {
        index: original_html(english_html, blocks[index], element)
        for index, element in elements.items()
        if blocks[index].kind in TEXT_KINDS
    }


def controls(block_id: str, english: str, words: Words) -> str:
    """The EN bar and the hidden panel with the English original of one block."""
    panel = f"tb-p-{block_id}"
    show = html.escape(f"EN: {words['compare.show']}")
    return (
        f'<div class="tb-bar"><button type="button" class="tb-toggle" aria-expanded="false" '
        f'aria-controls="{panel}" aria-label="{show}" title="{show}">EN</button></div>'
        f'<div class="tb-panel" id="{panel}" role="group" '
        f'aria-label="{html.escape(words["compare.original"])}" hidden>'
        f'<div class="tb-original" lang="en" dir="ltr">{english}</div>'
        f'<div class="tb-actions"><button type="button" class="tb-open"'
        f"{fell_back(words, 'compare.open')}>{html.escape(words['compare.open'])}</button> "
        f'<button type="button" class="tb-hide"{fell_back(words, "compare.hide")}>'
        f"{html.escape(words['compare.hide'])}</button></div></div>"
    )


def notice(href: str, words: Words) -> str:
    """The notice under the heading of a section whose English changed."""
    return (
        f'<p class="tb-outdated" role="note"{fell_back(words, "outdated.notice")}>'
        f"{html.escape(words['outdated.notice'])} "
        f'<a href="{html.escape(href)}" hreflang="en"{fell_back(words, "outdated.link")}>'
        f"{html.escape(words['outdated.link'])}</a></p>"
    )


def switch(words: Words) -> str:
    """The page's one "Compare with English" switch, off until the reader turns it on."""
    return (
        f'<p class="tb-switch"{fell_back(words, "compare.switch")}><label>'
        '<input type="checkbox" role="switch" class="tb-switch-input">'
        f" {html.escape(words['compare.switch'])}</label></p>"
    )


def hint(words: Words) -> str:
    """The reading hint under the page title (shown when the script runs)."""
    where = fell_back(words, "compare.hint")
    return f'<p class="tb-hint"{where}>{html.escape(words["compare.hint"])}</p>'


def dialog(words: Words) -> str:
    """The one window of the page that shows an English original."""
    title = html.escape(words["compare.original"])
    return (
        '<dialog class="tb-dialog" aria-labelledby="tb-dialog-title">'
        '<div class="tb-dialog-head">'
        f'<p class="tb-dialog-title" id="tb-dialog-title"{fell_back(words, "compare.original")}>'
        f"{title}</p>"
        f'<button type="button" class="tb-close"{fell_back(words, "compare.close")}>'
        f"{html.escape(words['compare.close'])}</button>"
        '</div><div class="tb-dialog-body md-typeset" lang="en" dir="ltr"></div></dialog>'
    )


@dataclass(frozen=True)
class Edit:
    """Text to insert at a position of the HTML."""

    position: int
    text: str
    order: int = 0


def apply(text: str, edits: list[Edit]) -> str:
    """`text` with every edit inserted (edits at one position keep their order)."""
    for edit in sorted(edits, key=lambda e: (e.position, e.order), reverse=True):
        text = text[: edit.position] + edit.text + text[edit.position :]
    return text


def strip_anchors(text: str) -> str:
    """The HTML without the anchor comments."""
    return ANCHOR.sub("", text)
