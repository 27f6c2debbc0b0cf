"""What the site's search knows of the languages' words, from the translators' files.

The one-letter prefixes a language writes onto its words (Hebrew's הבלמשוכ), which its
glossary declares (`prefixes` in translations/glossary/<code>.toml): the search's worker
indexes each word without them too (hooks/search.py), and the page a result opens marks
the words searched for with or without them (docs/assets/js/pages/search.js, which reads
them from docs/assets/js/shared/facts.js).
"""

from __future__ import annotations

import tomllib
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
        path = project / GLOSSARIES / f"{language.code}.toml"
        try:
            prefixes = tomllib.loads(path.read_text(encoding="utf-8")).get("prefixes", "")
        except (OSError, tomllib.TOMLDecodeError):
            continue
        if isinstance(prefixes, str):
            found.update(prefixes)
    return "".join(sorted(found))
