"""An error's message is said in the reader's language, errors within it too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crescent.errors import MoveTextError, RecordError
from crescent.i18n import LANGUAGES
from crescent.moves import parse_action
from crescent.record import Record

ENGINE = Path(__file__).resolve().parents[2] / "crescent"


def test_no_message_is_made_without_a_language() -> None:
    """`error.message()` is English whatever the reader's language: an error kept as the
    detail of another (a record's bad entry) must be kept as the error itself, and said
    when the outer one is, in the same language."""
    found = [
        f"{path.relative_to(ENGINE.parent)}:{number}"
        for path in sorted(ENGINE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"\.message\(\)", line)
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_entry_is_said_in_the_readers_language(lang: str) -> None:
    with pytest.raises(MoveTextError) as entry:
        parse_action("p1 x")
    with pytest.raises(RecordError) as record:
        Record.loads('{"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": ["p1 x"]}')
    assert entry.value.message(lang) in record.value.message(lang)
