"""The suite stops at its start when an engine catalog was edited and not compiled
(tests/conftest.py): it names each `.po` whose `.mo` is missing or older. `make catalogs`
(tools/catalogs.py) compiles them, and names a broken one with its line instead."""

from __future__ import annotations

import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import stale_catalogs


def _catalog(root: Path, lang: str, po_time: int, mo_time: int | None) -> None:
    folder = root / "crescent" / "locale" / lang / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "crescent.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    os.utime(folder / "crescent.po", (po_time, po_time))
    if mo_time is not None:
        (folder / "crescent.mo").write_bytes(b"")
        os.utime(folder / "crescent.mo", (mo_time, mo_time))


def test_an_edited_or_never_compiled_catalog_is_named(tmp_path: Path) -> None:
    _catalog(tmp_path, "bg", po_time=1000, mo_time=2000)  # compiled after its last edit
    _catalog(tmp_path, "he", po_time=3000, mo_time=2000)  # edited since
    _catalog(tmp_path, "ru", po_time=1000, mo_time=None)  # never compiled
    assert stale_catalogs(tmp_path) == [
        "crescent/locale/he/LC_MESSAGES/crescent.po",
        "crescent/locale/ru/LC_MESSAGES/crescent.po",
    ]


COMPILE = Path(__file__).resolve().parents[2] / "tools" / "catalogs.py"
"""`make catalogs`: each `.po` compiled to its `.mo`, a broken one named instead."""
REAL = Path(__file__).resolve().parents[2] / "crescent" / "locale"


def _compile(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(COMPILE), "--root", str(root)],
        capture_output=True,
        text=True,
        check=False,
    )


def _copy_catalogs(root: Path) -> dict[str, Path]:
    found = {}
    for lang in ("bg", "he", "ru"):
        po = root / "crescent" / "locale" / lang / "LC_MESSAGES" / "crescent.po"
        po.parent.mkdir(parents=True)
        shutil.copy(REAL / lang / "LC_MESSAGES" / "crescent.po", po)
        found[lang] = po
    return found


def test_the_catalogs_compile_to_what_the_engine_reads(tmp_path: Path) -> None:
    catalogs = _copy_catalogs(tmp_path)
    done = _compile(tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert stale_catalogs(tmp_path) == []
    with catalogs["he"].with_suffix(".mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    with (REAL / "he" / "LC_MESSAGES" / "crescent.mo").open("rb") as mo:
        engine = gettext.GNUTranslations(mo)
    assert compiled.gettext("ui.won") == engine.gettext("ui.won") != "ui.won"
    assert compiled._catalog == engine._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("broken", "says"),
    [
        (b'msgstr "\xff\xfe"', "not UTF-8 text (byte 0xff at column 9): save the file as UTF-8"),
        (b'msgstr "Tipp', "the text after msgstr must be in double quotes"),
    ],
)
def test_a_broken_catalog_is_named_with_its_line_and_keeps_its_old_mo(
    tmp_path: Path, broken: bytes, says: str
) -> None:
    catalogs = _copy_catalogs(tmp_path)
    assert _compile(tmp_path).returncode == 0
    old = {lang: po.with_suffix(".mo").read_bytes() for lang, po in catalogs.items()}
    lines = catalogs["ru"].read_bytes().split(b"\n")
    at = next(n for n, line in enumerate(lines) if line.startswith(b"msgstr ") and n > 10)
    lines[at] = broken
    catalogs["ru"].write_bytes(b"\n".join(lines))
    done = _compile(tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    name = "crescent/locale/ru/LC_MESSAGES/crescent.po"
    assert done.stderr.startswith(f"tools/catalogs.py: {name}:{at + 1}: "), done.stderr
    assert says in done.stderr
    assert catalogs["ru"].with_suffix(".mo").read_bytes() == old["ru"]
    assert stale_catalogs(tmp_path) == [name]
