"""A sound dead-end test for the last phases: each suit on its own, every other card gone.

Without redeals, the cards of one suit move only among themselves: a card goes
onto a pile only on a card of its own suit, and onto a foundation of its own
suit. So keeping only that suit's cards in each pile, in their order, and
putting every other suit home, turns each line of the real game into a legal
line of this smaller one (its piles are never higher, so a move the pile limit
allows stays allowed); whatever wins the real game wins it. When the smaller
game is lost, so is the real one.

Redeals keep this true, because what a redeal turns up is known in advance. A
pile's bottom card stays put until the next redeal: it leaves only as the
pile's last card, and nothing can be placed on an empty pile. So the next
redeal turns up, in each pile, the bottom card it has now; where that card is
of the suit, the smaller game turns the pile too, and where it is of another
suit, the suit's cards in that pile keep their order. The redeal after it
turns up the pile's second card, which changes on the way only if the pile is
dug down to its bottom card and built on again; the card built on is then of
the bottom card's suit, so the second card becomes one of the suit exactly when
a card of the suit is built on a pile that holds only its bottom card, of the
suit. The smaller game follows both. With three redeals left the test stays
out of the way.

The smaller game is decided by the exhaustive search itself, within a small
budget of positions (undecided counts as "not lost"), and remembered; the
positions those searches prove lost are shared, so a suit that one search could
not settle is often settled by the next ones, which meet the same positions. That
search meets this test again only with one suit left, where it answers at once.

`suit_game_lost` searches the smaller game to its end instead, within a limit of
positions: too slow for every position of a search, it is what proves a whole deal
lost (`lost_by_a_suit`; tools/prove.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from crescent.position import turned
from crescent.solver.deadlock import hopeless
from crescent.solver.ordering import ordered_actions
from crescent.solver.reduce import reduced_actions
from crescent.solver.state import (
    ALL_HOME,
    MOVE_BASE,
    SUIT,
    Found,
    Piles,
    State,
    apply,
    cards_home,
    key,
)
from crescent.tables import FULL, PILE_COUNT, RANKS_PER_SUIT, SUITS

BUDGET: Final = 3000
"""Positions the test of one suit on its own may take, all phases told, before it counts
as undecided."""
FIRST_LIMIT: Final = 10_000
"""Positions each suit's game may take in the first turn of `lost_by_a_suit`."""
REDEALS_FOLLOWED: Final = 2
"""The most redeals left with which the test still knows what each redeal turns up."""
PROBE: Final = 2000
"""Positions of the probe that searches a suit's game (or a relaxation of it) before the
search proper, the same search with each position's actions the other way round: each
order finds some games' wins at once that the other takes millions of positions over
(CR1-N-AAACFAP: the game of hearts at a start of it, won in 32 positions one way, open
after 3,000,000 the other), and a won game says the proof must look elsewhere."""
UNSURE_PILES: Final = 4
"""Piles whose turn at the second redeal is unsure, beyond which the test gives up."""
_KEPT: Final = 200_000
"""Suit positions remembered (verdicts, and positions proven lost) before the memory is
cleared."""

_Found = TypeVar("_Found")
"""What a search passed to `probed` finds besides its outcome and positions."""
Turns = tuple[bool, ...]
"""Per pile: whether a redeal turns the suit's cards in it."""
Schedule = tuple[Turns, ...]
"""What each redeal left turns, the next one first."""
_known: dict[tuple[State, Schedule], bool] = {}
_lost: set[bytes] = set()
"""Positions of a suit on its own, no redeal left, that a search of the suit proved lost:
every search of a suit shares them, so each goes on where those before it stopped."""

Decide = Callable[[State, int, set[bytes]], tuple[bool | None, int]]
"""The exhaustive search of a position within a budget of positions, sharing a set of
positions proven lost: True won, False lost, None undecided; and the positions it took
(`crescent.solver.search` passes its own, which uses this test)."""


def forget() -> None:
    """Clear what the tests of suits on their own remember. What a test decides within its
    budget depends on what earlier tests left (a position proven lost settles it sooner),
    so a search that starts with `forget` takes the same positions whatever ran before it
    in the process."""
    _known.clear()
    _lost.clear()


