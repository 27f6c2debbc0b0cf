"""The "Compare with English" switch: off by default, on shows the EN buttons, remembered.

A fresh browser context (empty storage) per test; the pages have no live board, so
nothing waits for the engine.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import new_context
from tests.browser.test_accessibility import check
from tests.site.conftest import ROOT
from translations import ui
from translations.project import Project

pytestmark = pytest.mark.browser

PROJECT = Project.at(ROOT)


@pytest.fixture()
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A new context: nothing remembered. The policy is bypassed only to inject axe."""
    made = new_context(browser, viewport={"width": 390, "height": 844}, bypass_csp=True)
    yield made
    made.close()


def no_serious_violation(page: Page) -> None:
    assert check(page) == []


@pytest.mark.parametrize("lang", ["he", "ru"])
def test_off_by_default_on_shows_the_buttons_and_is_remembered(
    context: BrowserContext, server: str, lang: str
) -> None:
    page = context.new_page()
    page.goto(f"{server}/{lang}/about/")
    control = page.get_by_role("switch", name=ui.words(PROJECT, lang)["compare.switch"])
    expect(control).to_be_visible()
    expect(control).not_to_be_checked()
    toggles = page.locator(".tb-toggle")
    assert toggles.count() > 5
    expect(toggles.first).to_be_hidden()
    expect(page.locator(".tb-hint")).to_be_hidden()
    page.locator("article p[data-tb]").first.click()
    expect(page.locator("dialog.tb-dialog")).not_to_be_visible()
    no_serious_violation(page)

    # On, by keyboard.
    control.focus()
    page.keyboard.press("Space")
    expect(control).to_be_checked()
    expect(toggles.first).to_be_visible()
    expect(page.locator(".tb-hint")).to_be_visible()
    toggles.nth(1).click()
    expect(toggles.nth(1)).to_have_attribute("aria-expanded", "true")
    expect(page.locator(".tb-panel").nth(1)).to_be_visible()
    no_serious_violation(page)

    # Remembered across a reload and on another page.
    page.reload()
    expect(control).to_be_checked()
    expect(toggles.first).to_be_visible()
    page.goto(f"{server}/{lang}/codes/")
    expect(page.get_by_role("switch")).to_be_checked()
    expect(page.locator(".tb-toggle").first).to_be_visible()

    # Off again: the buttons and any open original go, and that is remembered too.
    page.get_by_role("switch").click()
    expect(page.locator(".tb-toggle").first).to_be_hidden()
    expect(page.locator(".tb-panel:not([hidden])")).to_have_count(0)
    page.reload()
    expect(page.get_by_role("switch")).not_to_be_checked()
    expect(page.locator(".tb-toggle").first).to_be_hidden()
    page.close()


def test_the_english_page_has_no_switch(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    page.goto(f"{server}/about/")
    expect(page.locator("article h1")).to_be_visible()
    expect(page.locator(".tb-switch")).to_have_count(0)
    expect(page.get_by_role("switch")).to_have_count(0)
    page.close()
