"""The solver: its wins replay through the rules, its "unwinnable" is always true.

Every reduction the solver makes (piles as a multiset, met foundations merged,
the relaxed dead-end test, positions settled by a probe, phase attempts) is
checked against a plain exhaustive search over the engine's own moves, on many
small seeded positions: most cards home, a few left in the piles.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator

import pytest

from crescent.cards import CARDS, Card
from crescent.codes import GameCode
from crescent.game import Game
from crescent.moves import REDEAL, Action, Move
from crescent.position import Position
from crescent.rules import check_move, check_redeal, is_won, legal_moves
from crescent.solver import Solution, Verdict, solve, solve_or_prove
from crescent.solver.deadlock import hopeless
from crescent.solver.search import luby
from crescent.solver.state import apply, from_position, key

GENEROUS = 10_000_000
"""Positions budget that small positions never reach."""
UNTIMED = math.inf
"""No time limit: a budget of positions, not the clock, ends these searches, so that they
end the same on a loaded machine."""


# -- helpers ----------------------------------------------------------------------


def replays_to_a_win(start: Position, line: tuple[Action, ...]) -> bool:
    """Play `line` through the rules from `start`; True when every entry is legal and it wins."""
    position = start
    for action in line:
        if isinstance(action, Move):
            if check_move(position, action) is not None:
                return False
            position = position.after(action)
        else:
            if check_redeal(position) is not None:
                return False
            position = position.redealt()
    return is_won(position)


def successors(position: Position) -> Iterator[Position]:
    """Every position one legal action away, with the engine's own rules."""
    for move in legal_moves(position):
        yield position.after(move)
    if check_redeal(position) is None:
        yield position.redealt()


def exhaustively_winnable(start: Position) -> bool:
    """Plain depth-first search over raw positions: no reduction at all."""
    seen = {start}
    todo = [start]
    while todo:
        position = todo.pop()
        if is_won(position):
            return True
        for child in successors(position):
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return False


def small_position(rng: random.Random, cards_left: int) -> Position:
    """A valid position with about `cards_left` cards in a few piles, the rest home."""
    up, down = [13, 13, 13, 13], [13, 13, 13, 13]
    left: list[Card] = []
    suits = rng.sample(range(4), rng.choice((1, 1, 2)))
    share = [cards_left // len(suits)] * len(suits)
    share[0] += cards_left - sum(share)
    for suit, count in zip(suits, share, strict=True):
        home = 26 - count
        # split the cards home between the two foundations (1..13 each)
        up[suit] = rng.randint(max(1, home - 13), min(13, home - 1))
        down[suit] = home - up[suit]
        for rank in range(1, 14):
            on_up = rank <= up[suit]
            on_down = rank >= 14 - down[suit]
            left += [CARDS[suit * 13 + rank - 1]] * (2 - on_up - on_down)
    rng.shuffle(left)
    piles: list[list[Card]] = [[] for _ in range(16)]
    used = rng.sample(range(16), rng.randint(2, min(6, len(left))))
    for index, card in enumerate(left):
        pile = used[index] if index < len(used) else rng.choice(used)
        piles[pile].append(card)
    position = Position(
        tuple(tuple(pile) for pile in piles),
        (up[0], up[1], up[2], up[3]),
        (down[0], down[1], down[2], down[3]),
        rng.randint(0, 3),
    )
    position.check()
    return position


def small_positions(seed: int, count: int, low: int, high: int) -> list[Position]:
    rng = random.Random(seed)
    return [small_position(rng, rng.randint(low, high)) for _ in range(count)]


def live_positions(
    seed: int, count: int, redeals: int
) -> Iterator[tuple[Position, tuple[bytes, ...], tuple[int, ...]]]:
    """Small positions with `redeals` left that the relaxation does not rule out, with their
    solver piles and foundations."""
    for position in small_positions(seed, count, 4, 12 + 2 * redeals):
        position = position._replace(redeals_left=redeals)
        piles, found, _ = from_position(position)
        if not hopeless(piles, found, redeals):
            yield position, piles, found


# -- wins replay ------------------------------------------------------------------


@pytest.mark.parametrize("number", [0, 3, 5])
@pytest.mark.slow
def test_a_won_numbered_deal_replays_through_the_rules(number: int) -> None:
    start = Position.start(GameCode.numbered(number).piles())
    solution = solve(start, seconds=UNTIMED, max_positions=200_000)
    assert solution.verdict is Verdict.WON
    assert solution.line is not None
    assert replays_to_a_win(start, solution.line)
    assert solution.moves == sum(1 for action in solution.line if isinstance(action, Move))
    assert sum(1 for action in solution.line if action is REDEAL) <= 3


def test_the_search_is_deterministic_for_a_budget_of_positions() -> None:
    start = Position.start(GameCode.numbered(2).piles())
    first = solve(start, seconds=UNTIMED, max_positions=3_000)
    second = solve(start, seconds=UNTIMED, max_positions=3_000)
    assert (first.verdict, first.line, first.positions) == (
        second.verdict,
        second.line,
        second.positions,
    )


def test_a_budget_of_positions_is_kept_and_ends_in_gave_up() -> None:
    start = Position.start(GameCode.numbered(1).piles())
    solution = solve(start, seconds=UNTIMED, max_positions=500)
    assert solution.verdict is Verdict.GAVE_UP
    assert solution.line is None and solution.moves == 0
    assert solution.positions <= 500


def test_a_tiny_time_budget_gives_up_instead_of_claiming_a_loss() -> None:
    start = Position.start(GameCode.numbered(1).piles())
    solution = solve(start, seconds=0.001, clock=time.process_time)  # this process's CPU
    assert solution.verdict is Verdict.GAVE_UP
    assert solution.seconds < 1.0


def test_a_won_position_needs_an_empty_line() -> None:
    empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(16))
    won = Position(empty, (13, 13, 13, 13), (13, 13, 13, 13), 2)
    solution = solve(won)
    assert solution == Solution(Verdict.WON, (), solution.positions, solution.seconds)
    assert solution.moves == 0


