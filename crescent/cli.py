"""The command line: `python -m crescent deal|replay|solve ...`.

Exit status: 0 when all is well, 1 when a replay meets a refused entry (or a
solve finds no win), 2 for any malformed input, which gets one line on stderr.
Messages come from the catalogs (`--lang`, English by default).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from crescent.arguments import SECONDS, Command, language_of, read
from crescent.codes import GameCode
from crescent.errors import CrescentError, RecordError
from crescent.game import Game
from crescent.i18n import LANGUAGES, CatalogMissing, catalog
from crescent.places import FOUNDATIONS, PILES
from crescent.position import Position
from crescent.record import Record, Replay, replay


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    lang = language_of(words)
    try:
        return _run(read(words))
    except BrokenPipeError:
        # The reader stopped reading (`--help | head -1`): nothing more to say to it.
        sys.stdout = None
        return 0
    except CrescentError as error:
        print(catalog(lang).format("cli.error", detail=error.message(lang)), file=sys.stderr)
        return 2
    except CatalogMissing as error:
        print(f"python -m crescent: {error}", file=sys.stderr)
        return 2


def _run(command: Command) -> int:
    if command.help:
        print(help_text(command.lang))
        return 0
    if command.name == "deal":
        return _deal(command.operand, command.json, command.lang)
    if command.name == "replay":
        return _replay(command.operand, command.lang)
    return _solve(command.operand, command.seconds, command.json, command.lang)


def help_text(lang: str) -> str:
    """What `--help` prints: the commands and options, in `lang`."""
    words = catalog(lang)
    return words.format(
        "cli.help", languages=", ".join(LANGUAGES), seconds=words.decimal(f"{SECONDS:g}")
    )


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
        text = Path(path).read_text(encoding="utf-8-sig")  # a BOM, as some editors write
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
        number=outcome.failed_at + 1,
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
    elif _names_a_file(source):
        raise RecordError("record.no-file", file=source)
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


def _names_a_file(source: str) -> bool:
    """True when `source`, which is no file, still reads as a file's name rather than a
    game code: a folder in it, or `.json` at its end (`crescent-CR1-N-AAAAAAB.json`, the
    name Play gives a download, is a file's), which no code has."""
    text = source.strip()
    return "/" in text or "\\" in text or text.lower().endswith(".json")


if __name__ == "__main__":
    sys.exit(main())
