"""Message catalogs: every user-facing word of the engine, in every language of the registry.

The words live in gettext PO files under `crescent/locale/` (translators own
them); set-up and the site build compile them with Babel, and the engine reads
the compiled `.mo` files with the standard library's `gettext`, so it stays
stdlib-only in Pyodide. The files are read through the package's loader, so
they are found whether the package is a folder or a zip on `sys.path` (the
browser imports the engine straight from its wheel). Message ids are stable
dotted keys (`reason.same-suit`); the English catalog holds the English text.
A key missing from a language falls back to English, which a right-to-left
language shows isolated, left to right (`Catalog.text`).

The languages and their card letters are the registry's (`crescent.languages`).

The engine's values say themselves: a card, a place or a reason given as a
message value is put in words by its own `worded(catalog)` method. So this module
imports nothing of the engine at run time but its numbers (`crescent.tables`) and
the registry (`crescent.languages`), which import nothing, and the errors
(`crescent.errors`), which every engine module imports, can import it.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final, Protocol, cast

from crescent.languages import CODES, REGISTRY, SOURCE, language
from crescent.tables import LETTERED, RULE_NUMBERS

if TYPE_CHECKING:
    from crescent.cards import Card
    from crescent.places import Place

LANGUAGES: Final = CODES
"""The site's languages (the registry's codes), English (the source) first."""
RTL: Final = frozenset(entry.code for entry in REGISTRY if entry.rtl)
"""Languages written right to left."""
DOMAIN: Final = "crescent"
LOCALE_DIR: Final = Path(__file__).parent / "locale"
_FACES: Final = dict(zip(LETTERED, "AJQK", strict=True))
"""Each lettered rank's English letter, which names its messages (`rank.name.K`)."""
WORD_JOINER: Final = "\u2060"
HEBREW_PREFIXES: Final = "\u05d4\u05d5\u05d1\u05db\u05dc\u05de\u05e9"
"""ה ו ב כ ל מ ש: the letters that open a Hebrew word as prefixes."""
_PREFIX_HYPHEN: Final = re.compile(f"(?<![\u05d0-\u05ea])([{HEBREW_PREFIXES}]{{1,3}}-)(?=\\S|$)")
"""A Hebrew prefix (up to three letters) joined by a hyphen to the number, code or Latin
word it precedes: `ל-3`, `ב-CR1-N-AAAAAAB`."""
_RULE_FIELD: Final = re.compile(r"\{(" + "|".join(RULE_NUMBERS) + r")\}")
FIELD: Final = re.compile(r"\{(\w+)\}")
"""A field of a message, `{count}`: what `filled` fills, and what the translations
check reads as one (`translations.catalogs`)."""
COUNT_FIELDS: Final = frozenset(
    {
        "budget",
        "copies",
        "count",
        "deals",
        "gave_up",
        "high",
        "kept",
        "longest",
        "low",
        "median",
        "moves",
        "positions",
        "redeals",
        "searched",
        "seconds",
        "shortest",
        "slowest",
        "total",
        "unwinnable",
        "won",
    }
)
"""The engine's fields that hold a count which varies (the game's own numbers, such as
`{pile_limit}`, are written in before a message is shown)."""
NUMBER_FIELDS: Final = COUNT_FIELDS | {"number", "source_number", "target_number"}
"""The engine's fields that hold a number: the counts, and the numbers of moves, piles
and redeals."""
NO_BREAK_SPACE: Final = "\u00a0"
LEFT_TO_RIGHT_ISOLATE: Final = "\u2066"
POP_DIRECTIONAL_ISOLATE: Final = "\u2069"
SIGNS: Final = frozenset({"number.decimal", "number.group", "number.thousand", "card.short"})
"""Messages read as signs, not as words: a number's marks and the card notation, which
are never isolated (`Catalog.text`); the card notation has its own isolates
(`crescent.bidi`)."""
IDENTIFIERS: Final = frozenset({"number", "source_number", "target_number"})
"""The engine's fields that number a thing (move 19, pile 7, redeal 2), which follow the
word they number in most languages; a count (`COUNT_FIELDS`, or a number written in)
comes before the word it counts (164 moves)."""
_NUMBER: Final = re.compile(
    r"(?P<before>(?<=[^\W\d_]) )?"
    r"(?P<number>\{(?P<field>\w+)\}|(?<![\w{])\d+(?![\w}]))"
    r"(?P<after>\.? (?=[^\W\d_]))?"
)


