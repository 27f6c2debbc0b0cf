"""Crescent, the two-deck patience: the engine behind the site.

Pure Python, standard library only, the same in CPython and in Pyodide. The
engine's modules each do one thing: `tables` (the game's numbers), `cards`,
`places`, `moves`, `position` (immutable positions), `rules` (legality, reasons,
status), `deal` and `codes` (game codes), `game` (undo and redeal), `record`
(`crescent-game/1`), `timeline` (a record's steps and moments), `scenario` (rule
demos' positions), `errors`, `i18n` (message catalogs), `bidi` (card notation
kept left to right), `review` (where a lost game went wrong), `perft` (a
move-count oracle), `solver` (with `solver.results`, its verdicts as text) and
`cli`. Above them, and never imported by them: `render` draws and words
positions; `browser` is all the browser's worker may call. The site build's own
code is `crescent_site`, outside this package.
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
