"""Every status and refusal the worker shows is true of the position it is shown for.

Random small positions (few cards on the piles, foundations often met, few or no
redeals left) get random actions through the worker's API, as the rule demos and
the Play page send them. After each answer, what the worker says is checked
against what the engine computes, found independently of `crescent.rules.status`:

- the status is "blocked" exactly when no redeal is left and no card can leave a
  pile, now or after any passes between foundations (every move tried from every
  position the passes reach), and "won" exactly when the foundations hold 104 cards;
- the blocked message ("no card can leave the piles and no redeal is left") is shown
  when, and only when, the game has just become blocked; so is the won message;
- a refused move names the reason the rules give for that move, in the page's
  language, and changes nothing; a refused redeal is refused because none is left;
- the redeal button reads "No redeals" exactly when none is left.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from crescent import browser
from crescent.browser.sessions import SESSIONS
from crescent.cards import Suit
from crescent.errors import CrescentError
from crescent.i18n import LANGUAGES, catalog
from crescent.moves import MOVES
from crescent.places import FOUNDATIONS, PILES, Place
from crescent.position import Position
from crescent.render.controls import redeal_label
from crescent.rules import check_move
from crescent.scenario import parse_scenario

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARDS = tuple(rank + suit for suit in "SHDC" for rank in RANKS)
PLACES = tuple(place.text for place in (*PILES, *FOUNDATIONS))
FOUNDATION_TEXTS = tuple(place.text for place in FOUNDATIONS)


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A small possible position: a few short piles, foundations often met."""
    up, down = {}, {}
    for suit in "SHDC":
        up[suit] = draw(st.integers(1, 13))
        met = 13 - up[suit]
        down[suit] = draw(st.sampled_from([met, met, 13, 1]) if met >= 1 else st.integers(1, 13))
    numbers = draw(st.lists(st.integers(1, 16), min_size=1, max_size=5, unique=True))
    piles = {str(n): " ".join(draw(st.lists(st.sampled_from(CARDS), max_size=3))) for n in numbers}
    redeals = draw(st.sampled_from([0, 0, 0, 1, 2]))
    return {"piles": piles, "up": up, "down": down, "redeals_left": redeals}


actions = st.lists(
    st.one_of(
        st.tuples(st.just("move"), st.sampled_from(PLACES), st.sampled_from(PLACES)),
        st.tuples(st.just("tap"), st.sampled_from(PLACES)),
        st.tuples(st.just("drop"), st.sampled_from(PLACES)),
        st.tuples(st.just("drop"), st.sampled_from(PLACES), st.sampled_from(FOUNDATION_TEXTS)),
        st.tuples(st.just("redeal")),
        st.tuples(st.just("undo")),
    ),
    min_size=1,
    max_size=12,
)


def call(name: str, **payload: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(browser.call(name, json.dumps(payload)))
    return answer


def stuck_for_good(position: Position) -> bool:
    """No card can leave a pile now or after any passes between foundations.

    Every move is tried with the rules' check of one move: from the piles now, and
    from every position that passes between the two foundations of one suit reach
    (passes of one suit change nothing for the others, so each suit is walked apart).
    """
    piles, places = tuple(PILES), (*PILES, *FOUNDATIONS)
    if any(check_move(position, MOVES[s][t]) is None for s in piles for t in places):
        return False
    for suit in Suit:
        pair = (Place.foundation(suit, True), Place.foundation(suit, False))
        seen, todo = {position}, [position]
        while todo:
            current = todo.pop()
            if any(check_move(current, MOVES[s][t]) is None for s in piles for t in pair):
                return False
            for source, target in (pair, pair[::-1]):
                if check_move(current, MOVES[source][target]) is None:
                    after = current.after(MOVES[source][target])
                    if after not in seen:
                        seen.add(after)
                        todo.append(after)
    return True


def expected_status(position: Position) -> str:
    if sum(position.up) + sum(position.down) == 104:
        return "won"
    if position.redeals_left == 0 and stuck_for_good(position):
        return "blocked"
    return "in-play"


def request(action: tuple[str, ...]) -> dict[str, Any]:
    kind = action[0]
    if kind == "move":
        return {"action": "move", "source": action[1], "target": action[2]}
    if kind == "tap":
        return {"action": "tap", "place": action[1]}
    if kind == "drop":
        return {
            "action": "drop",
            "source": action[1],
            **({"target": action[2]} if action[2:] else {}),
        }
    return {"action": kind}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(scenarios(), actions, st.sampled_from(LANGUAGES))
def test_the_words_shown_agree_with_what_the_engine_computes(
    scenario: dict[str, Any], steps: list[tuple[str, ...]], lang: str
) -> None:
    try:
        parse_scenario(scenario)
    except CrescentError:
        assume(False)
    words = catalog(lang)
    view = call("open_game", lang=lang, scenario=scenario)
    number = view["session"]
    session = SESSIONS.get(number)
    try:
        for step in steps:
            before = session.game.position
            status_before = view["status"]
            view = call("act", session=number, **request(step))
            after = session.game.position
            status = expected_status(after)
            assert view["status"] == status
            message = view.get("message", "")
            shown = {
                outcome: words.text(f"ui.{outcome}") in message for outcome in ("won", "blocked")
            }
            for outcome, said in shown.items():
                assert said == (status == outcome and status_before != outcome), (outcome, step)
            if step[0] == "move" and "reason" in view:
                move = MOVES[Place.parse(step[1])][Place.parse(step[2])]
                reason = check_move(before, move)
                assert reason is not None and view["reason"] == reason.value
                assert message.startswith(words.text(reason.key))
                assert after == before
            if step[0] == "drop" and len(step) == 3 and "reason" in view:
                # Refused: for the reason of the foundation it was dropped on.
                move = MOVES[Place.parse(step[1])][Place.parse(step[2])]
                reason = check_move(before, move)
                assert reason is not None and view["reason"] == reason.value, step
                assert message.startswith(words.text(reason.key))
            if step[0] == "undo" and view.get("reason") == "undo-past-redeal":
                assert session.game.moves_made > 0, "“Moves made before a redeal”: some were"
            if step[0] == "redeal":
                assert ("reason" in view) == (before.redeals_left == 0)
            assert view["redeal_label"] == redeal_label(after.redeals_left, lang)
            assert (view["redeal_label"] == words.text("redeal.none")) == (after.redeals_left == 0)
    finally:
        call("close_game", session=number)


def test_the_blocked_message_says_what_the_engine_decides() -> None:
    """Issue 32: cards may still pass between met foundations; the words say no card can
    leave the piles, not that no move is possible; every translation has its own words."""
    words = catalog("en").text("ui.blocked")
    assert words == "No card can leave the piles and no redeal is left: the game is blocked"
    for lang in LANGUAGES:
        if lang != "en" and catalog(lang).translated("ui.blocked"):
            assert catalog(lang).text("ui.blocked") != words, lang


def test_a_message_with_literal_braces_is_shown_in_every_language() -> None:
    """`scenario.bad-piles` shows a JSON example, `{"10": "5H 6H"}`: its braces are not
    fields, and the page gets the sentence, not an exception or the bare key."""
    for lang in LANGUAGES:
        answer = call("open_game", lang=lang, scenario={"piles": []})
        assert answer["error"] == "scenario.bad-piles", lang
        assert '{"10": "5H 6H"}' in answer["message"], lang
        assert answer["message"] != "scenario.bad-piles", lang
