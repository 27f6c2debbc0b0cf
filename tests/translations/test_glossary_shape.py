"""A slip in a glossary's TOML is a problem at its line, never a check turned off in
silence or a traceback: an unknown key (`[[calque]]`), entries written as one table
(`[calques]`), a value of the wrong kind, a pattern that matches any word or none, an
`[[allow]]` without its pattern, and an exception for a page the project does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.translations.conftest import KNOWN_COMPLETE, ROOT, planted, report_lines
from translations.glossary import load_all, parse
from translations.project import Project

RU = ROOT / "translations" / "glossary" / "ru.toml"


def _problems(text: str) -> list[tuple[int, str]]:
    language = Project.at(ROOT).language("ru")
    return list(parse(RU, text, language).problems)


def _line(text: str, written: str) -> int:
    return text[: text.index(written)].count("\n") + 1


def test_the_complete_glossaries_have_no_problem() -> None:
    glossaries = load_all(RU.parent)
    assert {lang: glossaries[lang].problems for lang in KNOWN_COMPLETE} == {
        lang: () for lang in KNOWN_COMPLETE
    }


@pytest.mark.parametrize(
    ("right", "slip", "says"),
    [
        ("[[buttons]]\n", "[[button]]\n", "unknown key 'button': a glossary's keys are allow,"),
        ('language = "ru"\n', 'language = "ru"\nprefixes = 3\n', "prefixes must be letters"),
        ('language = "ru"\n', "language = 7\n", "language must be a code in quotes"),
        ("[[buttons]]\n", "[buttons]\n", "buttons must be entries, each under its own [[buttons]]"),
    ],
)
def test_a_slip_of_the_toml_is_a_problem_at_its_line(right: str, slip: str, says: str) -> None:
    text = RU.read_text(encoding="utf-8")
    assert right in text
    broken = text.replace(right, slip, 1)
    line = _line(broken, slip.splitlines()[-1])
    found = [(at, problem) for at, problem in _problems(broken) if says in problem]
    assert [at for at, _ in found] == [line], _problems(broken)


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ('[[allow]]\nreason = "x"\n', "[[allow]] None is not a pattern in quotes"),
        ('[[allow]]\npattern = " "\nreason = "x"\n', "[[allow]] ' ' is an empty pattern"),
        (
            '[[calques]]\npattern = "*"\nwrite = "x"\nreason = "y"\n',
            "[[calques]] '*' has an empty alternative or a bare *",
        ),
        (
            '[[calques]]\npattern = "по|"\nwrite = "x"\nreason = "y"\n',
            "[[calques]] 'по|' has an empty alternative or a bare *",
        ),
    ],
)
def test_a_pattern_that_matches_any_word_or_none_is_a_problem(entry: str, says: str) -> None:
    problems = [problem for _, problem in _problems(RU.read_text(encoding="utf-8") + entry)]
    assert [problem for problem in problems if problem.startswith(says)] != [], problems
    assert len(problems) == 1, problems


def test_a_concept_form_that_is_empty_is_a_problem_and_left_out() -> None:
    text = RU.read_text(encoding="utf-8")
    form = re.search(r"^forms = \[", text, re.MULTILINE)
    assert form is not None
    broken = text[: form.end()] + '"", ' + text[form.end() :]
    name = re.findall(r"^\[concepts\.([\w-]+)\]", text[: form.start()], re.MULTILINE)[-1]
    assert [problem for _, problem in _problems(broken)] == [
        f"concept {name!r}: '' is an empty pattern"
    ]


@pytest.mark.parametrize("kind", ["other-facts", "unnamed"])
def test_an_exception_for_a_page_the_project_lacks_is_found(project_copy: Path, kind: str) -> None:
    path = project_copy / "translations" / "glossary" / "ru.toml"
    text = path.read_text(encoding="utf-8")
    concept = ' concept = "pile"\n' if kind == "unnamed" else ""
    entry = f'\n[[{kind}]]\nwhere = "rulez#setup.1"\n{concept}reason = "a page renamed since"\n'
    with planted(path, text, text + entry):
        found = [row for row in report_lines(project_copy, "ru") if "rulez" in row]
    assert found == [
        f"translations/glossary/ru.toml: glossary: [[{kind}]] rulez#setup.1: no page or catalog "
        "'rulez' (the project has about, codes, examples, index, play, translators, win-rate, "
        "crescent.po, site.po)"
    ]


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ('[[buttons]]\nregex = 5\nwrite = "x"\nreason = "y"\n', "regex = 5 must be text in quotes"),
        ('[[calques]]\npattern = "a"\nwrite = ["x"]\nreason = "y"\n', "write = ['x'] must be"),
        ('[[not-terms]]\nwords = ["a", 1]\nreason = "y"\n', "words = ['a', 1] must be a list"),
    ],
)
def test_an_entry_value_that_is_not_text_is_a_problem(entry: str, says: str) -> None:
    """`regex = 5` was read as the regular expression "5", and a list as its text."""
    text = RU.read_text(encoding="utf-8")
    found = [(at, problem) for at, problem in _problems(text + entry) if says in problem]
    key = entry.split("]]")[0].removeprefix("[[")
    assert [at for at, _ in found] == [text.count("\n") + 1], _problems(text + entry)
    assert found[0][1].startswith(f"[[{key}]] ")
