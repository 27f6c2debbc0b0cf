"""The game's numbers are written once, in `crescent.tables`, and read by name elsewhere."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from crescent.tables import ALL_CARDS, KINDS, KING, PILE_COUNT, RANKS_PER_SUIT

ROOT = Path(__file__).resolve().parents[2]
GAME_NUMBERS = {RANKS_PER_SUIT, KING + 1, KINDS, ALL_CARDS, PILE_COUNT}
"""13 (ranks, a pile's limit, a full or met foundation), 14, 52, 104 and 16 (piles)."""
ALLOWED = {"crescent/tables.py", "crescent/places.py"}
"""The tables themselves, and the places' enum, whose members are numbered one by one."""
MODULES = sorted(
    path.relative_to(ROOT).as_posix()
    for path in (ROOT / "crescent").rglob("*.py")
    if "__pycache__" not in path.parts and not path.is_relative_to(ROOT / "crescent" / "render")
)


def literals(source: str) -> list[tuple[int, int]]:
    """The (line, value) of each game number written as a literal in `source`'s code."""
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and type(node.value) is int and node.value in GAME_NUMBERS
    )


def test_the_check_sees_a_number_in_code_not_in_words() -> None:
    source = '"""A pile holds 13 cards."""\nhigh = 14 - found[4]\nfull = n == KING\n'
    assert literals(source) == [(2, 14)]


@pytest.mark.parametrize("module", [m for m in MODULES if m not in ALLOWED])
def test_the_engine_and_solver_name_the_games_numbers(module: str) -> None:
    assert literals((ROOT / module).read_text(encoding="utf-8")) == []
