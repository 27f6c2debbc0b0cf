"""The words around the pages (header, menus, footer, labels) are in the page's language.

A theme or plugin string that nobody translates shows in English on every page of every
language: Material's footer said "Made with Material for MkDocs", its palette switch
"Switch to dark mode", Python-Markdown's heading links "Permanent link". In a language
not written in Latin letters, any Latin word there is such a string, unless it is a
name the site keeps in every language (Crescent, the language menu's "English", a game
code). In a language written in Latin letters, any such text that is word for word the
English page's is. The text of the pages themselves is not looked at: it quotes code,
commands and English names on purpose, and the translation report checks it.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import material
import pytest

from crescent.i18n import catalog
from crescent.languages import REGISTRY
from crescent_site.languages import THEME_WORDS, theme_words
from tests.site.conftest import LANGUAGES

LABELS = ("title", "aria-label", "placeholder", "alt")
"""Attributes whose words a reader sees or hears, anywhere in the page."""
SKIPPED = frozenset({"script", "style", "code", "pre", "kbd", "svg", "template"})
VOID = frozenset({"meta", "link", "img", "br", "hr", "input", "source", "wbr", "area", "base"})
KEPT = re.compile(r"Crescent|CR1-[A-Z]-[A-Z0-9-]+|" + "|".join(e.name for e in REGISTRY))
"""What every language writes in Latin letters: the game's name, game codes, and the
languages' names in themselves (the menu's "English")."""
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def translating(lang: str) -> bool:
    """Whether `lang` has translated the site's words (a language just added shows the
    English ones until then: the translation report lists them as its gaps)."""
    return lang != "en" and catalog(lang).translated("site.palette.dark")


def not_latin(lang: str) -> bool:
    """Whether `lang` is written in another script than Latin (its site name tells)."""
    name = KEPT.sub("", catalog(lang).text("site.name"))
    letters = [char for char in name if char.isalpha()]
    return bool(letters) and sum(char.isascii() for char in letters) < len(letters) / 2


class _Chrome(HTMLParser):
    """Latin words of `lang`'s page outside its article, and in its labels anywhere."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.open: list[tuple[bool, bool]] = []  # (skipped, in the article), per element
        self.words: set[str] = set()
        self.texts: set[str] = set()
        """Each text and label looked at, with its place: `label[title]: Switch to dark mode`."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        outer_skipped, outer_article = self.open[-1] if self.open else (False, False)
        other_language = values.get("lang") not in (None, self.lang)
        skipped = outer_skipped or other_language or tag in SKIPPED
        if not skipped:
            for name in LABELS:
                self._look(values.get(name) or "", f"{tag}[{name}]")
        if tag not in VOID:
            self.open.append((skipped, outer_article or tag == "article"))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.open and not any(self.open[-1]):
            self._look(data, "text")

    def _look(self, text: str, where: str) -> None:
        if LATIN_WORD.search(KEPT.sub(" ", text)):
            self.texts.add(f"{where}: {' '.join(text.split())}")
        for word in LATIN_WORD.findall(KEPT.sub(" ", text)):
            self.words.add(f"{where}: {word} (in “{' '.join(text.split())[:60]}”)")


def test_no_untranslated_theme_words_around_the_pages(site: Path) -> None:
    checked = [lang for lang in LANGUAGES if translating(lang) and not_latin(lang)]
    assert {"bg", "he", "ru"} <= set(checked)
    found = []
    for lang in checked:
        for page in sorted((site / lang).rglob("*.html")):
            chrome = _Chrome(lang)
            chrome.feed(page.read_text(encoding="utf-8"))
            found += [f"{page.relative_to(site)}: {word}" for word in sorted(chrome.words)]
    assert found == []


def test_no_theme_words_left_in_english_around_latin_pages(site: Path) -> None:
    """Turkish is written in Latin letters: there the theme's English shows as the same
    text and label as on the English page."""
    checked = [lang for lang in LANGUAGES if translating(lang) and not not_latin(lang)]
    assert "tr" in checked
    found = []
    for lang in checked:
        for page in sorted((site / lang).rglob("*.html")):
            english_page = site / page.relative_to(site / lang)
            if not english_page.is_file():
                continue
            own, english = _Chrome(lang), _Chrome("en")
            own.feed(page.read_text(encoding="utf-8"))
            english.feed(english_page.read_text(encoding="utf-8"))
            found += [
                f"{page.relative_to(site)}: {text}" for text in sorted(own.texts & english.texts)
            ]
    assert found == []


NEVER_SHOWN = {"select.version": "the version menu's title: the site has one version"}
"""Words Material puts in every page that the site never shows, with why."""


def material_words() -> dict[str, str]:
    """Material's English word for each key its templates ask for (`lang.t("key")`)."""
    templates = Path(material.__file__).parent / "templates"
    english = (templates / "partials" / "languages" / "en.html").read_text(encoding="utf-8")
    words = dict(re.findall(r'"([\w.]+)": "([^"]*)"', english))
    used = {
        key
        for template in templates.rglob("*.html")
        for key in re.findall(r"lang\.t\(['\"]([\w.]+)['\"]\)", template.read_text("utf-8"))
    }
    return {key: words[key] for key in sorted(used) if key in words}


def search_words(page: str) -> dict[str, str]:
    """The words Material's scripts show in the page's search (its `__config`)."""
    found = re.search(r'<script id="__config" type="application/json">(.*?)</script>', page, re.S)
    assert found, "no __config in the page"
    words: dict[str, str] = json.loads(found.group(1))["translations"]
    return words


def test_the_catalogs_own_every_word_of_material_s_the_pages_show(site: Path) -> None:
    """A word of Material's shown around the English pages (outside the article: labels,
    menus, the search's words) is one of the catalogs' `site.theme.*`, which translators
    can correct: Material's Hebrew said "מסמך1 תואם" for one page found."""
    shown: set[str] = set()
    for page in sorted(site.glob("**/*.html")):
        if page.relative_to(site).parts[0] in LANGUAGES:
            continue
        text = page.read_text(encoding="utf-8")
        chrome = _Chrome("en")
        chrome.feed(text)
        shown |= {seen.split(": ", 1)[1] for seen in chrome.texts}
        shown |= set(search_words(text).values())
    keys = {key for key, word in material_words().items() if word in shown} - set(NEVER_SHOWN)
    assert sorted(keys - set(THEME_WORDS)) == [], "Material's words the catalogs do not own"
    assert sorted(set(THEME_WORDS) - set(material_words())) == [], "not Material's keys"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_show_the_catalog_s_theme_words(site: Path, lang: str) -> None:
    page = (site / ("" if lang == "en" else lang) / "index.html").read_text(encoding="utf-8")
    own = theme_words(lang)
    assert lang == "en" or not translating(lang) or set(own) == set(THEME_WORDS)
    shown = search_words(page)
    assert {key: shown[key] for key in own if key in shown} == {
        key: text for key, text in own.items() if key in shown
    }
    placeholder = re.search(r'class="md-search__input"[^>]*placeholder="([^"]*)"', page)
    assert placeholder
    assert html.unescape(placeholder.group(1)) == own.get("search.placeholder", placeholder[1])
