"""Catalog messages whose English changed after they were translated, and marking them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import append, copy_site, edit, report_lines
from translations import report
from translations.cli import main, mark_blocks, mark_english
from translations.findings import Finding
from translations.project import Project

OLD, NEW = "This pile is full; choose another place", "This pile is full: choose another place"


def outdated_messages(project: Project, lang: str = "ru") -> list[Finding]:
    """The report's outdated findings of `lang`'s engine catalog."""
    return [
        f
        for f in report.collect(project).findings
        if f.category == "outdated" and f.lang == lang and f.page == "crescent.po"
    ]


def english_catalog(project: Project) -> Path:
    return project.catalogs[0].path("en")


def test_an_edited_english_message_makes_its_translation_outdated(project: Project) -> None:
    edit(english_catalog(project), OLD, NEW)
    [finding] = outdated_messages(project)
    assert finding.message.startswith("reason.pile-full changed in English since it was translated")
    assert finding.path.endswith("crescent/locale/ru/LC_MESSAGES/crescent.po")
    russian = project.catalogs[0].path("ru").read_text(encoding="utf-8").splitlines()
    assert russian[finding.line - 1] == 'msgid "reason.pile-full"'
    assert finding.details == (OLD, NEW)
    mark_blocks(project, "ru", "crescent.po", ["reason.pile-full"], whole=False)
    assert outdated_messages(project) == []


def test_the_report_fails_and_shows_the_english_before_and_after(project: Project) -> None:
    edit(english_catalog(project), OLD, NEW)
    lines = report_lines(project.root, "ru")
    assert "Nothing to do: every page is translated, up to date and consistent." not in lines
    [at] = [n for n, line in enumerate(lines) if "reason.pile-full changed in English" in line]
    assert lines[at + 1].split(":", 1)[1].strip() == OLD
    assert lines[at + 2].split(":", 1)[1].strip() == NEW


def test_a_plural_message_shows_its_forms_apart(project: Project) -> None:
    """Each form on one line ran into the next: "{count} card {count} cards"."""
    plural = '\nmsgid "count.cards"\nmsgid_plural "count.cards"\n'
    append(
        english_catalog(project), plural + 'msgstr[0] "{count} card"\nmsgstr[1] "{count} cards"\n'
    )
    forms = ("{count} карта", "{count} карты", "{count} карт")
    append(
        project.catalogs[0].path("ru"),
        plural + "".join(f'msgstr[{n}] "{form}"\n' for n, form in enumerate(forms)),
    )
    mark_blocks(project, "ru", "crescent.po", ["count.cards"], whole=False)
    edit(english_catalog(project), 'msgstr[1] "{count} cards"', 'msgstr[1] "{count} cards in all"')
    [finding] = outdated_messages(project)
    assert finding.details == (
        "{count} card | {count} cards",
        "{count} card | {count} cards in all",
    )
    lines = report_lines(project.root, "ru")
    [at] = [n for n, line in enumerate(lines) if "count.cards changed in English" in line]
    assert lines[at + 2].split(":", 1)[1].strip() == "{count} card | {count} cards in all"


def test_a_new_message_is_listed_once_translated_until_marked(project: Project) -> None:
    append(english_catalog(project), '\nmsgid "ui.won"\nmsgstr "You won"\n')
    russian = project.catalogs[0].path("ru")
    append(russian, '\nmsgid "ui.won"\nmsgstr ""\n')
    assert outdated_messages(project) == []  # untranslated: a catalog gap, not outdated
    edit(russian, 'msgid "ui.won"\nmsgstr ""', 'msgid "ui.won"\nmsgstr "Победа"')
    [finding] = outdated_messages(project)
    assert finding.message.startswith("ui.won is new in English or was never marked")
    mark_blocks(project, "ru", "crescent.po", ["ui.won"], whole=False)
    assert outdated_messages(project) == []


def test_marking_refuses_a_message_not_translated_yet(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said "marked up to date" and marked nothing: the message stayed a gap."""
    append(english_catalog(project), '\nmsgid "ui.won"\nmsgstr "You won"\n')
    append(project.catalogs[0].path("ru"), '\nmsgid "ui.won"\nmsgstr ""\n')
    assert main(["--root", str(project.root), "mark", "ru", "crescent.po", "ui.won"]) == 2
    assert "ru crescent.po: ui.won has no translation yet" in capsys.readouterr().err


def test_a_typo_fix_in_an_english_message_needs_no_translation(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(english_catalog(project), OLD, "This pile is full; choose anotehr place")
    mark_blocks(project, "ru", "crescent.po", [], whole=True)  # the typo got in unnoticed
    edit(english_catalog(project), "anotehr", "another")
    assert len(outdated_messages(project)) == 1
    assert mark_english(project, "crescent.po", "reason.pile-full") == [
        "ru crescent.po: reason.pile-full marked up to date"
    ]
    assert report.collect(project).findings == []


def test_marking_names_the_messages_waiting_and_refuses_an_unknown_key(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(english_catalog(project), OLD, NEW)
    assert mark_blocks(project, "ru", "crescent.po", [], whole=False)[1:] == ["  reason.pile-full"]
    assert main(["--root", str(project.root), "mark", "ru", "crescent.po", "ui.nothing"]) == 2
    assert "crescent.po has no key ui.nothing" in capsys.readouterr().err
    assert len(outdated_messages(project)) == 1  # nothing was marked
    mark_blocks(project, "ru", "crescent.po", ["reason.pile-full"], whole=False)
    said = mark_blocks(project, "ru", "crescent.po", [], whole=False)
    assert said == ["ru crescent.po: no translated message is waiting to be marked"]


def test_an_english_edit_of_a_real_message_reaches_every_language(tmp_path: Path) -> None:
    root = copy_site(tmp_path / "project")
    edit(
        root / "crescent" / "locale" / "en" / "LC_MESSAGES" / "crescent.po",
        "Loading seems stalled at {percent}; still waiting.",
        "Loading seems stalled at {percent}; the page keeps waiting.",
    )
    lines = report_lines(root, None)
    stale = [line for line in lines if "ui.loading-stalled changed in English" in line]
    assert [line.split("/")[2] for line in stale] == ["bg", "he", "ru", "tr"]
