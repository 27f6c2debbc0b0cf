"""Search in a real browser: words of every language are found, results stay in that language."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, expect

from crescent.i18n import LANGUAGES
from tests.site.conftest import lang_prefix

pytestmark = pytest.mark.browser

WORDS = {"en": "pile", "bg": "колона", "he": "ערימה", "ru": "стопка", "tr": "sütun"}
"""A word of the about page in each language these tests know. Another language's about
page is the English one until it is translated: its search finds the English word."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_the_language_s_own_pages(
    context: BrowserContext, server: str, lang: str
) -> None:
    page = context.new_page()
    prefix = lang_prefix(lang)
    page.goto(f"{server}/{prefix}about/")
    field = page.locator("input.md-search__input")
    field.click()
    # Once the index is ready: text already in the field is searched when it gets ready.
    ready = page.evaluate(
        "() => JSON.parse(document.getElementById('__config').textContent)"
        ".translations['search.result.placeholder']"
    )
    expect(page.locator(".md-search-result__meta")).to_have_text(ready, timeout=15_000)
    # As a paste, a dictation or a phone keyboard's suggestion does: the text arrives
    # with no key pressed. Material searched on key presses only; typed Cyrillic or
    # Hebrew arrives so in this browser too, and found nothing (a QA run).
    page.keyboard.insert_text(WORDS.get(lang, WORDS["en"]))
    results = page.locator(".md-search-result__link")
    expect(results.first).to_be_visible(timeout=15_000)
    links = results.evaluate_all("links => links.map(a => a.href)")
    assert links
    for link in links:
        path = link.removeprefix(server + "/")
        if lang == "en":
            assert not path.startswith(tuple(f"{other}/" for other in LANGUAGES[1:])), link
        else:
            assert path.startswith(f"{lang}/"), link
    page.close()


@pytest.mark.parametrize(
    ("path", "query", "marked"),
    [
        ("tr/about/", "takim", {"takımdan"}),
        ("he/about/", "קרן", {"הקרנות", "וקרנות"}),
    ],
)
def test_the_page_a_result_opens_marks_the_words_as_the_search_found_them(
    context: BrowserContext, server: str, path: str, query: str, marked: set[str]
) -> None:
    """The search finds "takımdan" for "takim" and "הקרנות" for "קרן" (shared/fold.js), and
    a result's link carries the term (`?h=`); Material marked on the opened page only what
    its case-blind expression matched, and neither of these (a QA run)."""
    page = context.new_page()
    page.goto(f"{server}/{path}?h={query}")
    marks = page.locator("mark[data-md-highlight]")
    expect(marks.first).to_be_visible(timeout=15_000)
    page.wait_for_load_state("load")
    shown = set(marks.evaluate_all("marks => marks.map(mark => mark.textContent)"))
    assert marked <= shown
    assert page.locator("mark mark").count() == 0
    page.close()


@pytest.mark.parametrize(
    ("lang", "typed", "section"),
    [("ru", "пересдачу", "redeal"), ("tr", "aslar", "layout")],
)
def test_a_word_typed_in_another_form_finds_the_section_and_marks_it(
    context: BrowserContext, server: str, lang: str, typed: str, section: str
) -> None:
    """ "пересдачу" (accusative) finds the section "Пересдача": the search asks for it without
    the ending the Russian glossary lists (`endings`), and the page the result opens marks
    the section's word. Before, it found nothing there (a QA run). "aslar", typed as a
    Turkish reader types it, finds and marks "As'lar", which the index held with its
    apostrophe."""
    page = context.new_page()
    page.goto(f"{server}/{lang}/about/")
    page.locator("input.md-search__input").click()
    page.keyboard.insert_text(typed)
    found = page.locator(f'.md-search-result__link[href*="#{section}"]')
    expect(found.first).to_be_attached(timeout=15_000)
    link = found.first.get_attribute("href")
    assert link is not None and "h=" in link
    page.goto(link if link.startswith("http") else f"{server}/{lang}/{link}")
    marks = page.locator(
        f"#{section} mark[data-md-highlight], #{section} ~ p mark[data-md-highlight]"
    )
    expect(marks.first).to_be_visible(timeout=15_000)
    page.close()
