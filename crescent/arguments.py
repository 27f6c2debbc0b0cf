"""The command line's arguments, read into a `Command`, with every complaint in the catalogs.

`python -m crescent [--lang LANG] COMMAND OPERAND [OPTIONS]`: the commands are `deal
CODE [--json]`, `replay FILE` and `solve CODE|FILE [--seconds N] [--json]`; `--lang` and
`-h`/`--help` go anywhere. A long option may be cut short while it stays unique
(`--sec`), and takes its value after a space or `=`. argparse said its own words in
English whatever `--lang` asked for ("the following arguments are required"), so the
line is read here and each fault is an `ArgumentError` with a message of the catalogs,
said in the language asked for (English when that is what is wrong).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from crescent.errors import CrescentError
from crescent.languages import CODES, SOURCE

SECONDS: Final = 10.0
"""How long `solve` searches when `--seconds` does not say."""
OPERANDS: Final = {"deal": "code", "replay": "file", "solve": "source"}
"""Each command, and what its one operand is (`cli.missing-code` says it is missing)."""
OPTIONS: Final = {
    "deal": ("--json",),
    "replay": (),
    "solve": ("--seconds", "--json"),
}
"""Each command's own options."""
VALUED: Final = frozenset({"--lang", "--seconds"})
"""The options that take a value."""


class ArgumentError(CrescentError):
    """A command line this program cannot read."""


@dataclass(frozen=True)
class Command:
    """What the command line asks for."""

    lang: str = SOURCE
    name: str | None = None
    """`deal`, `replay` or `solve`; None with `--help`."""
    operand: str = ""
    json: bool = False
    seconds: float = SECONDS
    help: bool = False


def language_of(argv: Sequence[str]) -> str:
    """The language of `argv`'s last `--lang` when it is one of the site's, else English:
    the language its complaints are said in."""
    found = SOURCE
    words = list(argv)
    for index, word in enumerate(words):
        name, equals, value = word.partition("=")
        if _option(name, ("--lang", "--help")) == "--lang":
            if not equals:
                value = words[index + 1] if index + 1 < len(words) else ""
            found = value if value in CODES else SOURCE
    return found


def read(argv: Sequence[str]) -> Command:
    """The `Command` of `argv`; raises `ArgumentError` for a line it cannot read."""
    values: dict[str, str] = {}
    flags: set[str] = set()
    positional: list[str] = []
    words = list(argv)
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word == "--":
            positional += words[index:]
            break
        if word == "-h":
            flags.add("--help")
            continue
        if word == "-" or not word.startswith("-"):
            positional.append(word)
            continue
        name, equals, value = word.partition("=")
        command = positional[0] if positional else None
        option = _option(name, ("--lang", "--help", *OPTIONS.get(command or "", ())))
        if option is None:
            raise ArgumentError("cli.unknown-option", text=name)
        if option not in VALUED:
            if equals:
                raise ArgumentError("cli.no-value-wanted", option=option)
            flags.add(option)
            continue
        if not equals:
            if index >= len(words):
                raise ArgumentError("cli.missing-value", option=option)
            value = words[index]
            index += 1
        values[option] = value
    return _command(positional, values, flags)


def _command(positional: list[str], values: dict[str, str], flags: set[str]) -> Command:
    lang = values.get("--lang", SOURCE)
    if lang not in CODES:
        raise ArgumentError("cli.bad-lang", text=lang, languages=", ".join(CODES))
    if "--help" in flags:
        return Command(lang=lang, help=True)
    if not positional:
        raise ArgumentError("cli.no-command")
    name, *rest = positional
    if name not in OPERANDS:
        raise ArgumentError("cli.unknown-command", text=name)
    if not rest:
        raise ArgumentError(f"cli.missing-{OPERANDS[name]}")
    if len(rest) > 1:
        raise ArgumentError("cli.extra-argument", text=rest[1])
    seconds = SECONDS
    if "--seconds" in values:
        seconds = _seconds(values["--seconds"])
    return Command(lang, name, rest[0], "--json" in flags, seconds)


def _option(name: str, known: Sequence[str]) -> str | None:
    """The option of `known` that `name` names, whole or cut short to a unique start."""
    if name in known:
        return name
    found = [option for option in known if name.startswith("--") and option.startswith(name)]
    return found[0] if len(found) == 1 and len(name) > 2 else None


def _seconds(text: str) -> float:
    """`text` as seconds, with a decimal point or comma (`0,5`, as Russian writes it and
    as the command line writes seconds in Russian)."""
    try:
        seconds = float(text.replace(",", "."))
    except ValueError:
        seconds = math.nan
    if not seconds >= 0:  # a NaN too
        raise ArgumentError("cli.bad-seconds", text=text)
    return seconds
