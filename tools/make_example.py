"""Build docs/examples/won-game.json: the constructed won game of the seeds.

The seeds give facts, not a deal: move 10 is `p10 p14` (A♠ onto K♠), the first
redeal turns pile 1 from 2♥ 9♣ J♦ J♦ into 9♣ J♦ J♦ 2♥, and three snapshots
(before move 10, before the first redeal, after it) give each pile's count and
top card and each foundation's top card and count. This tool

1. searches the first moves and the cards they uncover (`opening`): a
   depth-first search over moves on a deal whose unknown cards are chosen only
   when they come to the top, from the cards still unplaced, until both
   snapshots before the redeal hold;
2. deals the cards nobody has seen yet at random (seeded) into the free places,
   redeals, and asks the solver to win from there with the two redeals left,
   trying the next seed until it does;
3. writes the record, and with `--check` verifies that the committed file is
   exactly what it would write and that it satisfies every fact (`check_facts`).

Usage: python tools/make_example.py [--check] [--out PATH]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from random import Random

from crescent.cards import CARDS, Card
from crescent.codes import GameCode
from crescent.deal import dealt_cards
from crescent.moves import REDEAL, Action, Move
from crescent.places import Place
from crescent.position import Position
from crescent.record import Record, replay
from crescent.solver import Verdict, solve
from crescent.tables import (
    ACE,
    FULL,
    KING,
    NEIGHBOURS,
    PILE_COUNT,
    PILE_LIMIT,
    RANK_OF,
    RANKS_PER_SUIT,
    SUIT_OF,
    SUITS,
)

OUT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "won-game.json"
SEED = 2024
SOLVER_POSITIONS = 400_000
FOUNDATION_ORDER = ("up-S", "up-H", "up-D", "up-C", "down-S", "down-H", "down-D", "down-C")
SOLVER_PATIENCE = 0.1
"""The solver's phase patience when the committed record was found (`--check` rebuilds
it exactly; the solver's default changed since, for faster hints)."""

# -- the facts of the seeds ----------------------------------------------------

MOVE_10 = "p10 p14"
PILE_1_BEFORE_REDEAL = ("2H", "9C", "JD", "JD")


@dataclass(frozen=True)
class Snapshot:
    """Foundations (top card, count) in FOUNDATION_ORDER, piles (count, top) 1..16."""

    foundations: tuple[tuple[str, int], ...]
    piles: tuple[tuple[int, str], ...]


BEFORE_MOVE_10 = Snapshot(
    (("2S", 2), ("2H", 2), ("AD", 1), ("AC", 1), ("QS", 2), ("QH", 2), ("KD", 1), ("9C", 5)),
    (
        (4, "JD"), (6, "8S"), (4, "7D"), (5, "4D"), (6, "10S"), (4, "QS"), (6, "5H"), (6, "6S"),
        (5, "5C"), (6, "AS"), (6, "KC"), (6, "10C"), (6, "7C"), (6, "KS"), (6, "6S"), (6, "AC"),
    ),
)  # fmt: skip
BEFORE_REDEAL = Snapshot(
    (("2S", 2), ("2H", 2), ("AD", 1), ("AC", 1), ("10S", 4), ("10H", 4), ("KD", 1), ("9C", 5)),
    (
        (4, "JD"), (6, "8S"), (4, "7D"), (5, "4D"), (5, "5H"), (4, "QS"), (6, "5H"), (6, "6S"),
        (5, "5C"), (4, "9D"), (7, "AC"), (6, "10C"), (6, "7C"), (7, "AS"), (4, "KH"), (5, "6S"),
    ),
)  # fmt: skip
AFTER_REDEAL_TOPS = (
    "2H", "7H", "4C", "5C", "8D", "JS", "10S", "AD",
    "7S", "QC", "8C", "2C", "6D", "4S", "8D", "3D",
)  # fmt: skip
AFTER_REDEAL = Snapshot(
    BEFORE_REDEAL.foundations,
    tuple(
        (count, top) for (count, _), top in zip(BEFORE_REDEAL.piles, AFTER_REDEAL_TOPS, strict=True)
    ),
)


