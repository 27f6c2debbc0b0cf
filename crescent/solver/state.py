"""The solver's compact state and its actions.

A state is `(piles, found, redeals)`: the 16 piles as `bytes` (bottom to top,
one card value 0..51 per byte), the eight foundation counts (ascending ♠ ♥ ♦ ♣,
then descending) and the redeals left. An action is an int: 0..15 plays the top
of that pile to a foundation of its suit, `16 + 16 * source + target` moves it
onto another pile, `REDEAL_ACTION` redeals.

When a suit's two foundations have met (their counts add up to `MET`), transfers
between them make any card of the suit playable, so the solver treats the pair
as one merged state and never searches the transfers; `crescent.solver.line`
writes them out when the line is replayed.
"""

from __future__ import annotations

from typing import Final

from crescent.position import Position, turned
from crescent.tables import (
    ACE,
    ALL_CARDS,
    KINDS,
    KING,
    MET,
    PILE_COUNT,
    RANK_OF,
    SUIT_OF,
    SUITS,
)

Piles = tuple[bytes, ...]
Found = tuple[int, ...]
State = tuple[Piles, Found, int]

SUIT: Final = SUIT_OF
RANK: Final = RANK_OF
REDEAL_ACTION: Final = -1
MOVE_BASE: Final = PILE_COUNT
ALL_HOME: Final = ALL_CARDS
_SEPARATOR: Final = b"\xff"
_CARD_BYTES: Final = tuple(bytes((card,)) for card in range(KINDS))


def from_position(position: Position) -> State:
    """The compact state of an engine position."""
    piles = tuple(bytes(pile) for pile in position.piles)
    return piles, (*position.up, *position.down), position.redeals_left


def key(piles: Piles, found: Found, redeals: int) -> bytes:
    """The transposition key: piles as a multiset, met suits merged, redeals left."""
    merged = bytearray(found)
    for suit in range(SUITS):
        if found[suit] + found[suit + SUITS] == MET:
            merged[suit] = merged[suit + SUITS] = 0
    merged.append(redeals)
    return _SEPARATOR.join(sorted(piles)) + _SEPARATOR + bytes(merged)


def foundation_takes(card: int, found: Found) -> bool:
    """True when `card` can go to a foundation now (after transfers if the suit has met)."""
    suit = SUIT[card]
    up, down = found[suit], found[suit + SUITS]
    return up + down == MET or up + ACE == RANK[card] or down == KING - RANK[card]


def apply(piles: Piles, found: Found, redeals: int, action: int) -> State:
    """The state after a legal `action`."""
    if action == REDEAL_ACTION:
        return tuple(turned(pile) for pile in piles), found, redeals - 1
    if action < MOVE_BASE:
        pile = piles[action]
        card = pile[-1]
        suit, rank = SUIT[card], RANK[card]
        up, down = found[suit], found[suit + SUITS]
        counts = list(found)
        if up + down == MET:
            counts[suit], counts[suit + SUITS] = rank, KING + 1 - rank
        elif up == rank - 1:
            counts[suit] = rank
        else:
            counts[suit + SUITS] = down + 1
        return piles[:action] + (pile[:-1],) + piles[action + 1 :], tuple(counts), redeals
    source, target = divmod(action - MOVE_BASE, PILE_COUNT)
    changed = list(piles)
    card = piles[source][-1]
    changed[source] = piles[source][:-1]
    changed[target] = piles[target] + _CARD_BYTES[card]
    return tuple(changed), found, redeals


def cards_home(found: Found) -> int:
    """Cards on the foundations, bases included."""
    return sum(found)
