"""The diagram renderer on its own, without a site build: a function of (position, language)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from crescent.codes import GameCode
from crescent.i18n import LANGUAGES, catalog
from crescent.places import FOUNDATIONS, PILES, Place
from crescent.position import Position
from crescent.render.controls import demo_view_box, redeal_label
from crescent.render.layout import HEIGHT, WIDTH
from crescent.render.svg import render_svg
from crescent.rules import legal_moves
from crescent.tables import REDEALS

SVG = "{http://www.w3.org/2000/svg}"
START = Position.start(GameCode.parse("CR1-N-AAAAAAB").piles())


def _groups(svg: str) -> dict[str, ET.Element]:
    """Each place's group by the engine's name of the place (`p1`, `up-S`)."""
    root = ET.fromstring(svg)
    groups = {}
    for group in root.iter(f"{SVG}g"):
        if "data-pile" in group.attrib:
            groups[f"p{group.attrib['data-pile']}"] = group
        elif "data-foundation" in group.attrib:
            groups[group.attrib["data-foundation"]] = group
    return groups


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_place_is_drawn_once_with_its_count_and_top_card(lang: str) -> None:
    groups = _groups(render_svg(START, lang))
    assert list(groups) == [place.text for place in (*PILES, *FOUNDATIONS)]
    for place in (*PILES, *FOUNDATIONS):
        top = START.top(place)
        assert groups[place.text].attrib["data-count"] == str(START.count(place))
        assert groups[place.text].attrib["data-top"] == ("" if top is None else str(top))


def test_the_horseshoe_is_the_same_in_every_language() -> None:
    """Right to left pages mirror words, never the board."""
    english = {
        name: group.attrib["transform"] for name, group in _groups(render_svg(START, "en")).items()
    }
    for lang in LANGUAGES:
        drawn = {
            name: g.attrib["transform"] for name, g in _groups(render_svg(START, lang)).items()
        }
        assert drawn == english
    assert ET.fromstring(render_svg(START, "he")).attrib["direction"] == "ltr"


def test_the_drawing_is_the_whole_horseshoe_or_the_part_asked_for() -> None:
    assert ET.fromstring(render_svg(START, "en")).attrib["viewBox"] == f"0 0 {WIDTH} {HEIGHT}"
    box = (10, 20, 300, 400)
    assert ET.fromstring(render_svg(START, "en", view_box=box)).attrib["viewBox"] == "10 20 300 400"


def test_the_label_names_the_drawing_for_screen_readers() -> None:
    root = ET.fromstring(render_svg(START, "ru", label="Ход 10"))
    assert (root.attrib["role"], root.attrib["aria-label"]) == ("img", "Ход 10")


def test_a_demo_shows_its_piles_that_hold_cards_and_the_foundations() -> None:
    piles = tuple(START.piles[:3]) + ((),) * 13
    position = Position(piles, START.up, START.down, START.redeals_left)
    wide = demo_view_box(START)
    narrow = demo_view_box(position)
    assert narrow != wide
    assert narrow[2] <= wide[2] and narrow[3] <= wide[3]
    assert demo_view_box(position) == demo_view_box(Position(piles, START.up, START.down, 0))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_redeal_button_counts_down_then_says_none_are_left(lang: str) -> None:
    words = catalog(lang)
    labels = [redeal_label(left, lang) for left in range(REDEALS, -1, -1)]
    assert [label.replace("\u00a0", " ") for label in labels] == [
        *(words.plural("redeal.button", n).replace("\u00a0", " ") for n in (3, 2, 1)),
        words.text("redeal.none"),
    ]
    assert len(set(labels)) == REDEALS + 1
    # A narrow button breaks a line before the count's brackets, never inside them.
    assert not [label for label in labels if re.search(r"\([^()]* [^()]*\)", label)]


def test_a_marked_place_is_drawn_marked() -> None:
    marked = _groups(render_svg(START, "en", marked=(Place.P1, Place.UP_S)))
    assert {
        name for name, group in marked.items() if "cr-marked" in group.attrib.get("class", "")
    } == {
        "p1",
        "up-S",
    }


@pytest.mark.parametrize("interactive", [False, True])
def test_each_place_draws_its_card_in_a_face_of_its_own_apart_from_its_words(
    interactive: bool,
) -> None:
    """The board moves a place's face (`cr-face`) and never its number or count."""
    position = START.after(legal_moves(START)[0])  # a pile shorter, a place fuller
    for name, group in _groups(render_svg(position, "he", interactive=interactive)).items():
        faces = [g for g in group.iter(f"{SVG}g") if g.attrib.get("class") == "cr-face"]
        assert len(faces) == 1, name
        inside = "".join(ET.tostring(child, encoding="unicode") for child in faces[0])
        assert "cr-number" not in inside and "cr-count" not in inside
        top = position.top(Place.parse(name))
        if top is None:
            assert [child.tag for child in faces[0]] == [f"{SVG}rect"], "the empty outline"
        else:
            symbols = [text.text for text in faces[0].iter(f"{SVG}text")]
            assert top.suit.symbol in symbols, name
