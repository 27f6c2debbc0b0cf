"""A file of the translators' that is not UTF-8 text (saved in another encoding) gets one
line naming it, with the line and column of the first bad byte, from every command of
`python -m translations`; no traceback, and no file changed."""

from __future__ import annotations

import contextlib
import hashlib
import io
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
