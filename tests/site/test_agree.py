"""Facts that both the build's Python and the pages' JavaScript must know agree: the
build writes them (crescent_site.shared_js), and no script spells one out again."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from crescent.places import PLACE_TEXT
from crescent.record import RECORD_MAX_CHARS, RECORD_MAX_ENTRIES
from crescent_site import shared_js
from crescent_site.demo import CRASH, DOUBLE_TAP_MS, ERROR_KINDS, STALL_MS
from crescent_site.play_page import KEPT_GAMES
from crescent_site.search_words import prefix_letters
from crescent_site.versioned import in_built_site
from tests.site.conftest import ROOT

SCRIPTS = ROOT / "docs" / "assets" / "js"
SPELLED_OUT = {
    "the engine's kinds of failure": re.compile(r"\[\s*\"no-wasm\""),
    "the longest record": re.compile(r"256 \* 1024|262144"),
    "the pile names": re.compile(r"\^p\\d\+\$"),
    "the foundation names": re.compile(r"\"(?:up|down)-[SHDC]\""),
    "the games kept": re.compile(r"MAX_GAMES = \d"),
    "the stall delay": re.compile(r"STALL_MS = \d"),
    "the double tap": re.compile(r"DOUBLE_TAP_MS = \d"),
}


def test_the_module_node_reads_holds_the_python_facts(tmp_path: Path) -> None:
    assert shared_js.write(tmp_path, ROOT) and not shared_js.write(tmp_path, ROOT)  # kept
    module = tmp_path / shared_js.FACTS_PATH
    read = subprocess.run(
        [
            "node",
            "--input-type=module",
            "-e",
            f"const m = await import({json.dumps(module.as_uri())});"
            " console.log(JSON.stringify(m))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(read.stdout)
    assert found["ERROR_KINDS"] == [*ERROR_KINDS, CRASH]
    assert found["RECORD_MAX_BYTES"] == RECORD_MAX_CHARS
    assert found["KEPT_GAMES"] == KEPT_GAMES
    assert found["STALL_MS"] == STALL_MS
    assert found["DOUBLE_TAP_MS"] == DOUBLE_TAP_MS
    assert found["SEARCH_PREFIXES"] == prefix_letters(ROOT) == "בהוכלמש"
    assert found["PILE_NAMES"] + found["FOUNDATION_NAMES"] == list(PLACE_TEXT)


def test_the_built_site_carries_the_module_and_no_script_copies_a_fact(site: Path) -> None:
    built = in_built_site(site, shared_js.FACTS_PATH.as_posix()).read_text(encoding="utf-8")
    assert built == shared_js.module_text(ROOT)
    for script in sorted(SCRIPTS.rglob("*.js")):
        if script.parent.name == "shared":
            continue
        text = script.read_text(encoding="utf-8")
        for fact, pattern in SPELLED_OUT.items():
            assert not pattern.search(text), f"{script.relative_to(ROOT)} spells out {fact}"


def test_the_play_pages_say_how_many_games_are_kept() -> None:
    """The Play page of every language says the number of games kept (it is prose, so
    it cannot name the fact; this keeps it true if the fact changes)."""
    for page in sorted((ROOT / "docs").glob("play*.md")):
        said = re.findall(r"\b\d+\b", page.read_text(encoding="utf-8"))
        assert str(KEPT_GAMES) in said, page.name


def test_the_codes_pages_say_the_limits_of_a_record_link() -> None:
    """The Codes page of every language says how large and how long a record a link may
    carry (prose again: this keeps both numbers true if the limits change), its digits
    grouped or not ("3 000", or "3000" in Bulgarian)."""
    for page in sorted((ROOT / "docs").glob("codes*.md")):
        numbers = {
            re.sub(r"[ ,.\u00a0\u202f]", "", found)
            for found in re.findall(
                r"\d+(?:[ ,.\u00a0\u202f]\d{3})*", page.read_text(encoding="utf-8")
            )
        }
        assert str(RECORD_MAX_CHARS // 1024) in numbers, page.name
        assert str(RECORD_MAX_ENTRIES) in numbers, page.name
