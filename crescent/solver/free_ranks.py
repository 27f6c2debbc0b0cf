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
- With three redeals left (a deal's own start, `crescent.solver.proof`) the
  first two are followed so, and the last may turn any pile or leave it as it
  is: what it turns up depends on how the piles were dug and built on before.

The search then drops what cannot help: a free card on top of a pile no redeal
turns goes at once (a cell does all it did), as does a free card no kept rank
neighbours (nothing can be built on it; at the second redeal the pile staying as
it is does what its turning did); a foundation takes each free rank as soon as it
can (before the foundations meet, whichever takes it, the other stops one short
and they meet there; after, it is simply next); met foundations are one; and a
lone card never moves between two piles no redeal turns (`crescent.solver.reduce`).

The search proves CR1-N-AAAAACY unwinnable (tools/prove.py). Which ranks to
free is chosen by `crescent.solver.refine`; `search` gives it a winning line of
the relaxed game when there is one.
"""

from __future__ import annotations

from typing import Final

from crescent.position import turned
from crescent.solver.state import RANK, Found, Piles
from crescent.solver.suits import REDEALS_FOLLOWED, Schedule, SuitGame, probed
from crescent.tables import ACE, KING, MET, RANKS_PER_SUIT, SUITS

Column = bytes
"""A pile or cell: a marks byte, `_MARKED` plus what the redeals left turn in it (bit 0
the next, bit 1 the one after), then its ranks, bottom to top. As bytes, a column is
its own part of `position_key`, and columns sort as (marks, ranks) pairs would."""
Relaxed = tuple[tuple[Column, ...], int, int, int]
"""Columns (empty ones dropped, sorted), the two foundation counts, redeals left."""
Line = list[Relaxed]
"""A line of the relaxed game: its positions, the first to the won one."""
ALL_HOME: Final = 2 * RANKS_PER_SUIT
_MARKED: Final = 1 << KING.bit_length()
"""A column's marks byte is this plus the marks: the power of two above every rank, so
that the byte's low bits are the marks' own."""
UNFOLLOWED: Final = 1 << REDEALS_FOLLOWED
"""The mark of the third redeal from the end, in a game that starts with three: it may turn
any pile or leave it as it is."""


def neighbours(rank: int) -> tuple[int, int]:
    """The ranks one up and one down, wrapping from king to ace."""
    return _NEIGHBOURS[rank]


_NEIGHBOURS: Final = tuple(
    (rank % KING + 1, KING if rank == ACE else rank - 1) for rank in range(KING + 1)
)
"""`neighbours` of each rank, looked up (the search asks millions of times)."""
_MARKS: Final = tuple(bytes((_MARKED + marks,)) for marks in range(2 * UNFOLLOWED))
"""Each marks byte, as the first byte of a column."""
_SHIFTED: Final = {_MARKED + marks: _MARKS[marks >> 1] for marks in range(2 * UNFOLLOWED)}
"""The marks byte after a redeal: the next redeal's mark gone, the later ones moved down."""
_RANKS: Final = tuple(bytes((rank,)) for rank in range(KING + 1))
"""Each rank as a byte, to put on top of a column."""
_TRIMS_KEPT: Final = 1 << 20
"""The most columns whose `FreeRanks._trimmed` a game remembers (then it starts afresh)."""


def column(marks: int, ranks: bytes) -> Column:
    """The column with `marks` and `ranks` (bottom to top)."""
    return _MARKS[marks] + ranks


class FreeRanks:
    """The relaxed game of one suit with `free` ranks (ace 1 to king 13)."""

    def __init__(self, free: frozenset[int], top: int = REDEALS_FOLLOWED) -> None:
        self.free = free
        self.top = top
        """The redeals left at the start of the games this one plays (three at most)."""
        self.hosts = frozenset(
            rank for rank in free if any(n not in free for n in neighbours(rank))
        )
        """Free ranks a kept card could be built on."""
        self.loose = free - self.hosts
        """Free ranks that leave the top of a pile a redeal turns at once (see `_settled`)."""
        self.beside_free = frozenset(
            rank for rank in range(ACE, KING + 1) if any(n in free for n in neighbours(rank))
        )
        """Ranks with a free neighbouring rank: a kept card of one may go to a cell."""
        self._homes: dict[tuple[int, int], tuple[int, int]] = {}
        """`_home` of the foundation counts met so far."""
        self._trims: dict[Column, Column] = {}
        """`_trimmed` of the columns met so far (at most `_TRIMS_KEPT`)."""

    def start(self, piles: Piles, found: Found, schedule: Schedule, suit: int) -> Relaxed:
        """The relaxed start of the game `suits` sets apart: its piles, counts, schedule."""
        redeals = len(schedule)
        columns = [
            column(
                sum(1 << level for level in range(redeals) if schedule[level][number])
                | (UNFOLLOWED if redeals > REDEALS_FOLLOWED else 0),
                bytes(RANK[card] for card in pile),
            )
            for number, pile in enumerate(piles)
        ]
        return self._settled(columns, found[suit], found[suit + SUITS], redeals)

    def relaxed(self, position: Relaxed) -> Relaxed:
        """A position of a game with fewer ranks free, as this game sees it: what cannot help
        here dropped (`crescent.solver.refine` follows a line of this game in that one)."""
        columns, up, down, redeals = position
        return self._settled(list(columns), up, down, redeals)

    def _settled(self, columns: list[Column], up: int, down: int, redeals: int) -> Relaxed:
        """The position with what cannot help dropped: free tops that go at once, free
        ranks the foundations take at once, met foundations as one."""
        kept = [trimmed for trimmed in map(self._trimmed, columns) if len(trimmed) > 1]
        kept.sort()
        return (tuple(kept), *self._home(up, down), redeals)

    def _settled_at(
        self, columns: list[Column], number: int, up: int, down: int, redeals: int
    ) -> Relaxed:
        """`_settled`, when only column `number` can have changed at its top: the others
        come from a settled position, with nothing left to drop: every child but a redeal's
        (settling every column of each took a third of the search's time, profiled)."""
        column = self._trimmed(columns[number])
        if len(column) > 1:
            columns[number] = column
        else:
            del columns[number]
        columns.sort()
        return (tuple(columns), *self._home(up, down), redeals)

    def _trimmed(self, column: Column) -> Column:
        """A column without the free tops that go at once (its marks byte alone when none
        of its ranks is left), remembered: the same columns come back in millions of
        positions (the proof of CR1-N-AAAAACY took 54 s instead of 63 with `_redealt`'s)."""
        trimmed = self._trims.get(column)
        if trimmed is None:
            if len(self._trims) >= _TRIMS_KEPT:
                self._trims.clear()  # a search of 100,000,000 positions stays in memory
            dropped = self.free if column[0] == _MARKED else self.loose
            trimmed = column
            while len(trimmed) > 1 and trimmed[-1] in dropped:
                trimmed = trimmed[:-1]
            self._trims[column] = trimmed
        return trimmed

    def _home(self, up: int, down: int) -> tuple[int, int]:
        """The foundation counts after they take every free rank they can at once, met
        foundations as one."""
        settled = self._homes.get((up, down))
        if settled is None:
            high, low = up, down
            while high + low != MET:
                if high < KING and high + 1 in self.free:
                    high += 1
                elif low < KING and KING - low in self.free:
                    low += 1
                else:
                    break
            settled = (ACE, MET - ACE) if high + low == MET else (high, low)
            self._homes[(up, down)] = settled
        return settled

    def following(self, position: Relaxed) -> list[Relaxed]:
        """Every position one action away (after what cannot help is dropped)."""
        columns, up, down, redeals = position
        met = up + down == MET
        children = [
            self._settled(list(columns), rank, KING + 1 - rank, redeals)
            for rank in (sorted(self.free) if met else ())
        ]
        for number, source in enumerate(columns):
            rank = source[-1]
            rest = list(columns)
            rest[number] = source[:-1]
            if rank in self.free:
                children.append(self._settled_at(rest, number, up, down, redeals))
                continue
            if met:
                children.append(
                    self._settled_at(list(rest), number, rank, KING + 1 - rank, redeals)
                )
            elif rank == up + 1:
                children.append(self._settled_at(list(rest), number, rank, down, redeals))
            elif rank == KING - down:
                children.append(self._settled_at(list(rest), number, up, down + 1, redeals))
            children += self._builds(columns, rest, number, up, down, redeals)
            if rank in self.beside_free and (len(source) > 2 or source[0] != _MARKED):
                cell = [*rest, column(0, _RANKS[rank])]
                children.append(self._settled_at(cell, number, up, down, redeals))
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
        moved = columns[source]
        rank = moved[-1]
        near = _NEIGHBOURS[rank]
        lone = len(moved) == 2 and moved[0] == _MARKED
        children = []
        for target, onto in enumerate(columns):
            if target == source or onto[-1] not in near:
                continue
            if lone and onto[0] == _MARKED:
                continue  # a lone card between piles no redeal turns
            built = list(rest)
            built[target] = onto + _RANKS[rank]
            if redeals >= 2 and len(onto) == 2 and onto[0] & 3 == 1:
                children.append(self._settled_at(list(built), source, up, down, redeals))
                built[target] = bytes((onto[0] | 2,)) + built[target][1:]  # next but one too
            children.append(self._settled_at(built, source, up, down, redeals))
        return children

    def _redealt(
        self, columns: tuple[Column, ...], up: int, down: int, redeals: int
    ) -> list[Relaxed]:
        """The positions after the next redeal, one per way to follow it."""
        rotated = [
            _SHIFTED[column[0]] + (turned(column[1:]) if column[0] & 1 else column[1:])
            for column in columns
        ]
        unsure = [
            n
            for n, column in enumerate(columns)
            if redeals >= 2 and column[0] & 3 == 1 and len(column) == 2
        ]
        later = redeals == 1 or redeals < self.top  # not the game's first redeal
        optional = [
            n for n, column in enumerate(columns) if later and column[0] & 1 and len(column) > 2
        ]
        # Each column trimmed once, and each other way of a column once: the ways differ
        # only there (trimming every column of every way took a fifth of a proof's time).
        trimmed = [self._trimmed(column) for column in rotated]
        others = [
            (number, self._trimmed(bytes((rotated[number][0] | 1,)) + rotated[number][1:]))
            for number in unsure
        ] + [
            (number, self._trimmed(column(0, columns[number][1:])))  # left as it is
            for number in optional
        ]
        counts = self._home(up, down)
        children = []
        for ways in range(1 << len(others)):
            after = list(trimmed)
            for bit, (number, other) in enumerate(others):
                if ways >> bit & 1:
                    after[number] = other
            kept = [column for column in after if len(column) > 1]
            kept.sort()
            children.append((tuple(kept), *counts, redeals - 1))
        return children


def position_key(position: Relaxed) -> bytes:
    """A compact key of a relaxed position: its counts, then its columns (each begins with
    its marks byte, above every rank)."""
    columns, up, down, redeals = position
    return bytes((up, down, redeals)) + b"".join(columns)


def _position(code: bytes) -> Relaxed:
    """The relaxed position of a key `position_key` made."""
    columns: list[Column] = []
    for at in range(3, len(code)):
        if code[at] >= _MARKED:
            columns.append(code[at : at + 1])
        else:
            columns[-1] += code[at : at + 1]
    return tuple(columns), code[0], code[1], code[2]


class Search:
    """The relaxed game of `game` from `start`, searched to its end: a search that a larger
    limit resumes where a smaller one left it (the limits of `suits.lost_by_a_suit` grow
    tenfold, and a game is not searched again from its start at each). With `probe`, each
    position's first child is searched first (`search`)."""

    def __init__(self, game: FreeRanks, start: Relaxed, probe: bool = False) -> None:
        self.game = game
        self.probe = probe
        self.parents: dict[bytes, bytes] = {position_key(start): b""}
        self.todo = [start]
        self.positions = 0
        """Positions searched so far, by every run."""

    def run(self, limit: int) -> tuple[bool | None, int, Line]:
        """True when the game is lost, False when won (with a winning line, the start to the
        won position), None when `limit` positions in all leave it open; and the positions
        this run searched."""
        before = self.positions
        parents, todo, following, probe = self.parents, self.todo, self.game.following, self.probe
        while todo:
            if self.positions >= limit:
                return None, self.positions - before, []
            position = todo.pop()
            self.positions += 1
            parent = position_key(position)
            if position[1] + position[2] == ALL_HOME:
                line = [parent]
                while parents[line[-1]]:
                    line.append(parents[line[-1]])
                return False, self.positions - before, [_position(c) for c in reversed(line)]
            children = following(position)
            if probe:
                children.reverse()  # the stack pops the last first
            for child in children:
                code = position_key(child)
                if code not in parents:
                    parents[code] = parent
                    todo.append(child)
        return True, self.positions - before, []


def search(game: FreeRanks, start: Relaxed, limit: int) -> tuple[bool | None, int, Line]:
    """The relaxed game from `start` searched to its end (`Search.run`, in one run), after a
    probe (`suits.PROBE`): the two take `limit` positions in all."""
    return probed(lambda within, probe: Search(game, start, probe).run(within), limit)


def free_game_lost(
    piles: Piles, found: Found, schedule: Schedule, suit: int, free: frozenset[int], limit: int
) -> tuple[bool | None, int]:
    """The relaxed game of the suit game `suits` sets apart, searched to its end in one run:
    True lost (so is the real position), False won (which says nothing of the real game),
    None open within `limit`. And its positions."""
    game = FreeRanks(free, len(schedule))
    lost, positions, _ = search(game, game.start(piles, found, schedule, suit), limit)
    return lost, positions


def with_free_ranks(free: frozenset[int]) -> SuitGame:
    """The relaxed game of each suit game `suits.lost_by_a_suit` sets apart, with these ranks
    free, searched to its end: True when it is lost (so the real position is); False when it
    is won (which says nothing of the real game); None when the limit leaves it open (a
    larger limit then resumes the search). And the positions it took."""
    searches: dict[tuple[Piles, Found, Schedule, int], Search] = {}

    def decide(
        piles: Piles, found: Found, schedule: Schedule, suit: int, limit: int
    ) -> tuple[bool | None, int]:
        key = (piles, found, schedule, suit)
        if key not in searches:
            game = FreeRanks(free, len(schedule))
            searches[key] = Search(game, game.start(*key))
        lost, positions, _ = searches[key].run(limit)
        if lost is not None:
            del searches[key]  # decided: lost_by_a_suit keeps the verdict
        return lost, positions

    return decide
