"""Moves and redeals as values, with their record text.

A `Move` takes the top card of `source` to `target`; its text is the two places,
`"p10 p14"`, `"p3 down-C"`, `"up-S down-S"`. A redeal is the `REDEAL` value, text
`"redeal"`. Both are immutable and hashable; `parse_action` reads either.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from crescent.errors import MoveTextError, PlaceError, as_json
from crescent.places import PLACES, Place


class Move(NamedTuple):
    """The top card of `source` goes onto `target`."""

    source: Place
    target: Place

    @property
    def text(self) -> str:
        """The record text, `"p10 p14"`."""
        return f"{self.source.text} {self.target.text}"

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read `"p10 p14"`; raise `MoveTextError` naming the text."""
        action = parse_action(text)
        if not isinstance(action, Move):
            raise MoveTextError("move.not-a-move", text=text)
        return action


class Redeal:
    """The redeal: in every pile of two or more cards the bottom card goes on top."""

    __slots__ = ()
    text: Final = "redeal"

    def __repr__(self) -> str:
        return "REDEAL"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> str:
        return "REDEAL"


REDEAL: Final = Redeal()

Action = Move | Redeal
"""One entry of a game: a move or a redeal."""

MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(Move(source, target) for target in PLACES) for source in PLACES
)
"""Every move, interned: `MOVES[source][target]`."""


def parse_action(text: str) -> Action:
    """Read a record entry: `"p10 p14"`, `"p1 up-S"`, `"redeal"`.

    Raises `MoveTextError` naming the entry when it is neither.
    """
    if not isinstance(text, str):
        raise MoveTextError("move.not-text", text=as_json(text))
    words = text.split()
    if not words:  # nothing to quote
        raise MoveTextError("move.empty")
    if len(words) == 1 and words[0].lower() == "redeal":
        return REDEAL
    if len(words) != 2:
        raise MoveTextError("move.bad-shape", text=text)
    try:
        source, target = Place.parse(words[0]), Place.parse(words[1])
    except PlaceError as error:
        raise MoveTextError("move.bad-place", text=text, place=error.values["text"]) from None
    return MOVES[source][target]
