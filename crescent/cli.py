"""The command line: `python -m crescent deal|replay|solve ...`.

Exit status: 0 when all is well, 1 when a replay meets a refused entry (or a
solve finds no win), 2 for any malformed input, which gets one line on stderr.
Messages come from the catalogs (`--lang`, English by default).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from crescent.codes import GameCode
from crescent.errors import CrescentError, RecordError
from crescent.game import Game
from crescent.i18n import LANGUAGES, CatalogMissing, catalog
from crescent.places import FOUNDATIONS, PILES
from crescent.position import Position
from crescent.record import Record, Replay, replay


class _UsageError(Exception):
    """A malformed command line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m crescent", description="The Crescent patience engine.")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    commands = parser.add_subparsers(dest="command", required=True)
    deal = commands.add_parser("deal", help="print the layout of a game code")
    deal.add_argument("code")
    deal.add_argument("--json", action="store_true", help="print a crescent-game/1 record")
    play = commands.add_parser("replay", help="check every entry of a game record")
    play.add_argument("file")
    solve = commands.add_parser("solve", help="search a deal or record for a win")
    solve.add_argument("source", help="a game code or a record file")
    solve.add_argument("--seconds", type=float, default=10.0)
    solve.add_argument("--json", action="store_true", help="print the winning line as a record")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        args = _parser().parse_args(argv)
    except _UsageError as error:
        print(f"python -m crescent: {error}", file=sys.stderr)
        return 2
    try:
        words = catalog(args.lang)
        if args.command == "deal":
            return _deal(args.code, args.json, args.lang)
        if args.command == "replay":
            return _replay(args.file, args.lang)
        return _solve(args.source, args.seconds, args.json, args.lang)
    except CrescentError as error:
        print(words.format("cli.error", detail=error.message(args.lang)), file=sys.stderr)
        return 2
    except CatalogMissing as error:
        print(f"python -m crescent: {error}", file=sys.stderr)
        return 2


def _deal(code_text: str, as_json: bool, lang: str) -> int:
    code = GameCode.parse(code_text)
    if as_json:
        print(Record(code).dumps(), end="")
        return 0
    print(layout_text(code.text, Position.start(code.piles()), lang))
    return 0


def layout_text(title: str, position: Position, lang: str = "en") -> str:
    """The position as lines of record notation: piles bottom to top, then foundations,
    then the redeals left in `lang`'s words."""
    lines = [title]
    for place in PILES:
        cards = " ".join(str(card) for card in position.piles[place])
        lines.append(f"{place.text:>4}: {cards}")
    for place in FOUNDATIONS:
        lines.append(f"{place.text:>6}: {position.top(place)} ({position.count(place)})")
    lines.append(catalog(lang).format("cli.redeals-left", count=position.redeals_left))
    return "\n".join(lines)


def read_record(path: str) -> Record:
    """Read a record file; raise `RecordError` naming the file when it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError("record.no-file", file=path) from None
    except UnicodeDecodeError:
        raise RecordError("record.not-utf8", file=path) from None
    except OSError:
        raise RecordError("record.unreadable", file=path) from None
    try:
        return Record.loads(text)
    except RecordError as error:
        raise RecordError("record.in-file", file=path, detail=error) from None


def _replay(path: str, lang: str) -> int:
    words = catalog(lang)
    game = _replayed(path, lang)
    if game is None:
        return 1
    print(
        words.format(
            "cli.replay-ok",
            count=len(game.actions),
            moves=game.moves_made,
            status=words.text(game.status.key),
            redeals=game.position.redeals_left,
        )
    )
    return 0


def _replayed(path: str, lang: str) -> Game | None:
    """The game a record file replays to; None, once the refused entry is printed."""
    record = read_record(path)
    outcome = replay(record)
    refusal = _refusal(record, outcome, lang)
    if refusal is not None:
        print(refusal)
        return None
    return outcome.game


def _refusal(record: Record, outcome: Replay, lang: str) -> str | None:
    """The line that says which entry of `record` the rules refused, or None when none was."""
    if outcome.failed_at is None or outcome.reason is None:
        return None
    return catalog(lang).format(
        "cli.replay-refused",
        index=outcome.failed_at,
        entry=record.actions[outcome.failed_at].text,
        reason=outcome.reason.value,
        message=catalog(lang).text(outcome.reason.key),
    )


def _solve(source: str, seconds: float, as_json: bool, lang: str) -> int:
    from crescent.solver import solve

    words = catalog(lang)
    if Path(source).is_file():
        # Solving a game cut short at a refused entry would answer a question nobody
        # asked: say which entry is refused, as `replay` does.
        replayed = _replayed(source, lang)
        if replayed is None:
            return 1
        game = replayed
    else:
        game = Game(GameCode.parse(source))
    result = solve(game.position, seconds)
    if as_json and result.line is not None:
        record = Record.of(game)
        print(Record(record.code, record.actions + tuple(result.line)).dumps(), end="")
    else:
        print(
            words.format(
                f"cli.solve-{result.verdict.value}",
                moves=result.moves,
                positions=words.grouped(result.positions),
                seconds=words.decimal(f"{result.seconds:.2f}"),
            )
        )
    return 0 if result.line is not None else 1


if __name__ == "__main__":
    sys.exit(main())
