"""A small HTML reader for the site tests (standard library only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {
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
    "path",
    "rect",
    "circle",
    "line",
    "use",
}


@dataclass
class Element:
    """An element with its attributes, children and text."""

    tag: str
    attrs: dict[str, str]
    content: list[Element | str] = field(default_factory=list)

    @property
    def children(self) -> list[Element]:
        """Child elements, in order."""
        return [item for item in self.content if isinstance(item, Element)]

    @property
    def text(self) -> str:
        """All text inside, in document order."""
        return "".join(item if isinstance(item, str) else item.text for item in self.content)

    def iter(self) -> list[Element]:
        """This element and every descendant, in document order."""
        found = [self]
        for child in self.children:
            found.extend(child.iter())
        return found

    def find_all(self, tag: str | None = None, **attrs: str | bool) -> list[Element]:
        """Descendants with `tag` and the attributes given (True: present)."""
        matches = []
        for element in self.iter():
            if tag and element.tag != tag:
                continue
            ok = True
            for name, value in attrs.items():
                key = name.replace("_", "-")
                if value is True:
                    ok = ok and key in element.attrs
                else:
                    ok = ok and element.attrs.get(key) == value
            if ok:
                matches.append(element)
        return matches

    def find(self, tag: str | None = None, **attrs: str | bool) -> Element:
        """The first match; fails when there is none."""
        found = self.find_all(tag, **attrs)
        assert found, f"no <{tag}> with {attrs}"
        return found[0]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].content.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].content.append(Element(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].content.append(data)


def parse(text: str) -> Element:
    """The document tree of `text`."""
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root
