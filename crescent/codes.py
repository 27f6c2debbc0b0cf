"""Game codes: a short text that reproduces a deal exactly, everywhere.

- `CR1-N-AAAAAAB`: `CR1` is the format version, `N` a numbered deal, then seven
  letters A–Z, the deal number in base 26 (A = 0, most significant first), so
  `AAAAAAB` is deal 1 and there are 26**7 deals (see `crescent.deal`).
- `CR1-L-...`: a layout code, for deals that are not numbered (typed in, or
  constructed): the 16 piles separated by `-`, each six cards bottom to top, a
  card being two characters, rank (`A 2..9 T J Q K`) then suit (`S H D C`).

Parsing ignores case (of the letters a–z only: `ß` is not `SS`), surrounding blanks
and stray hyphens between a layout's piles; every malformed code raises
`CodeError` (or `LayoutError` for impossible card counts) saying what is wrong.
"""

from __future__ import annotations

import string
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Final

from crescent.cards import CARDS, Card
from crescent.deal import numbered_deal
from crescent.errors import CardError, CodeError, LayoutError
from crescent.tables import ACE, KING, PILE_COUNT, PILE_SIZE

VERSION: Final = "CR1"
NUMBERED: Final = "N"
LAYOUT: Final = "L"
DIGITS: Final = 7
DEAL_COUNT: Final = 26**DIGITS
_RANK_CODE: Final = "A23456789TJQK"
_UPPER: Final = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)
"""Upper case for a–z only, so that a code keeps the length and the characters typed."""

Layout = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class GameCode:
    """A parsed game code: a numbered deal or a whole layout."""

    kind: str
    number: int | None = None
    layout: Layout | None = None

    @classmethod
    def numbered(cls, number: int) -> GameCode:
        """The code of deal `number` (0 <= number < 26**7)."""
        if not 0 <= number < DEAL_COUNT:
            raise CodeError("code.number-range", number=number, count=DEAL_COUNT)
        return cls(NUMBERED, number=number)

    @classmethod
    def for_layout(cls, layout: Layout) -> GameCode:
        """The layout code of 16 piles of six cards; raises `LayoutError` if impossible."""
        check_layout(layout)
        return cls(LAYOUT, layout=tuple(tuple(pile) for pile in layout))

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Read a code; raise `CodeError` saying what is wrong."""
        if not isinstance(text, str):
            raise CodeError("code.empty", text="")
        cleaned = text.strip().translate(_UPPER)
        if not cleaned:
            raise CodeError("code.empty", text=text)
        _refuse_lookalikes(text.strip())
        parts = cleaned.split("-")
        if parts[0] != VERSION:
            typed = text.strip().split("-", 1)[0]  # as typed: the upper case is only for reading
            if not typed:  # nothing to quote: "not “”" read as a fault of the message
                raise CodeError("code.hyphen-first", text=text.strip())
            raise CodeError("code.bad-prefix", text=text.strip(), prefix=typed[:12])
        if len(parts) < 3:
            raise CodeError("code.too-short", text=text.strip())
        kind = parts[1]
        if kind == NUMBERED:
            return cls._parse_numbered(text.strip(), parts)
        if kind == LAYOUT:
            return cls._parse_layout(text.strip(), parts)
        if not kind:
            raise CodeError("code.hyphen-twice", text=text.strip())
        raise CodeError("code.bad-kind", text=text.strip(), kind=kind[:12])

    @classmethod
    def _parse_numbered(cls, text: str, parts: list[str]) -> GameCode:
        digits = "-".join(parts[2:])
        number = 0
        for offset, char in enumerate(digits):
            if char not in string.ascii_uppercase:
                position = len(VERSION) + 3 + offset + 1
                raise CodeError("code.bad-letter", text=text, char=char, position=position)
            number = number * 26 + ord(char) - ord("A")
        if len(digits) != DIGITS:  # letters only by now: the count is of letters
            raise CodeError("code.bad-length", text=text, count=len(digits), expected=DIGITS)
        return cls(NUMBERED, number=number)

    @classmethod
    def _parse_layout(cls, text: str, parts: list[str]) -> GameCode:
        groups = [group for group in parts[2:] if group]
        if len(groups) != PILE_COUNT:
            raise CodeError("code.pile-count", text=text, count=len(groups), expected=PILE_COUNT)
        piles = []
        for number, group in enumerate(groups, start=1):
            if len(group) != 2 * PILE_SIZE:
                raise CodeError(
                    "code.pile-length",
                    text=text,
                    pile=number,
                    count=len(group),
                    expected=2 * PILE_SIZE,
                )
            pile = []
            for i in range(0, len(group), 2):
                try:
                    pile.append(Card.parse(group[i : i + 2]))
                except CardError:
                    raise CodeError(
                        "code.bad-card",
                        text=text,
                        pile=number,
                        card=group[i : i + 2],
                        place=i // 2 + 1,
                    ) from None
            piles.append(tuple(pile))
        return cls.for_layout(tuple(piles))

    def piles(self) -> Layout:
        """The 16 piles of the deal, each bottom to top."""
        if self.layout is not None:
            return self.layout
        assert self.number is not None
        return numbered_deal(self.number)

    @property
    def text(self) -> str:
        """The canonical code text."""
        if self.number is not None:
            digits = ""
            number = self.number
            for _ in range(DIGITS):
                number, digit = divmod(number, 26)
                digits = chr(ord("A") + digit) + digits
            return f"{VERSION}-{NUMBERED}-{digits}"
        assert self.layout is not None
        groups = ("".join(_card_code(card) for card in pile) for pile in self.layout)
        return f"{VERSION}-{LAYOUT}-" + "-".join(groups)

    def __str__(self) -> str:
        return self.text


def _card_code(card: Card) -> str:
    return _RANK_CODE[card.rank - 1] + card.suit.letter


def check_layout(layout: Layout) -> None:
    """Raise `LayoutError` unless `layout` is 16 piles of six cards of a Crescent deal.

    A deal holds each card twice, except one ace and one king per suit, whose
    other copies are the foundation bases.
    """
    if len(layout) != PILE_COUNT:
        raise LayoutError("layout.pile-count", count=len(layout), expected=PILE_COUNT)
    counts: Counter[Card] = Counter()
    for number, pile in enumerate(layout, start=1):
        if len(pile) != PILE_SIZE:
            raise LayoutError("layout.pile-size", pile=number, count=len(pile), expected=PILE_SIZE)
        counts.update(pile)
    expected = {card: 1 if card.rank in (ACE, KING) else 2 for card in CARDS}
    for card, wanted in expected.items():
        if counts[card] > wanted:
            raise LayoutError(
                "layout.too-many", card=str(card), count=counts[card], expected=wanted
            )
    for card, wanted in expected.items():
        if counts[card] < wanted:
            raise LayoutError("layout.missing", card=str(card), count=counts[card], expected=wanted)


def _refuse_lookalikes(text: str) -> None:
    """Raise `CodeError` at the first Cyrillic or Greek letter of `text`: it looks like a
    Latin one (С, Н, А), and the messages about the wrong letter ("a code starts with CR1-,
    not “СR1”") read as if they contradicted themselves (a QA run in Russian)."""
    for index, char in enumerate(text):
        if char.isalpha() and unicodedata.name(char, "").startswith(("CYRILLIC", "GREEK")):
            raise CodeError("code.not-latin", text=text, char=char, position=index + 1)
