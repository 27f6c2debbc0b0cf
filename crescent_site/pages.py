"""What the hooks share about the page being built: its language, its front matter.

Duck-typed on MkDocs' objects, so that this package imports no MkDocs: the hooks
(`hooks/`) are the only adapters.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from crescent.languages import SOURCE


def page_language(config: Any) -> str:
    """The language being built: static-i18n builds each language in turn.

    Its plugin names the current one; without the plugin, the theme's language.
    """
    plugin = config.plugins.get("i18n")
    return str(getattr(plugin, "current_language", None) or config.theme["language"])


def text_language(src_uri: str, config: Any) -> str:
    """The language a page's text is written in: the language being built, or English
    for the English page static-i18n shows in a language that has not translated it
    (`about.md` in the German build, with no `about.de.md`). Its figures and boards
    follow its text: an English page showing "Q♦" draws Q♦, not the German D♦."""
    building = page_language(config)
    suffixes = PurePosixPath(src_uri).suffixes
    if building == SOURCE or (len(suffixes) >= 2 and suffixes[-2] == f".{building}"):
        return building
    return SOURCE


def building_another_language(config: Any) -> bool:
    """True while static-i18n builds the other languages inside the first language's build.

    Its plugin builds them from its `on_post_build`, each a whole MkDocs build with
    every event again: work done once per site build skips them.
    """
    plugin = config.plugins.get("i18n")
    return plugin is not None and bool(getattr(plugin, "building", False))


def front_matter_lines(text: str) -> int:
    """How many lines of YAML front matter open `text` (0 when there is none).

    Front matter opens with a line `---` and closes with a line `---` or `...`.
    """
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return 0
    for number, line in enumerate(lines[1:], start=2):
        if line.rstrip() in ("---", "..."):
            return number
    return 0


def lines_above_markdown(source: str) -> int:
    """Lines of a page's source above the Markdown that MkDocs hands to the hooks.

    MkDocs takes off the front matter and the blank lines right after it.
    """
    front = front_matter_lines(source)
    if front == 0:
        return 0
    rest = source.split("\n", front)[-1] if source.count("\n") >= front else ""
    return front + len(rest) - len(rest.lstrip("\n"))
