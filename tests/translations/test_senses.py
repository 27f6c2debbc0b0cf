"""Where an English word is not its concept, and where a catalog's field hides one.

The block and catalog checks read which concepts an English text names from the
English glossary's `forms`. A form that is also a verb ("could not answer") is left
out by the concept's `not-in` phrases or by noun-only forms, for
every language at once, instead of one `[[other-sense]]` per block; an
`[[other-sense]]` of a catalog message that no longer uses the word is found stale;
and a translation's `{field}` never stands in for the word it is named after.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.languages import REGISTRY
from tests.translations.conftest import ROOT, append, edit, planted_findings
from translations import report
from translations.catalogs import Message
from translations.glossary import catalog_findings, concepts_of, load_all, parse
from translations.project import Project

GLOSSARIES = load_all(ROOT / "translations" / "glossary")
ENGLISH = GLOSSARIES["en"]


def glossary_findings(project: Project) -> list[str]:
    return [f.text() for f in report.collect(project).findings if f.category == "glossary"]


@pytest.mark.parametrize(
    ("text", "concept", "named"),
    [
        # going through a game a step at a time: a redeal is a step as much as a move
        # (translated "move by move", a redeal was left out in bg, ru and tr), and its
        # own concept, so that a plain "as you go through the game" is found
        ("The buttons and arrow keys step through it.", "step-through", True),
        ("The viewer steps through any record.", "step-through", True),
        ("Step through this game", "step-through", True),
        ("as you are stepping through the game", "step-through", True),
        ("Step through this game", "step", False),
        ("Every step has its own address.", "step-through", False),
        ("Every step has its own address.", "step", True),
        ("Previous step", "step", True),
        ("The game's engine could not answer this request", "answer", False),
        ("How long the solver took to answer, per deal", "answer", False),
        ("Deals without an answer: 3.", "answer", True),
        ("Most deals get their answer in a second.", "answer", True),
        ("Search stopped before it was done: no answer yet.", "answer", True),
    ],
)
def test_a_verb_is_not_the_concept_of_its_noun(text: str, concept: str, named: bool) -> None:
    assert (concept in concepts_of(ENGLISH, text)) is named


@pytest.mark.parametrize(
    ("name", "right", "wrong"),
    [  # found by native readers of the codes page in all four languages (stop 54)
        ("docs/codes.bg.md", "разглеждате играта стъпка по стъпка", "разглеждате играта"),
        ("docs/codes.he.md", "עוברים על המשחק שלב אחר שלב", "עוברים על המשחק"),
        ("docs/codes.ru.md", "просматриваете партию по шагам", "листаете партию"),
        ("docs/codes.tr.md", "oyunda adım adım ilerledikçe", "oyunda ilerledikçe"),
    ],
)
def test_stepping_through_a_game_without_the_step_is_found(
    project_copy: Path, name: str, right: str, wrong: str
) -> None:
    found, start = planted_findings(
        project_copy, name, right, wrong, "the English says “step through” (step-through)"
    )
    assert len(found) == 1 and found[0].startswith(start), found


def test_not_in_leaves_out_only_the_phrase_it_names() -> None:
    text = '[concepts.step]\nterm = "step"\nforms = ["step", "steps"]\nnot-in = ["step through"]\n'
    language = next(lang for lang in REGISTRY if lang.code == "en")
    glossary = parse(Path("en.toml"), text, language)
    assert glossary.concepts["step"].senses == ("step through",)
    assert "step" not in concepts_of(glossary, "Step through the game.")
    assert "step" in concepts_of(glossary, "Step through the game, one step at a time.")


def test_a_block_whose_english_word_is_a_verb_needs_no_word(project: Project) -> None:
    english, russian = project.source("rules"), project.translation("rules", "ru")
    edit(
        english,
        "There are 3 redeals per game.",
        "There are 3 redeals per game; the solver could answer why.",
    )
    edit(
        russian,
        "За партию даётся 3 пересдачи.",
        "За партию даётся 3 пересдачи; решатель мог бы объяснить почему.",
    )
    assert glossary_findings(project) == []
    edit(english, "the solver could answer why.", "the solver has an answer why.")
    assert [f for f in glossary_findings(project) if "(answer)" in f] == [
        "docs/rules.ru.md:14: glossary: redeal.1: the English says “an answer” (answer); "
        "expected ответ (ответ*), found “объяснить почему” in its place?"
    ]


def test_a_field_of_the_translation_is_not_the_word_it_is_named_after() -> None:
    english = {"summary": Message("summary", ("Proven unwinnable: {unwinnable}.",), 3, False)}
    russian = GLOSSARIES["ru"]

    def found(text: str) -> list[str]:
        messages = {"summary": Message("summary", (text,), 7, False)}
        return [
            f.message
            for f in catalog_findings(russian, ENGLISH, messages, english, "ru.po", "test.po")
        ]

    assert found("Доказано: {unwinnable}.") == [
        "summary: the English message speaks of the unwinnable (“Proven unwinnable: "
        "{unwinnable}.”); use выиграть нельзя"
    ]
    assert found("Выиграть нельзя (доказано): {unwinnable}.") == []
    # An English word the translation keeps as it is (a literal) still counts.
    english["flag"] = Message("flag", ("Use --json to print the record.",), 5, False)
    messages = {
        "summary": Message("summary", ("Выиграть нельзя: {unwinnable}.",), 7, False),
        "flag": Message("flag", ("С --json выводится record.",), 9, False),
    }
    assert catalog_findings(russian, ENGLISH, messages, english, "ru.po", "test.po") == []


def test_an_other_sense_of_a_message_is_found_once_stale(project: Project) -> None:
    catalog = project.catalogs[0].path("en")
    append(catalog, '\nmsgid "play.view"\nmsgstr "Step through this game"\n')
    sense = (
        '\n[[other-sense]]\nwhere = "crescent.po#play.view"\nconcept = "a-game"\n'
        'reason = "a test"\n'
    )
    append(project.glossary_dir / "en.toml", sense)
    assert glossary_findings(project) == []
    edit(catalog, '"Step through this game"', '"Step through it"')
    stale = (
        "translations/glossary/en.toml: glossary: [[other-sense]] crescent.po#play.view "
        "(a-game): the message no longer uses the word; remove the entry"
    )
    assert glossary_findings(project) == [stale]
    edit(catalog, 'msgid "play.view"\nmsgstr "Step through it"\n', "")
    assert glossary_findings(project) == [stale]