def snapshot_of(position: Position) -> Snapshot:
    """The facts a snapshot states about `position`."""
    foundations = []
    for text in FOUNDATION_ORDER:
        place = Place.parse(text)
        foundations.append((str(position.top(place)), position.count(place)))
    piles = tuple((len(pile), str(pile[-1]) if pile else "-") for pile in position.piles)
    return Snapshot(tuple(foundations), piles)


# -- 1. the opening: the first moves and the cards they uncover ------------------

Slot = tuple[int, int]
"""A place in the deal: (pile index, height from the bottom)."""


@dataclass
class Opening:
    """The partial deal found by the search and the moves up to the first redeal."""

    layout: dict[Slot, int]
    moves: list[str]


class _Model:
    """A game on a partly known deal: unknown cards are chosen when they surface."""

    def __init__(self, layout: dict[Slot, int]) -> None:
        self.layout = dict(layout)
        self.piles: list[list[Slot]] = [[(p, h) for h in range(6)] for p in range(PILE_COUNT)]
        self.up = [1, 1, 1, 1]
        self.down = [1, 1, 1, 1]
        placed = Counter(self.layout.values())
        self.pool: Counter[int] = Counter(dealt_cards())
        self.pool.subtract(placed)
        self.moved: dict[Slot, int] = {}

    def card(self, slot: Slot) -> int | None:
        return self.layout.get(slot)

    def snapshot_matches(self, snap: Snapshot) -> bool:
        """Check counts and foundations; fix unknown tops to the snapshot's cards."""
        for index, (_, count) in enumerate(snap.foundations):
            counts = self.up if index < 4 else self.down
            if counts[index % 4] != count:
                return False
        for pile, (count, top) in zip(self.piles, snap.piles, strict=True):
            if len(pile) != count:
                return False
            want = int(Card.parse(top))
            card = self.card(pile[-1])
            if card is None:
                if self.pool[want] <= 0:
                    return False
                self.assign(pile[-1], want)
            elif card != want:
                return False
        return True

    def assign(self, slot: Slot, card: int) -> None:
        self.layout[slot] = card
        self.pool[card] -= 1

    def unassign(self, slot: Slot) -> None:
        self.pool[self.layout.pop(slot)] += 1

    def foundation_for(self, card: int) -> Place | None:
        suit, rank = SUIT_OF[card], RANK_OF[card]
        if self.up[suit] + ACE == rank:
            return Place(PILE_COUNT + suit)
        if self.down[suit] == KING - rank:
            return Place(PILE_COUNT + SUITS + suit)
        return None

    def needed(self) -> list[int]:
        """The cards the foundations take now."""
        cards = []
        for suit in range(SUITS):
            if self.up[suit] < FULL:
                cards.append(suit * RANKS_PER_SUIT + self.up[suit])
            if self.down[suit] < FULL:
                cards.append(suit * RANKS_PER_SUIT + KING - 1 - self.down[suit])
        return cards


@dataclass(frozen=True)
class Stage:
    """Reach `goal` in one of `lengths` moves, the first one being `first` if given."""

    goal: Snapshot
    lengths: tuple[int, ...]
    first: str | None = None


STAGES = (
    Stage(BEFORE_MOVE_10, (9,)),
    Stage(BEFORE_REDEAL, tuple(range(7, 12)), MOVE_10),
)


def _run_stages(model: _Model, moves: list[str], stages: tuple[Stage, ...]) -> bool:
    if not stages:
        return True
    stage = stages[0]
    return any(_search(model, moves, length, stage.first, stages) for length in stage.lengths)


def _search(
    model: _Model, moves: list[str], left: int, first: str | None, stages: tuple[Stage, ...]
) -> bool:
    """Find `left` more moves that reach the goal of `stages[0]`, then the later stages."""
    goal = stages[0].goal
    if left == 0:
        saved, pool = dict(model.layout), model.pool.copy()
        if model.snapshot_matches(goal) and _run_stages(model, moves, stages[1:]):
            return True
        model.layout, model.pool = saved, pool
        return False
    if not _reachable(model, left, goal):
        return False
    for source, card, target, text, hidden in _candidates(model, goal):
        if first is not None and text != first:
            continue
        slot = model.piles[source][-1]
        revealed = model.card(slot) is None
        if revealed:
            model.assign(slot, card)
        if hidden is not None:
            model.assign(model.piles[target][-1], hidden)
        if _play(model, source, target, card, text, moves, left, stages):
            return True
        if hidden is not None:
            model.unassign(model.piles[target][-1])
        if revealed:
            model.unassign(slot)
    return False


