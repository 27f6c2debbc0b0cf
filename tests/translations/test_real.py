"""The real pages, glossaries and catalogs: nothing to report, or only a new language's gaps.

The languages the tests know to be complete (`KNOWN_COMPLETE`) have nothing to report;
another language of the registry is in progress, and has no error, only work to do.
"""

from __future__ import annotations

import pytest

from crescent.languages import CODES, SOURCE
from tests.translations.conftest import KNOWN_COMPLETE, ROOT, is_gap
from translations import check, report
from translations.findings import Finding
from translations.project import Project

PROJECT = Project.at(ROOT)


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    """Every finding of the real project's report."""
    return report.collect(PROJECT).findings


def test_every_language_and_page_is_checked() -> None:
    assert PROJECT.languages == sorted(CODES[1:])
    assert {"index", "about", "codes", "examples", "translators"} <= set(PROJECT.pages())
    assert "translation-status" not in PROJECT.pages()


@pytest.mark.parametrize("lang", [SOURCE, *PROJECT.languages])
def test_the_real_pages_produce_no_finding(findings: list[Finding], lang: str) -> None:
    own = [f for f in findings if f.lang == lang]
    if lang in KNOWN_COMPLETE:
        assert [f.text() for f in own] == []
    else:  # a language in progress: only its gaps
        assert [f.text() for f in own if not is_gap(f)] == []


@pytest.mark.parametrize("lang", PROJECT.languages)
def test_the_engine_catalogs_agree_with_the_glossaries(lang: str) -> None:
    own = [f for f in check.language_files(PROJECT, lang) if f.category == "glossary"]
    if lang not in KNOWN_COMPLETE:  # a language in progress: only concepts without a word
        own = [f for f in own if not is_gap(f)]
    assert [f.text() for f in own] == []
