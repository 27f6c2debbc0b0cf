"""Every worker method answers every request with JSON, never an exception.

The worker calls `crescent.browser.call(method, text)` with whatever a page sent;
a bug in a page, a stale tab or a hand-made request must get an error object with
words in the request's language (English when it names no language of the site),
not a Python traceback in the console and a board that never answers.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crescent import browser
from crescent.i18n import LANGUAGES, catalog

METHODS = list(browser.METHODS)
SCENARIO = {"piles": {"6": "QS", "7": "KS"}, "redeals_left": 0}
GONE = 10**9
"""A number no session, record or review is held under."""


def answer_to(method: str, text: str) -> dict[str, Any]:
    """The method's answer to `text`: it must be a JSON object."""
    answer = json.loads(browser.call(method, text))
    assert isinstance(answer, dict), answer
    return answer


def refused(method: str, request: object, lang: str = "en") -> dict[str, Any]:
    """The answer to a request that must be refused, checked: key, words in `lang`."""
    text = request if isinstance(request, str) else json.dumps(request)
    answer = answer_to(method, text)
    assert set(answer) == {"error", "message"}, answer
    key = answer["error"]
    assert key != "request.failed", answer
    assert answer["message"], f"{key} has no words"
    words = catalog(lang)
    assert words.has(key), f"{key} is not a message of the catalogs"
    if lang != "en" and words.translated(key):
        assert answer["message"] != catalog("en").text(key), f"{key} answered in English"
    return answer


def _session(lang: str = "en") -> int:
    answer = answer_to("open_game", json.dumps({"lang": lang, "scenario": SCENARIO}))
    number: int = answer["session"]
    return number


_one_session = functools.cache(_session)
"""One live game for many actions, whatever they do to it."""


def _steps(lang: str = "en") -> int:
    opened = answer_to("open_game", json.dumps({"code": "CR1-N-AAAAAAB"}))
    answer = answer_to("open_steps", json.dumps({"lang": lang, "record": opened["record"]}))
    number: int = answer["steps"]
    return number


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "request.not-json"),
        ("{'lang': 'en'}", "request.not-json"),
        ("[1, 2]", "request.not-object"),
        ("null", "request.not-object"),
        ('"open"', "request.not-object"),
        ("3", "request.not-object"),
        ('{"lang": "xx"}', "request.language"),
        ('{"lang": 7}', "request.language"),
    ],
)
def test_text_that_is_not_a_request_gets_english_words(method: str, text: str, key: str) -> None:
    assert refused(method, text)["error"] == key


