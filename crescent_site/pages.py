"""What the hooks share about the page being built: its language, its front matter.

Duck-typed on MkDocs' objects, so that this package imports no MkDocs: the hooks
(`hooks/`) are the only adapters.
"""

from __future__ import annotations

from typing import Any


def page_language(config: Any) -> str:
    """The language being built: static-i18n builds each language in turn.

    Its plugin names the current one; without the plugin, the theme's language.
    """
    plugin = config.plugins.get("i18n")
    return str(getattr(plugin, "current_language", None) or config.theme["language"])


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
