"""Live games in the worker: the session store, the actions on a game, its views.

The rule demos and the Play page call `open_game`, `act`, `hint` and
`close_game` (through the table in `crescent.browser`) with one JSON string and
get one JSON string back (no proxies cross the boundary). Each answer is a
*view*: the SVG to draw, every place's count and top card, counters, the
status, and a message in the page's language. Every rule is the engine's:
JavaScript only draws and forwards.
"""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Any

from crescent.bidi import isolated_text
from crescent.browser.hints import HINT_SECONDS, find_hint, record_at
from crescent.browser.views import places_view
from crescent.codes import DEAL_COUNT, GameCode
from crescent.errors import CrescentError
from crescent.game import Game
from crescent.i18n import LANGUAGES, catalog
from crescent.moves import MOVES, Move
from crescent.places import Place
from crescent.record import Record
from crescent.render.controls import demo_view_box, redeal_label
from crescent.render.layout import CLASSIC, LIVE, Horseshoe
from crescent.render.steps import describe_step
from crescent.render.svg import render_svg
from crescent.rules import (
    Reason,
    Status,
    check_move,
    check_pick,
    foundation_drop,
    tap_target,
    targets,
)
from crescent.scenario import parse_scenario
from crescent.timeline import Step, played


@dataclass
class Session:
    """One live game in the worker."""

    game: Game
    lang: str
    marked: tuple[Place, ...] = ()
    view_box: tuple[int, int, int, int] | None = None
    """The part of the horseshoe drawn; a scenario (a rule demo) shows only its part in play."""
    shape: Horseshoe = CLASSIC
    """How the horseshoe is arranged: the Play page picks the arrangement that fits its screen."""
    extra: dict[str, Any] = field(default_factory=dict)


_sessions: dict[int, Session] = {}
_ids = itertools.count(1)


def open_game(request: str) -> str:
    """Start a session from `{"lang", "code" | "record" | "scenario" | "new"}`; answer its view.

    `new: true` deals a random numbered game. With `record`, `step` (`move-10`)
    keeps the record up to that step, and `undo` (a count) keeps only that many
    moves undoable, as they were when the record was saved. `layout` (`wide`,
    `tall`) arranges the horseshoe for the Play page's screen.
    """
    data = json.loads(request)
    lang = data.get("lang", "en")
    if lang not in LANGUAGES:
        lang = "en"
    message = ""
    try:
        if "record" in data and isinstance(data.get("step"), str):
            record, message = record_at(_read_record(data), data["step"], lang)
            data = {**data, "record": record.to_json()}
        game = _new_game(data)
    except CrescentError as error:
        return _dumps({"error": error.key, "message": error.message(lang, isolate=True)}, lang)
    if isinstance(data.get("undo"), int):
        game.keep_undo(data["undo"])
    session_id = next(_ids)
    view_box = demo_view_box(game.start) if "scenario" in data else None
    _sessions[session_id] = Session(game, lang, view_box=view_box, shape=_shape(data, CLASSIC))
    return _dumps(_view(session_id, message), lang)


def _shape(data: dict[str, Any], current: Horseshoe) -> Horseshoe:
    """The arrangement a request names in `layout`, else `current`."""
    return LIVE.get(str(data.get("layout")), current)


def _read_record(data: dict[str, Any]) -> Record:
    if isinstance(data["record"], str):
        return Record.loads(data["record"])
    return Record.from_json(data["record"])


def _new_game(data: dict[str, Any]) -> Game:
    if "scenario" in data:
        return Game(None, parse_scenario(data["scenario"]))
    if data.get("new") is True:
        return Game(GameCode.numbered(random.randrange(DEAL_COUNT)))
    if "record" in data:
        return played(_read_record(data))
    return Game(GameCode.parse(str(data.get("code", ""))))


def hint(request: str) -> str:
    """Ask the solver about a session's position within `seconds` (default 3).

    The answer is `{"verdict", "message"}`, plus `move` ([source, target]) or
    `redeal: true` when a winning line was found.
    """
    data = json.loads(request)
    session = _sessions.get(int(data["session"]))
    if session is None:
        return _dumps({"error": "session.unknown", "message": ""})
    seconds = data.get("seconds", HINT_SECONDS)
    budget = (
        min(max(float(seconds), 0.1), 10.0) if isinstance(seconds, int | float) else HINT_SECONDS
    )
    found = find_hint(session.game, session.lang, budget)
    answer: dict[str, Any] = {"verdict": found.verdict.value, "message": found.message}
    answer["positions"] = found.positions  # what the search cost (bench/play.py --hints)
    if isinstance(found.action, Move):
        answer["move"] = [found.action.source.text, found.action.target.text]
    elif found.action is not None:
        answer["redeal"] = True
    return _dumps(answer, session.lang)


