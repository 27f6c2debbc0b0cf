"""The real pages, glossaries and catalogs: nothing to report."""

from __future__ import annotations

import pytest

from tests.translations.conftest import ROOT
from translations import check, report
from translations.findings import CATEGORIES, Finding
from translations.project import Project

PROJECT = Project.at(ROOT)


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    """Every finding of the real project's report."""
    return report.collect(PROJECT).findings


def test_every_language_and_page_is_checked() -> None:
    assert PROJECT.languages == ["bg", "he", "ru", "tr"]
    assert {"index", "about", "codes", "examples", "translators"} <= set(PROJECT.pages())
    assert "translation-status" not in PROJECT.pages()


@pytest.mark.parametrize("category", CATEGORIES)
def test_the_real_pages_produce_no_finding(findings: list[Finding], category: str) -> None:
    assert [f.text() for f in findings if f.category == category] == []


def test_the_engine_catalogs_agree_with_the_glossaries() -> None:
    for lang in PROJECT.languages:
        assert [
            f.text() for f in check.language_files(PROJECT, lang) if f.category == "glossary"
        ] == []
