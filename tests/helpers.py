"""Small builders shared by the tests."""

from __future__ import annotations

from crescent.cards import Card
from crescent.position import Position


def cards(text: str) -> tuple[Card, ...]:
    """`"AS 10H"` -> the cards, bottom to top."""
    return tuple(Card.parse(word) for word in text.split())


def position(
    piles: dict[int, str] | None = None,
    up: str = "",
    down: str = "",
    redeals: int = 3,
) -> Position:
    """A position from pile texts by pile number, and foundation counts like `"S2 H13"`.

    Foundations not named hold their base only.
    """
    rows = [cards((piles or {}).get(number, "")) for number in range(1, 17)]
    return Position(tuple(rows), _counts(up), _counts(down), redeals)


def _counts(text: str) -> tuple[int, int, int, int]:
    counts = [1, 1, 1, 1]
    for word in text.split():
        counts["SHDC".index(word[0])] = int(word[1:])
    return (counts[0], counts[1], counts[2], counts[3])
