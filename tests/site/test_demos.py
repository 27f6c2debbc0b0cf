"""The rule demos without a browser: scenarios, the engine's answers, the built shells, quotes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from crescent import browser
from crescent.i18n import WORD_JOINER, catalog
from crescent.render.controls import redeal_label
from crescent.scenario import field_line, loads_scenario
from crescent_site.demo import CRASH, ERROR_KINDS
from tests.browser.demos import DEMOS, EMPTY_PICK, OUTCOMES, PLAYS, REFUSALS, Refusal
from tests.site.conftest import LANGUAGES, ROOT, build_site, page_path, written_in
from tests.site.html import Element, parse
from translations import quotes
from translations.project import Project

SCENARIOS = ROOT / "docs" / "scenarios"


def _scenario(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _open(name: str, lang: str = "en") -> dict[str, object]:
    answer: dict[str, object] = json.loads(
        browser.call("open_game", json.dumps({"lang": lang, "scenario": _scenario(name)}))
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


@pytest.mark.parametrize("refusal", [*REFUSALS, EMPTY_PICK], ids=str)
def test_the_engine_refuses_what_the_rules_text_says(refusal: Refusal) -> None:
    view = _open(refusal.demo)
    if refusal.target is None:
        answer = _act(view, action="pick", place=refusal.source)
    else:
        answer = _act(view, action="move", source=refusal.source, target=refusal.target)
    assert answer["reason"] == refusal.reason.value
    assert answer["places"] == view["places"]


def test_the_engine_plays_what_the_rules_text_invites() -> None:
    views: dict[str, dict[str, object]] = {}
    for play in PLAYS:
        view = views.get(play.demo) or _open(play.demo)
        answer = _act(view, action="move", source=play.source, target=play.target)
        assert "reason" not in answer, (play, answer["message"])
        places = answer["places"]
        assert isinstance(places, dict)
        for place, (count, top) in play.after.items():
            assert places[place] == {"count": count, "top": top}, (play, place)
        if play.outcome:
            assert str(answer["message"]).endswith(catalog("en").text(play.outcome))
        views[play.demo] = answer


def test_the_redeal_demo_counts_down_then_refuses() -> None:
    view = _open("redeal")
    labels = [view["redeal_label"]]
    for _ in range(4):
        view = _act(view, action="redeal")
        labels.append(view["redeal_label"])
    assert labels == [redeal_label(n, "en") for n in (3, 2, 1, 0, 0)]
    assert view["reason"] == "no-redeals" and view["status"] == "in-play"


def _demos(site: Path, lang: str) -> list[Element]:
    document = parse(page_path(site, lang, "").read_text(encoding="utf-8"))
    return document.find("article").find_all("div", data_crescent_demo=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_demo_starts_as_a_static_drawing_with_its_words(site: Path, lang: str) -> None:
    words = catalog(lang)
    demos = _demos(site, lang)
    assert [demo.attrs["data-crescent-demo"] for demo in demos] == list(DEMOS)
    for demo in demos:
        name = demo.attrs["data-crescent-demo"]
        assert demo.attrs["data-state"] == "loading" and demo.attrs["data-lang"] == lang
        assert demo.attrs["data-ready"] == words.text("ui.ready")
        for kind in ERROR_KINDS:
            detail = words.text(f"ui.error.{kind}")
            assert demo.attrs[f"data-error-{kind}"] == words.format("ui.error", detail=detail)
        assert demo.attrs[f"data-error-{CRASH}"] == words.text("ui.crashed")
        svg = demo.find("svg")
        assert len(svg.find_all("g", data_pile=True)) == 16
        assert len(svg.find_all("g", data_foundation=True)) == 8
        assert not svg.find_all(role="button"), "the static drawing is not operable"
        data = json.loads(demo.find("script", type="application/json").text)
        assert data == {k: v for k, v in _scenario(name).items() if k not in ("title", "note")}
        status = demo.find(role="status")
        assert status.attrs["aria-live"] == "polite" and status.text == words.text("ui.loading")
        controls = demo.find("div", **{"class": "crescent-demo-controls"})
        assert "hidden" in controls.attrs
        buttons = {b.attrs["data-action"]: b.text for b in controls.find_all("button")}
        expected = {"reset": words.text("ui.reset")}
        if "redeals_left" in _scenario(name):
            left = int(str(_scenario(name)["redeals_left"]))
            expected["redeal"] = redeal_label(left, lang)
        assert buttons == expected


def _is_app_words(phrase: str, messages: quotes.Messages) -> bool:
    """Whether `phrase` is a message of the catalog, whole (a field standing for any
    words) or as its label (the message without the brackets that hold a field)."""
    return phrase in messages.by_label or any(
        pattern.fullmatch(phrase) for entry in messages.by_key.values() for pattern in entry.whole
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_quote_the_catalog_word_for_word(site: Path, lang: str) -> None:
    article = parse(page_path(site, lang, "").read_text(encoding="utf-8")).find("article")
    text = "\n".join(e.text for e in article.iter() if e.tag in ("p", "li"))
    text = text.replace(WORD_JOINER, "")
    source = written_in(lang, "")  # an untranslated rules page is the English one
    words = catalog(source)
    keys = {r.reason.key for r in REFUSALS} | set(OUTCOMES) | {"redeal.none"}
    quoted = [
        next(group for group in found.groups() if group)
        for found in quotes.ANY_QUOTE.finditer(text)
    ]
    assert quoted
    messages = quotes.entries(Project.at(ROOT), source)
    for phrase in quoted:
        assert _is_app_words(phrase, messages), f"{lang}: {phrase!r} is not the catalog's words"
    for key in sorted(keys):
        shown = words.text(key).replace(WORD_JOINER, "")
        assert shown in quoted, f"{lang}: the rules do not quote {key}"


def test_a_broken_demo_marker_or_scenario_fails_the_build_with_file_and_line(
    project_copy: Path, tmp_path: Path
) -> None:
    page = project_copy / "docs" / "index.ru.md"
    text = page.read_text(encoding="utf-8")
    text = text.replace("scenario=wrap -->", "scenario=warp -->")
    page.write_text(text, encoding="utf-8")
    line = text[: text.index("scenario=warp")].count("\n") + 1
    done = build_site(tmp_path / "site", project=project_copy)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert f"index.ru.md:{line}: diagram marker: unknown scenario 'warp'" in done.stderr

    page.write_text(text.replace("scenario=warp -->", "scenario=wrap -->"), encoding="utf-8")
    scenario = project_copy / "docs" / "scenarios" / "full-pile.json"
    source = scenario.read_text(encoding="utf-8").replace('"8": "4H"', '"8": "4X"')
    scenario.write_text(source, encoding="utf-8")
    done = build_site(tmp_path / "site2", project=project_copy)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert f"scenarios/full-pile.json:{field_line(source, 'piles.8')}: piles.8:" in done.stderr
    assert field_line(source, "piles.8") == 1 + source[: source.index('"8": "4X"')].count("\n")