def close_game(request: str) -> str:
    """Forget a session."""
    _sessions.pop(int(json.loads(request)["session"]), None)
    return "{}"


def act(request: str) -> str:
    """Apply one action to a session and answer the new view.

    Actions: `move` (source, target), `tap` (place: goes where the only taker is),
    `drop` (source onto the foundations area), `pick` (place: where it may go),
    `cancel` (a pick put back), `redeal`, `undo`, `reset`, `view`. A move or
    redeal that ends the game says so after its own message. Any action may carry
    `layout` to arrange the horseshoe anew (`view` with `layout`: the screen turned).
    """
    data = json.loads(request)
    session_id = int(data["session"])
    session = _sessions.get(session_id)
    if session is None:
        return _dumps({"error": "session.unknown", "message": ""})
    handler = _ACTIONS.get(str(data.get("action")))
    if handler is None:
        return _dumps({"error": "action.unknown", "message": str(data.get("action"))[:40]})
    session.shape = _shape(data, session.shape)
    before = session.game.status
    try:
        answer = handler(session, data)
    except CrescentError as error:
        answer = {"message": error.message(session.lang, isolate=True), "error": error.key}
    after = session.game.status
    if after is not before and after is not Status.IN_PLAY:
        words = catalog(session.lang)
        outcome = words.text(f"ui.{after.value}")
        answer["message"] = words.format("ui.then", first=answer.get("message", ""), then=outcome)
    return _dumps({**_view(session_id, answer.pop("message", "")), **answer}, session.lang)


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
    if data.get("target"):
        # Dropped on one foundation: that one when it takes the card, else its suit's.
        chosen = _place(data, "target")
        if chosen.is_foundation and check_move(position, MOVES[source][chosen]) is None:
            return _play(session, MOVES[source][chosen])
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


def _refused(session: Session, reason: Reason | None) -> dict[str, Any] | None:
    """After a redeal or undo: the marked pile is let go; the refusal's answer, if any."""
    session.marked = ()
    if reason is None:
        return None
    return {"message": catalog(session.lang).text(reason.key), "reason": reason.value}


def _redeal(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    refused = _refused(session, session.game.redeal())
    if refused is not None:
        return refused
    number = session.game.position.redeals_made
    return {"message": catalog(session.lang).text(f"step.redeal-{number}")}


def _undo(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    refused = _refused(session, session.game.undo())
    if refused is not None:
        return refused
    return {"message": catalog(session.lang).format("ui.undone", moves=session.game.moves_made)}


def _reset(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    session.game = Game(session.game.code, session.game.start)
    session.marked = ()
    return {"message": catalog(session.lang).text("ui.reset-done")}


def _cancel(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    return {"message": catalog(session.lang).text("ui.cancelled")}


def _noop(session: Session, data: dict[str, Any]) -> dict[str, Any]:
    """Nothing changes but what the request carries (`layout`: the screen turned)."""
    return {}


_ACTIONS = {
    "move": _move,
    "tap": _tap,
    "pick": _pick,
    "drop": _drop,
    "redeal": _redeal,
    "undo": _undo,
    "reset": _reset,
    "cancel": _cancel,
    "view": _noop,
}


def _view(session_id: int, message: str) -> dict[str, Any]:
    session = _sessions[session_id]
    game = session.game
    position = game.position
    places = places_view(position)
    left = position.redeals_left
    state = game.status
    return {
        "session": session_id,
        "svg": render_svg(
            position,
            session.lang,
            marked=session.marked,
            interactive=True,
            view_box=session.view_box,
            shape=session.shape,
        ),
        "places": places,
        "moves": game.moves_made,
        "redeals_left": left,
        "redeal_label": redeal_label(left, session.lang),
        "status": state.value,
        "can_undo": game.can_undo,
        "undo_depth": game.undo_depth,
        "undo_refusal": (game.undo_refusal() or Reason.NOTHING_TO_UNDO).value
        if not game.can_undo
        else None,
        "code": game.code.text if game.code else None,
        "record": Record.of(game).dumps() if game.code else None,
        "message": message,
    }


def _dumps(data: dict[str, Any], lang: str = "en") -> str:
    """The answer as JSON; its message (shown with `textContent`) with notation isolated."""
    if isinstance(data.get("message"), str):
        data = {**data, "message": isolated_text(data["message"], lang)}
    return json.dumps(data, ensure_ascii=False)
