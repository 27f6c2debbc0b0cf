"""The live board's arrangements of the horseshoe: the same horseshoe, every place apart."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from crescent import browser
from crescent.places import FOUNDATIONS, PILES, Place
from crescent.render.layout import CARD_H, CARD_W, CLASSIC, LABELS_H, LIVE, Horseshoe

SHAPES = [CLASSIC, *LIVE.values()]


def box(shape: Horseshoe, place: Place) -> tuple[int, int, int, int]:
    """A place's card with the labels under it: left, top, right, bottom."""
    x, y = shape.origins[place]
    return x, y, x + CARD_W, y + CARD_H + LABELS_H


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: shape.name)
def test_every_place_is_drawn_whole_and_apart_from_the_others(shape: Horseshoe) -> None:
    boxes = [box(shape, place) for place in (*PILES, *FOUNDATIONS)]
    for left, top, right, bottom in boxes:
        assert left >= 0 and right <= shape.width and top >= 0 and bottom <= shape.height
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: shape.name)
def test_the_horseshoe_is_four_left_eight_top_four_right(shape: Horseshoe) -> None:
    x = {place.pile_number: shape.origins[place][0] for place in PILES}
    y = {place.pile_number: shape.origins[place][1] for place in PILES}
    assert len({x[n] for n in range(1, 5)}) == 1 and len({x[n] for n in range(13, 17)}) == 1
    assert all(y[n] > y[n + 1] for n in (1, 2, 3)), "pile 1 lowest on the left"
    assert all(x[n] < x[n + 1] for n in range(5, 12)), "5 to 12 from the left"
    assert all(y[n] < y[n + 1] for n in (13, 14, 15)), "16 lowest on the right"
    assert len({y[n] for n in range(5, 13)}) == 1 and y[5] <= min(y[4], y[13])
    ups, downs = FOUNDATIONS[:4], FOUNDATIONS[4:]
    assert all(
        shape.origins[up][1] < shape.origins[down][1] for up, down in zip(ups, downs, strict=True)
    )
    middle = [shape.origins[place][0] for place in FOUNDATIONS]
    assert x[1] + CARD_W < min(middle) and max(middle) + CARD_W < x[16]


def view_box(svg: str) -> str:
    found = re.search(r'viewBox="([^"]+)"', svg)
    assert found
    return found.group(1)


def test_the_page_asks_for_an_arrangement_and_changes_it_when_the_screen_turns() -> None:
    tall, wide = LIVE["tall"], LIVE["wide"]
    view = json.loads(
        browser.call("open_game", json.dumps({"lang": "he", "new": True, "layout": "tall"}))
    )
    assert view_box(view["svg"]) == f"0 0 {tall.width} {tall.height}"
    session = view["session"]
    turned = json.loads(
        browser.call("act", json.dumps({"session": session, "action": "view", "layout": "wide"}))
    )
    assert view_box(turned["svg"]) == f"0 0 {wide.width} {wide.height}"
    unknown = {"session": session, "action": "view", "layout": "<b>"}
    kept = json.loads(browser.call("act", json.dumps(unknown)))
    assert view_box(kept["svg"]) == f"0 0 {wide.width} {wide.height}"
    plain = json.loads(browser.call("open_game", json.dumps({"lang": "en", "new": True})))
    assert view_box(plain["svg"]) == f"0 0 {CLASSIC.width} {CLASSIC.height}"
