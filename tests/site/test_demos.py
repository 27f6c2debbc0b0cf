"""The rule demos in the built pages: the static shells and their words, the quotes, broken
markers. The engine's answers to the demos: tests/browser_api/test_demos.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crescent.i18n import NO_BREAK_SPACE, WORD_JOINER, catalog
from crescent.render.controls import redeal_label
from crescent.scenario import field_line
from crescent_site.demo import CRASH, ERROR_KINDS
from tests.browser.demos import DEMOS, OUTCOMES, REFUSALS
from tests.browser_api.test_demos import scenario_data
from tests.site.conftest import LANGUAGES, ROOT, build_site, one_language, page_path, written_in
from tests.site.html import Element, parse
from translations import quotes
from translations.project import Project


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
            key = "ui.error" if kind == "no-wasm" else "ui.error-retry"  # a reload may mend
            assert demo.attrs[f"data-error-{kind}"] == words.format(key, detail=detail)
        assert demo.attrs[f"data-error-{CRASH}"] == words.text("ui.crashed")
        # the loading bar's share, written as the pages write a percent (not as Intl does)
        assert demo.attrs["data-percent"] == words.text("number.percent")
        svg = demo.find("svg")
        assert len(svg.find_all("g", data_pile=True)) == 16
        assert len(svg.find_all("g", data_foundation=True)) == 8
        assert not svg.find_all(role="button"), "the static drawing is not operable"
        data = json.loads(demo.find("script", type="application/json").text)
        assert data == {k: v for k, v in scenario_data(name).items() if k not in ("title", "note")}
        status = demo.find(role="status")
        assert status.attrs["aria-live"] == "polite" and status.text == words.text("ui.loading")
        controls = demo.find("div", **{"class": "crescent-demo-controls"})
        assert "hidden" in controls.attrs
        buttons = {b.attrs["data-action"]: b.text for b in controls.find_all("button")}
        expected = {"reset": words.text("ui.reset")}
        if "redeals_left" in scenario_data(name):
            left = int(str(scenario_data(name)["redeals_left"]))
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
        next(group for group in found.groups() if group).replace(NO_BREAK_SPACE, " ")
        for found in quotes.ANY_QUOTE.finditer(text)
    ]
    assert quoted
    messages = quotes.entries(Project.at(ROOT), source)
    for phrase in quoted:
        assert _is_app_words(phrase, messages), f"{lang}: {phrase!r} is not the catalog's words"
    for key in sorted(keys):
        # Numbers are held to their words by no-break spaces, on the pages as in the app.
        shown = words.text(key).replace(WORD_JOINER, "").replace(NO_BREAK_SPACE, " ")
        assert shown in quoted, f"{lang}: the rules do not quote {key}"


def test_a_broken_demo_marker_or_scenario_fails_the_build_with_file_and_line(
    project_copy: Path, tmp_path: Path
) -> None:
    page = project_copy / "docs" / "index.ru.md"
    text = page.read_text(encoding="utf-8")
    text = text.replace("scenario=wrap -->", "scenario=warp -->")
    page.write_text(text, encoding="utf-8")
    line = text[: text.index("scenario=warp")].count("\n") + 1
    done = build_site(tmp_path / "site", project=project_copy, env=one_language(page.name))
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