def a_suit_is_lost(piles: Piles, found: Found, redeals: int, decide: Decide) -> bool:
    """True when some suit cannot be finished even on its own (with two redeals left at most)."""
    if redeals > REDEALS_FOLLOWED:
        return False
    open_suits = [s for s in range(SUITS) if found[s] < FULL or found[s + SUITS] < FULL]
    if len(open_suits) < 2:
        return False  # the suit on its own is the position itself
    for suit in open_suits:
        alone = _alone(piles, found, suit)
        schedule = _schedule(piles, alone[0], suit, redeals)
        if _suit_lost(alone, schedule, decide, [BUDGET]) is True:
            return True
    return False


def _alone(piles: Piles, found: Found, suit: int) -> State:
    """The position with only `suit`'s cards in the piles, every other suit home, no redeals."""
    low, high = suit * RANKS_PER_SUIT, (suit + 1) * RANKS_PER_SUIT
    kept = tuple(bytes(card for card in pile if low <= card < high) for pile in piles)
    counts = [FULL] * (2 * SUITS)
    counts[suit], counts[suit + SUITS] = found[suit], found[suit + SUITS]
    return kept, tuple(counts), 0


def _schedule(piles: Piles, kept: Piles, suit: int, redeals: int) -> Schedule:
    """What each of the `redeals` left turns: the piles whose bottom card (then second card,
    or the bottom card again if it is alone) is of the suit; none when nothing turns. (Then
    no redeal ever turns a card of the suit, three left too: a card is built only on one of
    its own suit, so a pile whose three lowest cards are of other suits never has a card of
    the suit at the bottom when a redeal comes.)"""
    levels = tuple(
        tuple(bool(alone) and SUIT[pile[min(level, len(pile) - 1)]] == suit
              for pile, alone in zip(piles, kept, strict=True))
        for level in range(redeals)
    )  # fmt: skip
    return _or_nothing(levels)


def _or_nothing(schedule: Schedule) -> Schedule:
    """`schedule`, or no redeal at all when none of its redeals turns anything (then the
    redeals change nothing in the suit's game)."""
    return schedule if any(any(turns) for turns in schedule) else ()


def _turned(piles: Piles, turns: Turns) -> Piles:
    """The piles after a redeal that turns only the piles marked in `turns`."""
    return tuple(turned(pile) if turn else pile for pile, turn in zip(piles, turns, strict=True))


def _built_on(schedule: Schedule, piles: Piles, action: int) -> Schedule:
    """The schedule after `action`: a card of the suit built on a pile that holds only its
    bottom card, of the suit, becomes the card the second redeal turns up."""
    if len(schedule) < 2 or action < MOVE_BASE:
        return schedule
    target = (action - MOVE_BASE) % PILE_COUNT
    if len(piles[target]) != 1 or not schedule[0][target] or schedule[1][target]:
        return schedule
    second = list(schedule[1])
    second[target] = True
    return (schedule[0], tuple(second), *schedule[2:])


def _next_turns(piles: Piles, turns: Schedule) -> list[Schedule] | None:
    """The schedules the game may follow after the next redeal.

    A pile left with only its bottom card of the suit may still hold cards of other
    suits over it; if it does not, the next redeal leaves that card at the bottom, and
    the redeal after it turns it up. Each such pile may go either way.
    """
    rest = turns[1:]
    if not rest:
        return [()]
    unsure = [
        n for n, pile in enumerate(piles) if len(pile) == 1 and turns[0][n] and not rest[0][n]
    ]
    if len(unsure) > UNSURE_PILES:
        return None  # too many ways to follow
    schedules = []
    for ways in range(1 << len(unsure)):
        second = list(rest[0])
        for bit, number in enumerate(unsure):
            second[number] = bool(ways >> bit & 1)
        schedules.append(_or_nothing((tuple(second), *rest[1:])))
    return schedules


def _suit_lost(start: State, schedule: Schedule, decide: Decide, left: list[int]) -> bool | None:
    """True when the suit on its own, with redeals turning what `schedule` says, is proven
    lost; False when it is not (won, or undecided within the whole budget); None when the
    budget in `left` ran out on the way (then nothing is remembered)."""
    known = _known.get((start, schedule))
    if known is not None:
        return known
    full = left[0] == BUDGET
    lost = (
        _decide(start, decide, left)
        if not schedule
        else _every_line_lost(start, schedule, decide, left)
    )
    if lost is None and full:
        lost = False
    if lost is not None:
        if len(_known) > _KEPT:
            _known.clear()
        _known[(start, schedule)] = lost
    return lost


