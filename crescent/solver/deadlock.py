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

from crescent.solver.state import NEIGHBOURS, RANK, SUIT, Found, Piles


def hopeless(piles: Piles, found: Found, redeals: int) -> bool:
    """True when the position provably cannot be won."""
    exposed = [0] * 52  # per card value: bit mask of the piles where a copy is ever on top
    parks = [False] * 52  # per card value: some copy can move onto another pile
    cut = [len(pile) for pile in piles]
    low = list(found[:4])
    up = low[:]
    high = [14 - count for count in found[4:]]
    down = high[:]
    met = [found[s] + found[s + 4] == 13 for s in range(4)]
    apart = [found[s] + found[s + 4] < 13 for s in range(4)]
    for number, pile in enumerate(piles):
        size = len(pile)
        if size:
            bit = 1 << number
            exposed[pile[-1]] |= bit
            for index in range(min(redeals, size)):
                exposed[pile[index]] |= bit
    changed = True
    while changed:
        changed = False
        for suit in range(4):
            if met[suit]:
                continue
            base = suit * 13
            top_up, top_down = up[suit], down[suit]
            while top_up < 13 and exposed[base + top_up]:
                top_up += 1
            while top_down > 1 and exposed[base + top_down - 2]:
                top_down -= 1
            if top_up != up[suit] or top_down != down[suit]:
                changed = True
                up[suit], down[suit] = top_up, top_down
                if apart[suit] and top_up + 1 >= top_down:
                    met[suit] = True
        for card in range(52):
            mask = exposed[card]
            if not mask or parks[card]:
                continue
            above, below = NEIGHBOURS[card]
            others = exposed[above] | exposed[below]
            # a copy on top in one pile and a neighbour on top in another one
            elsewhere = others and (others & (others - 1) or mask & ~others)
            if parks[above] or parks[below] or elsewhere:
                parks[card] = True
                changed = True
        for number, pile in enumerate(piles):
            height = cut[number]
            if height <= redeals:
                continue
            bit = 1 << number
            start = height
            while height > redeals:
                card = pile[height - 1]
                suit, rank = SUIT[card], RANK[card]
                if not (
                    met[suit] or low[suit] < rank <= up[suit] or down[suit] <= rank < high[suit]
                ):
                    above, below = NEIGHBOURS[card]
                    if not (
                        parks[above] or parks[below] or (exposed[above] | exposed[below]) & ~bit
                    ):
                        break
                height -= 1
                if height:
                    exposed[pile[height - 1]] |= bit
            if height != start:
                cut[number] = height
                changed = True
    if any(height - 1 > redeals for height in cut):
        return True
    return not all(met[s] or (up[s] == 13 and down[s] == 1) for s in range(4))
