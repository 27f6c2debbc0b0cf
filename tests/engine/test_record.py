"""The crescent-game/1 record: write, read, replay, and clear errors for bad records."""

import json

import pytest

from crescent.codes import GameCode
from crescent.errors import RecordError
from crescent.game import Game
from crescent.i18n import LANGUAGES, catalog
from crescent.moves import REDEAL
from crescent.record import FORMAT, Record, replay
from crescent.rules import Reason, legal_moves
from crescent.timeline import IllegalRecord, steps


def _played(number: int, count: int) -> Game:
    game = Game(GameCode.numbered(number))
    for step in range(count):
        moves = legal_moves(game.position)
        if moves:
            game.play(moves[step % len(moves)])
        elif game.redeal() is not None:
            break
    return game


def test_a_record_round_trips_and_replays_to_the_same_position() -> None:
    game = _played(3, 30)
    game.redeal()
    text = Record.of(game).dumps()
    data = json.loads(text)
    assert data["format"] == FORMAT
    assert data["code"] == "CR1-N-AAAAAAD"
    assert len(data["deal"]) == 16 and all(len(pile) == 6 for pile in data["deal"])
    assert data["moves"][-1] == "redeal"
    again = Record.loads(text)
    assert again == Record.of(game)
    outcome = replay(again)
    assert outcome.failed_at is None
    assert outcome.game.position == game.position


def test_a_record_with_only_a_deal_gets_a_layout_code() -> None:
    deal = [[str(card) for card in pile] for pile in GameCode.numbered(9).piles()]
    record = Record.loads(json.dumps({"format": FORMAT, "deal": deal, "moves": []}))
    assert record.code.text.startswith("CR1-L-")
    assert record.code.piles() == GameCode.numbered(9).piles()


def test_replay_stops_at_the_first_refused_entry() -> None:
    record = Record(GameCode.numbered(1), (REDEAL, REDEAL, REDEAL, REDEAL))
    outcome = replay(record)
    assert outcome.failed_at == 3
    assert outcome.reason is Reason.NO_REDEALS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_entry_is_explained_in_words_not_codes(lang: str) -> None:
    record = Record(GameCode.numbered(1), (REDEAL, REDEAL, REDEAL, REDEAL))
    with pytest.raises(IllegalRecord) as raised:
        steps(record)
    message = raised.value.message(lang)
    assert catalog(lang).text(Reason.NO_REDEALS.key) in message
    assert Reason.NO_REDEALS.value not in message


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("{", "record.not-json"),
        ("[]", "record.not-object"),
        ('{"format": "crescent-game/2", "code": "CR1-N-AAAAAAB"}', "record.bad-format"),
        ('{"format": "crescent-game/1"}', "record.no-code"),
        ('{"format": "crescent-game/1", "code": "CR1-N-AAAA"}', "record.bad-code"),
        ('{"format": "crescent-game/1", "code": 5}', "record.code-not-text"),
        (
            '{"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": "p1 p2"}',
            "record.moves-not-list",
        ),
        (
            '{"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": ["p1 p99"]}',
            "record.bad-entry",
        ),
        (
            '{"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": [7]}',
            "record.bad-entry",
        ),
        ('{"format": "crescent-game/1", "deal": [["AS"]]}', "record.bad-deal"),
        ('{"format": "crescent-game/1", "deal": "AS"}', "record.deal-shape"),
        ('{"format": "crescent-game/1", "deal": [["ZZ"]]}', "record.deal-card"),
    ],
)
def test_malformed_records_say_what_is_wrong(text: str, key: str) -> None:
    with pytest.raises(RecordError) as raised:
        Record.loads(text)
    assert raised.value.key == key
    assert str(raised.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"code": "CR1-N-AAAAAAB"}', "The record does not say its format"),
        ('{"format": true}', "The record's format is “true”"),
        ('{"format": null}', "The record's format is “null”"),
        ('{"format": "crescent-game/2"}', "The record's format is “crescent-game/2”"),
        # An empty string as JSON writes it: "is “”" quoted nothing.
        ('{"format": ""}', 'The record\'s format is “""”'),
        ('{"format": "crescent-game/1", "deal": [["AS", " "]]}', 'holds “" "”'),
        (
            '{"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": [null]}',
            "not as null",
        ),
        ('{"x": ' + "9" * 5000 + "}", "a number in it is too long"),
        ("[" * 100_000 + "]" * 100_000, "its brackets nest too deeply"),
    ],
)
def test_a_wrong_value_is_named_as_json_writes_it(text: str, message: str) -> None:
    """JSON's words (`null`, `true`), not Python's (`None`, `True`); valid JSON Python will
    not read is said to be so, not "not JSON"."""
    with pytest.raises(RecordError) as raised:
        Record.loads(text)
    assert message in str(raised.value)


def test_code_and_deal_must_agree() -> None:
    deal = [[str(card) for card in pile] for pile in GameCode.numbered(2).piles()]
    text = json.dumps({"format": FORMAT, "code": "CR1-N-AAAAAAB", "deal": deal})
    with pytest.raises(RecordError) as raised:
        Record.loads(text)
    assert raised.value.key == "record.code-deal-differ"


def test_messages_count_entries_from_one_as_readers_do() -> None:
    """Four native readers and a QA run: "Entry 1 … refused" named the second entry, while
    the viewer's list of steps counts from 1 ("Move 1" is the first)."""
    text = json.dumps({"format": FORMAT, "code": "CR1-N-AAAAAAB", "moves": ["redeal", "p1 x"]})
    with pytest.raises(RecordError, match=r"^Entry\s2 of the record's moves"):
        Record.loads(text)
    fourth = Record(GameCode.numbered(1), (REDEAL,) * 4)
    with pytest.raises(IllegalRecord) as refused:
        steps(fourth)
    assert refused.value.message("en").startswith("Entry\u00a04 of the game (“redeal”) is refused")
