"""One shared worker serves every open page: what a page opens is its own, and goes
with it (`crescent.browser.call(..., client)`, `crescent.browser.forget_client`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from crescent import browser
from crescent.browser.steps import KEPT_GAMES
from crescent.browser.store import Store, serving

RECORD = Path(__file__).resolve().parents[2] / "docs/examples/won-game.json"


def call(method: str, client: int, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(browser.call(method, json.dumps(request), client))
    return answer


def holds(client: int, session: int) -> bool:
    """Whether page `client` may act on the game `session`: the engine answers with it."""
    answer = call("act", client, session=session, action="undo")
    if answer.get("error") == "session.unknown":
        return False
    assert answer["session"] == session and answer["code"] == "CR1-N-AAAAAAB"
    return True


def test_a_page_names_only_the_games_it_opened() -> None:
    mine = call("open_game", 101, code="CR1-N-AAAAAAB")["session"]
    theirs = call("open_game", 102, code="CR1-N-AAAAAAB")["session"]
    assert holds(101, mine) and not holds(101, theirs)
    call("close_game", 101, session=theirs)  # closing another page's game does nothing
    assert holds(102, theirs) and not holds(102, mine)


def test_a_page_gone_leaves_nothing_behind_and_the_others_keep_theirs() -> None:
    gone = [call("open_game", 201, code="CR1-N-AAAAAAB")["session"] for _ in range(3)]
    staying = call("open_game", 202, code="CR1-N-AAAAAAB")["session"]
    assert [holds(201, session) for session in gone] == [True] * 3
    browser.forget_client(201)
    assert [holds(201, session) for session in gone] == [False] * 3
    assert holds(202, staying)


def test_a_limit_counts_each_page_apart() -> None:
    store: Store[str] = Store("test", limit=2)
    with serving(1):
        first = [store.keep("a"), store.keep("b")]
    with serving(2):
        other = store.keep("c")
    with serving(1):
        store.keep("d")  # the first page's oldest goes, not the other page's
        assert store.get(first[1]) == "b"
    with serving(2):
        assert store.get(other) == "c"
    store.forget_client(2)
    with serving(1):
        assert store.get(first[1]) == "b"


def test_the_viewer_keeps_its_records_whatever_another_page_opens() -> None:
    record = RECORD.read_text(encoding="utf-8")
    shown = call("open_steps", 301, record=record)["steps"]
    for _ in range(KEPT_GAMES + 1):
        call("open_steps", 302, record=record)
    assert "error" not in call("show_step", 301, steps=shown, index=1)