NEEDS = {
    "act": "session",
    "hint": "session",
    "close_game": "session",
    "review_start": "session",
    "show_step": "steps",
    "review_step": "review",
    "review_stop": "review",
    "open_steps": "record",
}
"""The field each method cannot do without."""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("method", sorted(NEEDS))
def test_a_missing_or_mistyped_field_is_named_in_the_page_language(method: str, lang: str) -> None:
    field = NEEDS[method]
    missing = refused(method, {"lang": lang}, lang)
    assert missing == {
        "error": "request.missing",
        "message": catalog(lang).format("request.missing", field=field),
    }
    mistyped = refused(method, {"lang": lang, field: [field]}, lang)
    assert mistyped["error"] == "request.mistyped"
    assert mistyped["message"] == catalog(lang).format("request.mistyped", field=field)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("method", "field", "kind"),
    [
        ("act", "session", "session"),
        ("hint", "session", "session"),
        ("review_start", "session", "session"),
        ("show_step", "steps", "steps"),
        ("review_step", "review", "review"),
    ],
)
def test_a_number_naming_nothing_held_is_unknown_in_the_page_language(
    method: str, field: str, kind: str, lang: str
) -> None:
    answer = refused(method, {"lang": lang, field: GONE, "action": "view"}, lang)
    assert answer == {"error": f"{kind}.unknown", "message": catalog(lang).text(f"{kind}.unknown")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_closed_session_is_unknown_and_closing_it_again_is_harmless(lang: str) -> None:
    session = _session(lang)
    assert answer_to("close_game", json.dumps({"session": session})) == {}
    assert answer_to("close_game", json.dumps({"session": session})) == {}
    answer = refused("act", {"lang": lang, "session": session, "action": "view"}, lang)
    assert answer["error"] == "session.unknown"


def test_an_answer_about_a_session_speaks_the_sessions_language() -> None:
    session = _session("he")
    answer = refused("act", {"session": session, "action": "fly"}, "he")
    assert answer["message"] == catalog("he").format("action.unknown", text="\u2068fly\u2069")
    # A refused action still answers the board's view, with the refusal beside it.
    answer = answer_to("act", json.dumps({"session": session, "action": "move", "source": 3}))
    assert (answer["error"], answer["message"]) == (
        "request.mistyped",
        catalog("he").format("request.mistyped", field="source"),
    )
    assert answer["session"] == session and "svg" in answer


def test_a_record_let_go_is_unknown_to_show_step() -> None:
    first = _steps("ru")
    for _ in range(8):  # the worker keeps only the last few records opened
        _steps("ru")
    answer = refused("show_step", {"steps": first, "lang": "ru"}, "ru")
    assert answer["error"] == "steps.unknown"


@pytest.mark.parametrize(
    ("method", "request_"),
    [
        ("open_game", {"code": 5}),
        ("open_game", {"new": "yes"}),
        ("open_game", {"record": 3}),
        ("open_game", {"record": "{}", "step": 10}),
        ("open_game", {"code": "CR1-N-AAAAAAB", "undo": "all"}),
        ("open_game", {"code": "CR1-N-AAAAAAB", "layout": ["wide"]}),
        ("open_game", {"scenario": "piles"}),
        ("open_steps", {"record": {"moves": []}}),
        ("show_step", {"steps": 1, "index": "first"}),
        ("review_start", {"session": 1, "seconds": "long"}),
        ("hint", {"session": 1, "seconds": float("inf")}),
        ("act", {"session": True}),
        ("review_step", {"review": 1.5}),
    ],
)
def test_mistyped_fields_get_an_error_object(method: str, request_: dict[str, Any]) -> None:
    if request_.get("session") == 1:
        request_ = {**request_, "session": _session()}
    if request_.get("steps") == 1:
        request_ = {**request_, "steps": _steps()}
    refused(method, request_)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.sampled_from(
    [
        "lang", "session", "steps", "review", "action", "source", "target", "place", "code",
        "record", "scenario", "new", "step", "undo", "layout", "seconds", "index",
    ]
)  # fmt: skip
HANDLE = st.one_of(st.integers(max_value=0), st.integers(min_value=GONE), JSON)
"""A session, steps or review number that names nothing held (the property test must not
start a search: a real session's hint or review would think for seconds)."""


@st.composite
def requests(draw: st.DrawFn) -> str:
    """Any text: random, random JSON, or an object of the methods' own fields."""
    kind = draw(st.sampled_from(["text", "json", "fields"]))
    if kind == "text":
        return draw(st.text(max_size=40))
    if kind == "json":
        return json.dumps(draw(JSON))
    data = draw(st.dictionaries(FIELDS, JSON, max_size=6))
    for name in ("session", "steps", "review"):
        if name in data:
            data[name] = draw(HANDLE)
    if "lang" in data and draw(st.booleans()):
        data["lang"] = draw(st.sampled_from(LANGUAGES))
    return json.dumps(data)


@settings(max_examples=200, deadline=None)
@given(method=st.sampled_from(METHODS), text=requests())
def test_any_request_gets_a_json_answer_never_an_exception(method: str, text: str) -> None:
    answer = answer_to(method, text)
    if "error" in answer:
        assert answer["error"] != "request.failed", answer
        assert isinstance(answer["message"], str) and answer["message"], answer


@settings(max_examples=100, deadline=None)
@given(request=st.dictionaries(FIELDS, JSON, max_size=6))
def test_any_action_on_an_open_game_gets_a_json_answer(request: dict[str, Any]) -> None:
    request["session"] = _one_session()
    request.setdefault("action", "view")
    answer = answer_to("act", json.dumps(request))
    if "error" in answer:
        assert answer["error"] != "request.failed", answer
        assert isinstance(answer["message"], str) and answer["message"], answer
