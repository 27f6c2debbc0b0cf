"""A game in progress: the position, the move counter, undo and redeal.

One state discipline: positions are immutable, so undo is a stack of earlier
positions. Undo reaches back at most `UNDO_LIMIT` (100) moves and never past a redeal (a
redeal empties the stack); a new game starts with an empty history. Moves are
numbered 1, 2, 3, ... as the seeds number them; redeals are not counted.
"""

from __future__ import annotations

from collections import deque

from crescent.codes import GameCode
from crescent.moves import REDEAL, Action, Move
from crescent.position import Position
from crescent.rules import Reason, Status, check_move, check_redeal, status
from crescent.tables import UNDO_LIMIT


class Game:
    """A game from a deal: play, redeal and undo, each answering a `Reason` when refused."""

    def __init__(self, code: GameCode | None, start: Position | None = None) -> None:
        """A game of the deal `code`, or from `start` (a scenario has no code)."""
        self.code = code
        if start is None:
            if code is None:
                raise ValueError("a game needs a code or a start position")
            start = Position.start(code.piles())
        self.start = start
        self.position = self.start
        self.actions: list[Action] = []
        """Every move and redeal made and not undone, in order (the record)."""
        self.moves_made = 0
        self._undo: deque[Position] = deque(maxlen=UNDO_LIMIT)
        self._undone_past_limit = False

    def play(self, move: Move) -> Reason | None:
        """Make `move` if legal; otherwise leave the game as it is and say why."""
        reason = check_move(self.position, move)
        if reason is None:
            if len(self._undo) == UNDO_LIMIT:
                self._undone_past_limit = True
            self._undo.append(self.position)
            self.position = self.position.after(move)
            self.actions.append(move)
            self.moves_made += 1
        return reason

    def redeal(self) -> Reason | None:
        """Redeal if one is left; the moves before it can no longer be undone."""
        reason = check_redeal(self.position)
        if reason is None:
            self.position = self.position.redealt()
            self.actions.append(REDEAL)
            self._undo.clear()
            self._undone_past_limit = False
        return reason

    def apply(self, action: Action) -> Reason | None:
        """`play` a move or `redeal`."""
        return self.play(action) if isinstance(action, Move) else self.redeal()

    def undo(self) -> Reason | None:
        """Take back the last move, if it may be taken back."""
        reason = self.undo_refusal()
        if reason is None:
            self.position = self._undo.pop()
            self.actions.pop()
            self.moves_made -= 1
        return reason

    def undo_refusal(self) -> Reason | None:
        """None when `undo` would succeed, else why not."""
        if self._undo:
            return None
        if self._undone_past_limit:
            return Reason.UNDO_LIMIT
        if any(action is not REDEAL for action in self.actions):
            return Reason.UNDO_PAST_REDEAL  # moves were made, and a redeal came after them
        return Reason.NOTHING_TO_UNDO

    def keep_undo(self, depth: int) -> None:
        """Keep only the last `depth` moves undoable (a restored game whose older ones were not)."""
        while len(self._undo) > max(depth, 0):
            self._undo.popleft()
            self._undone_past_limit = True

    @property
    def can_undo(self) -> bool:
        """True when the last move can be taken back."""
        return bool(self._undo)

    @property
    def undo_depth(self) -> int:
        """How many moves can be taken back now."""
        return len(self._undo)

    @property
    def status(self) -> Status:
        """In play, won or blocked."""
        return status(self.position)
