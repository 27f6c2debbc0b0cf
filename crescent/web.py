"""The browser's door to the engine: JSON text in, JSON text out.

Pyodide runs this module in a Web Worker; JavaScript calls `open_game`, `act`
and `hint` with one JSON string and gets one JSON string back (no proxies
cross the boundary). Each answer is a *view*: the SVG to draw, every place's
count and top card, counters, the status, and a message in the page's
language. Every rule is the engine's: JavaScript only draws and forwards.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from crescent.codes import GameCode
from crescent.errors import CrescentError
from crescent.game import Game
from crescent.i18n import LANGUAGES, catalog
from crescent.moves import MOVES, Move
from crescent.places import FOUNDATIONS, PILES, Place
from crescent.record import Record, replay
from crescent.render.steps import describe_step
from crescent.render.svg import render_svg
from crescent.rules import Reason, Status, check_pick, foundation_drop, tap_target, targets
from crescent.scenario import parse_scenario
from crescent.timeline import Step


@dataclass
class Session:
    """One live game in the worker."""

    game: Game
    lang: str
    marked: tuple[Place, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


_sessions: dict[int, Session] = {}
_ids = itertools.count(1)


def open_game(request: str) -> str:
    """Start a session from `{"lang", "code" | "record" | "scenario"}`; answer its view."""
    data = json.loads(request)
    lang = data.get("lang", "en")
    if lang not in LANGUAGES:
        lang = "en"
    try:
        game = _new_game(data)
    except CrescentError as error:
        return _dumps({"error": error.key, "message": error.message(lang)})
    session_id = next(_ids)
    _sessions[session_id] = Session(game, lang)
    return _dumps(_view(session_id, ""))


def _new_game(data: dict[str, Any]) -> Game:
    if "scenario" in data:
        return Game(None, parse_scenario(data["scenario"]))
    if "record" in data:
        record = (
            Record.loads(data["record"])
            if isinstance(data["record"], str)
            else (Record.from_json(data["record"]))
        )
        outcome = replay(record)
        if outcome.failed_at is not None:
            from crescent.timeline import IllegalRecord

            raise IllegalRecord(
                "timeline.illegal",
                index=outcome.failed_at,
                entry=record.actions[outcome.failed_at].text,
                reason=str(outcome.reason),
            )
        return outcome.game
    return Game(GameCode.parse(str(data.get("code", ""))))


def close_game(request: str) -> str:
    """Forget a session."""
    _sessions.pop(int(json.loads(request)["session"]), None)
    return "{}"


def act(request: str) -> str:
    """Apply one action to a session and answer the new view.

    Actions: `move` (source, target), `tap` (place: goes where the only taker is),
    `drop` (source onto the foundations area), `pick` (place: where it may go),
    `redeal`, `undo`, `reset`, `view`.
    """
    data = json.loads(request)
    session_id = int(data["session"])
    session = _sessions.get(session_id)
    if session is None:
        return _dumps({"error": "session.unknown", "message": ""})
    handler = _ACTIONS.get(str(data.get("action")))
    if handler is None:
        return _dumps({"error": "action.unknown", "message": str(data.get("action"))[:40]})
    try:
        answer = handler(session, data)
    except CrescentError as error:
        answer = {"message": error.message(session.lang), "error": error.key}
    return _dumps({**_view(session_id, answer.pop("message", "")), **answer})


def _place(data: dict[str, Any], name: str) -> Place:
    return Place.parse(str(data.get(name, "")))


def _play(session: Session, move: Move) -> dict[str, Any]:
    game = session.game
    before = game.position
    reason = game.play(move)
    if reason is not None:
        session.marked = ()
        return {"message": catalog(session.lang).text(reason.key), "reason": reason.value}
    step = Step(len(game.actions), move, game.moves_made, None, before, game.position)
    session.marked = move
    return {
        "message": describe_step(step, session.lang),
        "moved": [move.source.text, move.target.text],
    }


def _move(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    return _play(session, MOVES[_place(data, "source")][_place(data, "target")])


def _tap(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    source = _place(data, "place")
    reason = check_pick(session.game.position, source)
    if reason is not None:
        return {"message": catalog(session.lang).text(reason.key), "reason": reason.value}
    target = tap_target(session.game.position, source)
    if target is not None:
        return _play(session, MOVES[source][target])
    return _pick(session, data)


def _pick(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    source = _place(data, "place")
    position = session.game.position
    reason = check_pick(position, source)
    words = catalog(session.lang)
    if reason is not None:
        return {"message": words.text(reason.key), "reason": reason.value}
    card = position.top(source)
    found = [place.text for place in targets(position, source)]
    message = words.format("ui.picked", card=card, place=source)
    return {"message": message, "picked": source.text, "targets": found}


def _drop(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    source = _place(data, "source")
    position = session.game.position
    target = foundation_drop(position, source)
    if target is None:
        card = position.top(source)
        if card is None:
            return _play(session, MOVES[source][Place.UP_S])
        fallback = Place.foundation(card.suit, True)
        if fallback == source:
            fallback = Place.foundation(card.suit, False)
        return _play(session, MOVES[source][fallback])
    return _play(session, MOVES[source][target])


def _redeal(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    reason = session.game.redeal()
    words = catalog(session.lang)
    session.marked = ()
    if reason is not None:
        return {"message": words.text(reason.key), "reason": reason.value}
    number = 3 - session.game.position.redeals_left
    return {"message": words.text(f"step.redeal-{number}")}


def _undo(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    reason = session.game.undo()
    words = catalog(session.lang)
    session.marked = ()
    if reason is not None:
        return {"message": words.text(reason.key), "reason": reason.value}
    return {"message": words.format("ui.undone", moves=session.game.moves_made)}


def _reset(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    session.game = Game(session.game.code, session.game.start)
    session.marked = ()
    return {"message": catalog(session.lang).text("ui.reset-done")}


def _noop(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    return {}


_ACTIONS = {
    "move": _move,
    "tap": _tap,
    "pick": _pick,
    "drop": _drop,
    "redeal": _redeal,
    "undo": _undo,
    "reset": _reset,
    "view": _noop,
}


def _view(session_id: int, message: str) -> dict[str, Any]:
    session = _sessions[session_id]
    game = session.game
    position = game.position
    words = catalog(session.lang)
    places = {}
    for place in (*PILES, *FOUNDATIONS):
        top = position.top(place)
        places[place.text] = {
            "count": position.count(place),
            "top": str(top) if top is not None else "",
        }
    left = position.redeals_left
    state = game.status
    return {
        "session": session_id,
        "svg": render_svg(position, session.lang, marked=session.marked, interactive=True),
        "places": places,
        "moves": game.moves_made,
        "redeals_left": left,
        "redeal_label": words.plural("redeal.button", left) if left else words.text("redeal.none"),
        "status": state.value,
        "status_text": words.text(state.key),
        "can_undo": game.can_undo,
        "undo_refusal": (game.undo_refusal() or Reason.NOTHING_TO_UNDO).value
        if not game.can_undo
        else None,
        "code": game.code.text if game.code else None,
        "record": Record.of(game).dumps() if game.code else None,
        "won": state is Status.WON,
        "message": message,
    }


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)
