"""Cards: canonical text, lenient parsing, specific errors."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crescent.cards import CARDS, Card, Suit, full_pack
from crescent.errors import CardError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS", "AS"),
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("q♦", "QD"),
        ("K♣", "KC"),
        (" 7♡ ", "7H"),
        ("jS", "JS"),
    ],
)
def test_parsing_accepts_ten_as_t_lower_case_and_symbols(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@given(st.sampled_from(CARDS))
def test_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert eval(repr(card)) is card


def test_cards_are_small_interned_values() -> None:
    assert Card(1, Suit.SPADES) is Card.parse("AS")
    assert Card.parse("KC").rank == 13
    assert Card.parse("KC").suit is Suit.CLUBS
    assert hash(Card.parse("AS")) == hash(Card.parse("as"))


def test_two_packs_make_104_cards() -> None:
    pack = full_pack()
    assert len(pack) == 104
    assert all(pack.count(card) == 2 for card in CARDS)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("A", "card.too-short"),
        ("AX", "card.bad-suit"),
        ("1S", "card.bad-rank"),
        ("11H", "card.bad-rank"),
        ("ZZ", "card.bad-suit"),
    ],
)
def test_bad_cards_say_what_is_wrong(text: str, key: str) -> None:
    with pytest.raises(CardError) as raised:
        Card.parse(text)
    assert raised.value.key == key
    assert f"“{text}”" in str(raised.value)


@pytest.mark.parametrize("text", ["", "  "])
def test_no_card_is_said_without_quoting_nothing(text: str) -> None:
    with pytest.raises(CardError) as raised:
        Card.parse(text)
    assert raised.value.key == "card.empty"
    assert "“" not in str(raised.value)


def test_an_error_says_its_key_and_values_when_the_catalogs_are_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import crescent.i18n

    with pytest.raises(CardError) as raised:
        Card.parse("ZZ")
    monkeypatch.setattr(crescent.i18n, "LOCALE_DIR", tmp_path)
    crescent.i18n.catalog.cache_clear()
    with pytest.raises(crescent.i18n.CatalogMissing):
        raised.value.message("en")
    assert str(raised.value) == "card.bad-suit (text='ZZ', suit='Z')"
    monkeypatch.undo()
    crescent.i18n.catalog.cache_clear()
    assert str(raised.value) == "“ZZ” is not a card: “Z” is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)"
