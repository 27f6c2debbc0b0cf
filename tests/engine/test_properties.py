"""Property tests over random games: cards are conserved, undo is exact, replays agree."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from crescent.cards import CARDS
from crescent.codes import DEAL_COUNT, GameCode
from crescent.game import Game
from crescent.places import FOUNDATIONS
from crescent.position import Position
from crescent.record import Record, replay
from crescent.rules import legal_moves


def all_cards(position: Position) -> Counter[int]:
    seen: Counter[int] = Counter()
    for pile in position.piles:
        seen.update(pile)
    for place in FOUNDATIONS:
        seen.update(position.foundation_cards(place))
    return seen


def play_randomly(number: int, choices: list[int]) -> tuple[Game, list[Position]]:
    """Play `choices` (indices into legal moves; -1 redeals, -2 undoes); keep each position."""
    game = Game(GameCode.numbered(number))
    seen = [game.position]
    for choice in choices:
        if choice == -1:
            game.redeal()
        elif choice == -2:
            game.undo()
        else:
            moves = legal_moves(game.position)
            if moves:
                game.play(moves[choice % len(moves)])
        seen.append(game.position)
    return game, seen


choices = st.lists(st.one_of(st.integers(0, 40), st.sampled_from([-1, -2])), max_size=120)
deals = st.integers(0, DEAL_COUNT - 1)


@settings(max_examples=60, deadline=None)
@given(deals, choices)
def test_all_104_cards_are_there_after_any_sequence(number: int, steps: list[int]) -> None:
    _, positions = play_randomly(number, steps)
    for position in positions:
        assert all_cards(position) == Counter({card: 2 for card in CARDS})
        position.check()


@settings(max_examples=60, deadline=None)
@given(deals, st.lists(st.integers(0, 40), min_size=1, max_size=80))
def test_undo_restores_the_exact_earlier_position(number: int, steps: list[int]) -> None:
    game = Game(GameCode.numbered(number))
    before: list[Position] = []
    for step in steps:
        moves = legal_moves(game.position)
        if not moves:
            break
        before.append(game.position)
        assert game.play(moves[step % len(moves)]) is None
    while before:
        assert game.undo() is None
        assert game.position == before.pop()
        assert game.moves_made == len(before)
    assert game.position == game.start


@settings(max_examples=60, deadline=None)
@given(deals, choices)
def test_replay_is_deterministic_and_records_round_trip(number: int, steps: list[int]) -> None:
    game, _ = play_randomly(number, steps)
    record = Record.of(game)
    assert Record.loads(record.dumps()) == record
    first, second = replay(record), replay(Record.loads(record.dumps()))
    assert first.failed_at is None and second.failed_at is None
    assert first.game.position == second.game.position == game.position
    assert first.game.moves_made == game.moves_made
