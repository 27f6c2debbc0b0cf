"""The relaxations that prove deals unwinnable are sound, and these tests would see it if not.

A relaxation may only rule out lost positions. Each is checked against the plain
exhaustive search of `test_solver` on random small positions: the game of a suit with
free ranks (`crescent.solver.free_ranks`), with up to three redeals left, and the
refinement that chooses the free ranks (`crescent.solver.refine`). Then each rule of
the free-ranks game that makes it more generous than the suit's game is broken on
purpose, one at a time (a mutant of the module's source), and the same check must find
a winnable position that the mutant rules out: a rule no position needs would not be
tested at all.
"""

from __future__ import annotations

import inspect
import random
import types
from collections.abc import Iterable, Iterator

import pytest

import crescent.solver.free_ranks as free_ranks
from crescent.cards import CARDS, Card
from crescent.position import Position
from crescent.solver import refine
from crescent.solver.deadlock import hopeless
from crescent.solver.refine import Refinement, refining
from crescent.solver.state import Found, Piles, from_position
from crescent.solver.suits import Schedule, _alone, _schedule, lost_by_a_suit
from tests.engine.test_solver import exhaustively_winnable, live_positions
from tests.fixtures.positions import position

SuitGame = tuple[Piles, Found, Schedule, int]
Counterexample = tuple[Position, int, tuple[int, ...]]
"""A winnable position, the suit whose relaxed game is lost, and its free ranks."""

MUTANTS: dict[str, tuple[str, str]] = {
    "a free card leaves the top of a pile": (
        "                children.append(self._settled_at(rest, number, up, down, redeals))\n"
        "                continue\n",
        "                continue\n",
    ),
    "a met foundation takes any free rank": (
        "for rank in (sorted(self.free) if met else ())",
        "for rank in ()",
    ),
    "a kept card goes to a cell": (
        "if rank in self.beside_free and (",
        "if False and (",
    ),
    "a card built on a lone bottom card may be turned up next but one": (
        "if redeals >= 2 and len(onto) == 2 and onto[0] & 3 == 1:",
        "if False:",
    ),
    "a lone bottom card may stay at the bottom": (
        "if redeals >= 2 and column[0] & 3 == 1 and len(column) == 2",
        "if False",
    ),
    "a lone bottom card left at the bottom is turned up again at the next redeal": (
        "self._trimmed(bytes((rotated[number][0] | 1,)) + rotated[number][1:])",
        "self._trimmed(bytes((rotated[number][0],)) + rotated[number][1:])",
    ),
    "a later redeal may leave a pile as it is": (
        "if later and column[0] & 1 and len(column) > 2",
        "if False",
    ),
    "the third redeal from the end may turn any pile": (
        "| (UNFOLLOWED if redeals > REDEALS_FOLLOWED else 0)",
        "",
    ),
}
"""Each rule that makes the free-ranks game more generous, as a line of its source and what
a mutant without the rule has instead. (Keeping the later turns of a lone bottom card left
at the bottom, the rest of the `| 1` line's marks, is no rule of its own: a mutant that
drops them, `_MARKS[1] + rotated[number][1:]`, rules out nothing, since a card built on that card
may mark the turn after the next again, and a lone card is marked again at the next
redeal.)"""


def mutant(name: str) -> types.ModuleType:
    """`crescent.solver.free_ranks` without the rule `name` (see `MUTANTS`)."""
    source = inspect.getsource(free_ranks)
    rule, broken = MUTANTS[name]
    assert source.count(rule) == 1, f"the rule {name!r} is no longer written as the test says"
    module = types.ModuleType(f"free_ranks_mutant_{name.replace(' ', '_')}")
    exec(compile(source.replace(rule, broken), module.__name__, "exec"), module.__dict__)
    return module


def spades_over_hearts(rng: random.Random, redeals: int) -> Position:
    """A small position of spades (4 to 9 in the piles) with a few hearts (1 to 3) among
    them, often at the bottom of a pile, where they decide what the redeals turn: the
    shape of the suits' games the relaxation meets in a deal, made small."""
    counts: list[list[int]] = [[13] * 4, [13] * 4]
    left = []
    for suit, cards in ((0, rng.randint(4, 9)), (1, rng.randint(1, 3))):
        home = 26 - cards
        counts[0][suit] = rng.randint(max(1, home - 13), min(13, home - 1))
        counts[1][suit] = home - counts[0][suit]
        for rank in range(1, 14):
            copies = 2 - (rank <= counts[0][suit]) - (rank >= 14 - counts[1][suit])
            left += [CARDS[suit * 13 + rank - 1]] * copies
    hearts = [card for card in left if card.suit != CARDS[0].suit]
    spades = [card for card in left if card.suit == CARDS[0].suit]
    rng.shuffle(hearts)
    rng.shuffle(spades)
    piles: list[list[Card]] = [[] for _ in range(16)]
    used = rng.sample(range(16), rng.randint(2, 5))
    for card in hearts:
        piles[rng.choice(used)].append(card)
    for card in spades:
        piles[rng.choice(used)].append(card)
    for pile in piles:
        if rng.random() < 0.3:
            rng.shuffle(pile)
    start = Position(tuple(tuple(pile) for pile in piles), tuple(counts[0]), tuple(counts[1]),
                     redeals)  # fmt: skip
    start.check()
    return start


