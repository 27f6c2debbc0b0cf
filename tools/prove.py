"""Prove a deal unwinnable suit by suit: the proof of CR1-N-AAAAACY.

    .venv/bin/python tools/prove.py CODE [--limit POSITIONS]

The solver's exhaustive mode proves losses late in a game; a whole deal is too
large for it. This tool splits the deal at its first redeal. It plays the
stretch before it to the end (every position the moves reach; none may be won)
and redeals from each position, keeping the starts the relaxation does not rule
out (`crescent.solver.deadlock`). Each start has two redeals left, and then the
game of each suit on its own is a sound test (`crescent.solver.suits`): the tool
searches those games to their end (`lost_by_a_suit`) and reports the deal
unwinnable when every start has a suit whose game is lost. It prints the line
for `results/<study>-later.tsv`: no time, since the positions searched are the
same on every machine.

Some suits' games are too large to search to their end. With `--free RANKS`
(ranks 1 to 13, such as `3,4,5,7,9,10,11`) the tool searches instead their
relaxation with those ranks free (`crescent.solver.free_ranks`): as sound, much
smaller, and able only to prove a loss. The proof of CR1-N-AAAAACY:

    .venv/bin/python tools/prove.py CR1-N-AAAAACY --free 3,4,5,7,9,10,11

Exit status: 0 when proven unwinnable, 1 when the deal may be won (some start
has every suit's game won), 2 when the limit of positions left it open, or the
relaxation could not tell.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent.codes import GameCode  # noqa: E402
from crescent.errors import CrescentError  # noqa: E402
from crescent.position import Position  # noqa: E402
from crescent.solver.deadlock import hopeless  # noqa: E402
from crescent.solver.free_ranks import with_free_ranks  # noqa: E402
from crescent.solver.ordering import ordered_actions  # noqa: E402
from crescent.solver.results import Result  # noqa: E402
from crescent.solver.state import (  # noqa: E402
    ALL_HOME,
    REDEAL_ACTION,
    State,
    apply,
    cards_home,
    from_position,
    key,
)
from crescent.solver.suits import REDEALS_FOLLOWED, lost_by_a_suit, whole_suit_game  # noqa: E402
from crescent.tables import ACE, KING  # noqa: E402

LIMIT = 500_000_000
"""Positions a suit's game may take by default."""


def first_redeal_starts(start: State, limit: int) -> tuple[list[State] | None, int]:
    """The positions the first redeal may start from, the relaxation's dead ends left out;
    None when the stretch before it is won or larger than `limit`. And its positions."""
    seen = {key(*start)}
    todo = [start]
    starts: dict[bytes, State] = {}
    positions = 0
    while todo:
        piles, found, redeals = todo.pop()
        positions += 1
        if cards_home(found) == ALL_HOME or positions > limit:
            return None, positions
        turned = apply(piles, found, redeals, REDEAL_ACTION)
        starts.setdefault(key(*turned), turned)
        for action in ordered_actions(piles, found, redeals, None, 0.0):
            if action == REDEAL_ACTION:
                continue
            child = apply(piles, found, redeals, action)
            child_key = key(*child)
            if child_key not in seen:
                seen.add(child_key)
                todo.append(child)
    return [state for state in starts.values() if not hopeless(*state)], positions


def free_ranks(text: str) -> frozenset[int]:
    """The ranks of `--free`: whole numbers from 1 (ace) to 13 (king), comma-separated."""
    try:
        ranks = frozenset(int(part) for part in text.split(","))
    except ValueError:
        ranks = frozenset({0})
    if not ranks or not all(ACE <= rank <= KING for rank in ranks):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of ranks from 1 to 13")
    return ranks


def main() -> int:
    """Prove, print the results line or what is left open; the exit status as above."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("code", help="a game code, such as CR1-N-AAAAACY")
    parser.add_argument("--limit", type=int, default=LIMIT, help="positions per search")
    parser.add_argument("--free", type=free_ranks, help="ranks free in each suit's game")
    args = parser.parse_args()
    try:
        code = GameCode.parse(args.code)
    except CrescentError as error:
        print(f"tools/prove.py: {error.message()}", file=sys.stderr)
        return 2
    start = from_position(Position.start(code.piles()))
    starts = [start]
    positions = 0
    if start[2] > REDEALS_FOLLOWED:
        found, positions = first_redeal_starts(start, args.limit)
        if found is None:
            print(f"{code.text}: the stretch before the first redeal is won or too large")
            return 2
        starts = found
        print(f"{code.text}: {len(starts)} starts after the first redeal, {positions} positions")
    decide = whole_suit_game if args.free is None else with_free_ranks(args.free)
    lost, spent = lost_by_a_suit(starts, args.limit, decide)
    positions += spent
    if lost is None:
        print(f"{code.text}: open after {positions} positions")
        return 2
    if not lost and args.free is not None:
        print(f"{code.text}: with those ranks free, some start has every suit's game won")
        return 2
    if not lost:
        print(f"{code.text}: some start has every suit's game won ({positions} positions)")
        return 1
    print(Result(code.text, "unwinnable", 0, None, positions).line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
