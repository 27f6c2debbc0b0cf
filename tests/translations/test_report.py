"""Deliberately broken translations, each with the precise report it must produce."""

from __future__ import annotations

import re

import pytest

from tests.translations.conftest import append, edit
from translations import report
from translations.cli import main
from translations.findings import Finding
from translations.project import Project

PARAGRAPH = "В стопке не больше 13 карт: «Эта стопка заполнена; выберите другое место».\n\n"
ENTRY = 'msgid "reason.pile-full"\nmsgstr "Эта стопка заполнена; выберите другое место"\n'


def findings(project: Project) -> list[str]:
    """The lines of the report after its summary: the findings and their details."""
    lines = report.text(report.collect(project)).splitlines()
    starts = [i for i, line in enumerate(lines) if re.fullmatch(r"\d+ findings?:", line)]
    return lines[starts[0] + 1 :] if starts else []


def test_the_fixture_is_clean(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert report.collect(project).findings == []
    assert main(["--root", str(project.root)]) == 0
    assert "Nothing to do" in capsys.readouterr().out


def test_a_missing_paragraph(project: Project) -> None:
    edit(project.translation("rules", "ru"), PARAGRAPH, "")
    assert findings(project) == [
        "docs/rules.ru.md:3: structure: missing paragraph piles.1 of docs/rules.md:5; "
        "add it after line 3",
    ]


def test_an_extra_heading(project: Project) -> None:
    edit(project.translation("rules", "ru"), "## Пересдача", "## Лишнее {#extra}\n\n## Пересдача")
    assert findings(project) == [
        "docs/rules.ru.md:12: structure: extra heading ## {#extra}: the English has none "
        "after docs/rules.md:10",
    ]


def test_a_heading_whose_id_differs(project: Project) -> None:
    edit(project.translation("rules", "ru"), "{#redeal}", "{#redeals}")
    assert findings(project) == [
        "docs/rules.ru.md:12: structure: heading ## {#redeals} where docs/rules.md:12 has "
        "heading ## {#redeal}",
    ]


def test_a_changed_marker(project: Project) -> None:
    edit(project.translation("rules", "ru"), "moment=start", "moment=end")
    assert findings(project) == [
        "docs/rules.ru.md:10: structure: marker <!-- crescent:diagram game=won-game moment=end -->"
        " where docs/rules.md:10 has marker <!-- crescent:diagram game=won-game moment=start -->",
    ]


def test_a_changed_english_block(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    edit(
        project.source("rules"),
        "There are 3 redeals per game.",
        "There are 3 redeals in each game.",
    )
    assert findings(project) == [
        "docs/rules.ru.md:14: outdated: redeal.1 (paragraph) changed in English since it was "
        "translated [English: docs/rules.md:14]",
        "    English before: There are 3 redeals per game.",
        "    English now:    There are 3 redeals in each game.",
    ]
    assert main(["--root", str(project.root), "report"]) == 1
    assert "redeal.1" in capsys.readouterr().out


def test_a_glossary_synonym(project: Project) -> None:
    edit(project.translation("rules", "ru"), "В стопке", "В кучке")
    assert findings(project) == [
        "docs/rules.ru.md:5: glossary: “кучке” is a synonym of pile: write стопка",
    ]


def test_a_card_in_another_languages_letters(project: Project) -> None:
    edit(project.translation("rules", "ru"), "За партию", "После K♠ за партию")
    assert findings(project) == [
        "docs/rules.ru.md:14: glossary: card K♠: this language writes it К♠",
        "docs/rules.ru.md:14: fact: numbers, cards or negations differ from the English block "
        "(adds К♠): "
        "correct the fact, or, where the translation rightly words it otherwise, give the "
        "block an [[other-facts]] entry in the glossary [English: docs/rules.md:14]",
    ]


def test_a_quote_that_differs_from_the_catalog(project: Project) -> None:
    edit(project.translation("rules", "ru"), "«Эта стопка заполнена", "«Стопка заполнена")
    assert findings(project) == [
        "docs/rules.ru.md:5: quote: piles.1 must quote reason.pile-full exactly as "
        "crescent/locale/ru/LC_MESSAGES/crescent.po:12 has it: "
        "“Эта стопка заполнена; выберите другое место” [English: docs/rules.md:5]",
    ]


def test_a_missing_catalog_entry(project: Project) -> None:
    edit(project.catalogs[0].path("ru"), ENTRY, "")
    assert findings(project) == [
        "crescent/locale/ru/LC_MESSAGES/crescent.po: catalog: missing entry reason.pile-full "
        "(English: “This pile is full; choose another place”) "
        "[English: crescent/locale/en/LC_MESSAGES/crescent.po:12]",
    ]


def test_a_fuzzy_entry_and_an_unknown_field(project: Project) -> None:
    path = project.catalogs[0].path("ru")
    edit(path, ENTRY, "#, fuzzy\n" + ENTRY)
    edit(path, 'msgstr "стопка {number}"', 'msgstr "стопка {numbr}"')
    assert findings(project) == [
        "crescent/locale/ru/LC_MESSAGES/crescent.po:9: catalog: entry place.pile uses {numbr}, "
        "which the engine does not fill (the English uses {number}) "
        "[English: crescent/locale/en/LC_MESSAGES/crescent.po:9]",
        "crescent/locale/ru/LC_MESSAGES/crescent.po:13: catalog: fuzzy entry reason.pile-full: "
        "check it, then remove the fuzzy flag "
        "[English: crescent/locale/en/LC_MESSAGES/crescent.po:12]",
    ]


def test_the_catalog_must_use_the_glossary_terms(project: Project) -> None:
    path = project.catalogs[0].path("ru")
    edit(path, 'msgstr "стопка {number}"', 'msgstr "кучка {number}"')
    assert findings(project) == [
        "crescent/locale/ru/LC_MESSAGES/crescent.po:9: glossary: place.pile: the English message "
        "speaks of the pile (“pile {number}”); use стопка",
        "crescent/locale/ru/LC_MESSAGES/crescent.po:9: glossary: place.pile: “кучка” is a synonym "
        "of pile: write стопка",
    ]


def test_a_missing_page(project: Project) -> None:
    project.translation("rules", "ru").unlink()
    assert findings(project) == [
        "docs/rules.ru.md: missing: not translated: copy docs/rules.md to docs/rules.ru.md, "
        "translate it, then run `python -m translations mark ru rules --all` "
        "[English: docs/rules.md:1]",
    ]


def test_an_english_only_page_is_not_expected_in_russian(project: Project) -> None:
    page = project.docs_dir / "status.md"
    page.write_text("---\ntranslate: false\n---\n\n# Status {#status}\n", encoding="utf-8")
    assert findings(project) == []


def test_the_report_page_lists_every_finding(project: Project) -> None:
    edit(project.translation("rules", "ru"), "В стопке", "В кучке")
    edit(project.source("rules"), "There are 3 redeals per game.", "There are 3 redeals a game.")
    body = report.page_html(report.collect(project))
    assert "<td>1 outdated, 1 glossary</td>" in body
    assert "<code>docs/rules.ru.md:5</code> glossary: “кучке” is a synonym of pile" in body
    assert "<del>per</del> <ins>a</ins>" in body


def test_the_report_page_shows_keys_blocks_and_files_as_code(project: Project) -> None:
    """A catalog key, a block id or a file a finding names is code on the page, never
    prose (`tests/site/test_catalog_keys.py` reads the built page the same way); the
    words a finding quotes stay as they are."""
    edit(project.catalogs[0].path("ru"), 'msgstr "стопка {number}"', 'msgstr "кучка {number}"')
    edit(project.translation("rules", "ru"), "«Эта стопка заполнена", "«Стопка заполнена")
    body = report.page_html(report.collect(project))
    assert "<code>place.pile</code>: the English message speaks of the pile (“pile {number}”)" in (
        body
    )
    assert "<code>piles.1</code> must quote <code>reason.pile-full</code> exactly as " in body
    assert "<code>crescent/locale/ru/LC_MESSAGES/crescent.po:12</code> has it: “Эта" in body
    prose = re.sub(r"<code>.*?</code>", " ", body)
    assert re.findall(r"(?<![\w.#/-])[a-z][\w-]*\.[\w.-]*\w", prose) == []


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        ('msgstr "Эта стопка заполнена; выберите другое место', "must be in double quotes"),
        ("msgstr Эта стопка заполнена", "must be in double quotes"),
        ('msgstr "Эта "стопка" заполнена"', "must be in double quotes"),
        ('msgtsr "Эта стопка заполнена"', "a misspelled keyword?"),
    ],
)
def test_a_line_that_is_not_po_syntax(project: Project, broken: str, said: str) -> None:
    """Babel reads such a line leniently and changes the text ("Tipp" read as "Tip"), or
    skips it with a warning that names no file: the report names file and line."""
    edit(
        project.catalogs[0].path("ru"),
        'msgstr "Эта стопка заполнена; выберите другое место"',
        broken,
    )
    found = [line for line in findings(project) if ": catalog: " in line and said in line]
    assert found and found[0].startswith("crescent/locale/ru/LC_MESSAGES/crescent.po:13: "), found


