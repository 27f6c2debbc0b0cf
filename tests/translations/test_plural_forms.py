"""A catalog's Plural-Forms header: the engine chooses a plural entry's form by it
(gettext), and without a rule it can read gettext takes the English one (n != 1), so
a Russian "2 карт" would follow. A header that is missing, unreadable, that gives a
number a form the catalog does not have, or whose rule is not the language's (CLDR's,
as Babel has it) is named at its line, with the language's rule to write; never a
traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.translations.conftest import planted, report_lines
from translations.po_syntax import problems

RULE = "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"
HEADER = (
    f'msgid ""\nmsgstr ""\n"Language: ru\\n"\n"Plural-Forms: nplurals=3; plural=({RULE});\\n"\n'
)
PLURAL = '\nmsgid "count.cards"\nmsgid_plural "count.cards"\nmsgstr[0] "{count} карта"\n'
PLURAL += 'msgstr[1] "{count} карты"\nmsgstr[2] "{count} карт"\n'
BABEL_RU = "nplurals=3; plural=n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2"


def test_a_sound_header_and_a_catalog_without_plurals_have_no_problem() -> None:
    assert problems(HEADER + PLURAL) == []
    assert problems('msgid ""\nmsgstr ""\n\nmsgid "ui.reset"\nmsgstr "Сброс"\n') == []


@pytest.mark.parametrize(
    ("header", "line", "says"),
    [
        (HEADER.replace('"Plural-Forms', '"Plural-Formz'), 7, "the header has no Plural-Forms"),
        (HEADER.replace("nplurals=3", "nplurals=x"), 4, "not a rule gettext can read"),
        (HEADER.replace("n%10==1 &&", "n%10==1 &&&"), 4, "not a rule gettext can read"),
        (HEADER.replace("nplurals=3", "nplurals=2"), 4, "gives the number 0 form 2, but nplurals"),
    ],
)
def test_a_broken_header_is_named_with_the_rule_to_write(header: str, line: int, says: str) -> None:
    found = problems(header + PLURAL)
    assert [problem.line for problem in found] == [line], found
    assert says in found[0].message and BABEL_RU in found[0].message, found[0].message


def test_the_report_names_it_in_a_real_catalog(project_copy: Path) -> None:
    path = project_copy / "crescent" / "locale" / "ru" / "LC_MESSAGES" / "crescent.po"
    with planted(path, "nplurals=3;", "nplurals=x;") as line:
        found = [row for row in report_lines(project_copy, "ru") if "Plural-Forms" in row]
    name = "crescent/locale/ru/LC_MESSAGES/crescent.po"
    assert len(found) == 1 and found[0].startswith(f"{name}:{line}: catalog: Plural-Forms is not")


ENGLISH_RULE = "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize(
    ("rule", "says"),
    [
        (ENGLISH_RULE, "it gives the number 0 form 1, the language's rule form 2"),
        (
            "nplurals=3; plural=(n != 1);",
            "it gives the number 0 form 1, the language's rule form 2",
        ),
        ("nplurals=4; " + HEADER.split("nplurals=3; ")[1].split("\\n")[0], "it has 4 forms where"),
    ],
)
def test_a_readable_rule_that_is_not_the_languages_is_named(rule: str, says: str) -> None:
    """A helper adding Polish copied the English rule: Polish counts then wrote "5 karty"
    for "5 kart", and nothing said so (nor of a rule that never chooses a form)."""
    header = HEADER.replace(HEADER.split("Plural-Forms: ")[1].split("\\n")[0], rule)
    found = problems(header + PLURAL + 'msgstr[3] "{count} карты"\n' * ("nplurals=4" in rule))
    assert [problem.line for problem in found] == [4], found
    assert "Plural-Forms is not the rule of 'ru': " + says in found[0].message
    assert BABEL_RU in found[0].message


def test_the_rule_of_a_language_babel_does_not_know_is_not_judged() -> None:
    """Its rule cannot be checked: the Russian one passes (Babel's fallback, English's
    rule, would have flagged it)."""
    assert problems(HEADER.replace("Language: ru", "Language: xx-crescent") + PLURAL) == []
