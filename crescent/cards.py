"""Cards: 52 kinds, two of each in the game, as small immutable values.

A `Card` is an `int` from 0 to 51 (`suit * 13 + rank - 1`), interned, so that
positions are tuples of small ints and the rules can compute with them. Its
canonical text is ASCII rank then suit: `AS`, `10H`, `QD`, `KC`.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Final

from crescent.errors import CardError
from crescent.tables import ACE, KINDS, KING, RANKS_PER_SUIT, SUITS

if TYPE_CHECKING:
    from crescent.i18n import Catalog


class Suit(IntEnum):
    """The four suits, in the engine's order."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The ASCII letter of the suit: S, H, D or C."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♥ ♦ ♣."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


RANKS: Final = range(ACE, KING + 1)
"""Ranks as numbers: 1 is the ace, 11 the jack, 12 the queen, 13 the king."""

RANK_TEXT: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_RANK_PARSE: Final = {text: rank for rank, text in enumerate(RANK_TEXT, start=1)} | {"T": 10}
_SUIT_PARSE: Final = {
    **{letter: Suit(i) for i, letter in enumerate("SHDC")},
    **{symbol: Suit(i) for i, symbol in enumerate("♠♥♦♣")},
    **{symbol: Suit(i) for i, symbol in enumerate("♤♡♢♧")},
}


class Card(int):
    """One card: an interned int, `suit * 13 + rank - 1`."""

    __slots__ = ()

    def __new__(cls, rank: int, suit: Suit | int) -> Card:
        if not (ACE <= rank <= KING and 0 <= suit < SUITS):
            raise CardError("card.bad-value", text=f"{rank}/{suit}")
        return CARDS[int(suit) * RANKS_PER_SUIT + rank - 1]

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king)."""
        return int(self) % RANKS_PER_SUIT + 1

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(int(self) // RANKS_PER_SUIT)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `AS`, `10h`, `TH`, `q♦`, `K♣`; raise `CardError` naming the text."""
        # Split as typed, then upper-case each part: upper-casing first can change the
        # length ("ß" is "SS"), and the message then quoted a part that was not there.
        typed = text.strip()
        if not typed:
            raise CardError("card.empty")
        if len(typed) < 2:
            raise CardError("card.too-short", text=text)
        rank_text, suit_text = typed[:-1], typed[-1]
        suit = _SUIT_PARSE.get(suit_text.upper())
        if suit is None:
            raise CardError("card.bad-suit", text=text, suit=suit_text)
        rank = _RANK_PARSE.get(rank_text.upper())
        if rank is None:
            raise CardError("card.bad-rank", text=text, rank=rank_text)
        return CARDS[suit * RANKS_PER_SUIT + rank - 1]

    def __str__(self) -> str:
        return RANK_TEXT[self % RANKS_PER_SUIT] + "SHDC"[self // RANKS_PER_SUIT]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def worded(self, words: Catalog) -> str:
        """The card in the notation of `words`' language: `K♠`, `R♠` in Bulgarian."""
        return words.card(self)


def _make_cards() -> tuple[Card, ...]:
    cards = []
    for index in range(KINDS):
        card = int.__new__(Card, index)
        cards.append(card)
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _make_cards()
"""All 52 kinds of card, indexed by their int value."""


def full_pack() -> list[Card]:
    """The 104 cards of two packs, in the engine's canonical order."""
    return [card for card in CARDS for _ in range(2)]
