"""What the Play page asks of the engine: new deals, records at a step, restores, hints, drops."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from crescent import browser
from crescent.bidi import isolated_text
from crescent.browser.hints import find_hint, record_at
from crescent.browser.sessions import Session
from crescent.codes import DEAL_COUNT, GameCode
from crescent.game import Game
from crescent.i18n import LANGUAGES, catalog
from crescent.moves import MOVES, REDEAL, Move
from crescent.places import Place
from crescent.record import Record
from crescent.render.steps import describe_step
from crescent.rules import Reason, check_move, foundation_drop, legal_moves
from crescent.solver import Verdict
from crescent.tables import UNDO_LIMIT
from crescent.timeline import MomentError, Step
from tools.games import blocked_record, example_record, lost_late_record, won_example


def call(name: str, **payload: Any) -> dict[str, Any]:
    """Call the browser method `name` as the worker does: through the table, JSON both ways."""
    answer: dict[str, Any] = json.loads(browser.call(name, json.dumps(payload)))
    return answer


def test_a_new_game_is_a_random_numbered_deal_at_its_start() -> None:
    random.seed(2026)
    expected = [GameCode.numbered(random.randrange(DEAL_COUNT)).text for _ in range(5)]
    random.seed(2026)
    codes = [call("open_game", lang="en", new=True)["code"] for _ in range(5)]
    assert codes == expected
    view = call("open_game", lang="en", new=True)
    assert GameCode.parse(view["code"]).kind == "N"
    assert (view["moves"], view["redeals_left"], view["can_undo"]) == (0, 3, False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_example_opens_right_after_its_step_with_words_saying_so(lang: str) -> None:
    record = example_record()
    view = call("open_game", lang=lang, record=record.dumps(), step="move-10")
    assert view["moves"] == 10
    kept, message = record_at(record, "move-10", lang)
    assert view["message"] == isolated_text(message, lang), "cards isolated in Hebrew"
    assert json.loads(view["record"])["moves"] == [action.text for action in kept.actions]
    assert view["undo_depth"] == 10, "the moves of the example can be undone"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_step_the_example_lacks_gets_the_engines_message(lang: str) -> None:
    view = call("open_game", lang=lang, record=example_record().dumps(), step="move-999")
    assert view["error"] == "moment.out-of-range"
    with pytest.raises(MomentError) as raised:
        record_at(example_record(), "move-999", lang)
    assert view["message"] == raised.value.message(lang)


def _bouncing_game() -> tuple[Game, Move, Move]:
    """The example game at its first position where a card can go back and forth between piles."""
    record = example_record()
    game = Game(record.code)
    for action in record.actions:
        for move in legal_moves(game.position):
            back = MOVES[move.target][move.source]
            if move.target < 16 and check_move(game.position.after(move), back) is None:
                return game, move, back
        assert game.apply(action) is None
    raise AssertionError("the example game never lets a card go back and forth")


def test_a_restored_game_keeps_exactly_the_undo_it_had() -> None:
    game, there, back = _bouncing_game()
    for turn in range(UNDO_LIMIT + 30):
        assert game.play(there if turn % 2 == 0 else back) is None
    for _ in range(UNDO_LIMIT):
        assert game.undo() is None
    assert game.undo_refusal() is Reason.UNDO_LIMIT
    text = Record.of(game).dumps()
    restored = call("open_game", lang="en", record=text, undo=game.undo_depth)
    assert (restored["can_undo"], restored["undo_refusal"]) == (False, "undo-limit")
    assert restored["moves"] == game.moves_made
    assert call("open_game", lang="en", record=text)["can_undo"], "replay alone would allow more"


def test_keep_undo_drops_the_oldest_positions_first() -> None:
    game, there, back = _bouncing_game()
    for turn in range(6):
        game.play(there if turn % 2 == 0 else back)
    game.keep_undo(2)
    assert game.undo_depth == 2
    assert game.undo() is None and game.undo() is None
    assert game.undo() is Reason.UNDO_LIMIT
    assert game.moves_made == len(game.actions) - game.actions.count(REDEAL)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_shows_the_next_step_of_a_winning_line(lang: str) -> None:
    # Near the end of the won example, after its last redeal: the search answers at once
    # however loaded the machine, and its first action can only be a move.
    actions = won_example()
    cut = len(actions) - 8
    record = Record(example_record().code, actions[:cut])
    game = Game(record.code)
    for action in record.actions:
        assert game.apply(action) is None
    assert game.position.redeals_left == 0
    view = call("open_game", lang=lang, record=record.dumps())
    answer = call("hint", session=view["session"], seconds=10)
    assert answer.pop("positions") > 0  # what the search cost
    source, target = answer["move"]
    move = MOVES[Place.parse(source)][Place.parse(target)]
    before, number = game.position, game.moves_made + 1
    assert game.play(move) is None
    step = describe_step(Step(1, move, number, None, before, game.position), lang)
    assert answer == {
        "verdict": "won",
        "move": [source, target],
        "message": isolated_text(catalog(lang).format("hint.next", step=step), lang),
    }


def test_a_blocked_game_is_proved_lost() -> None:
    record = blocked_record(undoable=True)
    view = call("open_game", lang="he", record=record.dumps())
    assert view["status"] == "blocked"
    answer = call("hint", session=view["session"])
    assert answer.pop("positions") >= 0
    assert answer == {"verdict": "unwinnable", "message": catalog("he").text("hint.lost")}


@pytest.mark.parametrize("lang", ["en", "he"])
def test_a_game_that_went_wrong_is_proved_lost(lang: str) -> None:
    """In play, 40 cards left, a redeal left: the hint's search proves the loss."""
    view = call("open_game", lang=lang, record=lost_late_record().dumps())
    assert view["status"] == "in-play"
    answer = call("hint", session=view["session"])
    assert answer.pop("positions") >= 0
    assert answer == {"verdict": "unwinnable", "message": catalog(lang).text("hint.lost")}


