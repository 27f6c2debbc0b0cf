"""The rule demos through the worker's API, in every language: each scenario is a position
and a demo of every rules page; the engine refuses and plays what the rules text says,
in the page's words. What the page does with these answers: tests/browser/test_demos.py."""

from __future__ import annotations

import json
import re

import pytest

from crescent import browser
from crescent.i18n import LANGUAGES, POP_DIRECTIONAL_ISOLATE, catalog
from crescent.render.controls import redeal_label
from crescent.scenario import loads_scenario
from tests.browser.demos import DEMOS, EMPTY_PICK, PLAYS, REFUSALS, Refusal
from tests.site.conftest import ROOT, written_in

SCENARIOS = ROOT / "docs" / "scenarios"


def scenario_data(name: str) -> dict[str, object]:
    """The scenario file of the demo `name`, as JSON."""
    data: dict[str, object] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _open(name: str, lang: str = "en") -> dict[str, object]:
    answer: dict[str, object] = json.loads(
        browser.call("open_game", json.dumps({"lang": lang, "scenario": scenario_data(name)}))
    )
    return answer


def _act(view: dict[str, object], **request: object) -> dict[str, object]:
    answer: dict[str, object] = json.loads(
        browser.call("act", json.dumps({"session": view["session"], **request}))
    )
    return answer


def test_every_scenario_is_a_position_and_a_demo_of_every_rules_page() -> None:
    files = sorted(path.stem for path in SCENARIOS.glob("*.json"))
    assert files == sorted(DEMOS)
    for name in DEMOS:
        loads_scenario((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        source = written_in(lang, "")
        page = ROOT / "docs" / ("index.md" if source == "en" else f"index.{lang}.md")
        found = re.findall(r"<!-- crescent:demo scenario=([\w-]+) -->", page.read_text("utf-8"))
        assert tuple(found) == DEMOS, lang


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("refusal", [*REFUSALS, EMPTY_PICK], ids=str)
def test_the_engine_refuses_what_the_rules_text_says(refusal: Refusal, lang: str) -> None:
    """The reason, in the page's words (the browser shows this message as it comes)."""
    view = _open(refusal.demo, lang)
    if refusal.target is None:
        answer = _act(view, action="pick", place=refusal.source)
    else:
        answer = _act(view, action="move", source=refusal.source, target=refusal.target)
    assert answer["reason"] == refusal.reason.value
    assert answer["message"] == catalog(lang).text(refusal.reason.key)
    assert answer["places"] == view["places"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_engine_plays_what_the_rules_text_invites(lang: str) -> None:
    views: dict[str, dict[str, object]] = {}
    for play in PLAYS:
        view = views.get(play.demo) or _open(play.demo, lang)
        answer = _act(view, action="move", source=play.source, target=play.target)
        assert "reason" not in answer, (play, answer["message"])
        places = answer["places"]
        assert isinstance(places, dict)
        for place, (count, top) in play.after.items():
            assert places[place] == {"count": count, "top": top}, (play, place)
        if play.outcome:
            outcome = catalog(lang).text(play.outcome)  # last, in the English isolate if any
            message = str(answer["message"]).removesuffix(POP_DIRECTIONAL_ISOLATE)
            assert message.endswith(outcome), (message, outcome)
        views[play.demo] = answer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_redeal_demo_counts_down_then_refuses(lang: str) -> None:
    words = catalog(lang)
    view = _open("redeal", lang)
    labels, messages = [view["redeal_label"]], []
    for _ in range(4):
        view = _act(view, action="redeal")
        labels.append(view["redeal_label"])
        messages.append(view["message"])
    assert labels == [redeal_label(n, lang) for n in (3, 2, 1, 0, 0)]
    assert redeal_label(0, lang) == words.text("redeal.none")
    assert messages == [
        *(words.text(f"step.redeal-{number}") for number in (1, 2, 3)),
        words.text("reason.no-redeals"),
    ]
    assert view["reason"] == "no-redeals" and view["status"] == "in-play"
