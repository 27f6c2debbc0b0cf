"""Live games in the worker: open one, act on it, ask for a hint, close it.

The rule demos and the Play page call `open_game`, `act`, `hint` and
`close_game` (through the table in `crescent.browser`) with one JSON string and
get one JSON string back (no proxies cross the boundary). Each answer is a
*view* (`crescent.browser.views`): the SVG to draw, every place's count and top
card, counters, the status, and a message in the page's language. The sessions
live in `crescent.browser.sessions`, the actions in `crescent.browser.actions`.
Every rule is the engine's: JavaScript only draws and forwards.
"""

from __future__ import annotations

import json
import random
from typing import Any

from crescent.browser.actions import ACTIONS
from crescent.browser.hints import HINT_SECONDS, find_hint, record_at
from crescent.browser.sessions import UNKNOWN_SESSION, Session, find, forget, keep
from crescent.browser.views import dumps, game_view, language
from crescent.codes import DEAL_COUNT, GameCode
from crescent.errors import CrescentError
from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import Move
from crescent.record import Record
from crescent.render.controls import demo_view_box
from crescent.render.layout import CLASSIC, LIVE, Horseshoe
from crescent.rules import Status
from crescent.scenario import parse_scenario
from crescent.timeline import played


def open_game(request: str) -> str:
    """Start a session from `{"lang", "code" | "record" | "scenario" | "new"}`; answer its view.

    `new: true` deals a random numbered game. With `record`, `step` (`move-10`)
    keeps the record up to that step, and `undo` (a count) keeps only that many
    moves undoable, as they were when the record was saved. `layout` (`wide`,
    `tall`) arranges the horseshoe for the Play page's screen.
    """
    data = json.loads(request)
    lang = language(data)
    message = ""
    try:
        if "record" in data and isinstance(data.get("step"), str):
            record, message = record_at(_read_record(data), data["step"], lang)
            data = {**data, "record": record.to_json()}
        game = _new_game(data)
    except CrescentError as error:
        return dumps({"error": error.key, "message": error.message(lang, isolate=True)}, lang)
    if isinstance(data.get("undo"), int):
        game.keep_undo(data["undo"])
    view_box = demo_view_box(game.start) if "scenario" in data else None
    session = Session(game, lang, view_box=view_box, shape=_shape(data, CLASSIC))
    return dumps(game_view(keep(session), session, message), lang)


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
    session = find(data)
    if session is None:
        return dumps(UNKNOWN_SESSION)
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
    return dumps(answer, session.lang)


def close_game(request: str) -> str:
    """Forget a session."""
    forget(int(json.loads(request)["session"]))
    return "{}"


def act(request: str) -> str:
    """Apply one action of `crescent.browser.actions.ACTIONS` to a session; answer the new view.

    Actions: `move` (source, target), `tap` (place: goes where the only taker is),
    `drop` (source onto the foundations area), `pick` (place: where it may go),
    `cancel` (a pick put back), `redeal`, `undo`, `reset`, `view`. A move or
    redeal that ends the game says so after its own message. Any action may carry
    `layout` to arrange the horseshoe anew (`view` with `layout`: the screen turned).
    """
    data = json.loads(request)
    number = int(data["session"])
    session = find(data)
    if session is None:
        return dumps(UNKNOWN_SESSION)
    handler = ACTIONS.get(str(data.get("action")))
    if handler is None:
        return dumps({"error": "action.unknown", "message": str(data.get("action"))[:40]})
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
    view = game_view(number, session, answer.pop("message", ""))
    return dumps({**view, **answer}, session.lang)
