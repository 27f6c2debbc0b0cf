"""A new language in one command: two languages added to a copy of the project, then built.

In a copy of the whole tree, `python -m translations add de --name Deutsch` and
`add ar --name العربية --rtl` (German and Arabic, or other two if the site has them
by then: `tests.conftest.NEW_LANGUAGES`) with no edit by hand; the strict build
passes; every English page has its page in each new language, with the language's
`lang` and `dir`, the English text marked English under a notice; the English pages'
language menu offers both; the sitemap claims no page in them; the report names
their gaps; and the engine, translations and browser-API tests that a new language can
change pass in the copy (`tests.language_set` picks them). Their rule demos and Play in
Chromium: tests/browser/test_new_language.py.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest

from crescent.languages import SOURCE, Language
from tests.conftest import NEW_LANGUAGES, SITE_URL, Added, add_command
from tests.language_set import LANGUAGE_NAMES
from tests.site.conftest import build_site, clone_project
from tests.site.html import Element, parse
from tools.build import ROOT
from translations import ui
from translations.project import Project

pytestmark = pytest.mark.xdist_group("new-languages")

LANGUAGE_SET = re.compile(
    rf"\b(?:{'|'.join(sorted(LANGUAGE_NAMES))})\b|Project\.at\(|\bproject: Project\b"
)
"""What a test module that reads the set of languages says somewhere in its text: a
name of `tests.language_set.LANGUAGE_NAMES`, a project's languages (`Project.at(...)`, or
the translations tests' fixture project, whose registry is the real one with the other
languages taken out).
`translations add` writes the registry, the new language's glossary and catalogs and
nothing else, so a module that names its languages one by one (`catalog("en")`,
`report --lang bg`) runs the same with languages added."""
COPIED_SUITES = ("tests/engine", "tests/translations", "tests/browser_api")
IN_THE_COPY = [
    *("-q", "-p", "no:cacheprovider", "-p", "tests.language_set", "--new-languages"),
    ",".join(language.code for language in NEW_LANGUAGES),
]
"""Of those modules, the copy runs the tests a new language can change: those it runs for,
and those that read the set of languages (`tests.language_set`)."""


def reading_a_language() -> tuple[list[str], list[str]]:
    """The test modules of `COPIED_SUITES` that read the set of languages, and the others.

    Adding a language cannot change a module that reads no language (the rules, the
    solver and its proofs: minutes of solving) or only languages it names, so the run in
    the copy leaves those out. tests/translations/test_site.py reads the built site,
    which this module builds once."""
    reading, free = [], []
    for folder in COPIED_SUITES:
        for path in sorted((ROOT / folder).glob("test_*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name == "tests/translations/test_site.py":
                continue
            text = path.read_text(encoding="utf-8")
            (reading if LANGUAGE_SET.search(text) else free).append(name)
    return reading, free


def _english_pages(site: Path, languages: list[str]) -> list[Path]:
    """The English pages of the built site (404 aside), relative to it."""
    return sorted(
        path.relative_to(site)
        for path in site.rglob("index.html")
        if path.relative_to(site).parts[0] not in languages
        and not path.relative_to(site).parts[0].startswith("assets")
    )


def _document(site: Path, path: Path) -> Element:
    return parse((site / path).read_text(encoding="utf-8"))


def test_adding_takes_one_command_each_and_the_strict_build_passes(added: Added) -> None:
    for command, language in zip(added.commands, NEW_LANGUAGES, strict=True):
        assert command.returncode == 0, command.stderr
        assert command.stdout.startswith(f"added {language.code} ({language.name}")
    assert added.build.returncode == 0, added.build.stderr
    registry = Project.at(added.project).registry
    assert registry.languages[-2:] == NEW_LANGUAGES


@pytest.mark.parametrize("language", NEW_LANGUAGES, ids=lambda language: language.code)
def test_every_english_page_has_its_page_in_the_new_language(
    added: Added, language: Language
) -> None:
    codes = [lang.code for lang in Project.at(added.project).registry.languages]
    english = _english_pages(added.site, codes)
    assert len(english) >= 8
    project = Project.at(added.project)
    boards: list[Element] = []
    for path in english:
        document = _document(added.site, Path(language.code) / path)
        assert document.find("html").attrs["lang"] == language.code, path
        assert document.find("body").attrs["dir"] == language.direction, path
        article = document.find("article")
        assert article.find("div", lang=SOURCE).attrs["dir"] == "ltr", path
        name = "index" if path.parent == Path() else path.parent.as_posix()
        notices = article.find_all("p", **{"class": "tb-untranslated"})
        if name not in project.pages():  # never translated (translate: false): says so
            assert len(notices) == 1 and notices[0].attrs.get("lang") == SOURCE, path
            assert notices[0].text == ui.words(project, SOURCE)["untranslated.english-only"]
            continue
        notice = notices[0]
        assert notice.attrs.get("lang") == SOURCE, path  # no words of its own yet: English
        assert language.name in notice.text and "English" in notice.text
        here = f"/{language.code}/{path.parent.as_posix()}/".replace("/./", "/")
        guide = urljoin(here, notice.find("a").attrs["href"])
        assert guide == f"/{language.code}/translators/#add-language", path
        # Its boards and figures follow its English text: "Q♦ of pile 6" drew D♦ in German.
        english = article.find("div", lang=SOURCE)  # the English text, left to right
        boards += english.find_all(**{"data-lang": True})
        assert {b.attrs["data-lang"] for b in article.find_all(**{"data-lang": True})} <= {
            SOURCE
        }, path
        for legend in article.find_all(**{"data-crescent-legend": True}):
            assert legend.attrs["data-crescent-legend"] == SOURCE, path
    assert len(boards) >= 5, "the rule demos, Play and the viewer are checked"


def test_the_english_pages_language_menu_offers_both(added: Added) -> None:
    codes = [lang.code for lang in Project.at(added.project).registry.languages]
    for path in _english_pages(added.site, codes):
        menu = {
            a.attrs["hreflang"]: a.text.strip()
            for a in _document(added.site, path).find_all("a", **{"class": "md-select__link"})
        }
        for language in NEW_LANGUAGES:
            assert menu[language.code] == language.name, path


@pytest.mark.parametrize("language", NEW_LANGUAGES, ids=lambda language: language.code)
def test_the_header_titles_still_in_english_run_left_to_right(
    added: Added, language: Language
) -> None:
    """The site's name and the page's title, English until the catalog has them: in a
    right-to-left page they run left to right (a phone cuts their end, not their start)."""
    for page in ("about/index.html", "404.html"):
        header = _document(added.site, Path(language.code) / page).find("header")
        topics = header.find_all("span", **{"class": "md-ellipsis"})
        assert topics and "Crescent" in topics[0].text, page
        for topic in (topic for topic in topics if topic.text.strip()):
            if language.rtl:
                assert (topic.attrs.get("lang"), topic.attrs.get("dir")) == ("en", "ltr"), page
                assert topic.text.strip()[0] == "\u2066", page  # isolated by the catalog
            else:
                assert "dir" not in topic.attrs and "\u2066" not in topic.text, page


def test_the_sitemap_claims_no_page_in_a_language_that_has_none(added: Added) -> None:
    sitemap = (added.site / "sitemap.xml").read_text(encoding="utf-8")
    assert sitemap.count("<url>") > 0
    for language in NEW_LANGUAGES:
        assert f'hreflang="{language.code}"' not in sitemap
        assert f"{SITE_URL}{language.code}/" not in sitemap


def test_the_app_manifest_and_the_search_index_of_each_new_language(added: Added) -> None:
    for language in NEW_LANGUAGES:
        manifest = json.loads(
            (added.site / f"assets/app/{language.code}.webmanifest").read_text("utf-8")
        )
        assert (manifest["lang"], manifest["dir"]) == (language.code, language.direction)
        index = json.loads(
            (added.site / language.code / "search/search_index.json").read_text("utf-8")
        )
        assert index["config"]["lang"] == ["en"]  # lunr's English stemming for every language
        assert any("redeal" in doc["text"] for doc in index["docs"])


def test_the_report_names_the_new_languages_gaps(added: Added) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "translations", "report"],
        cwd=added.project,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    pages = Project.at(added.project).pages()
    for language in NEW_LANGUAGES:
        code = language.code
        for page in pages:
            assert any(re.match(rf"{code}\s+{page}\s+missing\b", line) for line in lines), page
        own = [line for line in lines if f"/{code}/" in line or f"/{code}." in line]
        assert any(": catalog: untranslated entry " in line for line in own)
        assert any(f"translations/locale/{code}/LC_MESSAGES/site.po" in line for line in own)
        assert any(": glossary: concept 'pile' has no word yet" in line for line in own)
        assert any(f"the card letters of {code} are not chosen" in line for line in lines)


@pytest.mark.long
def test_the_engine_translations_and_browser_api_tests_pass_with_them(added: Added) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            *reading_a_language()[0],
            "-m",
            "not slow",  # the long fuzzing, planted faults and timed search: the quick ones
            # check the same of every language (the fuzzing of codes, the report, the API)
            *IN_THE_COPY,
        ],
        cwd=added.project,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"\d+ passed", done.stdout) and " failed" not in done.stdout


def test_the_run_in_the_copy_takes_the_tests_that_read_a_language() -> None:
    """The modules that read the set of languages; of them, the tests a new language can
    change (`tests.language_set`), here with Turkish taken for the one added."""
    reading, free = reading_a_language()
    engine, toolkit, api = "tests/engine/", "tests/translations/", "tests/browser_api/"
    for name in (f"{engine}test_render.py", f"{api}test_messages.py",
                 f"{toolkit}test_add_language.py", f"{toolkit}test_real.py",
                 f"{toolkit}test_report.py", f"{toolkit}test_glossary.py"):  # fmt: skip
        assert name in reading
    for name in (f"{engine}test_rules.py", f"{engine}test_solver.py", f"{engine}test_codes.py",
                 f"{toolkit}test_drifts.py"):  # fmt: skip
        assert name in free
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *reading, "--collect-only", "-q", "-p",
         "no:cacheprovider", "-p", "tests.language_set", "--new-languages", "tr"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    taken = {line.split("[")[0] for line in done.stdout.splitlines() if "::" in line}
    ids = set(done.stdout.splitlines())
    for name in (
        f"{toolkit}test_real.py::test_every_language_and_page_is_checked",  # reads CODES
        f"{toolkit}test_real.py::test_the_real_pages_produce_no_finding[tr]",  # runs for it
        f"{engine}test_fuzz.py::test_codes",  # through a helper, under @given
        f"{toolkit}test_report.py::test_the_fixture_is_clean",  # through the `project` fixture
    ):
        assert name in ids | taken, name
    for name in (
        f"{toolkit}test_real.py::test_the_real_pages_produce_no_finding[bg]",  # there before
        f"{toolkit}test_facts.py::test_the_real_pages_and_catalogs_keep_every_fact",  # names
        f"{toolkit}test_calques.py::test_a_calque_is_found_where_it_is",  # a planted fault
    ):
        assert name not in ids | taken, name


def test_a_language_material_has_no_words_for_previews_with_its_own_lang_and_dir(
    tmp_path: Path,
) -> None:
    """Yiddish: Material has no words for it (its menus stay English), the page is still
    `lang="yi" dir="rtl"`; a one-language preview (`make serve LANG=yi`) shows the notice."""
    material = importlib.util.find_spec("material")
    assert material is not None and material.submodule_search_locations
    partials = Path(material.submodule_search_locations[0]) / "templates/partials/languages"
    assert (partials / "he.html").is_file() and not (partials / "yi.html").exists()
    project = clone_project(tmp_path / "project")
    yiddish = Language("yi", "ייִדיש", rtl=True)
    added = subprocess.run(add_command(yiddish), cwd=project, capture_output=True, text=True)
    assert added.returncode == 0, added.stderr
    done = build_site(tmp_path / "site", project=project, env={"CRESCENT_ONLY_LANG": "yi"})
    assert done.returncode == 0, done.stderr
    document = _document(tmp_path / "site", Path("about/index.html"))
    assert document.find("html").attrs["lang"] == "yi"
    assert document.find("body").attrs["dir"] == "rtl"
    assert document.find("a", **{"class": "md-skip"}).text.strip() == "Skip to content"
    notice = document.find("p", **{"class": "tb-untranslated"})
    assert yiddish.name in notice.text
