"""Facts that both the build's Python and the pages' JavaScript must know agree."""

from __future__ import annotations

import json
import re

from crescent_site.demo import CRASH, ERROR_KINDS
from tests.site.conftest import ROOT

CLIENT = ROOT / "docs" / "assets" / "js" / "engine" / "client.js"


def test_the_shells_carry_words_for_every_failure_the_client_reports() -> None:
    found = re.search(r"ERROR_KINDS = Object\.freeze\((\[[^\]]*\])\)", CLIENT.read_text("utf-8"))
    assert found is not None, "engine/client.js exports ERROR_KINDS"
    assert json.loads(found.group(1)) == [*ERROR_KINDS, CRASH]