@pytest.mark.parametrize(("redeals", "verdict"), [(0, Verdict.UNWINNABLE), (1, Verdict.WON)])
def test_a_king_above_its_queen(redeals: int, verdict: Verdict) -> None:
    # up-S holds A..J and needs the Q♠, which lies under the K♠: only a redeal frees it.
    piles = [(Card.parse("QS"), Card.parse("KS"))] + [()] * 15
    position = Position(tuple(piles), (11, 13, 13, 13), (13, 13, 13, 13), redeals)
    position.check()
    solution = solve(position)
    assert solution.verdict is verdict
    assert (solution.line is not None) == (verdict is Verdict.WON)


def test_a_met_suit_is_won_through_transfers_written_out() -> None:
    # up-S holds A..5 and down-S K..6: they have met; the piles hold the rest.
    low = tuple(CARDS[rank - 1] for rank in range(1, 8))  # A..7, the 7 on top
    high = tuple(CARDS[rank - 1] for rank in range(13, 7, -1))  # K..8, the 8 on top
    position = Position((low, high) + ((),) * 14, (5, 13, 13, 13), (8, 13, 13, 13), 0)
    position.check()
    solution = solve(position, max_positions=GENEROUS)
    assert solution.verdict is Verdict.WON and solution.line is not None
    assert replays_to_a_win(position, solution.line)
    assert any(isinstance(a, Move) and a.source >= 16 for a in solution.line)


@pytest.mark.parametrize("pivot", ["AS", "KS"])
def test_an_ace_or_king_played_where_the_foundations_meet(pivot: str) -> None:
    # up-S A..6 and down-S K..7 have met; one pile holds the other spade of each
    # rank, the pivot on top, so that every other card follows in order.
    ranks = range(13, 0, -1) if pivot == "AS" else range(1, 14)
    pile = tuple(CARDS[rank - 1] for rank in ranks)
    position = Position((pile,) + ((),) * 15, (6, 13, 13, 13), (7, 13, 13, 13), 0)
    position.check()
    solution = solve(position, max_positions=GENEROUS)
    assert solution.verdict is Verdict.WON and solution.line is not None
    assert replays_to_a_win(position, solution.line)


