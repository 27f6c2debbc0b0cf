"""Game records, format `crescent-game/1`: a game as JSON, like PGN for chess.

    {
      "format": "crescent-game/1",
      "code": "CR1-N-AAAAAAB",
      "deal": [["3H", "9S", "JS", "2H", "10S", "5H"], ... 16 piles, bottom to top],
      "moves": ["p10 p14", "p3 down-C", "p1 up-S", "up-S down-S", "redeal", ...]
    }

`code` reproduces the deal; `deal` spells it out so the record reads without
the engine (both must agree). `moves` lists the moves and redeals in the order
made. Other keys are ignored when read, so later versions can add some.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from crescent.cards import Card
from crescent.codes import GameCode, Layout
from crescent.errors import (
    CardError,
    CodeError,
    CrescentError,
    LayoutError,
    RecordError,
    as_json,
)
from crescent.game import Game
from crescent.moves import Action, parse_action
from crescent.rules import Reason

FORMAT: Final = "crescent-game/1"
RECORD_MAX_CHARS: Final = 256 * 1024
"""The largest record text the viewer reads (a link's limit too: the build gives it to
the JavaScript, `crescent_site.shared_js`)."""
RECORD_MAX_ENTRIES: Final = 3000
"""The most moves and redeals a viewed record may hold (a won game holds about 160)."""


@dataclass(frozen=True)
class Record:
    """A game record: the deal's code and the actions made."""

    code: GameCode
    actions: tuple[Action, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        return {
            "format": FORMAT,
            "code": self.code.text,
            "deal": [[str(card) for card in pile] for pile in self.code.piles()],
            "moves": [action.text for action in self.actions],
        }

    def dumps(self) -> str:
        """The record as JSON text, one move per line."""
        data = self.to_json()
        deal = ",\n    ".join(json.dumps(pile) for pile in data["deal"])
        moves = ",\n    ".join(json.dumps(move) for move in data["moves"])
        return (
            "{\n"
            f'  "format": {json.dumps(FORMAT)},\n'
            f'  "code": {json.dumps(data["code"])},\n'
            f'  "deal": [\n    {deal}\n  ],\n'
            f'  "moves": [' + (f"\n    {moves}\n  " if moves else "") + "]\n"
            "}\n"
        )

    @classmethod
    def of(cls, game: Game) -> Record:
        """The record of `game` as it stands; a scenario without a code has none."""
        if game.code is None:
            raise RecordError("record.no-code")
        return cls(game.code, tuple(game.actions))

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read a record from JSON text; raise `RecordError` saying what is wrong."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError("record.not-json", line=error.lineno, column=error.colno) from None
        except (ValueError, RecursionError):
            # Valid JSON Python will not read: a number of thousands of digits, or
            # brackets nested thousands deep.
            raise RecordError("record.too-complex") from None
        except TypeError:
            raise RecordError("record.not-object") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Read a record from parsed JSON; raise `RecordError` saying what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("record.not-object")
        if "format" not in data:
            raise RecordError("record.no-format", expected=FORMAT)
        if data["format"] != FORMAT:
            raise RecordError("record.bad-format", found=as_json(data["format"]), expected=FORMAT)
        code = _read_code(data)
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("record.moves-not-list")
        actions = []
        for index, entry in enumerate(moves):
            try:
                actions.append(parse_action(entry))
            except CrescentError as error:
                raise RecordError("record.bad-entry", number=index + 1, detail=error) from None
        return cls(code, tuple(actions))


def _read_code(data: dict[str, Any]) -> GameCode:
    code_text = data.get("code")
    deal = data.get("deal")
    code: GameCode | None = None
    if code_text is not None:
        if not isinstance(code_text, str):
            raise RecordError("record.code-not-text")
        try:
            code = GameCode.parse(code_text)
        except CodeError as error:
            raise RecordError("record.bad-code", detail=error) from None
    if deal is not None:
        layout = _read_deal(deal)
        if code is None:
            try:
                code = GameCode.for_layout(layout)
            except LayoutError as error:
                raise RecordError("record.bad-deal", detail=error) from None
        elif code.piles() != layout:
            raise RecordError("record.code-deal-differ")
    if code is None:
        raise RecordError("record.no-code")
    return code


def _read_deal(deal: object) -> Layout:
    if not isinstance(deal, list) or not all(isinstance(pile, list) for pile in deal):
        raise RecordError("record.deal-shape")
    piles = []
    for number, pile in enumerate(deal, start=1):
        cards = []
        for card in pile:
            try:
                cards.append(Card.parse(card if isinstance(card, str) else ""))
            except CardError:
                raise RecordError("record.deal-card", pile=number, card=as_json(card)) from None
        piles.append(tuple(cards))
    return tuple(piles)


@dataclass(frozen=True)
class Replay:
    """The outcome of replaying a record: the game, and the first refused entry if any."""

    game: Game
    failed_at: int | None = None
    reason: Reason | None = None


def replay(record: Record) -> Replay:
    """Replay `record` through the rules, stopping at the first refused entry."""
    game = Game(record.code)
    for index, action in enumerate(record.actions):
        reason = game.apply(action)
        if reason is not None:
            return Replay(game, index, reason)
    return Replay(game)
