"""markup.escape gives what html.escape gives, quotes included."""

from __future__ import annotations

import html
import json

import pytest

from crescent import browser
from crescent.cards import Card
from crescent.i18n import catalog
from crescent.places import PILES
from crescent.render.markup import escape


@pytest.mark.parametrize(
    "text",
    ["", "plain", "a & b", "<svg>", '"quoted"', "it's", "&amp; already", "\u202eтекст עברית"],
)
def test_escape_matches_the_standard_library(text: str) -> None:
    assert escape(text) == html.escape(text)


def test_live_messages_isolate_cards_in_hebrew_only() -> None:
    for lang in ("he", "en"):
        view = json.loads(
            browser.call("open_game", json.dumps({"lang": lang, "code": "CR1-N-AAAAAAB"}))
        )
        pile = next(p for p in PILES if view["places"][p.text]["top"])
        answer = json.loads(
            browser.call(
                "act",
                json.dumps({"session": view["session"], "action": "pick", "place": pile.text}),
            )
        )
        card = catalog(lang).card(Card.parse(view["places"][pile.text]["top"]))
        isolated = "\u2066" + card + "\u2069"
        assert (isolated in answer["message"]) == (lang == "he"), answer["message"]
        assert card in answer["message"]