def mixed_positions(seed: int, count: int, redeals: int) -> Iterator[tuple[Position, Piles, Found]]:
    """`count` positions of `spades_over_hearts`, those the dead-end test rules out left out."""
    rng = random.Random(seed)
    for _ in range(count):
        start = spades_over_hearts(rng, redeals)
        piles, found, _ = from_position(start)
        if not hopeless(piles, found, redeals):
            yield start, piles, found


def suit_games(piles: Piles, found: Found, redeals: int) -> Iterator[SuitGame]:
    """The game of each suit still in the piles, as `suits.lost_by_a_suit` sets it apart."""
    for suit in range(4):
        kept, counts, _ = _alone(piles, found, suit)
        if any(kept):
            yield kept, counts, _schedule(piles, kept, suit, redeals), suit


def relaxed_lost(module: types.ModuleType, game: SuitGame, free: frozenset[int]) -> bool:
    """Whether the relaxed game of `module` (the real one or a mutant) with `free` is lost."""
    relaxed = module.FreeRanks(free, len(game[2]))
    lost: bool | None = module.search(relaxed, relaxed.start(*game), 200_000)[0]
    return lost is True


def free_sets(start: Position, suit: int) -> list[frozenset[int]]:
    """The sets of free ranks tried on the game of `suit` in `start`: none free (the game
    then follows the suit's own, redeals and all), and three at random (the same for every
    module tested)."""
    rng = random.Random(f"{start}{suit}")
    drawn = [frozenset(r for r in range(1, 14) if rng.random() < 0.4) for _ in range(3)]
    return [frozenset(), *drawn]


def first_unsound(
    module: types.ModuleType, positions: Iterable[tuple[Position, Piles, Found]]
) -> tuple[Counterexample | None, int]:
    """The first winnable position of `positions` in which the relaxed game of some suit is
    lost, for random free ranks (three sets per suit); and how many positions it ruled out."""
    ruled_out = 0
    for start, piles, found in positions:
        for game in suit_games(piles, found, start.redeals_left):
            sets = free_sets(start, game[3])
            lost = [free for free in sets if relaxed_lost(module, game, free)]
            if lost:
                ruled_out += 1
                if exhaustively_winnable(start):
                    return (start, game[3], tuple(sorted(lost[0]))), ruled_out
                break
    return None, ruled_out


GENERATORS = {"live": live_positions, "mixed": mixed_positions}
"""The random positions of the tests: `test_solver`'s, and spades over hearts."""


@pytest.mark.parametrize(
    ("generator", "redeals", "seed", "count"),
    [("mixed", 3, 1031, 400), ("mixed", 2, 1032, 300), ("mixed", 1, 1033, 200)],
)
def test_the_free_ranks_game_rules_out_only_lost_positions(
    generator: str, redeals: int, seed: int, count: int
) -> None:
    """Three redeals left (the deal's own start, when the stretch before its first redeal is
    too large to split at), two and one: every position a suit's relaxed game rules out is
    lost (`test_solver` checks the game on its positions with two redeals or fewer too)."""
    positions = GENERATORS[generator](seed, count, redeals)
    counterexample, ruled_out = first_unsound(free_ranks, positions)
    assert counterexample is None, counterexample
    assert ruled_out > 8


def the_game_of(start: Position, suit: int) -> SuitGame:
    """The game of `suit` in `start`, set apart."""
    piles, found, redeals = from_position(start)
    return next(game for game in suit_games(piles, found, redeals) if game[3] == suit)


