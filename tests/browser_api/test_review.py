"""The review's JSON door: slices with progress, then the finding and the viewer's record."""

from __future__ import annotations

import json
import math
from typing import Any

from crescent import browser
from crescent.game import Game
from crescent.record import Record
from crescent.review import Review
from crescent.rules import Status
from crescent.timeline import steps
from tools.games import lost_from_a_move

LOST_SCENARIO = {
    "piles": {"6": "QS", "7": "KS"},
    "up": {"S": 11, "H": 13, "D": 13, "C": 13},
    "down": {"S": 13, "H": 13, "D": 13, "C": 13},
    "redeals_left": 0,
}


def _call(name: str, **data: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(browser.call(name, json.dumps(data)))
    return answer


def _review(session: int, lang: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    answer = _call("review_start", session=session, lang=lang, seconds=4)
    progress = [answer]
    while not answer["done"]:
        answer = _call("review_step", review=answer["review"])
        progress.append(answer)
    return answer, progress


def test_a_blocked_scenario_game_is_reviewed_in_slices_in_the_page_language() -> None:
    session = _call("open_game", scenario=LOST_SCENARIO, lang="he")["session"]
    assert _call("act", session=session, action="move", source="p7", target="p6")["status"] == (
        Status.BLOCKED.value
    )
    answer, progress = _review(session, "he")
    assert progress[0]["searched"] == 0 and progress[0]["total"] == 2
    assert "0 מתוך 2" in progress[0]["message"].replace("\u00a0", " ")
    assert answer["finding"] == "lost"
    assert "ממהלך 1 והלאה" in answer["message"].replace("\u00a0", " ")
    assert "record" not in answer, "a scenario has no code, so no record"
    assert _call("review_step", review=answer["review"])["error"] == "review.unknown"


def test_a_found_win_comes_with_the_record_the_viewer_opens_at_its_step() -> None:
    # A game whose last winnable position the solver wins within a few dozen positions,
    # and whose later ones it proves lost without a search: the same answer on any machine.
    played = lost_from_a_move()
    session = _call("open_game", record=played.dumps(), lang="en")["session"]
    answer, _ = _review(session, "en")
    assert answer["finding"] == "lost"
    game = Game(played.code)
    for action in played.actions:
        assert game.apply(action) is None
    review = Review.of(game, seconds=math.inf)
    assert review.advance(math.inf)
    assert answer["message"] == review.message("en")
    assert answer["anchor"] == review.anchor(review.outcome().index or 0)
    record = Record.loads(answer["record"])
    assert record.code == played.code
    all_steps = steps(record)  # every entry replays through the rules
    assert any(step.anchor == answer["anchor"] for step in all_steps)
    assert all_steps[-1].after.cards_on_foundations == 104
    index = review.outcome().index or 0
    assert record.actions[:index] == played.actions[:index], "the game, then the line"


def test_words_and_unknown_sessions() -> None:
    words = _call("review_words", lang="ru")
    assert words["button"] == "Где игра пошла не так?"
    assert _call("review_start", session=10**6)["error"] == "session.unknown"
    assert _call("review_stop", review=10**6) == {}
