"""Crescent, the two-deck patience: the engine behind the site.

Pure Python, standard library only, the same in CPython and in Pyodide. The
modules each do one thing: `cards`, `places`, `moves`, `position` (immutable
positions), `rules` (legality, reasons, status), `deal` and `codes` (game
codes), `game` (undo and redeal), `record` (`crescent-game/1`), `i18n` (message
catalogs), `solver`, `render` (diagrams) and `cli`.
"""

from crescent.cards import Card, Suit
from crescent.codes import GameCode
from crescent.errors import CrescentError
from crescent.game import Game
from crescent.moves import REDEAL, Action, Move, parse_action
from crescent.places import Place
from crescent.position import Position
from crescent.record import Record, replay
from crescent.rules import Reason, Status, check_move, legal_moves, status

__all__ = [
    "REDEAL",
    "Action",
    "Card",
    "CrescentError",
    "Game",
    "GameCode",
    "Move",
    "Place",
    "Position",
    "Reason",
    "Record",
    "Status",
    "Suit",
    "check_move",
    "legal_moves",
    "parse_action",
    "replay",
    "status",
]
