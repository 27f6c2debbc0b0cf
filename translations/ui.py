"""The words a reader of a translated page sees: the `site` PO catalogs.

They live in `translations/locale/<lang>/LC_MESSAGES/site.po`, one file per language,
kept by the translators like the engine's catalogs; English is the fallback.
"""

from __future__ import annotations

from dataclasses import dataclass

from translations import catalogs
from translations.project import SOURCE, Project

KEYS = (
    "compare.hint",
    "compare.show",
    "compare.hide",
    "compare.original",
    "compare.open",
    "compare.close",
    "compare.switch",
    "outdated.notice",
    "outdated.link",
    "untranslated.notice",
    "untranslated.link",
    "untranslated.english-only",
)


@dataclass(frozen=True)
class Words:
    """The toolkit's words in one language."""

    lang: str
    texts: dict[str, str]
    english: frozenset[str] = frozenset()
    """The keys whose words are the English ones, as `lang` has none of its own."""

    def __getitem__(self, key: str) -> str:
        return self.texts[key]


def words(project: Project, lang: str) -> Words:
    """The words of `lang`, each missing one taken from English."""
    site = next(c for c in project.catalogs if c.domain == "site")
    english = catalogs.load(site.path(SOURCE))
    own = catalogs.load(site.path(lang))
    texts, fallen_back = {}, set()
    for key in KEYS:
        message = own.get(key)
        if not (message and message.text) or lang == SOURCE:
            message = english.get(key)
            fallen_back.add(key)
        texts[key] = message.text if message else key
    return Words(lang, texts, frozenset(fallen_back))
