"""A finding: one thing a translator has to do, with the file and line to do it at."""

from __future__ import annotations

from dataclasses import dataclass

CATEGORIES = ("missing", "structure", "outdated", "glossary", "quote", "fact", "catalog")
"""Kinds of findings, in the order the report lists them."""


@dataclass(frozen=True)
class Finding:
    """Something to fix at `path:line`; `other_path:other_line` is the English side."""

    category: str
    lang: str
    page: str
    path: str
    line: int
    message: str
    other_path: str = ""
    other_line: int = 0
    details: tuple[str, ...] = ()

    @property
    def location(self) -> str:
        """`docs/index.ru.md:12` (or the path alone when there is no line)."""
        return f"{self.path}:{self.line}" if self.line else self.path

    @property
    def other_location(self) -> str:
        """The English side's `path:line`, or ''."""
        if not self.other_path:
            return ""
        return f"{self.other_path}:{self.other_line}" if self.other_line else self.other_path

    def text(self) -> str:
        """One line: `path:line: category: message` (a message that quotes text of several
        lines, such as the command line's help, shows its line breaks as `\\n`, as a
        catalog writes them)."""
        message = self.message.replace("\n", "\\n")
        return f"{self.location}: {self.category}: {message}"

    def sort_key(self) -> tuple[str, str, int, int, str]:
        """Language, file, line, then category order."""
        return (self.lang, self.path, self.line, CATEGORIES.index(self.category), self.message)
