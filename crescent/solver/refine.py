"""Choosing the free ranks of a suit's game: a search guided by the relaxed games' wins.

`crescent.solver.free_ranks` proves the game of a suit on its own lost when its
relaxed game, some ranks free, is lost: the more ranks free, the smaller that game
and the less it can prove. Which ranks to free is found here, from the games
themselves, by counterexample-guided refinement.

The sets of free ranks are searched from the top (every rank free) down, sets with
more ranks free first, as their games are smaller. A set whose relaxed game is won
gives a winning line, and the line says which rank to stop freeing: for each free
rank, the line is lifted into the game with that rank kept, a search of that game
through the positions whose relaxed view (`FreeRanks.relaxed`) lies on the line, in
its order. When the kept game cannot follow the line to its win, keeping that rank
rules the line out, and the set without it is tried next, those whose game falls
behind the line soonest first; when every rank's game follows it, the line rules
nothing out, and every set one rank smaller is tried. Any set of free ranks is sound,
so the choice only decides how soon a proof comes, never whether it holds.

The game with no rank free, the largest, is searched first within a small budget: when
it is won, so is every set's game (each is more generous), and only the suit's game
itself is left to try; when it is lost, it is the proof. While that budget leaves it
open, each call searches it again with a tenth of the call's cap: a game whose every
set is won is then found out, instead of each of its thousands of sets being searched.

Each search has a cap of positions. A set whose game the cap leaves open is set
aside with every set under it (a game with fewer ranks free is larger still), and
tried again when the cap is ten times as large (`Refinement.decide`); until then no
set with fewer ranks free than it is searched. One call spends about its cap, so that
the games of a deal's suits take turns and none spends the limit of all on its sets. With no rank
left free the relaxed game is still a little more generous than the suit's game (its
later redeals may leave a pile as it is), so the suit's game itself comes last
(`crescent.solver.suits`). The sets that proved one game lost are tried first on the
next (`refining`): the starts of a deal share most of their suits' games' shape.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import Final

from crescent.solver.free_ranks import ALL_HOME, FreeRanks, Line, Relaxed, position_key, search
from crescent.solver.state import RANK, Found, Piles
from crescent.solver.suits import REDEALS_FOLLOWED, Schedule, SuitGame, whole_suit_game

Ranks = frozenset[int]
LIFT_BUDGET: Final = 2000
"""Positions the lift of a line into a game with one rank fewer free may take."""
FIRST_BUDGET: Final = 10_000
"""Positions the first search, of the game with no rank free, may take: a won game is
mostly won soon, and then no set of free ranks can prove anything."""
FIRST_SHARE: Final = 10
"""While the game with no rank free is open, each call searches it again within its cap
divided by this (`FIRST_BUDGET` at least): a tenth of what the call may take."""
WON: Final = 1 << 62
"""The cap a proposed set counts as tried with once its game is won: never again."""
_Queued = tuple[int, int, tuple[int, ...]]
"""A set of free ranks waiting: fewer ranks free last, then how far its parent's line
went in its game, then the ranks (so that the order is the same on every machine)."""


def lift(
    coarse: FreeRanks, fine: FreeRanks, start: Relaxed, line: Line, budget: int
) -> tuple[bool | None, int, int]:
    """Whether the `fine` game (a rank fewer free than `coarse`) can follow `line`, a winning
    line of `coarse`, from its own `start`: True when a line of it wins through positions
    whose view in `coarse` lies on `line`, in order; False when none does; None when more
    than `budget` positions leave it open. And how far along `line` it got, and the
    positions it took."""
    index = {position_key(position): step for step, position in enumerate(line)}
    reached = index.get(position_key(coarse.relaxed(start)), -1)
    if reached < 0:
        return False, reached, 0
    seen = {position_key(start)}
    todo = [(start, reached)]
    positions = 0
    while todo:
        position, step = todo.pop()
        positions += 1
        if position[1] + position[2] == ALL_HOME:
            return True, len(line) - 1, positions
        if positions > budget:
            return None, reached, positions
        for child in fine.following(position):
            key = position_key(child)
            if key in seen:
                continue
            seen.add(key)
            along = index.get(position_key(coarse.relaxed(child)), -1)
            if along >= step:
                reached = max(reached, along)
                todo.append((child, along))
    return False, reached, positions


class Refinement:
    """The search for free ranks that prove one suit's game lost (see the module)."""

    def __init__(self, piles: Piles, found: Found, schedule: Schedule, suit: int) -> None:
        self.game = (piles, found, schedule, suit)
        present = frozenset(RANK[card] for pile in piles for card in pile)
        self.queue: list[_Queued] = [_queued(present, 0)]
        """The sets to search: at first every rank the piles hold (one that they do not
        would only free its neighbours to go anywhere)."""
        self.seen: set[Ranks] = {present}
        self.open: dict[Ranks, int] = {}
        """Sets left open, with the cap that left them open (0: set aside under another)."""
        self.tried: dict[Ranks, int] = {}
        """Sets proposed from elsewhere (`refining`), with the largest cap tried."""
        self.proof: Ranks | None = None
        """The free ranks whose relaxed game is lost, once found."""
        self.exact: bool | None = None
        """The suit's game itself, once every set's game is won: True lost, False won."""
        self.every_set_won: bool | None = None
        """Whether the relaxed game with no rank free is won (so every set's game is): tried
        within `FIRST_BUDGET` first, then with a share of each larger cap."""
        self.first_budget = 0
        """The largest budget that game was searched with, while it is open."""

    def decide(self, cap: int, proposed: Iterable[Ranks] = ()) -> tuple[bool | None, int]:
        """True when some set of free ranks (the `proposed` ones first) proves the game lost;
        False when none can (each set's game is won, and so is the suit's game); None when
        a game the search needs is larger than `cap`. And the positions it took."""
        positions = 0
        for free in proposed:
            if self.tried.get(free, 0) >= cap:
                continue
            lost, spent = self._search(free, cap)
            positions += spent
            if lost:
                return True, positions
            self.tried[free] = cap if lost is None else WON
        budget = min(cap, max(FIRST_BUDGET, cap // FIRST_SHARE))
        if self.every_set_won is None and budget > self.first_budget:
            self.first_budget = budget
            self.every_set_won, spent = self._every_set_won(budget)
            positions += spent
            if self.proof is not None:
                return True, positions
        if self.every_set_won:
            lost, spent = self._exact(cap)
            return lost, positions + spent
        for free, left_at in list(self.open.items()):
            if left_at < cap:
                del self.open[free]
                heapq.heappush(self.queue, _queued(free, 0))
        widest_open = -1
        while self.queue and -self.queue[0][0] >= widest_open:
            if positions > cap:
                return None, positions  # the rest at the next, larger cap: other games first
            free = frozenset(heapq.heappop(self.queue)[2])
            if any(free < wider for wider in self.open):
                self.open[free] = 0  # a wider set's game is open already: this one's is larger
                continue
            lost, spent = self._search(free, cap, refine=True)
            positions += spent
            if lost:
                return True, positions
            if lost is None:
                self.open[free] = cap
                widest_open = max(widest_open, len(free))
        return (None if self.open else self.exact), positions

    def _every_set_won(self, cap: int) -> tuple[bool | None, int]:
        """Whether the relaxed game with no rank free is won within `cap`: then so is every
        set's game (each is more generous), and only the suit's game itself is left to try;
        None when it is open (a proof when it is lost, the largest relaxed game of all)."""
        game = FreeRanks(frozenset(), len(self.game[2]))
        lost, positions, _ = search(game, game.start(*self.game), cap)
        if lost:
            self.proof = frozenset()
        return (None if lost is None else not lost), positions

    def _search(self, free: Ranks, cap: int, refine: bool = False) -> tuple[bool | None, int]:
        """Search the relaxed game of `free` within `cap`: True lost, False won (then, with
        `refine`, queue the sets the winning line points to), None open."""
        if not free and refine:
            return self._exact(cap)
        game = FreeRanks(free, len(self.game[2]))
        start = game.start(*self.game)
        lost, positions, line = search(game, start, cap)
        if lost:
            self.proof = free
        if lost is False and refine:
            positions += self._refine(free, game, line)
        return lost, positions

    def _refine(self, free: Ranks, game: FreeRanks, line: Line) -> int:
        """Queue the sets one rank smaller that `line` points to; the positions it took."""
        positions = 0
        ruled_out: list[tuple[int, int]] = []
        for rank in sorted(free):
            fine = FreeRanks(free - {rank}, game.top)
            follows, reached, spent = lift(game, fine, fine.start(*self.game), line, LIFT_BUDGET)
            positions += spent
            if follows is not True:
                ruled_out.append((reached, rank))
        for reached, rank in ruled_out or [(len(line), rank) for rank in sorted(free)]:
            child = free - {rank}
            if child not in self.seen:
                self.seen.add(child)
                heapq.heappush(self.queue, _queued(child, reached))
        return positions

    def _exact(self, cap: int) -> tuple[bool | None, int]:
        """The suit's game itself, searched to its end (two redeals left at most)."""
        piles, found, schedule, suit = self.game
        if len(schedule) > REDEALS_FOLLOWED:
            self.exact = False  # not followed: nothing more to try
            return False, 0
        lost, positions = whole_suit_game(piles, found, schedule, suit, cap)
        if lost is not None:
            self.exact = lost
        return lost, positions


def _queued(free: Ranks, reached: int) -> _Queued:
    return -len(free), reached, tuple(sorted(free))


def refining() -> SuitGame:
    """A `SuitGame` for `suits.lost_by_a_suit` that finds the free ranks of each game: the
    refinements of the games it met are kept across calls (which come with growing
    limits), and the sets that proved a game of a suit lost are proposed to the next."""
    refinements: dict[tuple[Piles, Found, Schedule, int], Refinement] = {}
    proofs: list[list[Ranks]] = [[] for _ in range(4)]

    def decide(
        piles: Piles, found: Found, schedule: Schedule, suit: int, limit: int
    ) -> tuple[bool | None, int]:
        game = (piles, found, schedule, suit)
        refinement = refinements.setdefault(game, Refinement(*game))
        lost, positions = refinement.decide(limit, proofs[suit])
        if lost and refinement.proof is not None and refinement.proof not in proofs[suit]:
            proofs[suit].append(refinement.proof)
        return lost, positions

    return decide
