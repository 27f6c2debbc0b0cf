"""A recorded game as a list of steps, and the moments that pages name.

Step 0 is the deal (`start`); each later step is one move or redeal, with the
position right after it. Steps have the anchors the Examples page uses:
`start`, `move-10`, `redeal-1`. A moment names a position of the game:
`start`, `end`, `move-N` or `after-move-N` (right after move N),
`before-move-N`, `redeal-N` or `after-redeal-N`, `before-redeal-N`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from crescent.errors import CrescentError
from crescent.game import Game
from crescent.moves import Action, Move
from crescent.position import Position
from crescent.record import Record, replay
from crescent.rules import Reason

_MOMENT: Final = re.compile(r"(?:(before|after)-)?(move|redeal)-([1-9][0-9]*)")


class MomentError(CrescentError):
    """A moment that does not name a step of the game."""


class IllegalRecord(CrescentError):
    """A record whose moves are not all legal."""

    @classmethod
    def at(cls, record: Record, index: int, reason: Reason) -> IllegalRecord:
        """The error for entry `index` of `record` (from 0), which the rules refuse for
        `reason`; the message counts entries from 1, as readers do."""
        entry = record.actions[index].text
        return cls("timeline.illegal", number=index + 1, entry=entry, reason=reason)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a game: the action (None for the deal) and the positions around it."""

    index: int
    action: Action | None
    move_number: int | None
    redeal_number: int | None
    before: Position
    after: Position

    @property
    def anchor(self) -> str:
        """`start`, `move-10` or `redeal-1`."""
        if self.move_number is not None:
            return f"move-{self.move_number}"
        if self.redeal_number is not None:
            return f"redeal-{self.redeal_number}"
        return "start"


def played(record: Record) -> Game:
    """The game of `record` played to its end; raises `IllegalRecord` at the first refused entry."""
    outcome = replay(record)
    if outcome.failed_at is not None:
        assert outcome.reason is not None, "a refused entry has its reason"
        raise IllegalRecord.at(record, outcome.failed_at, outcome.reason)
    return outcome.game


def steps(record: Record) -> list[Step]:
    """Every step of `record`; raises `IllegalRecord` at the first refused entry."""
    game = Game(record.code)
    result = [Step(0, None, None, None, game.position, game.position)]
    moves = redeals = 0
    for index, action in enumerate(record.actions, start=1):
        before = game.position
        reason = game.apply(action)
        if reason is not None:
            raise IllegalRecord.at(record, index - 1, reason)
        if isinstance(action, Move):
            moves += 1
            result.append(Step(index, action, moves, None, before, game.position))
        else:
            redeals += 1
            result.append(Step(index, action, None, redeals, before, game.position))
    return result


def find_step(all_steps: list[Step], anchor: str) -> Step:
    """The step with `anchor` (`start`, `move-10`, `redeal-1`)."""
    for step in all_steps:
        if step.anchor == anchor:
            return step
    raise MomentError("moment.out-of-range", moment=anchor, **_extent(all_steps))


@dataclass(frozen=True, slots=True)
class Moment:
    """A parsed moment: `start`, `end`, or before/after a move or redeal number."""

    name: str
    when: str = "after"
    kind: str = ""
    number: int = 0


def parse_moment(name: str) -> Moment:
    """Read a moment name; raises `MomentError` when it is not one."""
    text = name.strip().lower()
    if text in ("start", "end"):
        return Moment(text)
    match = _MOMENT.fullmatch(text)
    if match is None:
        raise MomentError("moment.unknown", moment=name)
    when, kind, number = match.groups()
    return Moment(text, when or "after", kind, int(number))


def moment(all_steps: list[Step], name: str) -> Position:
    """The position a moment names; raises `MomentError` for an unknown or absent one."""
    parsed = parse_moment(name)
    if parsed.name == "start":
        return all_steps[0].after
    if parsed.name == "end":
        return all_steps[-1].after
    step = find_step(all_steps, f"{parsed.kind}-{parsed.number}")
    return step.before if parsed.when == "before" else step.after


def _extent(all_steps: list[Step]) -> dict[str, int]:
    moves = sum(1 for step in all_steps if step.move_number is not None)
    redeals = sum(1 for step in all_steps if step.redeal_number is not None)
    return {"moves": moves, "redeals": redeals}


def key_moments(all_steps: list[Step]) -> list[str]:
    """The moments worth a diagram: the deal, before move 10, around each redeal, the end."""
    names = ["start"]
    if any(step.move_number == 10 for step in all_steps):
        names.append("before-move-10")
    for step in all_steps:
        if step.redeal_number is not None:
            names += [f"before-redeal-{step.redeal_number}", f"after-redeal-{step.redeal_number}"]
    names.append("end")
    return names
