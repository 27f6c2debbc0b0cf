"""Two builds in one process (as `mkdocs serve` rebuilds) each read their sources anew.

The hooks keep what they read on a per-build object (or reset it per build): a change
between two builds, even one that keeps every file's modification time, or a one-language
preview followed by a whole build, must not bring back the first build's results.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from crescent.codes import GameCode
from crescent.record import Record
from tests.translations.conftest import edit, make_project
from tools.build import ROOT

PAGE = """# Rebuilt

<!-- crescent:code game=changing -->

<!-- crescent:diagram game=changing moment=start -->
"""
STATUS = """---
translate: false
---

# Status {#status}

<!-- translations:report -->
"""
LANGUAGES = ("en", "bg", "ru")
I18N = "".join(
    [
        "plugins:\n  - i18n:\n      docs_structure: suffix\n",
        "      fallback_to_default: true\n      reconfigure_search: false\n",
        "      build_only_locale: !ENV [CRESCENT_ONLY_LANG, null]\n      languages:\n",
        *(
            f"        - locale: {lang}\n          name: {lang}\n          build: true\n"
            + ("          default: true\n" if lang == "en" else "")
            for lang in LANGUAGES
        ),
    ]
)


def _config(folder: Path, hooks: tuple[str, ...], plugins: str = "") -> Path:
    """The `mkdocs.yml` of a small site at `folder` with the real `hooks` of the project."""
    config = folder / "mkdocs.yml"
    config.write_text(
        "site_name: Rebuilt\ntheme:\n  name: material\n  language: en\n"
        + plugins
        + "hooks:\n"
        + "".join(f"  - {ROOT / 'hooks' / hook}\n" for hook in hooks),
        encoding="utf-8",
    )
    return config


def _build(config: Path, site: Path) -> Path:
    build(load_config(str(config), site_dir=str(site)))
    return site


def _read(site: Path, page: str = "") -> str:
    return (site / page / "index.html").read_text(encoding="utf-8")


def test_a_second_build_in_the_same_process_shows_the_changed_record(tmp_path: Path) -> None:
    """The record changes between two builds, keeping its size and modification time."""
    (tmp_path / "project" / "docs" / "examples").mkdir(parents=True)
    (tmp_path / "project" / "docs" / "index.md").write_text(PAGE, encoding="utf-8")
    config = _config(tmp_path / "project", ("diagrams.py",))
    record = tmp_path / "project" / "docs" / "examples" / "changing.json"
    record.write_text(Record(GameCode.numbered(1), ()).dumps(), encoding="utf-8")
    stamp = record.stat().st_mtime_ns
    first = _read(_build(config, tmp_path / "first"))

    second_code = GameCode.numbered(2)
    record.write_text(Record(second_code, ()).dumps(), encoding="utf-8")
    os.utime(record, ns=(stamp, stamp))  # a change the clock cannot tell apart
    second = _read(_build(config, tmp_path / "second"))

    assert "<code>CR1-N-AAAAAAB</code>" in first
    assert f"<code>{second_code.text}</code>" in second
    assert "CR1-N-AAAAAAB" not in second
    # the drawing of the deal changed with it, and no figure was left unplaced
    assert first.split("crescent-diagram", 1)[1] != second.split("crescent-diagram", 1)[1]
    assert "data-crescent-stash" not in first + second


def _translated_project(root: Path) -> Path:
    """A site in English, Bulgarian (not translated) and Russian, with the real preview
    and translators' hooks and a status report page; every block marked up to date."""
    make_project(root, LANGUAGES)
    (root / "docs" / "status.md").write_text(STATUS, encoding="utf-8")
    return _config(root, ("preview.py", "translators.py"), I18N)


def _status_head(site: Path) -> str:
    """The languages that the status report's table lists."""
    found = re.search(r"<thead><tr><th>Page</th>(.*?)</tr></thead>", _read(site, "status"))
    assert found, "no status table"
    return found.group(1)


def test_a_whole_build_after_a_preview_reports_every_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _translated_project(tmp_path / "project")
    monkeypatch.setenv("CRESCENT_ONLY_LANG", "ru")
    preview = _build(config, tmp_path / "preview")
    monkeypatch.delenv("CRESCENT_ONLY_LANG")
    whole = _build(config, tmp_path / "whole")

    assert _status_head(preview) == "<th>ru</th>"
    assert _status_head(whole) == "<th>bg</th><th>ru</th>"
    assert "<td>missing</td><td>up to date</td>" in _read(whole, "status")
    # the preview's Russian page is its default one, and it still has its originals
    assert 'data-tb="redeal"' in _read(preview, "rules") + _read(whole, "ru/rules")


def test_a_second_build_sees_an_english_change_that_kept_the_modification_time(
    tmp_path: Path,
) -> None:
    config = _translated_project(tmp_path / "project")
    english = tmp_path / "project" / "docs" / "rules.md"
    stamp = english.stat().st_mtime_ns
    first = _build(config, tmp_path / "first")

    edit(english, "There are 3 redeals per game.", "There are 3 redeals in a game.")
    os.utime(english, ns=(stamp, stamp))  # a change the clock cannot tell apart
    second = _build(config, tmp_path / "second")

    assert "<td>missing</td><td>up to date</td>" in _read(first, "status")
    assert "<td>missing</td><td>1 outdated</td>" in _read(second, "status")
    # the Russian page marks the section whose English changed, in the second build only
    assert 'class="tb-outdated"' not in _read(first, "ru/rules")
    notice = re.search(r'<p class="tb-outdated"[^>]*>.*?href="([^"]*)"', _read(second, "ru/rules"))
    assert notice and notice.group(1).endswith("#redeal")


def _wheel(site: Path) -> tuple[str, bytes]:
    """The path of the site's engine wheel and the compiled `crescent/__init__` in it."""
    [wheel] = site.glob("assets/engine/*/*.whl.gz")  # the wheel is shipped gzipped whole
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(wheel.read_bytes()))) as archive:
        [init] = [name for name in archive.namelist() if name.startswith("crescent/__init__.")]
        return wheel.relative_to(site).as_posix(), archive.read(init)


def test_a_second_build_in_the_same_process_ships_the_changed_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's code changes between two builds: the second wheel is made from it.
    The first build's engine is the project's, whose bytecode the build cache holds
    (else it is compiled and kept there); the changed one is compiled anew, into a cache
    of its own, not the shared one."""
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# Engine\n", encoding="utf-8")
    shutil.copytree(ROOT / "docs" / "assets" / "js", project / "docs" / "assets" / "js")
    shutil.copytree(ROOT / "crescent", project / "crescent", ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", project)
    (project / "node_modules").symlink_to(ROOT / "node_modules")
    config = _config(project, ("runtime.py",))
    first, first_init = _wheel(_build(config, tmp_path / "first"))

    init = project / "crescent" / "__init__.py"
    init.write_text(
        init.read_text(encoding="utf-8") + '\nBUILD_MARK = "second-build-engine"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    second, second_init = _wheel(_build(config, tmp_path / "second"))

    assert b"second-build-engine" not in first_init
    assert b"second-build-engine" in second_init
    assert first != second  # published under a new content-hashed folder
