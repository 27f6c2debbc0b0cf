"""Split a Markdown page into blocks with their line numbers.

A block is what a translator translates as a unit and what "compare with English"
shows: a heading, a paragraph, a list item, an admonition, a table, a fenced code
block (counted, its content not read), an HTML comment marker such as
`<!-- crescent:diagram ... -->`, or another raw HTML block. Only the subset of
Markdown the site uses is understood, the way Python-Markdown reads it: blocks are
separated by blank lines, nested content is indented, and a list item can hold
indented paragraphs.

Each block gets an id: the id of its section's heading (`{#setup}`) for the
heading itself, then `setup.1`, `setup.2`... for the blocks that follow it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from crescent_site.pages import front_matter_lines
from translations.files import read_text

FENCE = re.compile(r"^(?P<indent>[ ]{0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)")
HEADING = re.compile(r"^(?P<hashes>#{1,6})[ \t]+(?P<text>.*?)[ \t#]*$")
HEADING_ATTRS = re.compile(r"\s*\{:?\s*(?P<attrs>[^}]*)\}\s*$")
ITEM = re.compile(r"^(?P<indent>[ ]{0,3})(?P<marker>[-*+]|\d{1,9}[.)])[ \t]+\S")
ADMONITION = re.compile(r"^(?:!!!|\?\?\?\+?)[ \t]*(?P<type>[\w-]+)")
HTML_START = re.compile(r"^[ ]{0,3}</?[a-zA-Z][\w-]*[\s/>]")
TABLE_ROW = re.compile(r"^[ ]{0,3}\|")

LABELS = {
    "heading": "heading",
    "paragraph": "paragraph",
    "item": "list item",
    "code": "code block",
    "marker": "marker",
    "admonition": "admonition",
    "table": "table",
    "html": "HTML block",
}
"""How the report names each kind of block."""
TEXT_KINDS = frozenset({"heading", "paragraph", "item", "admonition", "table"})
"""Blocks whose words are translated (and compared with English)."""


@dataclass(frozen=True)
class Block:
    """One block of a page, from line `line` to line `end` (1-based, in the file)."""

    kind: str
    line: int
    end: int
    text: str
    group: int
    level: int = 0
    anchor: str = ""
    info: str = ""
    id: str = ""

    @property
    def label(self) -> str:
        """`paragraph`, `list item`, `heading`..."""
        return LABELS[self.kind]

    @property
    def signature(self) -> tuple[str, int, str, str]:
        """What must be the same in English and in a translation."""
        if self.kind == "heading":
            return (self.kind, self.level, self.anchor, "")
        if self.kind in ("marker", "code", "admonition", "item"):
            return (self.kind, 0, "", self.info)
        return (self.kind, 0, "", "")

    def describe(self) -> str:
        """`heading {#setup}`, `marker <!-- ... -->`, `paragraph`."""
        if self.kind == "heading":
            return f"heading {'#' * self.level} {{#{self.anchor}}}"
        if self.kind == "marker":
            return f"marker {self.info}"
        if self.kind == "code" and self.info:
            return f"code block ({self.info})"
        return self.label


def parse_file(path: Path) -> list[Block]:
    """The blocks of the Markdown file at `path`, with ids."""
    return parse(read_text(path))


def parse(text: str) -> list[Block]:
    """The blocks of a whole Markdown file (front matter skipped), with ids."""
    lines = text.split("\n")
    start = front_matter_lines(text)
    return assign_ids(_Parser(lines, start).blocks())


def assign_ids(blocks: list[Block]) -> list[Block]:
    """Give each block its id: the heading's anchor, then `anchor.1`, `anchor.2`..."""
    section, count, named = "top", 0, []
    for block in blocks:
        if block.kind == "heading":
            section, count = block.anchor or slug(block.text), 0
            named.append(replace(block, id=section))
        else:
            count += 1
            named.append(replace(block, id=f"{section}.{count}"))
    return named


def slug(text: str) -> str:
    """A fallback id for a heading without `{#id}`."""
    words = re.sub(r"[^\w\s-]", "", heading_text(text)).strip().lower()
    return re.sub(r"[\s]+", "-", words) or "heading"


def heading_text(text: str) -> str:
    """The words of a heading line, without `#` and `{#id}`."""
    match = HEADING.match(text)
    words = match.group("text") if match else text
    return HEADING_ATTRS.sub("", words).strip()


