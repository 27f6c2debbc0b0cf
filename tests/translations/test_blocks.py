"""Markdown split into blocks, and blocks paired across languages."""

from __future__ import annotations

from translations.align import align, mismatches
from translations.blocks import parse, prose
from translations.compare import anchored, block_elements, element_at

PAGE = """\
---
translate: true
---

# Title {#title}

A paragraph
on two lines.

- An item
  continued.
- A loose item

    with an indented paragraph.
- Third

```python
x = 1

y = 2
```

!!! note "Note"
    Inside the note.

    Still inside.

<!-- crescent:diagram game=won-game moment=start -->

| a | b |
|---|---|
| 1 | 2 |

## Next {#next}
Text right under the heading.
"""


def test_blocks_kinds_lines_and_ids() -> None:
    blocks = parse(PAGE)
    assert [(b.id, b.kind, b.line, b.end) for b in blocks] == [
        ("title", "heading", 5, 5),
        ("title.1", "paragraph", 7, 8),
        ("title.2", "item", 10, 11),
        ("title.3", "item", 12, 14),
        ("title.4", "item", 15, 15),
        ("title.5", "code", 17, 21),
        ("title.6", "admonition", 23, 26),
        ("title.7", "marker", 28, 28),
        ("title.8", "table", 30, 32),
        ("next", "heading", 34, 34),
        ("next.1", "paragraph", 35, 35),
    ]
    items = [b for b in blocks if b.kind == "item"]
    assert len({b.group for b in items}) == 1
    assert blocks[5].info == "python" and blocks[6].info == "note"


def test_prose_leaves_out_code_links_and_ids() -> None:
    block = parse("See [the `p1` pile](rules.md#setup) {#x} <b>now</b>.\n")[0]
    [(line, text)] = prose(block)
    assert line == 1 and text.split() == ["See", "[the", "pile", "now", "."]
    assert text.index("pile") == block.text.index("pile")  # columns keep their place


def test_alignment_prefers_blocks_that_share_numbers() -> None:
    english = parse("# T {#t}\n\nOne 1.\n\nTwo 22.\n\nThree 333.\n")
    translated = parse("# Т {#t}\n\nОдин 1.\n\nТри 333.\n")
    pairs = align(english, translated)
    assert [(p.en.id if p.en else None, p.tr.line if p.tr else None) for p in pairs] == [
        ("t", 1),
        ("t.1", 3),
        ("t.2", None),
        ("t.3", 5),
    ]
    [finding] = mismatches(pairs, "en.md", "ru.md", "ru", "p")
    assert finding.text() == (
        "ru.md:3: structure: missing paragraph t.2 of en.md:5; add it after line 3"
    )


def test_anchors_delimit_each_block_in_the_html() -> None:
    markdown = "# T {#t}\n\nText.\n\n- a\n- b\n"
    blocks = parse(markdown)
    anchored_markdown = anchored(markdown, blocks)
    assert anchored_markdown.split("\n")[:6] == [  # no line moves
        "# T {#t}",
        "<!-- tb:1 -->",
        "Text.",
        "<!-- tb:2 -->",
        "- a",
        "- b",
    ]
    html = (
        '<!-- tb:0 --><h1 id="t">T</h1><!-- tb:1 --><p>Text.</p>'
        "<!-- tb:2 --><ul>\n<li>a</li>\n<li>b <em>c</em></li>\n</ul><!-- tb:end -->"
    )
    elements = block_elements(html, blocks)
    assert [html[e.start : e.end] for _, e in sorted(elements.items())] == [
        '<h1 id="t">T</h1>',
        "<p>Text.</p>",
        "<li>a</li>",
        "<li>b <em>c</em></li>",
    ]
    svg = '<figure><svg><path d="M0 0"/><g><rect/></g></svg></figure><p>x</p>'
    element = element_at(svg, 0)
    assert element is not None and svg[element.start : element.end].endswith("</figure>")