class _DataLoader(Protocol):
    def get_data(self, path: str) -> bytes: ...


class Worded(Protocol):
    """A value that a message says in words (`Card`, `Place`, `Reason`)."""

    def worded(self, words: Catalog) -> str:
        """The value in the words of `words`."""
        ...


class CatalogMissing(RuntimeError):
    """The compiled catalogs are absent: set-up (`make setup`) compiles them."""


class Catalog:
    """The engine's words in one language."""

    def __init__(
        self,
        lang: str,
        translations: gettext.NullTranslations,
        english: gettext.NullTranslations | None = None,
        own: gettext.NullTranslations | None = None,
    ) -> None:
        self.lang = lang
        self._translations = translations
        self._english = english
        self._own = own
        """The language's own messages, without the English fallback."""

    def text(self, key: str) -> str:
        """The message for `key` as shown (`shown`): the game's numbers (`{pile_limit}`)
        filled in, numbers and Hebrew prefixes held to their words, and English shown in
        a right-to-left language isolated (`_isolated`)."""
        return self._isolated(key, shown(self._translations.gettext(key)))

    def _isolated(self, key: str, message: str) -> str:
        """`message` between LRI and PDI when it is the English fallback of `key` in a
        right-to-left language, so that it runs left to right with its punctuation where
        English puts it ("Redeal (3 left)", "1×", not "(Redeal (3 left" or "×1"), as a
        quoted phrase in the sentence around it; a missing key (`has`) and a sign
        (`SIGNS`) are left as they are."""
        if message == key or key in SIGNS or self.lang not in RTL or self.translated(key):
            return message
        return LEFT_TO_RIGHT_ISOLATE + message + POP_DIRECTIONAL_ISOLATE

    def direction_of(self, key: str) -> str:
        """The direction of the message `key` as shown: the language's (`rtl`, `ltr`), or
        `ltr` where the language has no translation of it and shows the English one."""
        return language(self.lang).direction if self.translated(key) else "ltr"

    def translated(self, key: str) -> bool:
        """True unless the language has no translation of `key` and shows the English one."""
        own = self._own
        return own is None or not own.ngettext(key, key, 1) == key == own.gettext(key)

    def has(self, key: str) -> bool:
        """True when the catalog (or its English fallback) defines `key`."""
        return self.text(key) != key

    def format(self, key: str, **values: object) -> str:
        """The message for `key`, filled with `values` (cards and places in words)."""
        return filled(self.text(key), self._words(values))

    def plural(self, key: str, count: int, **values: object) -> str:
        """The message for `key` in the plural form that `count` takes."""
        template = self._translations.ngettext(key, key, count)
        if template == key and self._english is not None:
            # Babel compiles a plural entry left untranslated as its key, not as a gap.
            template = self._english.ngettext(key, key, count)
        shown_template = self._isolated(key, shown(template))
        return filled(shown_template, self._words({"count": count, **values}))

    def _words(self, values: dict[str, object]) -> dict[str, object]:
        words: dict[str, object] = {}
        for name, value in values.items():
            worded = getattr(value, "worded", None)
            words[name] = cast("Worded", value).worded(self) if callable(worded) else value
        return words

    def grouped(self, count: int) -> str:
        """`84,747`, `84 747` or `84.747`: `count` with the language's digit groups; four
        digits as `number.thousand` writes them (`1000` in Bulgarian, `1.000` in Turkish)."""
        if 1000 <= abs(count) < 10_000 and self.text("number.thousand").isdigit():
            return str(count)
        return f"{count:,}".replace(",", self.text("number.group"))

    def decimal(self, number: str) -> str:
        """`number`, written with a decimal point (`0.24`), with the language's decimal sign
        instead (`0,24`)."""
        return number.replace(".", self.text("number.decimal"))

    def rank(self, rank: int) -> str:
        """The rank as the language writes it on a card: `A`, `10`, `R` (the registry's
        letters, the English ones until the language has its own)."""
        if rank not in _FACES:
            return str(rank)
        return language(self.lang).card_letters[LETTERED.index(rank)]

    def rank_name(self, rank: int) -> str:
        """The rank in words, as the text equivalents say it."""
        face = _FACES.get(rank)
        return self.text(f"rank.name.{face}") if face else str(rank)

    def suit_name(self, card: Card) -> str:
        """The suit in words."""
        return self.text(f"suit.name.{card.suit.letter}")

    def card(self, card: Card) -> str:
        """The card in the language's notation: `K♠` in English, `R♠` in Bulgarian."""
        return self.format("card.short", rank=self.rank(card.rank), suit=card.suit.symbol)

    def card_name(self, card: Card) -> str:
        """The card in words: `king of spades`, `מלך ספייד`; one name, which no line parts
        ("сверху 2" ending a line, "пик" starting the next)."""
        name = self.format("card.name", rank=self.rank_name(card.rank), suit=self.suit_name(card))
        return name.replace(" ", NO_BREAK_SPACE)

    def place(self, place: Place) -> str:
        """`pile 10`, `ascending spade foundation`."""
        if place.is_pile:
            return self.format("place.pile", number=place.pile_number)
        return self.text(f"place.{place.text}")

    def cards(self, count: int) -> str:
        """`1 card`, `6 cards`, in the language's plural."""
        return self.plural("count.cards", count)


