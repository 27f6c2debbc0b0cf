"""The text equivalent of a diagram, in the page's language.

It lists every foundation (top card and count) and then every pile (count and
top card, or empty), in the words and order the catalogs give, as the Hebrew
seed describes its diagrams.
"""

from __future__ import annotations

from crescent.i18n import catalog
from crescent.places import FOUNDATIONS, PILES, Place
from crescent.position import Position


def place_description(position: Position, place: Place, lang: str) -> str:
    """One entry: `pile 1: 4 cards, J♦ on top`, `ascending spade foundation: 2♠ on top, 2 cards`."""
    words = catalog(lang)
    card = position.top(place)
    count = position.count(place)
    if card is None:
        return words.format("diagram.pile-empty", place=place)
    key = "diagram.pile" if place.is_pile else "diagram.foundation"
    return words.format(
        key, place=place, card=card, card_name=words.card_name(card), cards=words.cards(count)
    )


def text_equivalent(position: Position, lang: str) -> str:
    """Every foundation, then every pile, in one text."""
    words = catalog(lang)
    separator = words.text("diagram.separator")
    foundations = separator.join(place_description(position, p, lang) for p in FOUNDATIONS)
    piles = separator.join(place_description(position, p, lang) for p in PILES)
    return words.format("diagram.text", foundations=foundations, piles=piles)