def _candidates(model: _Model, goal: Snapshot) -> list[tuple[int, int, Place, str, int | None]]:
    """Every move (with the unknown cards it reveals), plays from piles above their goal first."""
    found: list[tuple[int, int, int, Place, str, int | None]] = []
    for source, pile in enumerate(model.piles):
        if not pile:
            continue
        known = model.card(pile[-1])
        over = len(pile) > goal.piles[source][0]
        for card in [known] if known is not None else _reveal_choices(model, source, goal):
            for target, text, hidden in _targets(model, source, card):
                rank = (0 if target >= PILE_COUNT else 2) + (0 if over else 1)
                found.append((rank, source, card, target, text, hidden))
    found.sort(key=lambda item: item[:3])
    return [item[1:] for item in found]


def _reachable(model: _Model, left: int, goal: Snapshot) -> bool:
    """Whether `left` moves can still reach the goal's counts."""
    counts = [*model.up, *model.down]
    wanted = [count for _, count in goal.foundations]
    if any(now > want for now, want in zip(counts, wanted, strict=True)):
        return False
    to_play = sum(wanted) - sum(counts)
    short = extra = 0
    for pile, (count, top) in zip(model.piles, goal.piles, strict=True):
        short += max(0, count - len(pile))
        extra += max(0, len(pile) - count)
        card = model.card(pile[-1]) if pile else None
        if len(pile) == count and card is not None and str(CARDS[card]) != top:
            short += 1  # the wrong top must go, and a card must come back
    return to_play + short <= left and extra <= left


def _reveal_choices(model: _Model, source: int, goal: Snapshot) -> list[int]:
    """Cards an unknown top may be: one a foundation still takes, or one that fits a top."""
    wanted = set()
    for card in model.needed():
        place = model.foundation_for(card)
        if place is not None:
            counts = model.up if place.ascending else model.down
            if counts[SUIT_OF[card]] < goal.foundations[place - PILE_COUNT][1]:
                wanted.add(card)
    for other, pile in enumerate(model.piles):
        top = model.card(pile[-1]) if pile else None
        if other != source and top is not None:
            wanted.update(NEIGHBOURS[top])
    return sorted(card for card in wanted if model.pool[card] > 0)


def _targets(model: _Model, source: int, card: int) -> list[tuple[Place, str, int | None]]:
    """Where `card` may go: a foundation, a known top, or an unknown top chosen to fit."""
    found = model.foundation_for(card)
    out: list[tuple[Place, str, int | None]] = []
    if found is not None:
        out.append((found, f"p{source + 1} {found.text}", None))
    for target, pile in enumerate(model.piles):
        if target == source or not pile or len(pile) >= PILE_LIMIT:
            continue
        text = f"p{source + 1} p{target + 1}"
        top = model.card(pile[-1])
        if top is not None:
            if card in NEIGHBOURS[top]:
                out.append((Place(target), text, None))
            continue
        for hidden in NEIGHBOURS[card]:
            if model.pool[hidden] > 0:
                out.append((Place(target), text, hidden))
    return out


def _play(
    model: _Model,
    source: int,
    target: Place,
    card: int,
    text: str,
    moves: list[str],
    left: int,
    stages: tuple[Stage, ...],
) -> bool:
    slot = model.piles[source].pop()
    suit = SUIT_OF[card]
    counts = model.up if target < PILE_COUNT + SUITS else model.down
    if target >= PILE_COUNT:
        counts[suit] += 1
    else:
        model.piles[target].append(slot)
    moves.append(text)
    if _search(model, moves, left - 1, None, stages):
        return True
    moves.pop()
    if target >= PILE_COUNT:
        counts[suit] -= 1
    else:
        model.piles[target].pop()
    model.piles[source].append(slot)
    return False


