"""What an answer says an action changed: the board's motion reads it, never a rule.

Two decks hold two of each card, so the board is told which places a move left and
reached, and which piles a redeal turned, rather than guessing from the cards shown.
"""

from __future__ import annotations

import json
from typing import Any

from crescent import browser
from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import REDEAL, Move
from crescent.places import PILES
from crescent.rules import tap_target, targets
from crescent.timeline import steps
from tools.games import example_record


def call(name: str, **payload: Any) -> dict[str, Any]:
    """Call the browser method `name` as the worker does: through the table, JSON both ways."""
    answer: dict[str, Any] = json.loads(browser.call(name, json.dumps(payload)))
    return answer


def test_a_move_and_its_undo_name_the_same_two_places_both_ways() -> None:
    record = example_record()
    view = call("open_game", lang="en", record=record.dumps(), step="start")
    game = Game(record.code)
    move = record.actions[0]
    assert isinstance(move, Move)
    source, target = move.source.text, move.target.text
    answer = call("act", session=view["session"], action="move", source=source, target=target)
    assert answer["change"] == {"kind": "move", "places": [source, target], "backwards": False}
    assert answer["places"][target]["top"] == view["places"][source]["top"]
    undone = call("act", session=view["session"], action="undo")
    assert undone["change"] == {"kind": "move", "places": [source, target], "backwards": True}
    assert undone["places"] == view["places"]
    assert game.play(move) is None


def test_a_tap_that_plays_says_so_and_a_pick_or_a_refusal_changes_nothing() -> None:
    record = example_record()
    view = call("open_game", lang="he", record=record.dumps(), step="start")
    game = Game(record.code)
    plays = next(p for p in PILES if game.position.count(p) and tap_target(game.position, p))
    answer = call("act", session=view["session"], action="tap", place=plays.text)
    target = tap_target(game.position, plays)
    assert target is not None
    assert answer["change"]["places"] == [plays.text, target.text]
    redealt = call("act", session=view["session"], action="redeal")
    assert redealt["change"]["kind"] == "redeal"
    nothing = call("act", session=view["session"], action="undo")
    assert "change" not in nothing, "no move to take back after a redeal"
    assert "reason" in nothing
    assert "change" not in call("act", session=view["session"], action="cancel")


def test_a_redeal_names_every_pile_of_two_or_more_cards_whatever_shows_on_top() -> None:
    record = example_record()
    first = record.actions.index(REDEAL)
    step = f"move-{sum(isinstance(a, Move) for a in record.actions[:first])}"
    view = call("open_game", lang="ru", record=record.dumps(), step=step)
    answer = call("act", session=view["session"], action="redeal")
    turned = [
        name
        for name, place in view["places"].items()
        if name.startswith("p") and place["count"] > 1
    ]
    assert answer["change"] == {"kind": "redeal", "places": turned, "backwards": False}
    assert "p1" in turned, "the seeds' pile 1: 2♥ 9♣ J♦ J♦ becomes 9♣ J♦ J♦ 2♥"
    assert answer["places"]["p1"]["top"] == "2H"
    counts = {name: place["count"] for name, place in answer["places"].items()}
    assert counts == {name: place["count"] for name, place in view["places"].items()}


def test_each_viewer_step_says_what_its_action_changed() -> None:
    record = example_record()
    opened = call("open_steps", lang="tr", record=record.dumps())
    all_steps = steps(record)
    for index in (0, 1, 10, next(i for i, s in enumerate(all_steps) if s.action is REDEAL)):
        shown = call("show_step", steps=opened["steps"], index=index)
        step = all_steps[index]
        if step.action is None:
            assert shown["change"] is None
        elif isinstance(step.action, Move):
            places = [step.action.source.text, step.action.target.text]
            assert shown["change"] == {"kind": "move", "places": places, "backwards": False}
        else:
            piles = [p.text for p in PILES if step.before.count(p) > 1]
            assert shown["change"] == {"kind": "redeal", "places": piles, "backwards": False}


def test_a_bad_entry_s_quoted_text_loses_its_direction_controls_too() -> None:
    """The viewer quotes a refused record's entry inside the record's own error: the
    entry's right-to-left override is taken out there too, in the viewer's language."""
    text = '{"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": ["p1 \u202ex"]}'
    answer = call("open_steps", lang="he", record=text)
    assert answer["error"] == "record.bad-entry"
    assert "\u202e" not in answer["message"]
    assert catalog("he").text("record.bad-entry").split("{")[0] in answer["message"]


def test_a_refused_entry_s_reason_is_said_in_words() -> None:
    """The viewer names a record's refused entry and why, in the page's words: the reason
    (a str enum) is not quoted text to clean, or its key would show (“same-suit”)."""
    record = json.dumps(
        {"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": ["redeal"] * 4}
    )
    for lang in ("en", "he"):
        answer = call("open_steps", lang=lang, record=record)
        assert "no-redeals" not in answer["message"], answer["message"]
        assert catalog(lang).text("reason.no-redeals") in answer["message"]


def test_a_pick_says_where_the_card_may_go_or_that_nothing_takes_it() -> None:
    """QA report: a card no place takes was picked with "choose where it goes"."""
    record = example_record()
    game = Game(record.code)
    view = call("open_game", lang="tr", record=record.dumps(), step="start")
    words = catalog("tr")
    for place in PILES:
        if not game.position.count(place):
            continue
        card, found = game.position.top(place), targets(game.position, place)
        answer = call("act", session=view["session"], action="pick", place=place.text)
        key = "ui.picked" if found else "ui.picked-nowhere"
        assert answer["message"] == words.format(key, card=words.card(card), place=place)
        call("act", session=view["session"], action="cancel")
    assert any(not targets(game.position, p) for p in PILES if game.position.count(p))