def test_an_entry_without_its_msgstr_and_a_key_twice(project: Project) -> None:
    path = project.catalogs[0].path("ru")
    text = path.read_text(encoding="utf-8")
    edit(path, 'msgid "reason.pile-full"', 'msgid "place.pile"')
    assert (
        'crescent/locale/ru/LC_MESSAGES/crescent.po:12: catalog: msgid "place.pile" again: '
        "line 9 has it too"
    ) in findings(project)
    path.write_text(text, encoding="utf-8")
    edit(path, 'msgstr "Эта стопка заполнена; выберите другое место"\n', "")
    assert (
        "crescent/locale/ru/LC_MESSAGES/crescent.po:12: catalog: an entry without its msgstr"
    ) in findings(project)


def test_a_brace_that_belongs_to_no_field(project: Project) -> None:
    edit(project.catalogs[0].path("ru"), 'msgstr "стопка {number}"', 'msgstr "стопка {number}}"')
    assert findings(project) == [
        "crescent/locale/ru/LC_MESSAGES/crescent.po:9: catalog: entry place.pile has a brace { or "
        "} that belongs to no field: the reader would see it "
        "[English: crescent/locale/en/LC_MESSAGES/crescent.po:9]",
    ]


def test_a_theme_word_with_a_character_of_markup(project: Project) -> None:
    """Material writes its words (site.theme.*) into the page's HTML unescaped: a plain
    quotation mark there would end the attribute it is in."""
    entry = 'msgid "site.theme.search.result.one"\nmsgstr "{text}"\n'
    append(project.catalogs[0].path("en"), "\n" + entry.format(text="1 page found"))
    append(project.catalogs[0].path("ru"), "\n" + entry.format(text='Найдена \\"1\\" страница'))
    found = [line for line in findings(project) if ": catalog: entry site.theme" in line]
    assert found == [
        "crescent/locale/ru/LC_MESSAGES/crescent.po:15: catalog: entry "
        "site.theme.search.result.one has “\"”: Material writes these words into the page's "
        "HTML as they are, where that character breaks it; write the language's quotation "
        "marks (“ ” „ « » ״) or words instead "
        "[English: crescent/locale/en/LC_MESSAGES/crescent.po:15]"
    ]