def opening() -> Opening:
    """The partial deal and the moves up to the first redeal, from the facts alone."""
    layout: dict[Slot, int] = {}
    for height, text in enumerate(PILE_1_BEFORE_REDEAL):
        layout[(0, height)] = int(Card.parse(text))
    for pile, text in enumerate(AFTER_REDEAL_TOPS):
        layout[(pile, 0)] = int(Card.parse(text))
    model = _Model(layout)
    moves: list[str] = []
    if not _run_stages(model, moves, STAGES):
        raise SystemExit("no opening keeps the facts")
    return Opening(model.layout, moves)


# -- 2. the rest of the deal and the win ----------------------------------------


def build() -> Record:
    """The record of the constructed game."""
    start = opening()
    free = [(pile, height) for pile in range(PILE_COUNT) for height in range(6)]
    free = [slot for slot in free if slot not in start.layout]
    unplaced: Counter[int] = Counter(dealt_cards())
    unplaced.subtract(Counter(start.layout.values()))
    rest = sorted(unplaced.elements())
    rng = Random(SEED)
    for _ in range(200):
        rng.shuffle(rest)
        layout = dict(start.layout)
        layout.update(zip(free, rest, strict=True))
        piles = tuple(tuple(CARDS[layout[(p, h)]] for h in range(6)) for p in range(PILE_COUNT))
        code = GameCode.for_layout(piles)
        actions: list[Action] = [Move.parse(text) for text in start.moves] + [REDEAL]
        position = Position.start(code.piles())
        for action in actions:
            position = position.after(action) if isinstance(action, Move) else position.redealt()
        solution = solve(
            position,
            seconds=3600.0,
            max_positions=SOLVER_POSITIONS,
            patience=SOLVER_PATIENCE,
        )
        if solution.verdict is Verdict.WON and solution.line is not None:
            return Record(code, tuple(actions) + solution.line)
    raise SystemExit("no deal of the free cards was won")


# -- 3. the facts, checked on a record ------------------------------------------


def check_facts(record: Record) -> list[str]:
    """Every fact of the seeds the record breaks (empty when it keeps them all)."""
    problems: list[str] = []
    outcome = replay(record)
    if outcome.failed_at is not None:
        return [f"entry {outcome.failed_at} refused: {outcome.reason}"]
    position = Position.start(record.code.piles())
    moves_made = redeals = 0
    for action in record.actions:
        if isinstance(action, Move):
            if moves_made == 9:
                if snapshot_of(position) != BEFORE_MOVE_10:
                    problems.append("snapshot before move 10 differs")
                if action.text != MOVE_10:
                    problems.append(f"move 10 is {action.text}")
                cards = (str(position.top(action.source)), str(position.top(action.target)))
                if cards != ("AS", "KS"):
                    problems.append("move 10 is not A♠ onto K♠")
            position = position.after(action)
            moves_made += 1
            continue
        redeals += 1
        if redeals == 1:
            before, after = position, position.redealt()
            if [str(card) for card in before.piles[0]] != list(PILE_1_BEFORE_REDEAL):
                problems.append("pile 1 before the first redeal differs")
            if [str(card) for card in after.piles[0]] != [*PILE_1_BEFORE_REDEAL[1:], "2H"]:
                problems.append("pile 1 after the first redeal differs")
            if snapshot_of(before) != BEFORE_REDEAL:
                problems.append("snapshot before the first redeal differs")
            if snapshot_of(after) != AFTER_REDEAL:
                problems.append("snapshot after the first redeal differs")
        position = position.redealt()
    if position.cards_on_foundations != 104:
        problems.append("the game is not won")
    if redeals > 3:
        problems.append("more than three redeals")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify the committed file")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if args.check:
        committed = Record.loads(args.out.read_text(encoding="utf-8"))
        problems = check_facts(committed)
        if build().dumps() != args.out.read_text(encoding="utf-8"):
            problems.append("the file is not what this tool writes")
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    record = build()
    problems = check_facts(record)
    if problems:
        raise SystemExit("; ".join(problems))
    args.out.write_text(record.dumps(), encoding="utf-8")
    moves = sum(1 for action in record.actions if isinstance(action, Move))
    redeals = len(record.actions) - moves
    print(f"{args.out}: {record.code.text}\n{moves} moves, {redeals} redeals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
