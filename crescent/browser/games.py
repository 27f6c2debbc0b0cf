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

import random

from crescent.browser.actions import ACTIONS
from crescent.browser.hints import HINT_SECONDS, find_hint, record_at
from crescent.browser.requests import Answer, Request, RequestError, answering, refusal
from crescent.browser.sessions import SESSIONS, Session, find
from crescent.browser.views import game_view
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

HINT_SECONDS_MAX = 10.0
"""The longest a page may let one hint think."""


@answering
def open_game(request: Request) -> Answer:
    """Start a session from `{"lang", "code" | "record" | "scenario" | "new"}`; answer its view.

    `new: true` deals a random numbered game. With `record`, `step` (`move-10`)
    keeps the record up to that step, and `undo` (a count) keeps only that many
    moves undoable, as they were when the record was saved. `layout` (`wide`,
    `tall`) arranges the horseshoe for the Play page's screen.
    """
    message = ""
    record = _read_record(request) if request.has("record") else None
    if record is not None and request.has("step"):
        record, message = record_at(record, request.text("step"), request.lang)
    game = _new_game(request, record)
    if request.has("undo"):
        game.keep_undo(request.integer("undo"))
    view_box = demo_view_box(game.start) if request.has("scenario") else None
    session = Session(game, request.lang, view_box=view_box, shape=_shape(request, CLASSIC))
    return game_view(SESSIONS.keep(session), session, message)


def _shape(request: Request, current: Horseshoe) -> Horseshoe:
    """The arrangement a request names in `layout`, else `current`."""
    return LIVE.get(request.text("layout", ""), current)


def _read_record(request: Request) -> Record:
    """The record in `record`: its text, or its JSON object."""
    value = request.data["record"]
    if isinstance(value, str):
        return Record.loads(value)
    if isinstance(value, dict):
        return Record.from_json(value)
    raise RequestError("request.mistyped", field="record")


def _new_game(request: Request, record: Record | None) -> Game:
    if request.has("scenario"):
        return Game(None, parse_scenario(request.data["scenario"]))
    if request.flag("new"):
        return Game(GameCode.numbered(random.randrange(DEAL_COUNT)))
    if record is not None:
        return played(record)
    return Game(GameCode.parse(request.text("code", "")))


@answering
def hint(request: Request) -> Answer:
    """Ask the solver about a session's position within `seconds` (default 3).

    The answer is `{"verdict", "message"}`, plus `move` ([source, target]) or
    `redeal: true` when a winning line was found.
    """
    _, session = find(request)
    seconds = request.number("seconds", HINT_SECONDS)
    found = find_hint(session, min(max(seconds, 0.1), HINT_SECONDS_MAX))
    answer: Answer = {"verdict": found.verdict.value, "message": found.message}
    answer["positions"] = found.positions  # what the search cost (bench/play.py --hints)
    if isinstance(found.action, Move):
        answer["move"] = [found.action.source.text, found.action.target.text]
    elif found.action is not None:
        answer["redeal"] = True
    return answer


@answering
def close_game(request: Request) -> Answer:
    """Forget a session (nothing happens when it is not open)."""
    SESSIONS.forget(request.integer("session"))
    return {}


@answering
def act(request: Request) -> Answer:
    """Apply one action of `crescent.browser.actions.ACTIONS` to a session; answer the new view.

    Actions: `move` (source, target), `tap` (place: goes where the only taker is),
    `drop` (source onto the foundations area), `pick` (place: where it may go),
    `cancel` (a pick put back), `redeal`, `undo`, `reset`, `view`. A move or
    redeal that ends the game says so after its own message. Any action may carry
    `layout` to arrange the horseshoe anew (`view` with `layout`: the screen turned).
    """
    number, session = find(request)
    name = request.text("action")
    handler = ACTIONS.get(name)
    if handler is None:
        raise CrescentError("action.unknown", text=name)
    session.shape = _shape(request, session.shape)
    before = session.game.status
    try:
        answer = handler(session, request)
    except CrescentError as error:
        answer = refusal(error, session.lang)
    after = session.game.status
    if after is not before and after is not Status.IN_PLAY:
        words = catalog(session.lang)
        outcome = words.text(f"ui.{after.value}")
        answer["message"] = words.format("ui.then", first=answer.get("message", ""), then=outcome)
    view = game_view(number, session, answer.pop("message", ""))
    return {**view, **answer}
