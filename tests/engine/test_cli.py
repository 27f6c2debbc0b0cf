"""`python -m crescent`: deal, replay, and one clear line with exit 2 for bad input."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from crescent.codes import GameCode
from crescent.game import Game
from crescent.i18n import catalog
from crescent.moves import REDEAL
from crescent.record import Record
from crescent.rules import Status, legal_moves
from crescent.timeline import played
from tools.games import one_move_short

WORDS = catalog("en")
REFUSED_FOURTH_REDEAL = (
    WORDS.format(
        "cli.replay-refused",
        number=4,
        entry="redeal",
        reason="no-redeals",
        message=WORDS.text("reason.no-redeals"),
    )
    + "\n"
)
"""What `replay` and `solve` print for four redeals: entry 4 (the fourth) is refused."""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crescent", *args], capture_output=True, text=True, check=False
    )


def test_deal_prints_the_layout() -> None:
    done = run("deal", "cr1-n-aaaaaab")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "CR1-N-AAAAAAB"
    assert lines[1] == "  p1: 3H 9S JS 2H 10S 5H"
    assert "redeals left: 3" in done.stdout


def test_deal_json_is_a_record_without_moves() -> None:
    done = run("deal", "CR1-N-AAAAAAB", "--json")
    data = json.loads(done.stdout)
    assert data["format"] == "crescent-game/1" and data["moves"] == []
    assert data["deal"][0] == ["3H", "9S", "JS", "2H", "10S", "5H"]


def test_replay_accepts_a_legal_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(Record(GameCode.numbered(1), (REDEAL,)).dumps(), encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert "Every entry is legal (1)" in done.stdout and "In play" in done.stdout


def test_replay_names_the_first_illegal_entry(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = Record(GameCode.numbered(1), (REDEAL, REDEAL, REDEAL, REDEAL))
    path.write_text(record.dumps(), encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 1
    assert done.stdout == REFUSED_FOURTH_REDEAL


@pytest.mark.parametrize(
    "args",
    [
        ("deal", "CR1-N-AAA"),
        ("deal", "hello"),
        ("replay", "/nonexistent/game.json"),
        ("deal",),
        ("frobnicate",),
        ("deal", "CR1-N-AAAAAAB", "--lang", "xx"),
    ],
)
def test_malformed_input_gets_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr


def test_a_broken_record_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": [', "utf-8")
    done = run("replay", str(path))
    assert done.returncode == 2
    assert str(path) in done.stderr and "line 1" in done.stderr


def test_messages_follow_the_language_option() -> None:
    done = run("--lang", "bg", "deal", "CR1-N-AAA")
    assert done.returncode == 2
    assert "CR1-N-AAA" in done.stderr


@pytest.mark.parametrize("extra", [(), ("--json",)])
def test_solve_refuses_a_record_with_an_illegal_entry(
    tmp_path: Path, extra: tuple[str, ...]
) -> None:
    path = tmp_path / "game.json"
    record = Record(GameCode.numbered(1), (REDEAL, REDEAL, REDEAL, REDEAL))
    path.write_text(record.dumps(), encoding="utf-8")
    done = run("solve", str(path), "--seconds", "1", *extra)
    assert done.returncode == 1
    assert done.stdout == REFUSED_FOURTH_REDEAL


def test_solve_searches_on_from_where_a_record_stopped(tmp_path: Path) -> None:
    game = Game(GameCode.numbered(0))
    first = legal_moves(game.position)[0]
    assert game.play(first) is None
    path = tmp_path / "game.json"
    path.write_text(Record.of(game).dumps(), encoding="utf-8")
    done = run("solve", str(path), "--json", "--seconds", "60")
    assert done.returncode == 0, done.stderr
    won = Record.loads(done.stdout)
    assert won.actions[0] == first, "the record's own move first, then the solver's line"
    assert played(won).status is Status.WON


def test_every_line_is_in_the_language_asked_for(tmp_path: Path) -> None:
    """Issue: `deal` said “redeals left” in English, `solve` wrote its seconds with a point
    and its positions ungrouped, a record's inner error stayed English, and a missing file
    was named by Python's class (`FileNotFoundError`)."""
    ru, tr = catalog("ru"), catalog("tr")
    done = run("--lang", "ru", "deal", "CR1-N-AAAAAAB")
    assert done.stdout.splitlines()[-1] == ru.format("cli.redeals-left", count=3)
    done = run("--lang", "ru", "solve", "CR1-N-AAAAAAB", "--seconds", "1")
    assert re.search(r"\d,\d\d\s*с", done.stdout), done.stdout
    assert not re.search(r"\d{4}", done.stdout), "positions grouped as Russian groups them"
    path = tmp_path / "game.json"
    path.write_text(
        '{"format": "crescent-game/1", "code": "CR1-N-AAAAAAB", "moves": ["p1 x"]}', "utf-8"
    )
    done = run("--lang", "ru", "replay", str(path))
    assert done.returncode == 2
    for english in ("Entry", "record", "place"):
        assert english not in done.stderr.replace(str(path), ""), done.stderr
    done = run("--lang", "tr", "replay", str(tmp_path / "none.json"))
    assert done.stderr.strip().endswith(tr.format("record.no-file", file=tmp_path / "none.json"))
    (tmp_path / "latin1.json").write_bytes('{"code": "é"}'.encode("latin-1"))
    done = run("--lang", "tr", "replay", str(tmp_path / "latin1.json"))
    assert done.stderr.strip().endswith(tr.format("record.not-utf8", file=tmp_path / "latin1.json"))