def filled(template: str, values: Mapping[str, object]) -> str:
    """`template` with each `{name}` field that `values` has replaced by its value; any
    other brace stays as written (a message may show `{"10": "5H 6H"}`), as the pages'
    scripts fill their messages (docs/assets/js/pages/page.js)."""
    return FIELD.sub(
        lambda found: str(values[found.group(1)]) if found.group(1) in values else found.group(0),
        template,
    )


def held_numbers(text: str) -> str:
    """`text` with each number held to its word by a no-break space, so that a line
    never parts them (a Russian reader saw "стопки" end a line and "7" start the next).
    A numbering field goes with the word before it ("pile 7", "Move 19"), a count with
    the word after it ("164 moves", "(3 left)"); either takes the other side when its
    own has no word (Turkish's "6. sütunun"). After a full stop only a small letter is
    held: "pile 7. Then" may part."""

    def held(found: re.Match[str]) -> str:
        field = found.group("field")
        if field is not None and field not in NUMBER_FIELDS:
            return found.group(0)
        before, after = found.group("before") or "", found.group("after") or ""
        ends = after.startswith(".") and not found.string[found.end()].islower()
        forward = bool(after) and not ends and not (before and field in IDENTIFIERS)
        if before and not forward:
            return NO_BREAK_SPACE + found.group("number") + after
        return (
            before
            + found.group("number")
            + (after.replace(" ", NO_BREAK_SPACE) if forward else after)
        )

    return _NUMBER.sub(held, text)


def joined_prefixes(text: str) -> str:
    """`text` with each Hebrew prefix's hyphen held to the word after it by a word joiner,
    so that a line never ends on `ל-` and goes on with `Crescent` (text without Hebrew is
    left as it is)."""
    return _PREFIX_HYPHEN.sub(lambda found: found.group(1) + WORD_JOINER, text)


def shown(template: str) -> str:
    """A message's template as shown: the game's numbers written in, numbers held to
    their words, Hebrew prefixes to theirs."""
    return joined_prefixes(held_numbers(with_rule_numbers(template)))


def with_rule_numbers(message: str) -> str:
    """`message` with its fields naming the game's numbers (`crescent.tables.RULE_NUMBERS`)
    filled in; its other fields (and any literal brace) are left as they are."""
    return _RULE_FIELD.sub(lambda found: str(RULE_NUMBERS[found.group(1)]), message)


@cache
def catalog(lang: str) -> Catalog:
    """The catalog of `lang` (one of `LANGUAGES`); raises `CatalogMissing` if uncompiled."""
    language(lang)  # raises KeyError for a language the registry does not have
    english = _load(SOURCE)
    if lang == SOURCE:
        return Catalog(lang, english)
    translations = _load(lang)
    translations.add_fallback(english)
    return Catalog(lang, translations, english, _load(lang))


def _load(lang: str) -> gettext.GNUTranslations:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    loader = cast(_DataLoader, __spec__.loader)
    try:
        return gettext.GNUTranslations(io.BytesIO(loader.get_data(str(path))))
    except OSError:
        raise CatalogMissing(
            f"the compiled catalog for {lang!r} is missing under {LOCALE_DIR}; "
            "run `make setup` (it compiles the PO files with Babel)"
        ) from None
