"""A sound relaxation of a suit's game on its own: some of its ranks go free.

The game of a suit on its own (`crescent.solver.suits`) can be too large to search
to its end: with two redeals left its cards pile up in long chains, and the chains
have no end of arrangements. Here the ranks chosen as free lose their identity:
their cards stay where they lie, a free card leaves only from the top of a pile
(to go home, or anywhere else: it simply goes), and a foundation that needs a
free rank takes it without a card, whenever it likes (at the meeting point too).
The kept cards move as before, onto kept or free cards, and a kept card with a
free neighbouring rank may also go to a new pile of its own that no redeal
turns (a "cell"). Pile limits are dropped.

Every line of the suit's game has a line here, so when this game is lost, so is
the suit's game and with it the real position. Follow the suit's line and keep
each card of it that this game still holds no deeper than the line keeps it
(fewer cards above it):

- a free card the line moves or plays simply goes (it is on top here too);
- a kept card goes where the line puts it: onto the same card when this game
  holds that card, else (the card under it is a free card that moved, so gone
  here) into a cell;
- the foundations follow, a free rank taken without its card;
- a redeal turns what the line's redeal turns. Before the first redeal left, a
  pile keeps its cards in the line's order, so the bottom card the line turns up
  is this game's bottom card too. The second redeal left turns up the card that
  lay on the bottom card at the first; when the line had put a card here gone
  there, this game may leave the pile as it is, which it may do at that redeal
  for every pile. A card built on a lone bottom card before the first redeal
  marks the pile for the second (`suits._built_on`); this game marks it or not
  when its pile holds one card, since the line's pile may hold more. It
  follows the line's choice of what a lone bottom card does at the first
  redeal (`suits._next_turns`) the same way.

The search then drops what cannot help: a free card on top of a pile no redeal
turns goes at once (a cell does all it did), as does a free card no kept rank
neighbours (nothing can be built on it; at the second redeal the pile staying as
it is does what its turning did); a foundation takes each free rank as soon as it
can (before the foundations meet, whichever takes it, the other stops one short
and they meet there; after, it is simply next); met foundations are one; and a
lone card never moves between two piles no redeal turns (`crescent.solver.reduce`).

The search proves CR1-N-AAAAACY unwinnable (tools/prove.py).
"""

from __future__ import annotations

from typing import Final

from crescent.position import turned
from crescent.solver.state import RANK, Found, Piles
from crescent.solver.suits import Schedule, SuitGame
from crescent.tables import ACE, KING, MET, RANKS_PER_SUIT, SUITS

Column = tuple[int, bytes]
"""A pile or cell: what the redeals left turn in it (bit 0 the next, bit 1 the one
after) and its ranks, bottom to top."""
Relaxed = tuple[tuple[Column, ...], int, int, int]
"""Columns (empty ones dropped, sorted), the two foundation counts, redeals left."""
ALL_HOME: Final = 2 * RANKS_PER_SUIT


def neighbours(rank: int) -> tuple[int, int]:
    """The ranks one up and one down, wrapping from king to ace."""
    return rank % KING + 1, KING if rank == ACE else rank - 1