COMPLAINTS = [
    ((), "cli.no-command", {}),
    (("frobnicate",), "cli.unknown-command", {"text": "frobnicate"}),
    (("deal",), "cli.missing-code", {}),
    (("replay",), "cli.missing-file", {}),
    (("solve",), "cli.missing-source", {}),
    (("deal", "CR1-N-AAAAAAB", "extra"), "cli.extra-argument", {"text": "extra"}),
    (("replay", "game.json", "--json"), "cli.unknown-option", {"text": "--json"}),
    (("deal", "CR1-N-AAAAAAB", "--json=yes"), "cli.no-value-wanted", {"option": "--json"}),
    (("solve", "CR1-N-AAAAAAB", "--seconds"), "cli.missing-value", {"option": "--seconds"}),
    (("solve", "CR1-N-AAAAAAB", "--sec=soon"), "cli.bad-seconds", {"text": "soon"}),
    (("solve", "CR1-N-AAAAAAB", "--seconds", "nan"), "cli.bad-seconds", {"text": "nan"}),
]


@pytest.mark.parametrize("lang", ["en", "bg", "he", "ru", "tr"])
def test_every_complaint_about_the_line_is_in_the_language_asked_for(lang: str) -> None:
    """Issue: argparse said its own words in English whatever `--lang` asked for ("the
    following arguments are required: code", "invalid choice: …")."""
    words = catalog(lang)
    for args, key, values in COMPLAINTS:
        done = run("--lang", lang, *args)
        assert done.returncode == 2 and done.stdout == ""
        expected = words.format("cli.error", detail=words.format(key, **values))
        assert done.stderr == expected + "\n", (args, done.stderr)
    done = run("deal", "CR1-N-AAAAAAB", "--lang", "xx")
    wanted = WORDS.format("cli.bad-lang", text="xx", languages="en, bg, he, ru, tr")
    assert done.stderr == WORDS.format("cli.error", detail=wanted) + "\n"


@pytest.mark.parametrize("lang", ["en", "bg", "he", "ru", "tr"])
def test_help_is_in_the_language_asked_for(lang: str) -> None:
    for args in (("--lang", lang, "--help"), ("deal", "-h", f"--lang={lang}")):
        done = run(*args)
        assert done.returncode == 0 and done.stderr == ""
        assert (
            done.stdout
            == catalog(lang).format("cli.help", languages="en, bg, he, ru, tr", seconds="10") + "\n"
        )
    for name in ("deal", "replay", "solve", "--lang", "--json", "--seconds", "--help"):
        assert name in done.stdout


def test_options_may_be_cut_short_and_go_anywhere() -> None:
    done = run("deal", "CR1-N-AAAAAAB", "--js", "--lang=ru")
    assert done.returncode == 0 and Record.loads(done.stdout).code == GameCode.parse(
        "CR1-N-AAAAAAB"
    )
    done = run("deal", "CR1-N-AAAAAAB", "--lang", "ru")
    assert done.stdout.splitlines()[-1] == catalog("ru").format("cli.redeals-left", count=3)


@pytest.mark.parametrize(
    "source", ["missing.json", "games/missing", "/nonexistent.json", "crescent-CR1-N-AAAAAAB.json"]
)
def test_solve_names_a_missing_file_as_a_file(source: str) -> None:
    """Issue (a native reviewer): `solve missing.json` read the name as a game code and
    answered "a code starts with CR1-, not “MISSING.JSON”"."""
    done = run("--lang", "ru", "solve", source)
    assert done.returncode == 2
    words = catalog("ru")
    detail = words.format("record.no-file", file=source)
    assert done.stderr == words.format("cli.error", detail=detail) + "\n"


def test_a_record_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """QA report: the viewer opened a record saved with a BOM, and `replay` called it not JSON."""
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + Record(GameCode.numbered(1), (REDEAL,)).dumps().encode())
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr


def test_seconds_take_a_decimal_comma(tmp_path: Path) -> None:
    """QA report: Russian writes 0,5 (and the command line writes its seconds so). The
    game is one move short of its win, so that 0.5 s finds it however loaded the machine
    (a deal's start took longer than that in a loaded rehearsal)."""
    game, _ = one_move_short()
    path = tmp_path / "game.json"
    path.write_text(Record.of(game).dumps(), encoding="utf-8")
    done = run("--lang", "ru", "solve", str(path), "--seconds", "0,5")
    assert done.returncode == 0, done.stderr + done.stdout


def test_a_reader_that_stops_reading_gets_no_traceback() -> None:
    """QA report: `python -m crescent --help | head -1` printed a BrokenPipeError."""
    child = subprocess.Popen(
        [sys.executable, "-m", "crescent", "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    assert child.wait(timeout=30) == 0
    assert b"Traceback" not in child.stderr.read()
