"""Two builds in one process (as `mkdocs serve` rebuilds) each read their sources anew."""

from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path

import pytest
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


def _build_site(config: Path, site: Path) -> Path:
    build(load_config(str(config), site_dir=str(site)))
    return site


def _build(config: Path, site: Path) -> str:
    return (_build_site(config, site) / "index.html").read_text(encoding="utf-8")


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


def _engine_project(folder: Path) -> Path:
    """A one-page site whose only hook is the real runtime hook, with a copy of the engine."""
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "index.md").write_text("# Engine\n", encoding="utf-8")
    shutil.copytree(ROOT / "docs" / "assets" / "js", folder / "docs" / "assets" / "js")
    shutil.copytree(ROOT / "crescent", folder / "crescent", ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", folder)
    (folder / "node_modules").symlink_to(ROOT / "node_modules")
    config = folder / "mkdocs.yml"
    config.write_text(
        f"site_name: Engine\nhooks:\n  - {ROOT / 'hooks' / 'runtime.py'}\n", encoding="utf-8"
    )
    return config


def _wheel(site: Path) -> tuple[str, bytes]:
    """The path of the site's engine wheel and the compiled `crescent/__init__` in it."""
    [wheel] = site.glob("assets/engine/*/*.whl")
    with zipfile.ZipFile(wheel) as archive:
        [init] = [name for name in archive.namelist() if name.startswith("crescent/__init__.")]
        return wheel.relative_to(site).as_posix(), archive.read(init)


def test_a_second_build_in_the_same_process_ships_the_changed_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's code changes between two builds: the second wheel is made from it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # compiled anew, not shared
    config = _engine_project(tmp_path / "project")
    first, first_init = _wheel(Path(_build_site(config, tmp_path / "first")))

    init = tmp_path / "project" / "crescent" / "__init__.py"
    init.write_text(
        init.read_text(encoding="utf-8") + '\nBUILD_MARK = "second-build-engine"\n',
        encoding="utf-8",
    )
    second, second_init = _wheel(Path(_build_site(config, tmp_path / "second")))

    assert b"second-build-engine" not in first_init
    assert b"second-build-engine" in second_init
    assert first != second  # published under a new content-hashed folder
