"""The pages hold a number to its word as the messages do (hooks/bidi.py): no line parts
"16" from "стопок", or "стопки" from "7" (a Russian reader found one in a step)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.site.conftest import LANGUAGES, PAGES, page_path

SKIPPED = re.compile(r"<(code|pre|kbd|script|style|svg|template)\b.*?</\1>", re.S)
ARTICLE = re.compile(r"<article\b.*?</article>", re.S)
FREE = re.compile(r"[^\W\d_] \d+ [^\W\d_]")
"""A number between two words with a plain space on each side: held to neither."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_number_in_the_pages_text_is_free_to_part_from_its_words(site: Path, lang: str) -> None:
    found = []
    for name in PAGES:
        article = ARTICLE.search(page_path(site, lang, name).read_text(encoding="utf-8"))
        assert article, name
        text = html.unescape(re.sub(r"<[^>]+>", "", SKIPPED.sub(" ", article.group(0))))
        found += [f"{name or 'rules'}: …{hit.group(0)}…" for hit in FREE.finditer(text)]
    assert found == []
