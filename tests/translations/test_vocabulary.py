"""The glossary covers the site's vocabulary, and its exceptions say why, or are found stale."""

from __future__ import annotations

import pytest

from tests.translations.conftest import append, edit
from translations import report
from translations.cli import main
from translations.project import Project


def glossary_findings(project: Project) -> list[str]:
    return [f.text() for f in report.collect(project).findings if f.category == "glossary"]


def test_a_new_heading_word_must_be_a_concept_or_declared_no_term(project: Project) -> None:
    edit(project.source("rules"), "## Redeal {#redeal}", "## Redeal and shuffle {#redeal}")
    assert glossary_findings(project) == [
        "docs/rules.md:12: glossary: “shuffle” (heading “Redeal and shuffle”) is neither a "
        "concept of translations/glossary/en.toml nor one of its not-terms: add it to one, "
        "with its reason if it is no term"
    ]
    append(
        project.glossary_dir / "en.toml",
        '\n[[not-terms]]\nreason = "a test"\nwords = ["shuffle"]\n',
    )
    assert glossary_findings(project) == []


def test_a_new_short_label_must_be_a_concept_or_declared_no_term(project: Project) -> None:
    append(project.catalogs[0].path("en"), '\nmsgid "play.shuffle"\nmsgstr "Shuffle"\n')
    assert [f for f in glossary_findings(project) if "“Shuffle”" in f] == [
        "crescent/locale/en/LC_MESSAGES/crescent.po:15: glossary: “Shuffle” (label "
        "play.shuffle “Shuffle”) is neither a concept of translations/glossary/en.toml nor "
        "one of its not-terms: add it to one, with its reason if it is no term"
    ]


def test_a_declared_exception_excuses_a_block_and_is_found_once_stale(project: Project) -> None:
    page = project.translation("rules", "ru")
    edit(page, "13 карт:", "13 листов:")
    finding = (
        "docs/rules.ru.md:5: glossary: piles.1: the English says “cards” (card); expected "
        "карта (карт*), found “листов” in its place? [English: docs/rules.md:5]"
    )
    assert [f for f in glossary_findings(project) if "(card)" in f] == [finding.split(" [")[0]]
    exception = '\n[[unnamed]]\nwhere = "rules#piles.1"\nconcept = "card"\nreason = "a test"\n'
    append(project.glossary_dir / "ru.toml", exception)
    assert glossary_findings(project) == []
    edit(page, "13 листов:", "13 карт:")
    assert glossary_findings(project) == [
        "translations/glossary/ru.toml: glossary: [[unnamed]] rules#piles.1 (card) excuses "
        "nothing: the block names the concept, or the English no longer does; remove the "
        "exception"
    ]


def test_an_exception_without_a_reason_is_a_problem_of_the_glossary(project: Project) -> None:
    append(
        project.glossary_dir / "ru.toml",
        '\n[[unnamed]]\nwhere = "rules#piles.1"\nconcept = "card"\n',
    )
    assert glossary_findings(project) == [
        "translations/glossary/ru.toml: glossary: [[unnamed]] rules#piles.1 (card) gives no reason"
    ]


def test_the_report_of_one_language(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--root", str(project.root), "report", "--lang", "ru"]) == 0
    assert main(["--root", str(project.root), "report", "--lang", "xx"]) == 2
    assert "unknown language 'xx'" in capsys.readouterr().err