HAND_MADE: dict[str, tuple[Position, frozenset[int]]] = {
    # Q♠ on 3♠, which the descending spades need first; with K♠ free, Q♠ can go only to a
    # cell (K♠ is gone at once), and then 3♠, 2♠, A♠, J♠, Q♠ and K♠ go home
    "a kept card goes to a cell": (
        position({1: "AS 3S QS", 2: "KS", 3: "JS 2S"}, up="S10 H13 D13 C13",
                 down="S10 H13 D13 C13", redeals=0),
        frozenset({13}),
    ),
    # the spades met, every rank free: nothing is left in the piles but the foundations
    # must still take the ranks, the first of them at the meeting point
    "a met foundation takes any free rank": (
        position({1: "AS 2S 3S 4S 5S 6S", 2: "KS QS JS 10S 9S 8S 7S"}, up="S6 H13 D13 C13",
                 down="S7 H13 D13 C13", redeals=0),
        frozenset(range(1, 14)),
    ),
    # Q♠ under 2♥ and 3♥, which go home: Q♠ is left alone at the bottom of its pile, and
    # K♠ goes on it after the first redeal; only the second redeal, turning that pile
    # again, puts Q♠ over K♠, as the ascending spades need them
    "a lone bottom card left at the bottom is turned up again at the next redeal": (
        position({3: "KS 7S AH 10S", 7: "9S JS 8S", 16: "QS 2H 3H"}, up="S6 H13 D13 C13",
                 down="S13 H10 D13 C13", redeals=2),
        frozenset(),
    ),
}  # fmt: skip
"""Winnable positions that a mutant rules out, made by hand: the suit is spades."""

FOUND: dict[str, tuple[str, int, int, int]] = {
    "a free card leaves the top of a pile": ("mixed", 5005, 20, 2),
    "a card built on a lone bottom card may be turned up next but one": ("mixed", 7115, 20, 2),
    "a lone bottom card may stay at the bottom": ("mixed", 7118, 20, 2),
    "a later redeal may leave a pile as it is": ("mixed", 8019, 20, 3),
    "the third redeal from the end may turn any pile": ("mixed", 8460, 20, 3),
}
"""Mutants that random positions catch: the generator, seed, count and redeals."""


def test_every_rule_has_a_mutant_and_a_position_that_catches_it() -> None:
    assert set(HAND_MADE) | set(FOUND) == set(MUTANTS)


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_a_mutant_is_caught_by_a_position_made_for_it(name: str) -> None:
    """Without the rule, the relaxed game of a winnable position is lost; with it, it is not."""
    start, free = HAND_MADE[name]
    start.check()
    game = the_game_of(start, 0)
    assert exhaustively_winnable(start)
    assert not relaxed_lost(free_ranks, game, free)
    assert relaxed_lost(mutant(name), game, free)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_mutant_is_caught_by_random_positions(name: str) -> None:
    """Without the rule, `first_unsound` finds a winnable position the relaxed game rules out
    among a few random positions (the real module passes the same positions)."""
    generator, seed, count, redeals = FOUND[name]
    assert first_unsound(free_ranks, GENERATORS[generator](seed, count, redeals))[0] is None
    counterexample, _ = first_unsound(mutant(name), GENERATORS[generator](seed, count, redeals))
    assert counterexample is not None


@pytest.mark.parametrize(("redeals", "seed", "count"), [(2, 1132, 12)])
def test_the_refinement_rules_out_only_lost_positions(redeals: int, seed: int, count: int) -> None:
    """Free ranks chosen by the refinement, the suit's own game last: every position some
    suit's game is proven lost in is lost by plain search."""
    ruled_out = 0
    for start, piles, found in mixed_positions(seed, count, redeals):
        lost, _ = lost_by_a_suit([(piles, found, redeals)], 2_000, refining(), 3)
        if lost:
            ruled_out += 1
            assert not exhaustively_winnable(start), start
    assert ruled_out > 0


def searches_counted(monkeypatch: pytest.MonkeyPatch) -> list[frozenset[int]]:
    """The free ranks of each relaxed game the refinement searches, in order, from now on."""
    searched: list[frozenset[int]] = []
    search = refine.search

    def counted(game: free_ranks.FreeRanks, start: free_ranks.Relaxed, limit: int) -> object:
        searched.append(game.free)
        return search(game, start, limit)

    monkeypatch.setattr(refine, "search", counted)
    return searched


