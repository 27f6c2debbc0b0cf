"""Numbered deals: how a deal number becomes 16 piles, exactly enough to reimplement.

1. The generator is SplitMix64 (Steele, Lea and Flood 2014), its 64-bit state
   set to the deal number. Each draw adds 0x9E3779B97F4A7C15 to the state
   (mod 2**64) and returns the state mixed: `z ^= z >> 30; z *= 0xBF58476D1CE4E5B9;
   z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31` (all mod 2**64).
2. A bounded integer below `n` is drawn without bias by rejection: draw `x`
   until `x < 2**64 - (2**64 % n)`, then return `x % n`.
3. The cards, in order: for each suit ♠ ♥ ♦ ♣, the ace once (its other copy is
   the ascending base), 2 to queen twice each, the king once (the other is the
   descending base): 96 cards, `AS 2S 2S 3S 3S ... QS QS KS AH 2H ...`.
4. The shuffle is Fisher–Yates from the end: for `i` from 95 down to 1, swap the
   cards at `i` and at a bounded integer below `i + 1`.
5. Card `k` of the shuffled list goes to pile `k // 6 + 1`, at height `k % 6`
   from the bottom: cards 0..5 are pile 1 bottom to top, 6..11 pile 2, and so on.
"""

from __future__ import annotations

from typing import Final

from crescent.cards import RANKS, Card, Suit
from crescent.tables import ACE, KING, PILE_SIZE

MASK: Final = (1 << 64) - 1
GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15


class SplitMix64:
    """The SplitMix64 generator, seeded with a 64-bit integer."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An unbiased integer in `range(bound)`, by rejection sampling."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next()
            if value < limit:
                return value % bound


def dealt_cards() -> list[Card]:
    """The 96 cards dealt to the piles, in the order the shuffle starts from."""
    cards: list[Card] = []
    for suit in Suit:
        for rank in RANKS:
            copies = 1 if rank in (ACE, KING) else 2
            cards.extend([Card(rank, suit)] * copies)
    return cards


def numbered_deal(number: int) -> tuple[tuple[Card, ...], ...]:
    """The 16 piles (bottom to top) of deal `number`."""
    cards = dealt_cards()
    generator = SplitMix64(number)
    for i in range(len(cards) - 1, 0, -1):
        j = generator.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(tuple(cards[k : k + PILE_SIZE]) for k in range(0, len(cards), PILE_SIZE))