# -- soundness against plain exhaustive search ----------------------------------


@pytest.mark.parametrize(
    ("seed", "low", "high"), [(seed, 3, 9) for seed in range(8)] + [(9, 8, 12)]
)
def test_verdicts_agree_with_exhaustive_search(seed: int, low: int, high: int) -> None:
    """Unwinnable exactly when plain search finds no win; wins replay."""
    verdicts = []
    for position in small_positions(seed, 40, low, high):
        truth = exhaustively_winnable(position)
        solution = solve(position, seconds=UNTIMED, max_positions=GENEROUS)
        verdicts.append(solution.verdict)
        assert solution.verdict is not Verdict.GAVE_UP
        assert (solution.verdict is Verdict.WON) == truth, position
        if solution.line is not None:
            assert replays_to_a_win(position, solution.line)
    # the sample holds both kinds, or it would test little
    assert Verdict.WON in verdicts and Verdict.UNWINNABLE in verdicts


def test_the_dead_end_test_never_rules_out_a_winnable_position() -> None:
    checked = 0
    for position in small_positions(100, 300, 3, 10):
        if exhaustively_winnable(position):
            assert not hopeless(*from_position(position)), position
            checked += 1
    assert checked > 50


def test_the_dead_end_test_holds_along_whole_games() -> None:
    """Every position reached by random play on a winnable small position: dead only if lost."""
    rng = random.Random(5)
    for position in small_positions(200, 60, 5, 9):
        for _ in range(12):
            if hopeless(*from_position(position)):
                assert not exhaustively_winnable(position), position
            following = list(successors(position))
            if not following:
                break
            position = rng.choice(following)


def test_equal_keys_mean_equal_verdicts() -> None:
    """Piles in any order, and met foundations shifted by transfers, are one position."""
    rng = random.Random(3)
    for position in small_positions(300, 60, 3, 8):
        piles = list(position.piles)
        rng.shuffle(piles)
        shuffled = position._replace(piles=tuple(piles))
        assert key(*from_position(shuffled)) == key(*from_position(position))
        for move in legal_moves(position):
            if move.source >= 16:  # a transfer between met foundations
                moved = position.after(move)
                assert key(*from_position(moved)) == key(*from_position(position))
                assert exhaustively_winnable(moved) == exhaustively_winnable(position)


def test_the_solver_state_follows_the_engine() -> None:
    """Each solver action leads to the position the engine's moves lead to, up to the key."""
    rng = random.Random(11)
    for position in small_positions(400, 40, 4, 10):
        state = from_position(position)
        for _ in range(10):
            following = list(successors(position))
            if not following:
                break
            position = rng.choice(following)
            reached = key(*from_position(position))
            options = [apply(*state, action) for action in _solver_actions(state)]
            assert reached in {key(*option) for option in options} or _is_transfer_only(
                state, position
            )
            state = from_position(position)


def _solver_actions(state: tuple[tuple[bytes, ...], tuple[int, ...], int]) -> list[int]:
    from crescent.solver.ordering import ordered_actions

    return ordered_actions(*state, None, 0.0)


def _is_transfer_only(
    state: tuple[tuple[bytes, ...], tuple[int, ...], int], position: Position
) -> bool:
    return key(*state) == key(*from_position(position))


def test_the_luby_sequence() -> None:
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


# -- the exhaustive mode: proofs under sound reductions -------------------------


@pytest.mark.parametrize(
    ("seed", "low", "high"), [(seed, 3, 10) for seed in range(500, 508)] + [(509, 8, 13)]
)
def test_exhaustive_verdicts_agree_with_plain_search(seed: int, low: int, high: int) -> None:
    """The exhaustive mode's reductions keep every win: unwinnable exactly when plain search
    finds none."""
    verdicts = []
    for position in small_positions(seed, 40, low, high):
        truth = exhaustively_winnable(position)
        solution = solve(position, seconds=UNTIMED, max_positions=GENEROUS, exhaustive=True)
        verdicts.append(solution.verdict)
        assert solution.verdict is not Verdict.GAVE_UP
        assert (solution.verdict is Verdict.WON) == truth, position
        if solution.line is not None:
            assert replays_to_a_win(position, solution.line)
    assert Verdict.WON in verdicts and Verdict.UNWINNABLE in verdicts