@pytest.mark.slow
def test_a_search_out_of_time_never_says_lost() -> None:
    # the deal no search has decided yet (the Win rate page lists it)
    game = Game(GameCode.parse("CR1-N-AAAAACY"))
    found = find_hint(Session(game, "ru"), seconds=0.5)
    assert found.verdict is Verdict.GAVE_UP
    assert found.message == catalog("ru").format("hint.unknown", seconds=1)


def test_a_hint_keeps_to_its_time_even_in_the_searches_of_a_suit_alone() -> None:
    """The proof half of a hint rules positions out by searching each suit alone; those
    searches looked at no clock, and a hint asked for 0.3 s here took 5.6 s of CPU."""
    record = example_record()
    game = call("open_game", lang="tr", code=record.code.text)
    session, places = game["session"], list(game["places"])
    for source in places[4::5]:  # refused and played moves, as a reader's taps
        for target in places:
            call("act", session=session, action="move", source=source, target=target)
    call("act", session=session, action="undo")
    call("act", session=session, action="redeal")
    began = time.process_time()
    found = call("hint", session=session, seconds=0.3)
    assert found["verdict"] == "gave-up"
    assert time.process_time() - began < 1.5  # the limit, less than five times the time asked


def test_a_won_game_needs_no_search() -> None:
    game = Game(example_record().code)
    for action in won_example():
        assert game.apply(action) is None
    assert find_hint(Session(game, "tr")).message == catalog("tr").text("ui.won")


def test_a_drop_on_the_foundations_prefers_the_one_it_lands_on() -> None:
    record = example_record()
    view = call("open_game", lang="en", record=record.dumps(), step="start")
    session = view["session"]
    position = Game(record.code).position
    fits = {pile: foundation_drop(position, pile) for pile in Place if pile < 16}
    source = next(pile for pile, target in fits.items() if target is not None)
    target = fits[source]
    assert target is not None
    card = position.top(source)
    assert card is not None
    elsewhere = Place.foundation((card.suit + 1) % 4, True).text
    answer = call("act", session=session, action="drop", source=source.text, target=elsewhere)
    assert answer["moved"] == [source.text, target.text], "on another suit's: the suit's own"
    assert answer["places"][target.text]["top"] == view["places"][source.text]["top"]
    game = Game(record.code)
    assert game.play(MOVES[source][target]) is None
    stuck = next(pile for pile, target in fits.items() if target is None)
    answer = call("act", session=session, action="drop", source=stuck.text, target="up-H")
    stuck_card = game.position.top(stuck)
    assert stuck_card is not None
    # Dropped on one foundation that no foundation of its suit matches: refused as the move
    # onto the one it was dropped on, with its words (not another foundation's reason).
    reason = check_move(game.position, MOVES[stuck][Place.UP_H])
    assert reason is not None
    assert (answer["reason"], answer["message"]) == (reason.value, catalog("en").text(reason.key))
    # Dropped on the area: refused as a move onto the card's own ascending foundation.
    answer = call("act", session=session, action="drop", source=stuck.text)
    reason = check_move(game.position, MOVES[stuck][Place.foundation(stuck_card.suit, True)])
    assert reason is not None
    assert (answer["reason"], answer["message"]) == (reason.value, catalog("en").text(reason.key))


def test_a_card_dropped_on_another_suit_s_foundation_is_refused_for_its_suit() -> None:
    scenario = {"piles": {"6": "5H", "7": "9C"}, "up": {"S": 4}}
    session = call("open_game", lang="en", scenario=scenario)["session"]
    answer = call("act", session=session, action="drop", source="p6", target="up-S")
    assert (answer["reason"], answer["message"]) == ("same-suit", "Must be the same suit")


def test_unknown_sessions_get_an_error_not_an_exception() -> None:
    assert call("hint", session=10**9)["error"] == "session.unknown"
