"""A file of the translators' that cannot be read gets one line naming it and its line
from every command of `python -m translations`, no traceback and no file changed: a
file that is not UTF-8 text (saved in another encoding), with the column of its first
bad byte, and a state file that a merge left broken."""

from __future__ import annotations

import contextlib
import hashlib
import io
from collections.abc import Callable
from pathlib import Path

import pytest

from translations.cli import main

FILES = {
    "docs/index.md": "he",
    "docs/index.he.md": "he",
    "crescent/locale/ru/LC_MESSAGES/crescent.po": "ru",
    "translations/locale/bg/LC_MESSAGES/site.po": "bg",
    "translations/glossary/tr.toml": "tr",
    "translations/state/he.json": "he",
}
"""Each file, and a language whose report and marking read it."""


def _digests(root: Path) -> dict[str, str]:
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def _run(root: Path, command: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--root", str(root), *command])
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("name", "lang"), FILES.items())
def test_a_file_in_another_encoding_is_named_with_its_line(
    project_copy: Path, name: str, lang: str
) -> None:
    path = project_copy / name
    original = path.read_bytes()
    lines = original.split(b"\n")
    lines[1] = lines[1] + b" \xff"  # line 2, after its own text and a space
    column = len(lines[1])
    try:
        path.write_bytes(b"\n".join(lines))
        before = _digests(project_copy)
        for command in (["report"], ["report", "--lang", lang], ["mark", lang, "index", "--all"]):
            status, out, err = _run(project_copy, command)
            assert status == 2 and out == "", (command, out)
            assert err == (
                f"python -m translations: {name}:2: not UTF-8 text (byte 0xff at column "
                f"{column}): save the file as UTF-8\n"
            ), command
        assert _digests(project_copy) == before
    finally:
        path.write_bytes(original)


@pytest.mark.parametrize(
    ("broken", "line", "says"),
    [
        (lambda text: "<<<<<<< HEAD\n" + text, 1, "not JSON (Expecting value, column 1)"),
        (lambda text: text[: text.index("\n", 300)], 5, "not JSON ("),
        (lambda text: '{"index": 5}\n', 1, "not the marks of a language ("),
    ],
)
def test_a_state_file_left_broken_by_a_merge_is_named_with_its_line(
    project_copy: Path, broken: Callable[[str], str], line: int, says: str
) -> None:
    """`translations/state/<lang>.json` is written by `mark`; two translators marking at
    once leave a merge conflict in it, which the toolkit names instead of a traceback."""
    name = "translations/state/he.json"
    path = project_copy / name
    original = path.read_text(encoding="utf-8")
    try:
        path.write_text(broken(original), encoding="utf-8")
        assert original[: original.index("\n", 300)].count("\n") + 1 == 5
        for command in (["report"], ["mark", "he", "index", "--all"]):
            status, out, err = _run(project_copy, command)
            assert status == 2 and out == "", (command, out)
            assert err.startswith(f"python -m translations: {name}:{line}: {says}"), err
            assert "mark the blocks again" in err and "Traceback" not in err
    finally:
        path.write_text(original, encoding="utf-8")
