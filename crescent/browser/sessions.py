"""The live games the worker holds: one `Session` per board, in the store `SESSIONS`.

`crescent.browser.games` opens and forgets sessions; the actions
(`crescent.browser.actions`), the hints and the review (`crescent.browser.review`)
work on the session a request names in `session`. A request that names no open
session is answered `session.unknown` (`crescent.browser.store.UnknownHandle`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from crescent.browser.store import Store
from crescent.game import Game
from crescent.places import Place
from crescent.render.layout import CLASSIC, Horseshoe

if TYPE_CHECKING:
    from crescent.browser.requests import Request
    from crescent.moves import Action
    from crescent.position import Position


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
    lines: dict[Position, tuple[Action, ...]] = field(default_factory=dict)
    """Winning lines the hints found: each of their positions -> the rest of its line."""


SESSIONS: Final[Store[Session]] = Store("session")
"""The open sessions, by the number the page names."""


def find(request: Request) -> tuple[int, Session]:
    """The number and session a request names in `session`; raises `UnknownHandle`.

    From then on the answer speaks the session's language, the page's that opened it.
    """
    number = request.integer("session")
    session = SESSIONS.get(number)
    request.lang = session.lang
    return number, session