@pytest.mark.parametrize("redeals", [0, 1, 2, 3])
def test_the_reductions_keep_a_win(redeals: int) -> None:
    """With each number of redeals left, on positions where the reductions drop actions."""
    from crescent.solver.ordering import ordered_actions
    from crescent.solver.reduce import reduced_actions

    reduced = won = 0
    sample = small_positions(600, 150, 4, 12) if not redeals else small_positions(700, 1500, 3, 10)
    for position in sample:
        position = position._replace(redeals_left=redeals)
        state = from_position(position)
        actions = ordered_actions(*state, None, 0.0)
        if reduced_actions(*state, actions) == actions:
            continue
        reduced += 1
        truth = exhaustively_winnable(position)
        won += truth
        solution = solve(position, seconds=UNTIMED, max_positions=GENEROUS, exhaustive=True)
        assert (solution.verdict is Verdict.WON) == truth, position
    assert reduced > 25 and won > 25  # losing a win is what an unsound reduction would do


def test_a_card_over_its_only_neighbours_is_played_home_soundly() -> None:
    """Without redeals: positions where only the rule for a card lying over its neighbours acts."""
    from crescent.solver.ordering import ordered_actions
    from crescent.solver.reduce import _held_under
    from crescent.tables import NEIGHBOURS

    acted = won = 0
    for position in small_positions(800, 600, 4, 12):
        position = position._replace(redeals_left=0)
        piles, found, _ = from_position(position)
        present = set(b"".join(piles))
        homes = [a for a in ordered_actions(piles, found, 0, None, 0.0) if 0 <= a < 16]
        if any(not set(NEIGHBOURS[piles[a][-1]]) & present for a in homes):
            continue  # the other rule for a play home acts first
        if not any(_held_under(piles, found, a) for a in homes):
            continue
        acted += 1
        truth = exhaustively_winnable(position)
        won += truth
        solution = solve(position, seconds=UNTIMED, max_positions=GENEROUS, exhaustive=True)
        assert (solution.verdict is Verdict.WON) == truth, position
    assert acted > 50 and 0 < won < acted


@pytest.mark.parametrize(
    ("redeals", "seed", "count"), [(0, 800, 2400), (1, 900, 6000), (2, 901, 6000)]
)
@pytest.mark.slow
def test_a_suit_lost_on_its_own_means_the_position_is_lost(
    redeals: int, seed: int, count: int
) -> None:
    """With two redeals left or fewer: every position the suit-by-suit test rules out (and
    the relaxation does not) is lost by plain search, and the test does rule some out.
    (Seed 901 caught a version that took a lone card of the suit to stay at the bottom
    only if no card was built on it before the first redeal.)"""
    from crescent.solver.search import decide_exhaustively
    from crescent.solver.suits import a_suit_is_lost

    ruled_out = 0
    for position, piles, found in live_positions(seed, count, redeals):
        if not a_suit_is_lost(piles, found, redeals, decide_exhaustively):
            continue
        ruled_out += 1
        assert not exhaustively_winnable(position), position
    assert ruled_out > 50


@pytest.mark.parametrize(
    ("redeals", "seed", "count"), [(0, 820, 1200), (1, 920, 1000), (2, 921, 400)]
)
@pytest.mark.slow
def test_a_suit_game_searched_to_its_end_is_sound_and_settles_what_the_budgeted_test_does(
    redeals: int, seed: int, count: int
) -> None:
    """The whole game of a suit on its own (the proof of CR1-N-AAAAACY): every position it
    rules out is lost by plain search, and it rules out every position the budgeted test
    does, and more (within 20,000 positions a suit, which leaves few open)."""
    from crescent.solver.search import decide_exhaustively
    from crescent.solver.suits import a_suit_is_lost, suit_game_lost

    by_test = by_game = 0
    for position, piles, found in live_positions(seed, count, redeals):
        lost = any(suit_game_lost(piles, found, redeals, suit, 20_000)[0] for suit in range(4))
        if a_suit_is_lost(piles, found, redeals, decide_exhaustively):
            by_test += 1
            assert lost, position
        if lost:
            by_game += 1
            assert not exhaustively_winnable(position), position
    assert by_test > 10 and by_game > 3 * by_test


