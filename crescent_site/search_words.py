"""What the site's search knows of the languages' words, from the translators' files.

The one-letter prefixes a language writes onto its words (Hebrew's הבלמשוכ), which its
glossary declares (`prefixes` in translations/glossary/<code>.toml): the search's worker
indexes each word without them too (hooks/search.py), and the page a result opens marks
the words searched for with or without them (docs/assets/js/pages/search.js, which reads
them from docs/assets/js/shared/facts.js).

The endings a language's words take, which its glossary lists (`endings`): the search
asks for a word typed without the longest of them (docs/assets/js/shared/fold.js), so
that "пересдачу" finds "Пересдача". They reach the worker in the configuration of the
language's own index (hooks/search.py).
"""

from __future__ import annotations

import tomllib
import unicodedata
from pathlib import Path
from typing import Final

from crescent.languages import REGISTRY

GLOSSARIES: Final = Path("translations") / "glossary"
"""The languages' glossaries, under the project's folder."""


def prefix_letters(project: Path) -> str:
    """The prefix letters that the languages' glossaries under `project` declare, sorted.

    A glossary that cannot be read adds none: the translation report names its fault.
    """
    found: set[str] = set()
    for language in REGISTRY:
        prefixes = _glossary(project, language.code).get("prefixes", "")
        if isinstance(prefixes, str):
            found.update(prefixes)
    return "".join(sorted(found))


def _glossary(project: Path, code: str) -> dict[str, object]:
    """The glossary of the language `code` under `project` as TOML data, or nothing when
    it cannot be read."""
    path = project / GLOSSARIES / f"{code}.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


FINAL_LETTERS: Final = str.maketrans("ךםןףץı", "כמנפצi")
"""A Hebrew final letter and its letter, the dotless ı and i: as `fold` (fold.js) folds."""
APOSTROPHES: Final = str.maketrans("", "", "'‘’ʼ")
"""The apostrophes a word may hold before its suffix, which the search drops (fold.js)."""


def fold(text: str) -> str:
    """`text` in lower case and folded as the search folds it (fold.js): without
    apostrophes, accents and marks, the dotless ı as i, a Hebrew final letter as its
    letter."""
    letters = unicodedata.normalize("NFD", text.lower().translate(APOSTROPHES))
    bare = "".join(letter for letter in letters if unicodedata.category(letter) != "Mn")
    return unicodedata.normalize("NFC", bare).translate(FINAL_LETTERS)


def endings(project: Path, code: str) -> list[str]:
    """The endings that the glossary of the language `code` under `project` lists, folded,
    the longest first: none when the glossary cannot be read, or lists no endings (the
    translation report names a fault in the file)."""
    listed = _glossary(project, code).get("endings", [])
    if not isinstance(listed, list):
        return []
    found = {fold(ending) for ending in listed if isinstance(ending, str) and ending.strip()}
    return sorted(found, key=lambda ending: (-len(ending), ending))