def _decide(start: State, decide: Decide, left: list[int]) -> bool | None:
    """The search of the suit with no redeal left, charged to the budget in `left`."""
    if len(_lost) > _KEPT:
        _lost.clear()
    outcome, spent = decide(start, left[0], _lost)
    left[0] -= spent
    if outcome is None:
        return None
    return outcome is False


def _every_line_lost(
    start: State, schedule: Schedule, decide: Decide, left: list[int]
) -> bool | None:
    """Whether every position reached before the next redeal is lost, with the redeal or
    without it."""
    seen = {(start, schedule)}
    todo = [(start, schedule)]
    while todo:
        (piles, found, _), turns = todo.pop()
        if cards_home(found) == ALL_HOME:
            return False
        if hopeless(piles, found, len(turns)):
            continue  # lost, redeal or not (the relaxation turns up every bottom card)
        if left[0] <= 0:
            return None
        redealt = (_turned(piles, turns[0]), found, 0)
        ways = _next_turns(piles, turns)
        if ways is None:
            return None
        for after in ways:
            lost = _suit_lost(redealt, after, decide, left)
            if lost is not True:
                return lost  # the redeal from here may win, or there is no budget left to tell
        for action in ordered_actions(piles, found, 0, None, 0.0):
            child = (apply(piles, found, 0, action), _built_on(turns, piles, action))
            if child not in seen:
                left[0] -= 1
                seen.add(child)
                todo.append(child)
    return True


def suit_game_lost(
    piles: Piles, found: Found, redeals: int, suit: int, limit: int
) -> tuple[bool | None, int]:
    """The game of `suit` on its own, as `a_suit_is_lost` plays it, searched to its end
    (with two redeals left at most): True when no line wins it, so the real position is
    lost too; False when one does; None when more than `limit` positions, or too many
    ways to follow a redeal, leave it open. And the positions it took.

    Winning is a matter of reaching a won position, so one set of positions seen serves
    the whole search, across redeals; a position is its piles as a multiset, each pile
    with what the redeals left turn in it. Only actions that keep some shortest winning
    line are tried: without redeals, those `crescent.solver.reduce` keeps; with redeals,
    all but a lone card moved between two piles that no redeal left turns (as without
    redeals: the pile it leaves stays empty, the one it lands on loses its top card, and
    no redeal tells them apart)."""
    if redeals > REDEALS_FOLLOWED:
        return None, 0
    start_piles, start_found, _ = _alone(piles, found, suit)
    return _game_lost(start_piles, start_found, _schedule(piles, start_piles, suit, redeals), limit)


def _game_lost(
    start_piles: Piles, start_found: Found, schedule: Schedule, limit: int
) -> tuple[bool | None, int]:
    """`suit_game_lost` of a suit's game already set apart, with its redeal schedule: the
    probe (`PROBE`), then the search proper, `limit` positions in all."""
    lost, positions, _ = probed(
        lambda within, probe: _searched(start_piles, start_found, schedule, within, probe), limit
    )
    return lost, positions


def probed(
    search: Callable[[int, bool], tuple[bool | None, int, _Found]], limit: int
) -> tuple[bool | None, int, _Found]:
    """`search(within, probe)` run first as the probe, within `PROBE` positions, then as
    itself within what is left of `limit`: the outcome, the positions of both, and what
    the last run found besides (a winning line, for `free_ranks.search`)."""
    lost, probe_positions, found = search(min(limit, PROBE), True)
    if lost is not None or probe_positions >= limit:
        return lost, probe_positions, found
    lost, positions, found = search(limit - probe_positions, False)
    return lost, probe_positions + positions, found


def _searched(
    start_piles: Piles, start_found: Found, schedule: Schedule, limit: int, probe: bool
) -> tuple[bool | None, int, None]:
    """The search of `_game_lost`; with `probe`, each position's first action tried first."""
    seen = {_suit_key(start_piles, start_found, schedule)}
    todo = [(start_piles, start_found, schedule)]
    positions = 0
    while todo:
        kept, counts, turns = todo.pop()
        positions += 1
        if cards_home(counts) == ALL_HOME:
            return False, positions, None
        if positions > limit:
            return None, positions, None
        if hopeless(kept, counts, len(turns)):
            continue
        following = _following(kept, counts, turns)
        if following is None:
            return None, positions, None
        if probe:
            following.reverse()  # the stack pops the last first
        for child in following:
            child_key = _suit_key(*child)
            if child_key not in seen:
                seen.add(child_key)
                todo.append(child)
    return True, positions, None