def test_a_suit_on_its_own_follows_two_redeals_and_needs_two_suits_left() -> None:
    """K♠ on the Q♠ the spades need first: lost without a redeal, won with one when Q♠ is
    the pile's bottom card (the redeal turns it up), lost with one when a card of another
    suit is (the redeal turns that up instead), won with two (the second turns Q♠ up);
    with three redeals, or one suit left, the test stays out of the way."""
    from crescent.solver.search import decide_exhaustively
    from crescent.solver.suits import a_suit_is_lost

    queen, king, king_of_hearts = CARDS[11], CARDS[12], CARDS[25]  # Q♠ K♠ K♥
    empty: tuple[tuple[Card, ...], ...] = ((),) * 14
    # the spades need Q♠ then K♠, and K♠ lies on Q♠ with nothing to move onto
    two_suits = Position(((queen, king), (king_of_hearts,), *empty), (11, 12, 13, 13),
                         (13, 13, 13, 13), 0)  # fmt: skip
    two_suits.check()
    assert a_suit_is_lost(*from_position(two_suits)[:2], 0, decide_exhaustively)
    assert solve(two_suits, exhaustive=True).verdict is Verdict.UNWINNABLE
    # a redeal turns Q♠ up: won
    one_redeal = two_suits._replace(redeals_left=1)
    assert not a_suit_is_lost(*from_position(one_redeal)[:2], 1, decide_exhaustively)
    assert solve(one_redeal, exhaustive=True).verdict is Verdict.WON
    # K♥ under Q♠ K♠: the redeal turns K♥ up, and the spades stay as they were
    under = Position(((king_of_hearts, queen, king), *empty, ()), (11, 12, 13, 13),
                     (13, 13, 13, 13), 1)  # fmt: skip
    under.check()
    assert a_suit_is_lost(*from_position(under)[:2], 1, decide_exhaustively)
    assert solve(under, exhaustive=True).verdict is Verdict.UNWINNABLE
    assert not exhaustively_winnable(under)
    # with two redeals the second turns Q♠ up
    assert not a_suit_is_lost(*from_position(under)[:2], 2, decide_exhaustively)
    assert solve(under._replace(redeals_left=2), exhaustive=True).verdict is Verdict.WON
    assert not a_suit_is_lost(*from_position(two_suits)[:2], 3, decide_exhaustively)
    one_suit = Position(((queen, king), (), *empty), (11, 13, 13, 13), (13, 13, 13, 13), 0)
    one_suit.check()
    assert not a_suit_is_lost(*from_position(one_suit)[:2], 0, decide_exhaustively)


def test_an_exhaustive_solve_forgets_what_earlier_suit_tests_left() -> None:
    """The suit tests remember, within a process, the positions they proved lost; what an
    exhaustive search decides within its budget would then depend on the searches that ran
    before it. Each exhaustive solve starts without that memory, as the beam does."""
    from crescent.solver import suits

    suits._lost.add(b"left by an earlier search")
    position = Position.start(GameCode.parse("CR1-N-AAAAAAB").piles())
    solve(position, seconds=UNTIMED, max_positions=1_000, exhaustive=True)
    assert b"left by an earlier search" not in suits._lost


def test_a_lone_bottom_card_may_stay_at_the_bottom_for_the_second_redeal() -> None:
    """2♠ alone in its pile: the first redeal leaves it at the bottom, A♠ is built on it, and
    the second redeal turns 2♠ up over A♠, which the spades need last (the line that wins)."""
    from crescent.solver.search import decide_exhaustively
    from crescent.solver.suits import a_suit_is_lost
    from tests.fixtures.positions import position

    won = position({4: "KH 9H", 5: "AS 3S 5S 4S", 7: "2S", 11: "JH QH", 12: "10H"},
                   up="S13 H8 D13 C13", down="S8 H13 D13 C13", redeals=2)  # fmt: skip
    won.check()
    assert exhaustively_winnable(won)
    assert not a_suit_is_lost(*from_position(won)[:2], 2, decide_exhaustively)
    assert solve(won, exhaustive=True).verdict is Verdict.WON


