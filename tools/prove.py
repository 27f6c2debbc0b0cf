"""Prove a deal unwinnable suit by suit: the proofs of the later studies.

    .venv/bin/python tools/prove.py CODE [--limit POSITIONS] [--free RANKS]

The solver's exhaustive mode proves losses late in a game; a whole deal is too
large for it. This tool splits the deal at its first redeal and decides the game
of each suit on its own from each start (`crescent.solver.proof`): the deal is
unwinnable when every start has a suit whose game is lost. Each suit's game is
too large to search to its end as it is; the tool searches relaxations of it in
which some ranks go free (`crescent.solver.free_ranks`: as sound, much smaller,
and able only to prove a loss), and chooses the ranks itself from the winning
lines of the relaxed games it searches (`crescent.solver.refine`). It prints the
line for `results/<study>-later.tsv`: no time, since the positions searched are
the same on every machine. The proof of CR1-N-AAAAACY:

    .venv/bin/python tools/prove.py CR1-N-AAAAACY

With `--free RANKS` (ranks 1 to 13, such as `3,4,5,7,9,10,11`) it searches only
the relaxation with those ranks free, as the first proof of CR1-N-AAAAACY did.

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
from crescent.solver.free_ranks import with_free_ranks  # noqa: E402
from crescent.solver.proof import prove  # noqa: E402
from crescent.solver.results import Result  # noqa: E402
from crescent.solver.state import from_position  # noqa: E402
from crescent.tables import ACE, KING  # noqa: E402

LIMIT = 10_000_000
"""Positions each search of a suit's game may take by default."""


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
    decide = None if args.free is None else with_free_ranks(args.free)
    proof = prove(from_position(Position.start(code.piles())), args.limit, decide)
    if proof.starts is not None:
        stretch = f"{proof.starts} starts after the first redeal, {proof.stretch} positions"
    else:
        stretch = (
            f"the stretch before the first redeal is won or too large ({proof.stretch} positions)"
        )
    print(f"{code.text}: {stretch}")
    if proof.lost is None:
        print(f"{code.text}: open after {proof.positions} positions")
        return 2
    if not proof.lost and args.free is not None:
        print(f"{code.text}: with those ranks free, some start has every suit's game won")
        return 2
    if not proof.lost:
        print(f"{code.text}: some start has every suit's game won ({proof.positions} positions)")
        return 1
    print(Result(code.text, "unwinnable", 0, None, proof.positions).line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
