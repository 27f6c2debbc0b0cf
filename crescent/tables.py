"""The game's numbers and the card tables, each written once.

A card kind is an int 0..51, `suit * RANKS_PER_SUIT + rank - 1` (`crescent.cards`
wraps it as `Card`); ranks run from `ACE` (1) to `KING` (13). The rules
(`crescent.rules`), the positions, the solver's compact states
(`crescent.solver.state`) and the example-game builder (`tools/make_example.py`)
all read these, so that a number of the game has one name and one value.
"""

from __future__ import annotations

from typing import Final

SUITS: Final = 4
"""Suits in a pack: ♠ ♥ ♦ ♣."""
RANKS_PER_SUIT: Final = 13
"""Ranks in a suit, ace to king."""
ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = RANKS_PER_SUIT
LETTERED: Final = (ACE, JACK, QUEEN, KING)
"""The ranks written with a letter (A, J, Q, K in English) rather than a number."""
KINDS: Final = SUITS * RANKS_PER_SUIT
"""Kinds of card (52); the game has two of each."""
PACKS: Final = 2
ALL_CARDS: Final = PACKS * KINDS
"""Cards in the game (104): all of them on the foundations is a win."""

PILE_COUNT: Final = 16
"""Piles of the horseshoe."""
PILE_SIZE: Final = 6
"""Cards dealt to each pile."""
PILE_LIMIT: Final = 13
"""A pile holds at most 13 cards: a move onto a pile of 13 is refused."""
REDEALS: Final = 3
"""Redeals allowed in one game."""
UNDO_LIMIT: Final = 100
"""Moves that can be undone: the oldest are forgotten beyond this."""

FULL: Final = RANKS_PER_SUIT
"""Cards on a finished foundation: every rank of its suit."""
MET: Final = RANKS_PER_SUIT
"""A suit's two foundations have met when their counts add up to this (every rank
shows once): from then on cards may pass from one to the other."""

RULE_NUMBERS: Final = {
    "pile_count": PILE_COUNT,
    "pile_limit": PILE_LIMIT,
    "foundation_limit": FULL,
    "card_total": ALL_CARDS,
    "copies": PACKS,
    "redeal_limit": REDEALS,
    "undo_limit": UNDO_LIMIT,
}
"""The game's numbers as the messages name them (`{pile_limit}`): a message never spells
out a number of the rules, so that a translator never has to change one."""

SUIT_OF: Final[tuple[int, ...]] = tuple(kind // RANKS_PER_SUIT for kind in range(KINDS))
"""Each card kind's suit (0..3)."""
RANK_OF: Final[tuple[int, ...]] = tuple(kind % RANKS_PER_SUIT + 1 for kind in range(KINDS))
"""Each card kind's rank (ACE..KING). An ascending foundation holding `n` cards takes
rank `ACE + n` next, a descending one rank `KING - n`."""


def _neighbour(kind: int, step: int) -> int:
    base = kind - kind % RANKS_PER_SUIT
    return base + (kind % RANKS_PER_SUIT + step) % RANKS_PER_SUIT


NEIGHBOURS: Final[tuple[tuple[int, int], ...]] = tuple(
    (_neighbour(kind, 1), _neighbour(kind, -1)) for kind in range(KINDS)
)
"""The two kinds each card kind may go on in a pile: one rank up, one down, wrapping
(a king goes on an ace of its suit and an ace on a king)."""
