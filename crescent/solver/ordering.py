"""Move ordering: which actions a probe tries first.

Foundation moves come first, then pile moves that uncover a playable card, then
those that uncover a card with somewhere to go, the rest after; random noise
(from the probe's own seeded generator) reorders the pile moves between probes.
The redeal always comes last: a probe redeals when its line has nothing left.
"""

from __future__ import annotations

from random import Random
from typing import Final

from crescent.solver.state import (
    MOVE_BASE,
    REDEAL_ACTION,
    Found,
    Piles,
    foundation_takes,
)
from crescent.tables import (
    ACE,
    KINDS,
    KING,
    MET,
    NEIGHBOURS,
    PILE_COUNT,
    PILE_LIMIT,
    RANKS_PER_SUIT,
    SUITS,
)

UNCOVERS_PLAYABLE: Final = 500
UNCOVERS_MOVABLE: Final = 100
LEAVES_EMPTY: Final = 50
GOOD_LANDING: Final = 30
FOUNDATION: Final = 2000

_urgency_cache: dict[Found, list[int]] = {}


def urgency(found: Found) -> list[int]:
    """For each card value, roughly how many plays of its suit come before it (1 = next)."""
    cached = _urgency_cache.get(found)
    if cached is not None:
        return cached
    values = [0] * KINDS
    for suit in range(SUITS):
        up, down = found[suit], found[suit + SUITS]
        high = KING + 1 - down
        gap = high - up - 1
        for rank in range(ACE, KING + 1):
            card = suit * RANKS_PER_SUIT + rank - 1
            if up + down > MET:
                values[card] = rank - up if rank > up else high - rank
            elif up + down == MET:
                values[card] = 1
            elif up < rank < high:
                values[card] = min(rank - up, high - rank)
            else:
                values[card] = gap + 1 + (rank - high if rank >= high else up - rank)
    if len(_urgency_cache) > 50_000:
        _urgency_cache.clear()
    _urgency_cache[found] = values
    return values


def ordered_actions(
    piles: Piles, found: Found, redeals: int, rng: Random | None, noise: float
) -> list[int]:
    """Every legal action, best first."""
    urgent = urgency(found)
    tops: dict[int, list[int]] = {}
    for number, pile in enumerate(piles):
        if pile and len(pile) < PILE_LIMIT:
            tops.setdefault(pile[-1], []).append(number)
    scored: list[tuple[float, int]] = []
    for number, pile in enumerate(piles):
        if not pile:
            continue
        card = pile[-1]
        if foundation_takes(card, found):
            scored.append((FOUNDATION - urgent[card], number))
        for neighbour in NEIGHBOURS[card]:
            for target in tops.get(neighbour, ()):
                if target == number:
                    continue
                score: float = GOOD_LANDING if urgent[neighbour] > urgent[card] else -GOOD_LANDING
                if len(pile) > 1:
                    under = pile[-2]
                    if foundation_takes(under, found):
                        score += UNCOVERS_PLAYABLE
                    elif any(other in tops for other in NEIGHBOURS[under]):
                        score += UNCOVERS_MOVABLE
                    score -= urgent[under]
                else:
                    score += LEAVES_EMPTY
                if rng is not None:
                    score += rng.random() * noise
                scored.append((score, MOVE_BASE + number * PILE_COUNT + target))
    scored.sort(key=_score, reverse=True)
    actions = [action for _, action in scored]
    if redeals:
        actions.append(REDEAL_ACTION)
    return actions


def _score(item: tuple[float, int]) -> float:
    return item[0]
