"""markup.escape gives what html.escape gives, quotes included."""

from __future__ import annotations

import html

import pytest

from crescent.render.markup import escape


@pytest.mark.parametrize(
    "text",
    ["", "plain", "a & b", "<svg>", '"quoted"', "it's", "&amp; already", "\u202eтекст עברית"],
)
def test_escape_matches_the_standard_library(text: str) -> None:
    assert escape(text) == html.escape(text)
