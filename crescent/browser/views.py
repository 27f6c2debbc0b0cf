"""The parts of a view that live games and recorded steps share, as JavaScript reads them."""

from __future__ import annotations

from typing import TypedDict

from crescent.places import FOUNDATIONS, PILES
from crescent.position import Position


class PlaceView(TypedDict):
    """One place: how many cards it holds and its top card (`""` when empty)."""

    count: int
    top: str


def places_view(position: Position) -> dict[str, PlaceView]:
    """Every pile and foundation of `position` by its text (`p1`, `up-S`)."""
    places: dict[str, PlaceView] = {}
    for place in (*PILES, *FOUNDATIONS):
        top = position.top(place)
        count = position.count(place)
        places[place.text] = {"count": count, "top": "" if top is None else str(top)}
    return places