def _following(
    piles: Piles, found: Found, turns: Schedule
) -> list[tuple[Piles, Found, Schedule]] | None:
    """The positions one action away in the game of a suit on its own, a redeal included
    (one per way to follow it); None when there are too many ways."""
    if not turns:
        legal = ordered_actions(piles, found, 0, None, 0.0)
        return [
            (*apply(piles, found, 0, a)[:2], ()) for a in reduced_actions(piles, found, 0, legal)
        ]
    ways = _next_turns(piles, turns)
    if ways is None:
        return None
    turned = _turned(piles, turns[0])
    children = [(turned, found, after) for after in ways]
    still = [not any(level[number] for level in turns) for number in range(PILE_COUNT)]
    for action in ordered_actions(piles, found, 0, None, 0.0):
        if action >= MOVE_BASE:
            source, target = divmod(action - MOVE_BASE, PILE_COUNT)
            if len(piles[source]) == 1 and still[source] and still[target]:
                continue  # a lone card between piles no redeal turns: as without redeals
        children.append((*apply(piles, found, 0, action)[:2], _built_on(turns, piles, action)))
    return children


def _suit_key(piles: Piles, found: Found, turns: Schedule) -> bytes:
    """A position of the game of a suit on its own: its piles as a multiset, each with what
    the redeals left turn in it, and its foundations (met suits merged, as `key` does)."""
    if not turns:
        return key(piles, found, 0)
    columns = sorted(
        bytes(level[number] for level in turns) + b"|" + pile for number, pile in enumerate(piles)
    )
    return b"\xff".join(columns) + key((), found, len(turns))


SuitGame = Callable[[Piles, Found, Schedule, int, int], tuple[bool | None, int]]
"""Decides the game of a suit set apart (its piles, counts and redeal schedule; the suit;
a limit of positions): True lost, False won, None open; and the positions it took."""


def whole_suit_game(
    piles: Piles, found: Found, schedule: Schedule, suit: int, limit: int
) -> tuple[bool | None, int]:
    """The game of a suit set apart, searched to its end as `suit_game_lost` does (with two
    redeals left at most: open with more)."""
    if len(schedule) > REDEALS_FOLLOWED:
        return None, 0
    return _game_lost(piles, found, schedule, limit)


def lost_by_a_suit(
    states: list[State],
    limit: int,
    decide: SuitGame = whole_suit_game,
    followed: int = REDEALS_FOLLOWED,
    total: int | None = None,
) -> tuple[bool | None, int]:
    """True when in each of `states` (`followed` redeals left at most: two, or three for a
    `decide` that follows them, `crescent.solver.free_ranks`) the game of some suit on its
    own is lost (`decide`: by default `suit_game_lost`; any sound relaxation of that game
    will do), so all of them are; False when some state has every suit's game won (by
    `decide`'s account); None when a search was left open within `limit` positions. The suits
    of a state take turns with limits that grow tenfold from `FIRST_LIMIT` (which game of
    several will end first is not known), and a game that several states share is decided
    once. With `total`, None as soon as the searches have taken that many positions in
    all (a deal split into thousands of states is left open, not searched for hours). And
    the positions all the searches took."""
    verdicts: dict[tuple[int, State, Schedule], bool] = {}
    positions = 0
    outcome: bool | None = True
    for piles, found, redeals in states:
        if redeals > followed:
            outcome = None  # what the third redeal from the end turns up is not followed
            continue
        games = []
        for suit in range(SUITS):
            alone = _alone(piles, found, suit)
            games.append((suit, alone, _schedule(piles, alone[0], suit, redeals)))
        step = min(FIRST_LIMIT, limit)
        while not any(verdicts.get(game) for game in games):
            if all(verdicts.get(game) is False for game in games):
                return False, positions
            if step > limit:
                outcome = None
                break
            for game in games:
                if game not in verdicts:
                    suit, (kept, counts, _), schedule = game
                    verdict, spent = decide(kept, counts, schedule, suit, step)
                    positions += spent
                    if verdict is not None:
                        verdicts[game] = verdict
                    if total is not None and positions >= total:
                        return None, positions
            step = limit if step < limit < step * 10 else step * 10
    return outcome, positions