class FreeRanks:
    """The relaxed game of one suit with `free` ranks (ace 1 to king 13)."""

    def __init__(self, free: frozenset[int]) -> None:
        self.free = free
        self.hosts = frozenset(
            rank for rank in free if any(n not in free for n in neighbours(rank))
        )
        """Free ranks a kept card could be built on."""

    def start(self, piles: Piles, found: Found, schedule: Schedule, suit: int) -> Relaxed:
        """The relaxed start of the game `suits` sets apart: its piles, counts, schedule."""
        redeals = len(schedule)
        columns = [
            (
                sum(1 << level for level in range(redeals) if schedule[level][number]),
                bytes(RANK[card] for card in pile),
            )
            for number, pile in enumerate(piles)
        ]
        return self._settled(columns, found[suit], found[suit + SUITS], redeals)

    def _settled(self, columns: list[Column], up: int, down: int, redeals: int) -> Relaxed:
        """The position with what cannot help dropped: free tops that go at once, free
        ranks the foundations take at once, met foundations as one."""
        kept: list[Column] = []
        for marks, ranks in columns:
            while ranks and ranks[-1] in self.free and (not marks or ranks[-1] not in self.hosts):
                ranks = ranks[:-1]
            if ranks:
                kept.append((marks, ranks))
        while up + down != MET:
            if up < KING and up + 1 in self.free:
                up += 1
            elif down < KING and KING - down in self.free:
                down += 1
            else:
                break
        if up + down == MET:
            up, down = ACE, MET - ACE
        return tuple(sorted(kept)), up, down, redeals

    def following(self, position: Relaxed) -> list[Relaxed]:
        """Every position one action away (after what cannot help is dropped)."""
        columns, up, down, redeals = position
        met = up + down == MET
        children = [
            self._settled(list(columns), rank, KING + 1 - rank, redeals)
            for rank in (sorted(self.free) if met else ())
        ]
        for number, (marks, ranks) in enumerate(columns):
            rank = ranks[-1]
            rest = list(columns)
            rest[number] = (marks, ranks[:-1])
            if rank in self.free:
                children.append(self._settled(rest, up, down, redeals))
                continue
            if met:
                children.append(self._settled(rest, rank, KING + 1 - rank, redeals))
            elif rank == up + 1:
                children.append(self._settled(rest, rank, down, redeals))
            elif rank == KING - down:
                children.append(self._settled(rest, up, down + 1, redeals))
            children += self._builds(columns, rest, number, up, down, redeals)
            if any(n in self.free for n in neighbours(rank)) and (len(ranks) > 1 or marks):
                cell = [*rest, (0, bytes((rank,)))]
                children.append(self._settled(cell, up, down, redeals))
        if redeals:
            children += self._redealt(columns, up, down, redeals)
        return children

    def _builds(
        self,
        columns: tuple[Column, ...],
        rest: list[Column],
        source: int,
        up: int,
        down: int,
        redeals: int,
    ) -> list[Relaxed]:
        """The top of column `source` built on each column whose top neighbours it."""
        marks, ranks = columns[source]
        rank = ranks[-1]
        children = []
        for target, (target_marks, target_ranks) in enumerate(columns):
            if target == source or target_ranks[-1] not in neighbours(rank):
                continue
            if len(ranks) == 1 and not marks and not target_marks:
                continue  # a lone card between piles no redeal turns
            built = list(rest)
            built[target] = (target_marks, target_ranks + bytes((rank,)))
            children.append(self._settled(built, up, down, redeals))
            if redeals == 2 and len(target_ranks) == 1 and target_marks == 1:
                built[target] = (3, built[target][1])  # the second redeal turns it too
                children.append(self._settled(built, up, down, redeals))
        return children

    def _redealt(
        self, columns: tuple[Column, ...], up: int, down: int, redeals: int
    ) -> list[Relaxed]:
        """The positions after the next redeal, one per way to follow it."""
        rotated = [(marks >> 1, turned(ranks) if marks & 1 else ranks) for marks, ranks in columns]
        unsure = [
            n
            for n, (marks, ranks) in enumerate(columns)
            if redeals == 2 and marks == 1 and len(ranks) == 1
        ]
        optional = [
            n
            for n, (marks, ranks) in enumerate(columns)
            if redeals == 1 and marks & 1 and len(ranks) > 1
        ]
        children = []
        for ways in range(1 << (len(unsure) + len(optional))):
            after = list(rotated)
            for bit, number in enumerate(unsure):
                if ways >> bit & 1:
                    after[number] = (1, after[number][1])
            for bit, number in enumerate(optional, start=len(unsure)):
                if ways >> bit & 1:
                    after[number] = (0, columns[number][1])  # left as it is
            children.append(self._settled(after, up, down, redeals - 1))
        return children


def _code(position: Relaxed) -> bytes:
    """A compact key of a relaxed position."""
    columns, up, down, redeals = position
    return bytes((up, down, redeals)) + b"".join(
        bytes((RANKS_PER_SUIT + 1 + marks,)) + ranks for marks, ranks in columns
    )


def free_game_lost(
    piles: Piles, found: Found, schedule: Schedule, suit: int, free: frozenset[int], limit: int
) -> tuple[bool | None, int]:
    """The relaxed game of the suit game `suits` sets apart, searched to its end: True when
    it is lost (so the real position is); False when it is won (which says nothing of the
    real game); None when more than `limit` positions leave it open. And its positions."""
    game = FreeRanks(free)
    start = game.start(piles, found, schedule, suit)
    seen = {_code(start)}
    todo = [start]
    positions = 0
    while todo:
        position = todo.pop()
        positions += 1
        if position[1] + position[2] == ALL_HOME:
            return False, positions
        if positions > limit:
            return None, positions
        for child in game.following(position):
            code = _code(child)
            if code not in seen:
                seen.add(code)
                todo.append(child)
    return True, positions


def with_free_ranks(free: frozenset[int]) -> SuitGame:
    """`free_game_lost` with these ranks free, as `suits.lost_by_a_suit` takes it."""

    def decide(
        piles: Piles, found: Found, schedule: Schedule, suit: int, limit: int
    ) -> tuple[bool | None, int]:
        return free_game_lost(piles, found, schedule, suit, free, limit)

    return decide
