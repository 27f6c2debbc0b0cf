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

import itertools
import json
from typing import Any

from crescent.browser.sessions import UNKNOWN_SESSION, find
from crescent.browser.views import language
from crescent.codes import GameCode
from crescent.i18n import catalog
from crescent.record import Record
from crescent.review import REVIEW_SECONDS, Review, continuation

_reviews: dict[int, tuple[str, Review, GameCode | None]] = {}
_ids = itertools.count(1)

WORDS = ("button", "stop", "progress", "open", "stopped")


def review_words(request: str) -> str:
    """The review's labels in `{"lang"}`: button, stop, progress, open, stopped."""
    lang = language(json.loads(request))
    words = catalog(lang)
    return json.dumps({name: words.text(f"review.{name}") for name in WORDS}, ensure_ascii=False)


def review_start(request: str) -> str:
    """Begin reviewing the game of `{"session", "lang", "seconds"}`; answer its progress."""
    data = json.loads(request)
    lang = language(data)
    session = find(data)
    if session is None:
        return json.dumps(UNKNOWN_SESSION)
    seconds = data.get("seconds", REVIEW_SECONDS)
    budget = min(max(float(seconds), 1.0), 120.0) if isinstance(seconds, int | float) else 20.0
    game = session.game
    review = Review(game.start, tuple(game.actions), budget)
    review_id = next(_ids)
    _reviews[review_id] = (lang, review, game.code)
    return _progress(review_id)


def review_step(request: str) -> str:
    """Search on for about half a second; answer progress, or the finding once done."""
    review_id = int(json.loads(request).get("review", 0))
    if review_id not in _reviews:
        return json.dumps({"error": "review.unknown", "message": ""})
    _reviews[review_id][1].advance()
    return _progress(review_id)


def review_stop(request: str) -> str:
    """Forget a review (stopped, or its answer shown)."""
    _reviews.pop(int(json.loads(request).get("review", 0)), None)
    return "{}"


def _progress(review_id: int) -> str:
    lang, review, code = _reviews[review_id]
    answer: dict[str, Any] = {
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
        return json.dumps(answer, ensure_ascii=False)
    outcome = review.outcome()
    answer |= {"finding": outcome.finding.value, "message": review.message(lang)}
    if outcome.index is not None and code is not None:
        actions = continuation(review.actions, outcome)
        answer["record"] = Record(code, actions).dumps()
        answer["anchor"] = review.anchor(outcome.index)
    del _reviews[review_id]
    return json.dumps(answer, ensure_ascii=False)
