"""The Examples viewer's door to the engine: a recorded game, step by step.

`open_steps` replays a record once (the engine checks every move) and keeps its
steps; `show_step` answers the drawing of one step in the page's language, with
the move's source and target marked. JSON text in, JSON text out, as in
`crescent.browser.games`.
"""

from __future__ import annotations

import itertools
import json

from crescent.bidi import isolated_text
from crescent.browser.views import places_view
from crescent.errors import CrescentError
from crescent.i18n import LANGUAGES
from crescent.moves import Move
from crescent.record import Record
from crescent.render.steps import describe_step
from crescent.render.svg import render_svg
from crescent.timeline import Step, steps

_games: dict[int, tuple[str, list[Step]]] = {}
_ids = itertools.count(1)


def open_steps(request: str) -> str:
    """Replay `{"lang", "record"}`; answer `{"steps", "count", "anchors"}` or an error."""
    data = json.loads(request)
    lang = data.get("lang") if data.get("lang") in LANGUAGES else "en"
    try:
        all_steps = steps(Record.loads(str(data.get("record", ""))))
    except CrescentError as error:
        message = error.message(lang, isolate=True)
        return json.dumps({"error": error.key, "message": message}, ensure_ascii=False)
    game = next(_ids)
    _games[game] = (lang, all_steps)
    return json.dumps(
        {"steps": game, "count": len(all_steps), "anchors": [s.anchor for s in all_steps]}
    )


def show_step(request: str) -> str:
    """The view of step `index` of an opened game: SVG, places, anchor, sentence."""
    data = json.loads(request)
    lang, all_steps = _games[int(data["steps"])]
    index = max(0, min(int(data.get("index", 0)), len(all_steps) - 1))
    step = all_steps[index]
    marked = tuple(step.action) if isinstance(step.action, Move) else ()
    description = describe_step(step, lang)
    position = step.after
    places = places_view(position)
    return json.dumps(
        {
            "index": index,
            "anchor": step.anchor,
            "description": isolated_text(description, lang),
            "svg": render_svg(position, lang, label=description, marked=marked),
            "places": places,
        },
        ensure_ascii=False,
    )
