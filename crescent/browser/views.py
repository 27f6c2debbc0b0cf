"""What the worker answers, as JavaScript reads it: views of a board, JSON text out.

A live game's view (`game_view`) and a recorded step's view share the places'
counts and tops (`places_view`). `dumps` writes an answer, its words (shown
with `textContent`) with card notation isolated for right-to-left text.
"""

from __future__ import annotations

import json
from typing import Any, Final, TypedDict

from crescent.bidi import isolated_text
from crescent.browser.sessions import Session
from crescent.places import FOUNDATIONS, PILES
from crescent.position import Position
from crescent.record import Record
from crescent.render.controls import redeal_label
from crescent.render.svg import render_svg
from crescent.rules import Reason


class PlaceView(TypedDict):
    """One place: how many cards it holds and its top card (`""` when empty)."""

    count: int
    top: str


def places_view(position: Position) -> dict[str, PlaceView]:
    """Every pile and foundation of `position` by its text (`p1`, `up-S`)."""
    places: dict[str, PlaceView] = {}
    for place in (*PILES, *FOUNDATIONS):
        top = position.top(place)
        count = position.count(place)
        places[place.text] = {"count": count, "top": "" if top is None else str(top)}
    return places


def game_view(number: int, session: Session, message: str) -> dict[str, Any]:
    """The view of the live game `session` (numbered `number`) with `message` to show."""
    game = session.game
    position = game.position
    left = position.redeals_left
    return {
        "session": number,
        "svg": render_svg(
            position,
            session.lang,
            marked=session.marked,
            interactive=True,
            view_box=session.view_box,
            shape=session.shape,
        ),
        "places": places_view(position),
        "moves": game.moves_made,
        "redeals_left": left,
        "redeal_label": redeal_label(left, session.lang),
        "status": game.status.value,
        "can_undo": game.can_undo,
        "undo_depth": game.undo_depth,
        "undo_refusal": (game.undo_refusal() or Reason.NOTHING_TO_UNDO).value
        if not game.can_undo
        else None,
        "code": game.code.text if game.code else None,
        "record": Record.of(game).dumps() if game.code else None,
        "message": message,
    }


WORDED: Final = ("message", "summary", "description")
"""The fields of an answer that a page shows as text (with `textContent`)."""


def dumps(data: dict[str, Any], lang: str = "en") -> str:
    """The answer as JSON; its words (`WORDED`) with card notation isolated."""
    worded = {
        name: isolated_text(text, lang)
        for name in WORDED
        if isinstance(text := data.get(name), str)
    }
    return json.dumps({**data, **worded}, ensure_ascii=False)
