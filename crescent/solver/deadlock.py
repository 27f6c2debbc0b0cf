"""A sound dead-end test: a relaxed game in which the position still cannot be won.

The relaxation is generous in every way, so that whatever the real game can do,
it can do too: a card that is ever on top of a pile counts as available from
then on, as a foundation card and as a place to park a neighbour, at any time;
pile limits are ignored; both copies of a rank may serve either foundation; once
a suit's foundations can meet, every card of it is playable. Redeals are modelled
exactly enough: with `r` redeals left only the bottom `r` cards of a pile can
ever be turned up, and the cards above them leave only from the top. When even
this game leaves a card unplayed, the real one is lost.
"""

from __future__ import annotations

from typing import Final

from crescent.solver.state import RANK, SUIT, Found, Piles
from crescent.tables import ACE, KINDS, KING, MET, NEIGHBOURS, RANKS_PER_SUIT, SUITS

_ABOVE: Final = tuple(pair[0] for pair in NEIGHBOURS)
_BELOW: Final = tuple(pair[1] for pair in NEIGHBOURS)

Bounds = tuple[list[int], list[int], list[bool], list[bool], int]
_bounds: dict[Found, Bounds] = {}
"""Per foundation counts, what `_foundation_bounds` says (many positions share them)."""
_BOUNDS_KEPT: Final = 20_000


def _foundation_bounds(found: Found) -> Bounds:
    """Per suit: the top rank of the ascending foundation, the lowest of the descending one,
    met, apart (neither met nor overlapping); and how many suits are not met or complete."""
    if len(_bounds) > _BOUNDS_KEPT:
        _bounds.clear()
    low = list(found[:SUITS])
    high = [KING + 1 - count for count in found[SUITS:]]
    met = [found[s] + found[s + SUITS] == MET for s in range(SUITS)]
    apart = [found[s] + found[s + SUITS] < MET for s in range(SUITS)]
    unfinished = sum(not (met[s] or (low[s] == KING and high[s] == ACE)) for s in range(SUITS))
    return low, high, met, apart, unfinished


def hopeless(piles: Piles, found: Found, redeals: int) -> bool:
    """True when the position provably cannot be won."""
    exposed = [0] * KINDS  # per card value: bit mask of the piles where a copy is ever on top
    parks = [False] * KINDS  # per card value: some copy can move onto another pile
    cut = [len(pile) for pile in piles]  # the cards below `cut` have not left their pile yet
    bounds = _bounds.get(found)
    if bounds is None:
        bounds = _bounds[found] = _foundation_bounds(found)
    low, high, met_at_start, apart, unfinished = bounds
    up, down, met = low[:], high[:], met_at_start[:]
    pending: list[int] = []  # exposed card values not yet known to park
    for number, pile in enumerate(piles):
        if pile:
            bit = 1 << number
            card = pile[-1]
            if not exposed[card]:
                pending.append(card)
            exposed[card] |= bit
            for card in pile[:redeals]:
                if not exposed[card]:
                    pending.append(card)
                exposed[card] |= bit
    active = [number for number, height in enumerate(cut) if height > redeals]
    changed = True
    while changed:
        changed = False
        for suit in range(SUITS):
            if met[suit]:
                continue
            base = suit * RANKS_PER_SUIT
            top_up, top_down = up[suit], down[suit]
            while top_up < KING and exposed[base + top_up]:
                top_up += 1
            while top_down > ACE and exposed[base + top_down - 2]:
                top_down -= 1
            if top_up != up[suit] or top_down != down[suit]:
                changed = True
                up[suit], down[suit] = top_up, top_down
                if apart[suit] and top_up + 1 >= top_down:
                    met[suit] = True
                if met[suit] or (top_up == KING and top_down == ACE):
                    unfinished -= 1
                    if not unfinished:
                        return False  # every card left can go home: no pile stays blocked
        waiting = []
        for card in pending:
            above, below = _ABOVE[card], _BELOW[card]
            others = exposed[above] | exposed[below]
            # on top in one pile with a neighbour on top in another (or able to park)
            if (
                parks[above]
                or parks[below]
                or (others and (others & (others - 1) or exposed[card] & ~others))
            ):
                parks[card] = True
                changed = True
            else:
                waiting.append(card)
        pending = waiting
        still = []
        for number in active:
            pile = piles[number]
            height = start = cut[number]
            bit = 1 << number
            while height > redeals:
                card = pile[height - 1]
                suit, rank = SUIT[card], RANK[card]
                if not (
                    met[suit] or low[suit] < rank <= up[suit] or down[suit] <= rank < high[suit]
                ):
                    above, below = _ABOVE[card], _BELOW[card]
                    if not (
                        parks[above] or parks[below] or (exposed[above] | exposed[below]) & ~bit
                    ):
                        break
                height -= 1
                if height:
                    under = pile[height - 1]
                    if not exposed[under]:
                        pending.append(under)
                    exposed[under] |= bit
            if height != start:
                cut[number] = height
                changed = True
            if height > redeals:
                still.append(number)
        active = still
    if any(cut[number] - 1 > redeals for number in active):
        return True
    return not all(met[s] or (up[s] == KING and down[s] == ACE) for s in range(SUITS))
