"""The worker may call exactly the methods of `crescent.browser.METHODS`, nothing else."""

from __future__ import annotations

import json

import pytest

from crescent import browser


def test_the_table_lists_the_calls_of_the_pages() -> None:
    assert list(browser.METHODS) == [
        "open_game",
        "act",
        "hint",
        "close_game",
        "open_steps",
        "show_step",
        "review_words",
        "review_start",
        "review_step",
        "review_stop",
    ]


def test_a_listed_method_answers_json_text() -> None:
    answer = json.loads(browser.call("open_game", json.dumps({"code": "CR1-N-AAAAAAB"})))
    assert (answer["code"], answer["moves"], answer["status"]) == ("CR1-N-AAAAAAB", 0, "in-play")


@pytest.mark.parametrize("name", ["_dumps", "games", "json", "call", "METHODS", "__class__", ""])
def test_any_other_name_is_refused_by_name(name: str) -> None:
    with pytest.raises(browser.UnknownMethod) as refused:
        browser.call(name, "{}")
    assert str(refused.value) == (
        f"no browser method {name!r}; the methods are "
        "open_game, act, hint, close_game, open_steps, show_step, "
        "review_words, review_start, review_step, review_stop"
    )