@pytest.mark.parametrize(
    ("letters", "said"),
    [
        ("ТВД", "4 letters are needed (ace, jack, queen, king), not 3"),
        ("ТВДКХ", "4 letters are needed (ace, jack, queen, king), not 5"),
        ("Т1ДК", "each must be a letter"),
        ("ТТДК", "the four must be different"),
    ],
)
def test_card_letters_that_cannot_be_used(project: Project, letters: str, said: str) -> None:
    """A wrong count crashed the report and the build (zip, an index out of range)."""
    edit(project.registry_path, 'letters="ТВДК"', f'letters="{letters}"')
    found = [line for line in findings(project) if "card letters" in line]
    assert len(found) == 1 and said in found[0], found
    assert re.match(r"crescent/languages\.py:\d+: glossary: ", found[0])


def test_a_glossary_list_written_as_a_string(project: Project) -> None:
    """`forms = "…"` was read letter by letter, one of them the any-word pattern `*`."""
    path = project.glossary_path("ru")
    text = path.read_text(encoding="utf-8")
    match = re.search(r'^forms = \[("[^"]*")[^\]]*\]', text, re.MULTILINE)
    assert match
    edit(path, match.group(0), f"forms = {match.group(1)}")
    line = text[: match.start()].count("\n") + 1
    found = [f for f in findings(project) if "must be a list in brackets" in f]
    assert len(found) == 1 and found[0].startswith("translations/glossary/ru.toml:"), found
    assert int(found[0].split(":")[1]) <= line


def test_glossary_endings_written_as_a_string_are_named_at_their_line(project: Project) -> None:
    """The search would drop no ending at all (`crescent_site.search_words.endings`)."""
    path = project.glossary_path("ru")
    text = path.read_text(encoding="utf-8")
    match = re.search(r"^endings = ", text, re.MULTILINE)
    assert match
    edit(path, match.group(0), 'endings = "ами"\nunused = ')
    line = text[: match.start()].count("\n") + 1
    found = [f for f in findings(project) if "endings must be a list in brackets" in f]
    assert len(found) == 1 and found[0].startswith(f"translations/glossary/ru.toml:{line}: "), found


def test_a_glossary_that_is_not_toml_is_named_at_its_line(project: Project) -> None:
    path = project.glossary_path("ru")
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '\n[concepts.pile\nterm = "x"\n', encoding="utf-8")
    line = text.count("\n") + 2
    found = [f for f in findings(project) if "not TOML" in f]
    assert found and found[0].startswith(
        f"translations/glossary/ru.toml:{line}: glossary: not TOML: "
    )


def test_a_finding_is_one_line_even_when_its_english_has_several() -> None:
    """An untranslated `cli.help` quoted its English over twelve lines of the report."""
    finding = Finding("catalog", "pl", "crescent.po", "x/crescent.po", 7, "untranslated “a\nb”")
    assert finding.text() == "x/crescent.po:7: catalog: untranslated “a\\nb”"
