"""Two builds in one process (as `mkdocs serve` rebuilds) each read the data files anew."""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from crescent.codes import GameCode
from crescent.record import Record
from tools.build import ROOT

PAGE = """# Rebuilt

<!-- crescent:code game=changing -->

<!-- crescent:diagram game=changing moment=start -->
"""


def _project(folder: Path) -> Path:
    """A one-page site whose only hook is the real diagrams hook."""
    (folder / "docs" / "examples").mkdir(parents=True)
    (folder / "docs" / "index.md").write_text(PAGE, encoding="utf-8")
    config = folder / "mkdocs.yml"
    config.write_text(
        "site_name: Rebuilt\n"
        "theme:\n  name: material\n  language: en\n"
        f"hooks:\n  - {ROOT / 'hooks' / 'diagrams.py'}\n",
        encoding="utf-8",
    )
    return config


def _build(config: Path, site: Path) -> str:
    build(load_config(str(config), site_dir=str(site)))
    return (site / "index.html").read_text(encoding="utf-8")


def test_a_second_build_in_the_same_process_shows_the_changed_record(tmp_path: Path) -> None:
    """The record changes between two builds, keeping its size and modification time."""
    config = _project(tmp_path / "project")
    record = tmp_path / "project" / "docs" / "examples" / "changing.json"
    record.write_text(Record(GameCode.numbered(1), ()).dumps(), encoding="utf-8")
    stamp = record.stat().st_mtime_ns
    first = _build(config, tmp_path / "first")

    second_code = GameCode.numbered(2)
    record.write_text(Record(second_code, ()).dumps(), encoding="utf-8")
    os.utime(record, ns=(stamp, stamp))  # a change the clock cannot tell apart
    second = _build(config, tmp_path / "second")

    assert "<code>CR1-N-AAAAAAB</code>" in first
    assert f"<code>{second_code.text}</code>" in second
    assert "CR1-N-AAAAAAB" not in second
    # the drawing of the deal changed with it, and no figure was left unplaced
    assert first.split("crescent-diagram", 1)[1] != second.split("crescent-diagram", 1)[1]
    assert "data-crescent-stash" not in first + second