class _Parser:
    """Line-by-line reader of Markdown blocks."""

    def __init__(self, lines: list[str], start: int) -> None:
        self.lines = lines
        self.i = start
        self.group = -1
        self.out: list[Block] = []

    def blocks(self) -> list[Block]:
        while self.i < len(self.lines):
            line = self.lines[self.i]
            if not line.strip():
                self.i += 1
            elif FENCE.match(line):
                self._fence()
            elif line.lstrip().startswith("<!--"):
                self._comment()
            elif HEADING.match(line):
                self._heading()
            elif ADMONITION.match(line):
                self._admonition()
            elif ITEM.match(line):
                self._list()
            elif TABLE_ROW.match(line):
                self._until_blank("table")
            elif HTML_START.match(line):
                self._until_blank("html")
            else:
                self._paragraph()
        return self.out

    def _add(self, kind: str, first: int, last: int, **extra: object) -> None:
        if kind != "item" or extra.pop("new_group", True):
            self.group += 1
        text = "\n".join(self.lines[first : last + 1])
        self.out.append(Block(kind, first + 1, last + 1, text, self.group, **extra))  # type: ignore[arg-type]

    def _fence(self) -> None:
        first = self.i
        match = FENCE.match(self.lines[first])
        assert match is not None
        fence = match.group("fence")
        closing = re.compile(rf"^[ ]{{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        last = first + 1
        while last < len(self.lines) and not closing.match(self.lines[last]):
            last += 1
        last = min(last, len(self.lines) - 1)
        self._add("code", first, last, info=match.group("info"))
        self.i = last + 1

    def _comment(self) -> None:
        first = last = self.i
        while last < len(self.lines) - 1 and "-->" not in self.lines[last]:
            last += 1
        body = " ".join(self.lines[first : last + 1])
        self._add("marker", first, last, info=" ".join(body.split()))
        self.i = last + 1

    def _heading(self) -> None:
        line = self.lines[self.i]
        match = HEADING.match(line)
        assert match is not None
        attrs = HEADING_ATTRS.search(match.group("text"))
        anchor = ""
        if attrs:
            found = re.search(r"#([\w-]+)", attrs.group("attrs"))
            anchor = found.group(1) if found else ""
        self._add("heading", self.i, self.i, level=len(match.group("hashes")), anchor=anchor)
        self.i += 1

    def _indented_body(self, first: int, indent: int) -> int:
        """The last line of the lines after `first` indented by at least `indent`."""
        last, j = first, first + 1
        while j < len(self.lines):
            line = self.lines[j]
            if not line.strip():
                j += 1
                continue
            if len(line) - len(line.lstrip()) >= indent:
                last = j
                j += 1
                continue
            break
        return last

    def _admonition(self) -> None:
        first = self.i
        match = ADMONITION.match(self.lines[first])
        assert match is not None
        last = self._indented_body(first, 4)
        self._add("admonition", first, last, info=match.group("type"))
        self.i = last + 1

    def _list(self) -> None:
        new_group = True
        while self.i < len(self.lines):
            first = self.i
            match = ITEM.match(self.lines[first])
            if match is None:
                return
            kind = "ol" if match.group("marker")[0].isdigit() else "ul"
            last = self._item_end(first)
            self._add("item", first, last, info=kind, new_group=new_group)
            new_group = False
            self.i = last + 1
            while self.i < len(self.lines) and not self.lines[self.i].strip():
                self.i += 1

    def _item_end(self, first: int) -> int:
        """The last line of the list item starting at `first`."""
        last, j = first, first + 1
        while j < len(self.lines):
            line = self.lines[j]
            if not line.strip():
                following = self._next_nonblank(j)
                if following is None or not self.lines[following].startswith(("  ", "\t")):
                    return last
                j = following
                continue
            if ITEM.match(line) or FENCE.match(line) or HEADING.match(line):
                return last
            last = j
            j += 1
        return last

    def _next_nonblank(self, j: int) -> int | None:
        while j < len(self.lines) and not self.lines[j].strip():
            j += 1
        return j if j < len(self.lines) else None

    def _until_blank(self, kind: str) -> None:
        first = last = self.i
        while last + 1 < len(self.lines) and self.lines[last + 1].strip():
            last += 1
        self._add(kind, first, last)
        self.i = last + 1

    def _paragraph(self) -> None:
        first = last = self.i
        while last + 1 < len(self.lines):
            line = self.lines[last + 1]
            if not line.strip() or FENCE.match(line) or HEADING.match(line):
                break
            last += 1
        self._add("paragraph", first, last)
        self.i = last + 1


INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK_TARGET = re.compile(r"\]\([^)]*\)|\]\[[^\]]*\]")
ATTR_LIST = re.compile(r"\{[:#.][^}]*\}")
TAG = re.compile(r"<!--.*?-->|<[^>\n]+>")
URL = re.compile(r"https?://\S+")
COMBINING = re.compile(r"[\u0591-\u05c7\u0300-\u036f]")


def prose(block: Block) -> list[tuple[int, str]]:
    """The block's translated words by line: code, link targets, ids and tags blanked.

    Blanked spans become spaces, so columns keep their place; Hebrew points and other
    combining marks are dropped so that they do not split words.
    """
    if block.kind not in TEXT_KINDS:
        return []
    found = []
    for offset, line in enumerate(block.text.split("\n")):
        for pattern in (INLINE_CODE, LINK_TARGET, ATTR_LIST, TAG, URL):
            line = pattern.sub(lambda m: " " * len(m.group(0)), line)
        found.append((block.line + offset, COMBINING.sub("", line)))
    return found


def line_at(block: Block, column: int) -> int:
    """The file line of a column of the block's prose joined by spaces (`prose_text`)."""
    offset = 0
    for line, text in prose(block):
        if column <= offset + len(text):
            return line
        offset += len(text) + 1
    return block.line


def prose_text(block: Block) -> str:
    """The block's prose on one line, columns kept (lines joined by a space)."""
    return " ".join(text for _, text in prose(block))
