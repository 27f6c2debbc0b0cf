"""The Play page's door to "where did it go wrong?": a review run in slices.

`review_start` begins a backwards search over a session's game
(`crescent.review`); the page calls `review_step` again and again, each call
working about half a second, so that the worker answers moves in between and
the page shows progress. The last step answers the finding in words and, when a
win was found, the record of the game up to there followed by the solver's
winning line, with the viewer's anchor of the step it starts from. JSON text
in, JSON text out, as in `crescent.browser.games`, on the session
(`crescent.browser.sessions`) a request names.
"""

from __future__ import annotations

from typing import Final

from crescent.browser.requests import Answer, Request, answering
from crescent.browser.sessions import find
from crescent.browser.store import Store
from crescent.codes import GameCode
from crescent.i18n import catalog
from crescent.record import Record
from crescent.review import REVIEW_SECONDS, Review, continuation

REVIEW_SECONDS_MAX: Final = 120.0
"""The longest a page may let one review search."""
REVIEWS: Final[Store[tuple[str, Review, GameCode | None]]] = Store("review")
"""The reviews under way, each its page language, its search and its game's code."""

WORDS = ("button", "stop", "progress", "open", "stopped")


@answering
def review_words(request: Request) -> Answer:
    """The review's labels in `{"lang"}`: button, stop, progress, open, stopped."""
    words = catalog(request.lang)
    return {name: words.text(f"review.{name}") for name in WORDS}


@answering
def review_start(request: Request) -> Answer:
    """Begin reviewing the game of `{"session", "lang", "seconds"}`; answer its progress."""
    _, session = find(request)
    lang = request.lang
    seconds = request.number("seconds", REVIEW_SECONDS)
    budget = min(max(seconds, 1.0), REVIEW_SECONDS_MAX)
    game = session.game
    review = Review(game.start, tuple(game.actions), budget)
    return _progress(REVIEWS.keep((lang, review, game.code)))


@answering
def review_step(request: Request) -> Answer:
    """Search on for about half a second; answer progress, or the finding once done."""
    review_id = request.integer("review")
    lang, review, _ = REVIEWS.get(review_id)
    request.lang = lang
    review.advance()
    return _progress(review_id)


@answering
def review_stop(request: Request) -> Answer:
    """Forget a review (stopped, or its answer shown)."""
    REVIEWS.forget(request.integer("review"))
    return {}


def _progress(review_id: int) -> Answer:
    lang, review, code = REVIEWS.get(review_id)
    answer: Answer = {
        "review": review_id,
        "done": review.done,
        "searched": review.searched,
        "total": review.total,
    }
    if not review.done:
        answer["message"] = catalog(lang).format(
            "review.searching",
            searched=review.searched,
            total=review.total,
            seconds=round(review.spent),
            budget=round(review.seconds),
        )
        return answer
    outcome = review.outcome()
    answer |= {"finding": outcome.finding.value, "message": review.message(lang)}
    if outcome.index is not None and code is not None:
        actions = continuation(review.actions, outcome)
        answer["record"] = Record(code, actions).dumps()
        answer["anchor"] = review.anchor(outcome.index)
    REVIEWS.forget(review_id)
    return answer