def test_a_relaxed_games_winning_line_says_which_ranks_to_keep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """J♠ K♠ Q♠ and A♠ 2♠ 3♠, no redeal, J♠ and 3♠ needed next: lost. Every rank free, the
    relaxed game is won; the refinement keeps ranks the winning lines point to, and proves
    the game lost with A, 2 and 3 free, after 22 of the 64 sets: some sets no line points
    to are never searched, such as A, 2, 3 and J free. (The game with no rank free, searched
    first, would prove it at once: here its search is cut short.)"""
    start = position({1: "JS KS QS", 2: "AS 2S 3S"}, up="S10 H13 D13 C13", down="S10 H13 D13 C13",
                     redeals=0)  # fmt: skip
    start.check()
    assert not exhaustively_winnable(start)
    searched = searches_counted(monkeypatch)
    monkeypatch.setattr(refine, "FIRST_BUDGET", 1)
    monkeypatch.setattr(refine, "FIRST_SHARE", 1 << 40)  # never searched again
    refinement = Refinement(*the_game_of(start, 0))
    assert refinement.decide(10_000)[0] is True
    assert refinement.proof == frozenset({1, 2, 3})
    assert searched[:2] == [frozenset(), frozenset({1, 2, 3, 11, 12, 13})]
    assert len(searched) == 1 + 22
    assert frozenset({1, 2, 3, 11}) not in searched


def test_a_cap_bounds_what_one_call_of_the_refinement_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same game: with a cap of 50 positions a call stops soon after its cap (the suits'
    games take turns, none spends the limit of all the others on its sets); the next call
    with a larger cap goes on where it stopped and proves it."""
    start = position({1: "JS KS QS", 2: "AS 2S 3S"}, up="S10 H13 D13 C13", down="S10 H13 D13 C13",
                     redeals=0)  # fmt: skip
    monkeypatch.setattr(refine, "FIRST_BUDGET", 1)
    monkeypatch.setattr(refine, "FIRST_SHARE", 1 << 40)  # never searched again
    refinement = Refinement(*the_game_of(start, 0))
    lost, positions = refinement.decide(50)
    assert lost is None and 50 < positions < 50 + 5 * refine.LIFT_BUDGET
    assert refinement.decide(10_000)[0] is True and refinement.proof == frozenset({1, 2, 3})


def test_a_game_won_with_no_rank_free_is_won_with_any(monkeypatch: pytest.MonkeyPatch) -> None:
    """J♠ Q♠ K♠ on one pile, 3♠ 2♠ A♠ on another: won. The relaxed game with no rank free is
    won, so every set's game is (each is more generous): the refinement searches that game
    and the suit's own, and no set of free ranks."""
    start = position({1: "KS QS JS", 2: "AS 2S 3S"}, up="S10 H13 D13 C13", down="S10 H13 D13 C13",
                     redeals=0)  # fmt: skip
    assert exhaustively_winnable(start)
    searched = searches_counted(monkeypatch)
    refinement = Refinement(*the_game_of(start, 0))
    assert refinement.decide(10_000)[0] is False
    assert searched == [frozenset()] and refinement.exact is False


def test_a_game_won_with_no_rank_free_is_found_out_at_a_larger_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same won game, its first search with no rank free cut short: the next call, with a
    cap ten times as large, searches that game again with a tenth of its cap, finds it won,
    and settles the suit's game with no set of free ranks searched (before, it searched
    sets one rank smaller after another, down to no rank free: CR1-N-AAACFAP, each of whose
    suits' games is won, ran for hours)."""
    start = position({1: "KS QS JS", 2: "AS 2S 3S"}, up="S10 H13 D13 C13", down="S10 H13 D13 C13",
                     redeals=0)  # fmt: skip
    monkeypatch.setattr(refine, "FIRST_BUDGET", 1)
    searched = searches_counted(monkeypatch)
    refinement = Refinement(*the_game_of(start, 0))
    assert refinement.decide(1)[0] is None and searched[0] == frozenset()
    before = len(searched)
    assert refinement.decide(10 * refine.FIRST_SHARE)[0] is False
    assert searched[before:] == [frozenset()] and refinement.exact is False


def test_a_search_resumed_with_a_larger_limit_covers_what_one_search_covers() -> None:
    """A game of spades with two redeals left, nothing free: lost, in 277 positions. Left
    open at 5 positions, then at 20, the search goes on where it stopped and ends with as
    many positions as one search."""
    start = position({10: "AH 4S", 13: "2S QS 10S", 14: "QH", 15: "KH 3S JS KS AS"},
                     up="S9 H11 D13 C13", down="S9 H12 D13 C13", redeals=2)  # fmt: skip
    game = free_ranks.FreeRanks(frozenset())
    relaxed = game.start(*the_game_of(start, 0))
    assert free_ranks.search(game, relaxed, 10_000)[:2] == (True, 277)
    paused = free_ranks.Search(game, relaxed)
    assert paused.run(5)[:2] == (None, 5) and paused.run(20)[:2] == (None, 15)
    assert paused.run(10_000)[:2] == (True, 277 - 20)
