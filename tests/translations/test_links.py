"""A translated block links to the same targets as its English block: a link broken in
translating (a space between `]` and `(`, which Markdown shows as text), dropped, or
pointed elsewhere (an anchor translated) is a structure finding at the block's line."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.translations.conftest import planted_findings
from translations.links import targets


def test_targets_are_read_with_parentheses_titles_and_images() -> None:
    text = '[Crescent (solitaire)](https://w.org/Crescent_(solitaire)), [a](#x "t"), ![i](i.png)'
    assert targets(text + " [b] (#y)") == Counter(
        ["https://w.org/Crescent_(solitaire)", "#x", "i.png"]
    )


@pytest.mark.parametrize(
    ("name", "right", "wrong", "says"),
    [
        (
            "docs/about.ru.md",
            "[CC BY-SA 4.0](https",
            "[CC BY-SA 4.0] (https",
            "lacks the link to https://creativecommons.org/licenses/by-sa/4.0/; “] (” with a space",
        ),
        ("docs/index.bg.md", "](#foundations)", "](#osnovi)", "links to #osnovi, which the"),
        ("docs/index.he.md", "](#foundations)", ")", "lacks the link to #foundations"),
    ],
)
def test_a_link_broken_dropped_or_moved_is_found_at_its_line(
    project_copy: Path, name: str, right: str, wrong: str, says: str
) -> None:
    found, start = planted_findings(project_copy, name, right, wrong, says)
    assert len(found) == 1, found
    assert found[0].startswith(start.replace(": glossary: ", ": structure: ")), found
    assert ": the links differ from the English block's: " in found[0]
