"""Benchmark: legal-move generation and apply/undo on CPython.

Collects positions from random play over numbered deals, then times
`legal_moves` over all of them, and a Game's play/undo pairs, several rounds.
Prints the median rate of each (positions or pairs per second). Target for move
generation: at least 100,000 positions a second.

    .venv/bin/python bench/movegen.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from crescent.codes import GameCode
from crescent.game import Game
from crescent.position import Position
from crescent.rules import legal_moves


def sample_positions(count: int, seed: int = 1) -> list[Position]:
    """Positions met in random play from deals 0, 1, 2, ..."""
    chooser = random.Random(seed)
    positions: list[Position] = []
    deal = 0
    while len(positions) < count:
        game = Game(GameCode.numbered(deal))
        deal += 1
        for _ in range(150):
            positions.append(game.position)
            moves = legal_moves(game.position)
            if moves:
                game.play(chooser.choice(moves))
            elif game.redeal() is not None:
                break
    return positions[:count]


def time_movegen(positions: list[Position]) -> float:
    """Positions per second for `legal_moves`."""
    start = time.perf_counter()
    for position in positions:
        legal_moves(position)
    return len(positions) / (time.perf_counter() - start)


def time_apply_undo(positions: list[Position]) -> float:
    """Move-and-undo pairs per second through `Game`."""
    pairs = []
    for position in positions:
        moves = legal_moves(position)
        if moves:
            pairs.append((position, moves[0]))
    game = Game(GameCode.numbered(0))
    start = time.perf_counter()
    for position, move in pairs:
        game.position = position
        game.play(move)
        game.undo()
    return len(pairs) / (time.perf_counter() - start)


def main() -> None:
    """Run the benchmark and print medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--positions", type=int, default=20000)
    args = parser.parse_args()
    positions = sample_positions(args.positions)
    movegen = [time_movegen(positions) for _ in range(args.rounds)]
    pairs = [time_apply_undo(positions) for _ in range(args.rounds)]
    print(
        f"legal_moves: median {statistics.median(movegen):,.0f} positions/s "
        f"(min {min(movegen):,.0f}, max {max(movegen):,.0f}; {len(positions)} positions, "
        f"{args.rounds} rounds; target 100,000)"
    )
    print(
        f"play+undo:   median {statistics.median(pairs):,.0f} pairs/s "
        f"(min {min(pairs):,.0f}, max {max(pairs):,.0f})"
    )


if __name__ == "__main__":
    main()
