"""Turning the solver's actions into engine moves that replay through the rules.

A play to the foundations of a suit whose foundations have met is preceded by
the transfers that make the card's rank playable: the ascending foundation is
brought to one below the card (an ace goes on the descending one, brought to
the two). Every move is checked with `crescent.rules.check_move`.
"""

from __future__ import annotations

from collections.abc import Iterable

from crescent.moves import MOVES, REDEAL, Action, Move
from crescent.places import Place
from crescent.position import Position
from crescent.rules import check_move, check_redeal
from crescent.solver.state import MOVE_BASE, RANK, REDEAL_ACTION, SUIT
from crescent.tables import MET, PILE_COUNT, SUITS


class LineError(RuntimeError):
    """The solver produced an action the rules refuse (a bug, never expected)."""


def engine_line(position: Position, actions: Iterable[int]) -> tuple[Action, ...]:
    """The engine actions for `actions` played from `position`, each checked."""
    line: list[Action] = []
    for action in actions:
        if action == REDEAL_ACTION:
            if check_redeal(position) is not None:
                raise LineError("redeal refused")
            position = position.redealt()
            line.append(REDEAL)
            continue
        for move in _moves_for(position, action):
            reason = check_move(position, move)
            if reason is not None:
                raise LineError(f"{move.text} refused: {reason.value}")
            position = position.after(move)
            line.append(move)
    return tuple(line)


def _moves_for(position: Position, action: int) -> list[Move]:
    if action >= MOVE_BASE:
        source, target = divmod(action - MOVE_BASE, PILE_COUNT)
        return [MOVES[source][target]]
    pile = position.piles[action]
    card = pile[-1]
    suit, rank = SUIT[card], RANK[card]
    up, down = position.up[suit], position.down[suit]
    ascending = Place(PILE_COUNT + suit)
    descending = Place(PILE_COUNT + SUITS + suit)
    if up + down != MET:
        target = ascending if up == rank - 1 else descending
        return [MOVES[action][target]]
    wanted = max(rank - 1, 1)
    moves: list[Move] = []
    if up > wanted:
        moves += [MOVES[ascending][descending]] * (up - wanted)
    else:
        moves += [MOVES[descending][ascending]] * (wanted - up)
    moves.append(MOVES[action][ascending if rank > 1 else descending])
    return moves
