"""The facts the pages' JavaScript shares with Python, written by the build.

`docs/assets/js/shared/facts.js` is made from the Python that owns each fact, never
copied by hand: the engine's kinds of failure (`crescent_site.demo`, whose shells carry
words for each), the longest record a link may carry (`crescent.record`), and
the names of the board's places (`crescent.places`), how many finished games the
Play page keeps (`crescent_site.play_page`), how long without a byte before the live
boards say the connection seems stalled and how soon a second tap makes a double tap
(`crescent_site.demo`), the prefix letters the search looks through
(`crescent_site.search_words`). `make setup` and every build
(`hooks/shared_js.py`) write it; it is not kept in git.

    python -m crescent_site.shared_js     # write it now
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from crescent.places import FOUNDATIONS, PILES
from crescent.record import RECORD_MAX_CHARS
from crescent_site.demo import CRASH, DOUBLE_TAP_MS, ERROR_KINDS, STALL_MS
from crescent_site.play_page import KEPT_GAMES
from crescent_site.search_words import prefix_letters

FACTS_PATH: Final = Path("assets/js/shared/facts.js")
"""Where the module lives, under the docs folder and in the built site."""

HEADER: Final = (
    "// Written by crescent_site/shared_js.py from the Python that owns each fact (make\n"
    "// setup, and every site build): edit the Python, never this file.\n"
)


def facts(project: Path) -> dict[str, object]:
    """Each shared fact by its JavaScript name (the project's folder holds the glossaries)."""
    return {
        "ERROR_KINDS": [*ERROR_KINDS, CRASH],
        "RECORD_MAX_BYTES": RECORD_MAX_CHARS,
        "PILE_NAMES": [place.text for place in PILES],
        "FOUNDATION_NAMES": [place.text for place in FOUNDATIONS],
        "KEPT_GAMES": KEPT_GAMES,
        "STALL_MS": STALL_MS,
        "DOUBLE_TAP_MS": DOUBLE_TAP_MS,
        "SEARCH_PREFIXES": prefix_letters(project),
    }


def module_text(project: Path) -> str:
    """The JavaScript module: one frozen export a fact, formatted as Prettier would."""
    lines = [HEADER]
    for name, value in facts(project).items():
        text = json.dumps(value, ensure_ascii=False)
        if isinstance(value, list):
            text = f"Object.freeze({text})"
            if len(f"export const {name} = {text};") > 100:
                items = ",\n".join(f"  {json.dumps(item)}" for item in value)
                text = f"Object.freeze([\n{items},\n])"
        lines.append(f"export const {name} = {text};\n")
    return "\n".join(lines)


def write(docs_dir: Path, project: Path | None = None) -> bool:
    """Write the module under `docs_dir` unless it already says the same; True if written.
    `project` holds the glossaries: by default, the folder of `docs_dir`."""
    path = docs_dir / FACTS_PATH
    text = module_text(docs_dir.parent if project is None else project)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def main() -> None:
    """Write the module into ./docs."""
    write(Path("docs"))


if __name__ == "__main__":
    main()
