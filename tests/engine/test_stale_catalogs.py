"""The suite stops at its start when an engine catalog was edited and not compiled
(tests/conftest.py): it names each `.po` whose `.mo` is missing or older."""

from __future__ import annotations

import os
from pathlib import Path

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
