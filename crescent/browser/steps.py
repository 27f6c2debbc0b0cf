"""The Examples viewer's door to the engine: a recorded game, step by step.

`open_steps` replays a record once (the engine checks every move) and keeps its
steps; the record may be the reader's own (pasted, from a file or a link), so
it is refused, with a message in the page's language, when it is larger than
`RECORD_MAX_CHARS` or longer than `RECORD_MAX_ENTRIES`, and nothing the reader
typed reaches a message with its direction controls. `show_step` answers the
drawing of one step in the page's language, with the move's source and target
marked. JSON text in, JSON text out, as in
`crescent.browser.games`. A step's view says what its action changed
(`change`, `crescent.browser.views.change_view`), so that the viewer shows the
card travel forwards, or backwards when the reader steps back.
"""

from __future__ import annotations

import re
from typing import Final

from crescent.browser.requests import Answer, Request, answering
from crescent.browser.store import Store
from crescent.browser.views import change_view, places_view
from crescent.errors import CrescentError
from crescent.i18n import catalog
from crescent.moves import REDEAL, Move
from crescent.record import RECORD_MAX_CHARS, RECORD_MAX_ENTRIES, Record
from crescent.render.steps import describe_step
from crescent.render.svg import render_svg
from crescent.rules import Status, status
from crescent.timeline import Step, steps

KEPT_GAMES: Final = 4
"""Opened games kept in the worker: the one shown and the few before it."""
_CONTROLS: Final = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Direction marks, embeddings, overrides and isolates."""

GAMES: Final[Store[tuple[str, list[Step]]]] = Store("steps", limit=KEPT_GAMES)
"""The opened games, each its page language and its steps, by the number the page names."""


@answering
def open_steps(request: Request) -> Answer:
    """Replay `{"lang", "record"}`; answer `{"steps", "count", "anchors", "summary"}` or an error.

    `summary` says the game's code and length in the page's language.
    """
    lang = request.lang
    text = request.text("record")
    words = catalog(lang)
    if len(text) > RECORD_MAX_CHARS:
        raise CrescentError("viewer.too-large", limit=RECORD_MAX_CHARS // 1024)
    try:
        record = Record.loads(text)
    except CrescentError as error:
        raise _safe(error) from None
    if len(record.actions) > RECORD_MAX_ENTRIES:
        raise CrescentError("viewer.too-long", count=len(record.actions), limit=RECORD_MAX_ENTRIES)
    try:
        all_steps = steps(record)
    except CrescentError as error:
        raise _safe(error) from None
    game = GAMES.keep((lang, all_steps))
    redeals = sum(1 for action in record.actions if action is REDEAL)
    summary = words.format(
        "viewer.opened",
        code=record.code.text,
        moves=len(record.actions) - redeals,
        redeals=redeals,
    )
    return {
        "steps": game,
        "count": len(all_steps),
        "anchors": [s.anchor for s in all_steps],
        "summary": summary,
    }


def _safe(error: CrescentError) -> CrescentError:
    """`error` with every direction control taken out of the reader's text it quotes."""
    values = {name: _safe_value(value) for name, value in error.values.items()}
    return CrescentError(error.key, **values)


def _safe_value(value: object) -> object:
    """A quoted text without direction controls; an error within the error made safe too."""
    if type(value) is str:  # the reader's text; a reason (a str enum) is said in words
        return _CONTROLS.sub("", value)
    return _safe(value) if isinstance(value, CrescentError) else value


def step_sentence(step: Step, lang: str) -> str:
    """What the viewer says of `step`: the step, and after the move that wins, the win."""
    description = describe_step(step, lang)
    if step.action is not None and status(step.after) is Status.WON:
        words = catalog(lang)
        description = words.format("ui.then", first=description, then=words.text("ui.won"))
    return description


@answering
def show_step(request: Request) -> Answer:
    """The view of step `index` of an opened game: SVG, places, anchor, sentence, change.

    The move that wins says so after its own sentence, as Play and the demos do; `won`
    tells the page that nothing is left to continue from there."""
    lang, all_steps = GAMES.get(request.integer("steps"))
    request.lang = lang
    index = max(0, min(request.integer("index", 0), len(all_steps) - 1))
    step = all_steps[index]
    marked = tuple(step.action) if isinstance(step.action, Move) else ()
    description = step_sentence(step, lang)
    position = step.after
    won = status(position) is Status.WON
    return {
        "index": index,
        "anchor": step.anchor,
        "won": won,
        "description": description,
        "svg": render_svg(position, lang, label=description, marked=marked),
        "places": places_view(position),
        "change": None if step.action is None else change_view(step.action, step.before),
    }
