"""`python -m translations add` and `remove`: a language in one command, and out again.

On a copy of the project's language files (registry, glossaries, catalogs, state,
pages), kept in git: after `add` then `remove` git has nothing to report, and bad
input changes no file and is refused in one line. The whole site built with two new
languages is tests/site/test_new_language.py.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tomllib
from dataclasses import astuple
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from crescent.languages import REGISTRY
from tests.conftest import NEW_LANGUAGES
from tests.translations.conftest import ROOT
from translations import check, registry
from translations.cli import main
from translations.project import Project

FILES = ("crescent/languages.py", "crescent/locale", "translations", "docs")
"""What `add` and `remove` read and write (the toolkit's code comes along, unused)."""
CODES = [language.code for language in REGISTRY]
(LTR, LTR_NAME, _, _), (RTL, RTL_NAME, _, _) = (astuple(lang) for lang in NEW_LANGUAGES)
"""Two languages the registry does not have, left to right and right to left."""


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


@pytest.fixture()
def project(tmp_path: Path) -> Project:
    """A copy of the project's language files, committed to a git repository of its own."""
    root = tmp_path / "project"
    for name in FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, root / name)
    _git(root, "init", "-q")
    (root / ".gitignore").write_text("*.mo\n__pycache__/\n", encoding="utf-8")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "before")
    return Project.at(root)


def _snapshot(root: Path) -> dict[str, str]:
    """Every file under `root` (git's own folder aside) and a digest of its bytes."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and ".git" not in path.relative_to(root).parts
    }


def _run(project: Project, *args: str) -> int:
    return main(["--root", str(project.root), *args])


def test_add_writes_every_file_a_language_needs(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(project, "add", RTL, "--name", RTL_NAME, "--rtl") == 0
    out = capsys.readouterr().out
    assert out.startswith(f"added {RTL} ({RTL_NAME}, right to left): ")
    assert f"make serve LANG={RTL}" in out
    entry = project.registry.entry(RTL)
    assert entry is not None and entry.language.rtl and entry.language.letters is None
    assert [lang.code for lang in project.registry.languages] == [*CODES, RTL]
    glossary = tomllib.loads(project.glossary_path(RTL).read_text(encoding="utf-8"))
    assert list(glossary["concepts"]) == list(check.glossaries(project)["en"].concepts)
    assert {entry["term"] for entry in glossary["concepts"].values()} == {""}
    for catalog in project.catalogs:
        english = read_po(catalog.path("en").open("rb"))
        added = read_po(catalog.path(RTL).open("rb"))
        assert [m.id for m in added] == [m.id for m in english]
        assert all(not any(m.string) if m.pluralizable else not m.string for m in list(added)[1:])
        assert added.num_plurals == {"ar": 6, "fa": 2}[RTL]  # CLDR's plural forms
        assert [m.auto_comments for m in added] == [m.auto_comments for m in english]
    assert project.catalogs[0].path(RTL).with_suffix(".mo").is_file()


def test_the_report_names_the_new_language_s_gaps(project: Project) -> None:
    assert _run(project, "add", LTR, "--name", LTR_NAME) == 0
    texts = [f.text() for f in check.language_files(project, LTR)]
    assert any(f"the card letters of {LTR} are not chosen" in t for t in texts)
    assert any("[numbers] counted-nouns is not chosen yet" in t for t in texts)
    concepts = check.glossaries(project)["en"].concepts
    assert sum("has no word yet" in t for t in texts) == len(concepts)
    english = read_po(project.catalogs[0].path("en").open("rb"))
    untranslated = [t for t in texts if ": catalog: untranslated entry " in t]
    assert len(untranslated) > len(list(english)) - 1  # the engine's and the site's
    missing = [check.page(project, name, LTR) for name in project.pages()]
    assert missing and all(not page.exists for page in missing)


def test_remove_after_add_leaves_the_tree_as_it_was(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _snapshot(project.root)
    assert _run(project, "add", LTR, "--name", LTR_NAME) == 0
    assert _run(project, "add", RTL, "--name", RTL_NAME, "--rtl") == 0
    assert _git(project.root, "status", "--porcelain")
    assert _run(project, "remove", RTL) == 0
    assert _run(project, "remove", LTR) == 0
    assert f"removed {LTR} ({LTR_NAME}): " in capsys.readouterr().out
    assert _git(project.root, "status", "--porcelain") == ""
    assert _snapshot(project.root) == before


def test_remove_keeps_translation_work_unless_forced(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(project, "add", LTR, "--name", LTR_NAME) == 0
    page = project.translation("about", LTR)
    page.write_text(project.source("about").read_text(encoding="utf-8"), encoding="utf-8")
    capsys.readouterr()
    before = _snapshot(project.root)
    assert _run(project, "remove", LTR) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"{LTR} holds translation work (1 page)" in error
    assert "--force" in error
    assert _snapshot(project.root) == before
    assert _run(project, "remove", LTR, "--force") == 0
    assert not page.exists() and project.registry.entry(LTR) is None
    assert _git(project.root, "status", "--porcelain") == ""


BAD = [
    (["add", "ru", "--name", "Русский"], "ru (Русский) is a language already"),
    (["add", "DE", "--name", "Deutsch"], "code 'DE': give the two lowercase letters of ISO 639-1"),
    (["add", "DE", "--name", "Deutsch"], "(did you mean de?)"),
    (["add", "deu", "--name", "Deutsch"], "invalid language code 'deu': give the two lowercase"),
    (["add", "deu", "--name", "Deutsch"], "ISO 639-1 (de, ar, ...)"),
    (["add", "qq", "--name", "Q"], "unknown language code 'qq': CLDR has no language qq"),
    (["add", LTR], f"give the language's name in itself: --name NAME (for {LTR}, CLDR says "),
    (["add", LTR, "--name", " "], "give the language's name in itself"),
    (["add", LTR, "--name", "A\nB"], "holds a line break or a control character"),
    (["add", RTL, "--name", RTL_NAME], f"{RTL} is written right to left: add --rtl"),
    (["add", LTR, "--name", LTR_NAME, "--rtl"], f"{LTR} is written left to right: leave out --rtl"),
    (["remove", "xx"], f"unknown language 'xx'; the languages are {', '.join(CODES[1:])}"),
    (["remove", "en"], "en is the source language: it cannot be removed"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=lambda v: str(v))
def test_bad_input_changes_nothing_and_says_why_in_one_line(
    project: Project, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    before = _snapshot(project.root)
    assert _run(project, *args) == 2
    out, error = capsys.readouterr()
    assert out == "" and error.count("\n") == 1, error
    assert error.startswith("python -m translations: ") and message in error, error
    assert "Traceback" not in error
    assert _snapshot(project.root) == before


def test_a_file_in_the_way_stops_add_before_it_writes_anything(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    stray = project.glossary_path(LTR)
    stray.write_text("# someone's start\n", encoding="utf-8")
    before = _snapshot(project.root)
    assert _run(project, "add", LTR, "--name", LTR_NAME) == 2
    assert f"translations/glossary/{LTR}.toml exists already" in capsys.readouterr().err
    assert _snapshot(project.root) == before


def test_the_registry_line_round_trips() -> None:
    text = (ROOT / "crescent" / "languages.py").read_text(encoding="utf-8")
    for language in registry.parse(text).languages:
        once = registry.without_language(text, language.code)
        assert registry.parse(registry.with_language(once, language)).entry(language.code)
    assert registry.parse(text).languages == REGISTRY
