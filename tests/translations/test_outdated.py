"""Marking blocks up to date, and English edits that need no translation work."""

from __future__ import annotations

import shutil

import pytest

from tests.translations.conftest import RUSSIAN, edit, write_registry
from translations import outdated, report
from translations.blocks import parse_file
from translations.cli import main, mark_blocks, mark_english
from translations.project import Project

OLD, NEW = "There are 3 redeals per game.", "There are 3 redeals in each game."


def outdated_ids(project: Project, lang: str = "ru") -> list[str]:
    """Ids of the blocks the report lists as outdated in `lang`."""
    return [
        f.message.split()[0]
        for f in report.collect(project).findings
        if f.category == "outdated" and f.lang == lang
    ]


def add_language(project: Project, lang: str = "bg") -> None:
    """A second translation (a copy of the Russian one, for the state's sake)."""
    write_registry(project.root, ("en", "ru", lang))
    (project.glossary_dir / f"{lang}.toml").write_text(
        (project.glossary_dir / "ru.toml")
        .read_text(encoding="utf-8")
        .replace('language = "ru"', f'language = "{lang}"'),
        encoding="utf-8",
    )
    project.translation("rules", lang).write_text(RUSSIAN, encoding="utf-8")
    for catalog in project.catalogs:
        catalog.path(lang).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(catalog.path("ru"), catalog.path(lang))
    mark_blocks(project, lang, "all", [], whole=True)


def test_mark_one_block(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    edit(project.source("rules"), OLD, NEW)
    edit(project.source("rules"), "## Piles", "## The piles")
    assert outdated_ids(project) == ["piles", "redeal.1"]
    assert main(["--root", str(project.root), "mark", "ru", "rules", "redeal.1"]) == 0
    assert "ru rules: redeal.1 marked up to date" in capsys.readouterr().out
    assert outdated_ids(project) == ["piles"]
    assert main(["--root", str(project.root), "mark", "ru", "rules", "--all"]) == 0
    assert outdated_ids(project) == []


def test_a_new_english_block_is_listed_until_marked(project: Project) -> None:
    edit(project.source("rules"), OLD, OLD + "\n\nA new paragraph.")
    edit(project.translation("rules", "ru"), "3 пересдачи.", "3 пересдачи.\n\nНовый абзац.")
    assert outdated_ids(project) == ["redeal.2"]
    mark_blocks(project, "ru", "rules", ["redeal.2"], whole=False)
    assert report.collect(project).findings == []


def test_marking_refuses_a_page_whose_structure_differs(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(project.translation("rules", "ru"), "## Пересдача", "## Лишнее {#extra}\n\n## Пересдача")
    assert main(["--root", str(project.root), "mark", "ru", "rules", "--all"]) == 2
    assert "fix the structure first" in capsys.readouterr().err


def test_the_state_keeps_the_english_a_translation_was_made_from(project: Project) -> None:
    state = outdated.load(project.state_dir, "ru")
    [block] = [b for b in parse_file(project.source("rules")) if b.id == "redeal.1"]
    assert state["rules"][-1] == {
        "block": "redeal.1",
        "sha": outdated.fingerprint(block),
        "en": OLD,
    }
    edit(project.source("rules"), OLD, "There are 3   redeals\nper game.")  # reflowed only
    assert outdated_ids(project) == []


def test_a_typo_fix_in_english_needs_no_translation(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    add_language(project)
    edit(project.source("rules"), "per game.", "per gmae.")
    mark_blocks(project, "all", "all", [], whole=True)  # the typo got in unnoticed
    edit(project.source("rules"), "per gmae.", "per game.")  # and is fixed
    assert outdated_ids(project, "ru") == outdated_ids(project, "bg") == ["redeal.1"]
    assert (
        main(
            [
                "--root",
                str(project.root),
                "mark-english",
                "rules",
                "redeal.1",
                "--no-translation-needed",
            ]
        )
        == 0
    )
    assert "bg rules: redeal.1 marked up to date" in capsys.readouterr().out
    assert report.collect(project).findings == []


def test_a_typo_fix_leaves_a_language_that_missed_an_earlier_change(project: Project) -> None:
    add_language(project)
    edit(project.source("rules"), OLD, "There are three redeals per gmae.")
    mark_blocks(project, "ru", "rules", ["redeal.1"], whole=False)  # Russian followed, not bg
    edit(project.source("rules"), "per gmae.", "per game.")
    done = mark_english(project, "rules", "redeal.1")
    assert done == [
        "bg: left outdated (its translation predates an earlier change)",
        "ru rules: redeal.1 marked up to date",
    ]
    assert outdated_ids(project, "bg") == ["redeal.1"]
    assert outdated_ids(project, "ru") == []


def test_the_outdated_report_shows_the_english_before_and_after(project: Project) -> None:
    edit(project.source("rules"), OLD, NEW)
    [finding] = [f for f in report.collect(project).findings if f.category == "outdated"]
    assert finding.details == (OLD, NEW)
    assert outdated.word_diff(OLD, NEW) == [
        (" ", "There are 3 redeals"),
        ("-", "per"),
        ("+", "in each"),
        (" ", "game."),
    ]


def test_a_page_marked_one_block_at_a_time_keeps_working(project: Project) -> None:
    """A new translation marks its blocks as it translates them: the blocks not marked yet
    are saved without hash, and every later `mark` and report reads the file (it did not:
    the first partial mark made the state file unreadable to the toolkit and the build)."""
    state = outdated.load(project.state_dir, "ru")
    del state["rules"]  # as before the page's first mark
    outdated.save(project.state_dir, "ru", state)
    ids = [block.id for block in parse_file(project.source("rules")) if block.id]
    assert outdated_ids(project) == ["never"]  # "never marked up to date"
    root = ["--root", str(project.root)]
    assert main([*root, "mark", "ru", "rules", ids[1]]) == 0
    assert outdated_ids(project) == [ids[0], *ids[2:]]
    assert main([*root, "mark", "ru", "rules", ids[0]]) == 0
    assert outdated_ids(project) == ids[2:]
    assert main([*root, "report", "--lang", "ru"]) == 1
