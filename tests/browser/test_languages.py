"""The language selector in a real browser: the same page in the other language, no 404s."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Response, expect

from tools.engine_worker import Traffic

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("start", "lang", "arrival"),
    [
        ("play/", "he", "he/play/"),
        ("he/codes/", "en", "codes/"),
        ("ru/examples/", "tr", "tr/examples/"),
    ],
)
def test_the_selector_leads_to_the_same_page_and_nothing_is_missing(
    context: BrowserContext, server: str, start: str, lang: str, arrival: str
) -> None:
    page = context.new_page()
    missing: list[str] = []

    def note(response: Response) -> None:
        if response.status >= 400:
            missing.append(f"{response.status} {response.url}")

    page.on("response", note)
    traffic = Traffic(page)
    page.goto(f"{server}/{start}")
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'.md-select__link[hreflang="{lang}"]').click()
    # Play writes its game's code into the address once its board is live
    expect(page).to_have_url(re.compile(rf"^{re.escape(server)}/{arrival}(\?code=CR1-\w-\w+)?$"))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    traffic.until_quiet()
    assert missing == []
    page.close()