def test_searches_of_a_suit_share_the_positions_they_prove_lost() -> None:
    """An exhaustive search leaves the positions it proved lost in the set it is given (the
    searches of a suit on its own share one), and the next search of the same position
    settles it from that set without a single new position."""
    from crescent.solver.search import decide_exhaustively

    for position in small_positions(810, 400, 6, 12):
        state = from_position(position)
        shared: set[bytes] = set()
        outcome, spent = decide_exhaustively(state, 10_000, shared)
        if outcome is False and spent > 20:
            break
    else:
        pytest.fail("no small position took more than 20 positions to prove lost")
    assert key(*state) in shared
    assert decide_exhaustively(state, 20, shared) == (False, 0)
    assert decide_exhaustively(state, 20, set())[0] is None  # alone, 20 are too few


@pytest.mark.slow
def test_a_game_that_went_wrong_is_proved_lost_within_a_hints_budget() -> None:
    """Late, with a redeal left, spades lost: the search for a win cannot tell, the
    exhaustive mode proves it at once (the suit test with a redeal left; without it the
    exhaustive search took 101,804 positions), and `solve_or_prove` says so."""
    from crescent.solver.search import decide_exhaustively
    from crescent.solver.suits import a_suit_is_lost
    from tools.games import lost_late_record

    record = lost_late_record()
    game = Game(record.code)
    for action in record.actions:
        assert game.apply(action) is None
    position = game.position
    assert position.redeals_left == 1 and sum(map(len, position.piles)) == 40
    piles, found, redeals = from_position(position)
    assert not hopeless(piles, found, redeals)
    assert a_suit_is_lost(piles, found, redeals, decide_exhaustively)
    assert solve(position, seconds=UNTIMED, max_positions=50_000).verdict is Verdict.GAVE_UP
    proof = solve(position, seconds=UNTIMED, max_positions=1000, exhaustive=True)
    assert proof.verdict is Verdict.UNWINNABLE
    proved = solve_or_prove(position, seconds=UNTIMED, max_positions=60_000)
    assert proved.verdict is Verdict.UNWINNABLE


def test_solve_or_prove_still_finds_wins_first() -> None:
    start = Position.start(GameCode.parse("CR1-N-AAAAAAB").piles())
    solution = solve_or_prove(start, seconds=UNTIMED, max_positions=60_000)
    assert solution.verdict is Verdict.WON and solution.line is not None
    assert replays_to_a_win(start, solution.line)


@pytest.mark.parametrize(
    ("redeals", "seed", "count"), [(0, 830, 500), (1, 930, 500), (2, 931, 300)]
)
@pytest.mark.slow
def test_a_suit_game_with_free_ranks_rules_out_only_lost_positions(
    redeals: int, seed: int, count: int
) -> None:
    """The relaxation with free ranks (the proof of CR1-N-AAAAACY): every position in which
    some suit's relaxed game is lost, for random sets of free ranks, is lost by plain
    search; and it does rule positions out. (A version without cells failed here.) Each
    relaxed game gets 20,000 positions: the losses here take 8,143 at most, and a game
    left open rules nothing out (the 200,000 it once had were spent on won games of up to
    102,000 positions, which rule nothing out either: the same positions are checked)."""
    from crescent.solver.free_ranks import free_game_lost
    from crescent.solver.suits import _alone, _schedule

    rng = random.Random(seed)
    ruled_out = 0
    for position, piles, found in live_positions(seed, count, redeals):
        for suit in range(4):
            kept, counts, _ = _alone(piles, found, suit)
            schedule = _schedule(piles, kept, suit, redeals)
            free = frozenset(rank for rank in range(2, 13) if rng.random() < 0.4)
            if free_game_lost(kept, counts, schedule, suit, free, 20_000)[0]:
                ruled_out += 1
                assert not exhaustively_winnable(position), (position, suit, sorted(free))
                break
    assert ruled_out > 5
