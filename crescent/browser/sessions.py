"""The live games the worker holds: one `Session` per board, found by its number.

`crescent.browser.games` opens and forgets sessions; the actions
(`crescent.browser.actions`) and the review (`crescent.browser.review`) work on
the session a request names. A request that names no open session gets
`UNKNOWN_SESSION` as its answer.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Final

from crescent.game import Game
from crescent.places import Place
from crescent.render.layout import CLASSIC, Horseshoe


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


UNKNOWN_SESSION: Final = {"error": "session.unknown", "message": ""}
"""The answer to a request for a session that is not open (closed, or never opened)."""

_sessions: dict[int, Session] = {}
_ids = itertools.count(1)


def keep(session: Session) -> int:
    """Hold `session`; its number, which the page names in later requests."""
    number = next(_ids)
    _sessions[number] = session
    return number


def find(data: dict[str, Any]) -> Session | None:
    """The session a request names in `session`, or None when it is not open."""
    try:
        return _sessions.get(int(data.get("session", 0)))
    except (TypeError, ValueError):
        return None


def forget(number: int) -> None:
    """Let the session `number` go (nothing happens when it is not open)."""
    _sessions.pop(number, None)
