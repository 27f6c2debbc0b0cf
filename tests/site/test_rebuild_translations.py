"""Two builds in one process (as `mkdocs serve` rebuilds) each check the translations anew.

The translators' hook keeps its report and its pages on a per-build object: a preview
of one language followed by a whole build, or a change that keeps every file's
modification time, must not bring back the first build's report.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from tests.translations.conftest import edit, make_project
from tools.build import ROOT

LANGUAGES = ("en", "bg", "ru")
STATUS = """---
translate: false
---

# Status {#status}

<!-- translations:report -->
"""


def _project(root: Path) -> Path:
    """A small site in English, Bulgarian (not translated) and Russian, with the real
    preview and translators' hooks and a status report page; every block marked."""
    make_project(root, LANGUAGES)
    (root / "docs" / "status.md").write_text(STATUS, encoding="utf-8")
    languages = "".join(
        f"        - locale: {lang}\n          name: {lang}\n          build: true\n"
        + ("          default: true\n" if lang == "en" else "")
        for lang in LANGUAGES
    )
    config = root / "mkdocs.yml"
    config.write_text(
        "site_name: Rebuilt\n"
        "theme:\n  name: material\n  language: en\n"
        "plugins:\n  - i18n:\n      docs_structure: suffix\n"
        "      fallback_to_default: true\n      reconfigure_search: false\n"
        "      build_only_locale: !ENV [CRESCENT_ONLY_LANG, null]\n"
        f"      languages:\n{languages}"
        f"hooks:\n  - {ROOT / 'hooks' / 'preview.py'}\n  - {ROOT / 'hooks' / 'translators.py'}\n",
        encoding="utf-8",
    )
    return config


def _build(config: Path, site: Path) -> Path:
    build(load_config(str(config), site_dir=str(site)))
    return site


def _read(site: Path, page: str) -> str:
    return (site / page / "index.html").read_text(encoding="utf-8")


def _status_head(site: Path) -> str:
    """The languages that the status report's table lists."""
    found = re.search(r"<thead><tr><th>Page</th>(.*?)</tr></thead>", _read(site, "status"))
    assert found, "no status table"
    return found.group(1)


def test_a_whole_build_after_a_preview_reports_every_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _project(tmp_path / "project")
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
    config = _project(tmp_path / "project")
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
