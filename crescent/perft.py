"""Perft: how many action sequences of a given length a position has.

The count walks every legal move and, while redeals are left, the redeal. A
table of these counts from fixed positions pins the rules down: any change in
move generation changes a number.
"""

from __future__ import annotations

from crescent.position import Position
from crescent.rules import legal_moves


def perft(position: Position, depth: int) -> int:
    """The number of action sequences of length `depth` from `position`."""
    if depth == 0:
        return 1
    moves = legal_moves(position)
    if depth == 1:
        return len(moves) + (1 if position.redeals_left else 0)
    total = sum(perft(position.after(move), depth - 1) for move in moves)
    if position.redeals_left:
        total += perft(position.redealt(), depth - 1)
    return total
