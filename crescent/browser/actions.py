"""What a player does to a live game, one handler per action, each answering in words.

`crescent.browser.games.act` looks the action up in `ACTIONS` and calls it with
the session and the request. A handler changes the session's game through the
engine (`crescent.game`, `crescent.rules`) and answers what the view adds: a
`message` in the page's language and, as the case may be, `reason` (a refusal's
code), `moved`, `picked` and `targets`, and `change` (`crescent.browser.views.
change_view`: what a move, redeal or undo did, for the board's motion). Every rule
is the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from crescent.browser.requests import Request
from crescent.browser.sessions import Session
from crescent.browser.views import change_view
from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import MOVES, REDEAL, Move
from crescent.places import Place
from crescent.render.steps import describe_step
from crescent.rules import Reason, check_move, check_pick, foundation_drop, tap_target, targets
from crescent.timeline import Step

Answer = dict[str, Any]
Action = Callable[[Session, Request], Answer]


def _place(request: Request, name: str) -> Place:
    return Place.parse(request.text(name))


def _refusal(session: Session, reason: Reason) -> Answer:
    """The answer to a refused action: the reason in words and as a code."""
    return {"message": catalog(session.lang).text(reason.key), "reason": reason.value}


def _play(session: Session, move: Move) -> Answer:
    game = session.game
    before = game.position
    reason = game.play(move)
    if reason is not None:
        session.marked = ()
        return _refusal(session, reason)
    step = Step(len(game.actions), move, game.moves_made, None, before, game.position)
    session.marked = move
    return {
        "message": describe_step(step, session.lang),
        "moved": [move.source.text, move.target.text],
        "change": change_view(move, before),
    }


def move(session: Session, request: Request) -> Answer:
    """Play `source` onto `target`."""
    return _play(session, MOVES[_place(request, "source")][_place(request, "target")])


def tap(session: Session, request: Request) -> Answer:
    """Play `place`'s top card where the only taker is; else pick it up."""
    source = _place(request, "place")
    reason = check_pick(session.game.position, source)
    if reason is not None:
        return _refusal(session, reason)
    target = tap_target(session.game.position, source)
    if target is not None:
        return _play(session, MOVES[source][target])
    return pick(session, request)


def pick(session: Session, request: Request) -> Answer:
    """Pick up `place`'s top card: the places it may go to."""
    source = _place(request, "place")
    position = session.game.position
    reason = check_pick(position, source)
    if reason is not None:
        return _refusal(session, reason)
    card = position.top(source)
    found = [place.text for place in targets(position, source)]
    key = "ui.picked" if found else "ui.picked-nowhere"  # "choose where it goes" was false
    message = catalog(session.lang).format(key, card=card, place=source)
    return {"message": message, "picked": source.text, "targets": found}


def drop(session: Session, request: Request) -> Answer:
    """`source` dropped on the foundations area (or on one foundation, `target`)."""
    source = _place(request, "source")
    position = session.game.position
    chosen = _place(request, "target") if request.text("target", "") else None
    if chosen is not None and not chosen.is_foundation:
        chosen = None
    if chosen is not None and check_move(position, MOVES[source][chosen]) is None:
        return _play(session, MOVES[source][chosen])
    # Dropped on one foundation that does not take it: a foundation of its suit that does,
    # else the refusal of the one it was dropped on, which names what the player tried.
    target = foundation_drop(position, source)
    if target is None and chosen is not None:
        return _play(session, MOVES[source][chosen])
    if target is None:
        card = position.top(source)
        if card is None:
            return _play(session, MOVES[source][Place.UP_S])
        fallback = Place.foundation(card.suit, True)
        if fallback == source:
            fallback = Place.foundation(card.suit, False)
        return _play(session, MOVES[source][fallback])
    return _play(session, MOVES[source][target])


def _refused(session: Session, reason: Reason | None) -> Answer | None:
    """After a redeal or undo: the marked pile is let go; the refusal's answer, if any."""
    session.marked = ()
    return None if reason is None else _refusal(session, reason)


def redeal(session: Session, request: Request) -> Answer:
    """Gather the piles and deal them again."""
    before = session.game.position
    refused = _refused(session, session.game.redeal())
    if refused is not None:
        return refused
    number = session.game.position.redeals_made
    message = catalog(session.lang).text(f"step.redeal-{number}")
    return {"message": message, "change": change_view(REDEAL, before)}


def undo(session: Session, request: Request) -> Answer:
    """Take the last move back."""
    game = session.game
    taken = game.actions[-1] if game.actions else REDEAL  # a move whenever undo is allowed
    refused = _refused(session, game.undo())
    if refused is not None:
        return refused
    words = catalog(session.lang)
    return {
        "message": words.format("ui.undone", moves=game.moves_made),
        "change": change_view(taken, game.position, backwards=True),
    }


def reset(session: Session, request: Request) -> Answer:
    """Start the game again from its deal."""
    session.game = Game(session.game.code, session.game.start)
    session.marked = ()
    return {"message": catalog(session.lang).text("ui.reset-done")}


def cancel(session: Session, request: Request) -> Answer:
    """A picked card put back."""
    return {"message": catalog(session.lang).text("ui.cancelled")}


def view(session: Session, request: Request) -> Answer:
    """Nothing changes but what the request carries (`layout`: the screen turned)."""
    return {}


ACTIONS: Final[Mapping[str, Action]] = MappingProxyType(
    {
        "move": move,
        "tap": tap,
        "pick": pick,
        "drop": drop,
        "redeal": redeal,
        "undo": undo,
        "reset": reset,
        "cancel": cancel,
        "view": view,
    }
)
"""Every action `act` takes, by the name the page sends."""
