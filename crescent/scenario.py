"""Scenarios: small hand-made positions for the rule demos, as JSON data.

    {
      "piles": {"10": "5H 6H", "14": "KS"},   # pile number -> cards, bottom to top
      "up": {"S": 2},                         # ascending foundation counts (default 1)
      "down": {"C": 5},                       # descending foundation counts (default 1)
      "redeals_left": 3                       # default 3
    }

A scenario need not hold all 104 cards; it must be possible otherwise (no card
more than twice, piles of at most 13, foundations of 1 to 13). Errors name the
field (`piles.10`) so that callers can point at the file's line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from crescent.cards import Card
from crescent.errors import CardError, CrescentError, PositionError, as_json
from crescent.position import Position
from crescent.tables import FULL, PILE_COUNT, REDEALS


class ScenarioError(CrescentError):
    """A scenario that is not a position; `values["field"]` names where."""


def parse_scenario(data: object) -> Position:
    """The position a scenario describes; raises `ScenarioError` naming the field."""
    if not isinstance(data, dict):
        raise ScenarioError("scenario.not-object", field="")
    unknown = set(data) - {"piles", "up", "down", "redeals_left", "title", "note"}
    if unknown:
        raise ScenarioError("scenario.unknown-field", field=sorted(unknown)[0])
    piles = _piles(data.get("piles", {}))
    up = _counts(data.get("up", {}), "up")
    down = _counts(data.get("down", {}), "down")
    redeals = data.get("redeals_left", REDEALS)
    if not isinstance(redeals, int) or isinstance(redeals, bool):
        raise ScenarioError("scenario.bad-redeals", field="redeals_left")
    position = Position(piles, up, down, redeals)
    try:
        position.check(complete=False)
    except PositionError as error:
        field = "redeals_left" if error.key == "position.redeals" else ""
        if "pile" in error.values:
            field = f"piles.{error.values['pile']}"
        raise ScenarioError("scenario.impossible", field=field, detail=error) from None
    return position


def field_line(text: str, field: str) -> int:
    """The line of scenario JSON `text` where `field` (`piles.10`, `up.S`) is written.

    Each step of the dotted path is looked for as a JSON key after the previous
    one; an empty or unfound field is line 1.
    """
    offset = 0
    for key in filter(None, field.split(".")):
        found = re.compile(rf'"{re.escape(key)}"\s*:').search(text, offset)
        if found is None:
            return 1
        offset = found.start()
    return text.count("\n", 0, offset) + 1


def loads_scenario(text: str) -> Position:
    """Parse scenario JSON text; raises `ScenarioError` (with `line` for bad JSON)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError("scenario.not-json", field="", line=error.lineno) from None
    return parse_scenario(data)


def _piles(data: Any) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(data, dict):
        raise ScenarioError("scenario.bad-piles", field="piles")
    rows: list[tuple[Card, ...]] = [()] * PILE_COUNT
    for key, text in data.items():
        field = f"piles.{key}"
        if not (
            isinstance(key, str)
            and key.isascii()
            and key.isdecimal()
            and 1 <= int(key) <= PILE_COUNT
        ):
            raise ScenarioError("scenario.bad-pile-number", field=field)
        if not isinstance(text, str):
            raise ScenarioError("scenario.bad-cards", field=field, card=as_json(text))
        try:
            rows[int(key) - 1] = tuple(Card.parse(word) for word in text.split())
        except CardError as error:
            raise ScenarioError(
                "scenario.bad-cards", field=field, card=error.values.get("text", "")
            ) from None
    return tuple(rows)


def _counts(data: Any, name: str) -> tuple[int, int, int, int]:
    if not isinstance(data, dict):
        raise ScenarioError("scenario.bad-foundations", field=name)
    counts = [1, 1, 1, 1]
    for suit, count in data.items():
        field = f"{name}.{suit}"
        if suit not in ("S", "H", "D", "C"):
            raise ScenarioError("scenario.bad-suit", field=field)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= FULL:
            raise ScenarioError("scenario.bad-count", field=field)
        counts["SHDC".index(suit)] = count
    return (counts[0], counts[1], counts[2], counts[3])
