"""A small project with one page in English and Russian, that tests may break."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from translations import registry
from translations.cli import mark_blocks
from translations.findings import Finding
from translations.project import Project

ROOT = Path(__file__).resolve().parents[2]
KNOWN_COMPLETE = frozenset({"en", "bg", "he", "ru", "tr"})
"""The languages these tests expect to be complete: every page, message and term
translated. Any other language of the registry is taken to be in progress: of it they
check what holds at every stage, that it has no error (its gaps are its to-do list)."""
GAPS = {
    "missing": ("not translated",),
    "outdated": ("",),
    "glossary": (
        "concept ",
        "no glossary",
        "the card letters of",
        "[numbers] counted-nouns is not chosen",
    ),
    "catalog": ("untranslated entry", "missing entry", "no catalog", "fuzzy entry"),
}
"""What a language in progress still has to do, by category and the finding's opening
words; every other finding (structure, quotes, synonyms, unknown fields) is an error."""


def is_gap(finding: Finding) -> bool:
    """True when `finding` is work still to do rather than something wrong."""
    if finding.category == "glossary" and finding.message.endswith("is missing"):
        return False
    return finding.message.startswith(GAPS.get(finding.category, ()))


ENGLISH = """\
# Rules {#rules}

## Piles {#piles}

A pile holds at most 13 cards: “This pile is full; choose another place”.

- Only the top card of a pile moves.
- A card goes onto a card of the same suit.

<!-- crescent:diagram game=won-game moment=start -->

## Redeal {#redeal}

There are 3 redeals per game.
"""

RUSSIAN = """\
# Правила {#rules}

## Стопки {#piles}

В стопке не больше 13 карт: «Эта стопка заполнена; выберите другое место».

- Перемещается только верхняя карта стопки.
- Карта кладётся на карту той же масти.

<!-- crescent:diagram game=won-game moment=start -->

## Пересдача {#redeal}

За партию даётся 3 пересдачи.
"""

CATALOG = """\
msgid ""
msgstr ""
"Language: {lang}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "rank.name.K"
msgstr "{king}"

msgid "place.pile"
msgstr "{pile} {{number}}"

msgid "reason.pile-full"
msgstr "{full}"
"""


def write_catalog(project: Project, lang: str, king: str, pile: str, full: str) -> Path:
    """The fixture's engine catalog in `lang`."""
    path = project.catalogs[0].path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(CATALOG.format(lang=lang, king=king, pile=pile, full=full), encoding="utf-8")
    return path


def write_registry(root: Path, languages: tuple[str, ...]) -> Path:
    """The fixture's registry (`crescent/languages.py`): the real one's `languages` only."""
    path = root / "crescent" / "languages.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "crescent" / "languages.py").read_text(encoding="utf-8")
    for language in registry.parse(text).languages:
        if language.code not in languages:
            text = registry.without_language(text, language.code)
    path.write_text(text, encoding="utf-8")
    return path


def make_project(root: Path, languages: tuple[str, ...] = ("en", "ru")) -> Project:
    """The fixture project at `root`: the page in English and Russian, the registry,
    glossaries and site catalogs of `languages`, every block marked up to date."""
    (root / "docs").mkdir(parents=True)
    write_registry(root, languages)
    (root / "docs" / "rules.md").write_text(ENGLISH, encoding="utf-8")
    (root / "docs" / "rules.ru.md").write_text(RUSSIAN, encoding="utf-8")
    glossaries = root / "translations" / "glossary"
    glossaries.mkdir(parents=True)
    for lang in languages:
        real = (ROOT / "translations" / "glossary" / f"{lang}.toml").read_text(encoding="utf-8")
        (glossaries / f"{lang}.toml").write_text(without_exceptions(real), encoding="utf-8")
        site = Path("translations") / "locale" / lang / "LC_MESSAGES" / "site.po"
        (root / site).parent.mkdir(parents=True)
        shutil.copy(ROOT / site, root / site)
    result = Project.at(root)
    write_catalog(result, "en", "king", "pile", "This pile is full; choose another place")
    write_catalog(result, "ru", "король", "стопка", "Эта стопка заполнена; выберите другое место")
    mark_blocks(result, "all", "all", [], whole=True)
    return result


EXCEPTION = re.compile(
    r"^\[\[(?:unnamed|other-sense|other-facts)\]\]\n(?:(?!\[).*\n?)*", re.MULTILINE
)


def without_exceptions(glossary: str) -> str:
    """A glossary's text without its `[[unnamed]]`, `[[other-sense]]` and `[[other-facts]]`
    entries, which name the real site's blocks and messages."""
    return EXCEPTION.sub("", glossary)


@pytest.fixture()
def project(tmp_path: Path) -> Project:
    """The fixture project, every block marked up to date: its report is empty."""
    return make_project(tmp_path / "project")


def append(path: Path, text: str) -> None:
    """Add `text` at the end of the file at `path`."""
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def edit(path: Path, old: str, new: str) -> None:
    """Replace `old` (which must be there) by `new` in the file at `path`."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def copy_site(root: Path) -> Path:
    """A copy at `root` of the parts of the real project the report reads."""
    shutil.copytree(ROOT / "docs", root / "docs", ignore=shutil.ignore_patterns("assets"))
    shutil.copytree(
        ROOT / "translations", root / "translations", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(
        ROOT / "crescent" / "locale",
        root / "crescent" / "locale",
        ignore=shutil.ignore_patterns("*.mo"),
    )
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return root


@pytest.fixture(scope="module")
def project_copy(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the real project for the tests of one module to plant faults in."""
    return copy_site(tmp_path_factory.mktemp(request.module.__name__.split(".")[-1]) / "project")


def report_lines(root: Path, lang: str | None) -> list[str]:
    """The lines of `python -m translations report --lang LANG` over the project at `root`
    (its `main`, run in this process); with no `lang`, of the whole report, English's
    own pages included."""
    from translations.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["--root", str(root), "report", *(["--lang", lang] if lang else [])])
    return out.getvalue().splitlines()


@contextlib.contextmanager
def planted(path: Path, right: str, wrong: str) -> Iterator[int]:
    """`path` with its first `right` replaced by `wrong` while the block runs, and the
    line of that text; the file comes back as it was."""
    original = path.read_text(encoding="utf-8")
    assert right in original, f"{path.name} no longer says {right!r}: update the plant"
    try:
        path.write_text(original.replace(right, wrong, 1), encoding="utf-8")
        yield original[: original.index(right)].count("\n") + 1
    finally:
        path.write_text(original, encoding="utf-8")


def planted_findings(
    root: Path, name: str, right: str, wrong: str, says: str
) -> tuple[list[str], str]:
    """The report lines that say `says` while `wrong` stands in place of `right` in the file
    `name` of the project at `root`, and how each must begin: the file, and a page's line."""
    with planted(root / name, right, wrong) as line:
        found = [row for row in report_lines(root, language_of(name)) if says in row]
    return found, f"{name}:{line}: glossary: " if name.startswith("docs/") else f"{name}:"


def language_of(name: str) -> str:
    """`ru` for docs/index.ru.md and for crescent/locale/ru/LC_MESSAGES/crescent.po."""
    return name.split(".")[-2] if name.startswith("docs/") else name.split("/")[2]
