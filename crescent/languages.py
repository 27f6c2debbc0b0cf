"""The site's languages, each written once: the registry everything else reads.

The engine (its catalogs, card letters and text direction), the site build (the
languages static-i18n builds, the language menu, the web app manifests), the
translators' toolkit and the tests all take the languages from `REGISTRY`, English
(the source) first. The words a translator writes are not here: they are in the
catalogs (`crescent/locale/<code>/LC_MESSAGES/crescent.po` and
`translations/locale/<code>/LC_MESSAGES/site.po`), which fall back to English
message by message.

`python -m translations add CODE --name NAME [--rtl]` appends a line to `REGISTRY`
and `python -m translations remove CODE` deletes it again: keep one language per line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SOURCE: Final = "en"
"""The language every other one translates."""
SOURCE_LETTERS: Final = "AJQK"
"""The English letters of ace, jack, queen and king, which the engine reads in card input."""


@dataclass(frozen=True)
class Language:
    """One language of the site.

    `code` is the two-letter ISO 639-1 code of its addresses (`/de/`) and page files
    (`about.de.md`); `name` the language's name in itself, as the language menu shows
    it; `rtl` true when it is written right to left. `letters` are the letters of ace,
    jack, queen and king in its card notation, in that order (`"AVDR"`); `None` until
    its translators choose them, and meanwhile the English letters are shown.
    """

    code: str
    name: str
    rtl: bool = False
    letters: str | None = None

    @property
    def direction(self) -> str:
        """`rtl` or `ltr`, as HTML's `dir` attribute and a web app manifest write it."""
        return "rtl" if self.rtl else "ltr"

    @property
    def card_letters(self) -> str:
        """The letters its cards are written with: its own, else (not chosen yet, or not
        four different letters: see `letters_problem`) the English ones."""
        if self.letters is None or letters_problem(self.letters) is not None:
            return SOURCE_LETTERS
        return self.letters


def letters_problem(letters: str) -> str | None:
    """What is wrong with `letters` as a language's card letters, or None: they are the
    letters of ace, jack, queen and king, four different ones (a rank's letter is how
    its cards are told apart)."""
    if len(letters) != len(SOURCE_LETTERS):
        return (
            f"{len(SOURCE_LETTERS)} letters are needed (ace, jack, queen, king), not {len(letters)}"
        )
    if not all(letter.isalpha() for letter in letters):
        return "each must be a letter (not a digit, space or sign)"
    if len({letter.casefold() for letter in letters}) != len(letters):
        return "the four must be different: two ranks with one letter cannot be told apart"
    return None


REGISTRY: Final = (
    Language("en", "English", letters="AJQK"),
    Language("bg", "Български", letters="AVDR"),
    Language("he", "עברית", rtl=True, letters="AVDR"),
    Language("ru", "Русский", letters="ТВДК"),
    Language("tr", "Türkçe", letters="AVQK"),
)
"""Every language of the site, English first, in the order of the language menu."""
CODES: Final = tuple(language.code for language in REGISTRY)
"""The languages' codes, English first."""
_BY_CODE: Final = {language.code: language for language in REGISTRY}


def language(code: str) -> Language:
    """The language whose code is `code`; raises `KeyError` naming the known codes."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise KeyError(f"unknown language {code!r}; the languages are {', '.join(CODES)}") from None


def direction(code: str) -> str:
    """`rtl` or `ltr` for the language `code`; `ltr` for a code not in the registry."""
    found = _BY_CODE.get(code)
    return found.direction if found else "ltr"
