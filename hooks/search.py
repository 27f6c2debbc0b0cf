"""MkDocs hook: Material's search worker, finding a word however a reader types it.

The worker Material ships lowercases with JavaScript's `toLowerCase`, which is not
Turkish-aware, so a Turkish word written with İ or ı was not found by the same word
typed otherwise; nor was a word typed without its accents, nor a Hebrew word after a
prefix letter. The worker is published with three parts appended: the prefix letters
the glossaries declare (`crescent_site.search_words`), the folding the pages share
(docs/assets/js/shared/fold.js, without its exports; the reasons are written there), and
`crescent_site/search_fold.js`, which folds the index's words and the query's terms with
it and indexes each word without its prefixes too. It carries a hash of its content in
its name, as Material's own does (the service worker answers such names from its cache
first, `crescent_site.versioned.CACHE_FIRST`), in place of Material's, and every page,
the 404 pages included, names it.

Material's index keeps a table's text without the cells' tags: cells written with no
space between them (the glossary table of the translators' guide, the study's tables)
ran together into one word ("ערימהколонаpileстопкаsütun"), and the words of every cell
but the first were never found. Each cell now ends with a line break, which the index
reads as a space and the page does not show. The translators' pages rank at half
weight: their glossary came first for most of the game's terms.

Each language's index carries, in its configuration, the endings its glossary lists
(`crescent_site.search_words.endings`; hooks/i18n_site.py writes them as it gives each
language its index): the worker asks for a word typed without the longest of them, so
that one form of a word finds the others ("пересдачу", "Пересдача").
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Final

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from crescent_site.pages import building_another_language
from crescent_site.search_words import prefix_letters

WORKERS: Final = "assets/javascripts/workers"
"""Where Material's search worker lives, in its theme and in the built site."""
PROJECT: Final = Path(__file__).parents[1]
FOLD: Final = PROJECT / "docs" / "assets" / "js" / "shared" / "fold.js"
"""How a word is folded: a module of the pages' scripts, appended without its `export`s."""
INDEXING: Final = PROJECT / "crescent_site" / "search_fold.js"
"""The script appended after it, which folds the worker's words with it."""
EXPORT: Final = re.compile(r"^export ", re.M)

TRANSLATORS_PAGES: Final = re.compile(r"(translators|translation-status)(\.\w+)?\.md")
"""The translators' pages, in every language (`translators.bg.md`)."""
TRANSLATORS_BOOST: Final = 0.5
"""How their sections rank in the search against the readers' pages: below them. Their
glossary names every term of the game in five languages, and came first for most."""
CELL_END: Final = re.compile(r"(</(?:td|th|tr)>)(?=<)")
"""The end of a table's cell or row, and another tag straight after it."""

_worker: dict[str, str] = {}
"""Material's worker's path, the folded worker's path and its text, for this build."""


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Find Material's search worker and make the folded one and its name, once a build
    (static-i18n runs this event again for each language)."""
    if _worker and building_another_language(config):
        return config
    found = sorted(
        path
        for folder in config.theme.dirs
        for path in Path(folder).glob(f"{WORKERS}/search.*.min.js")
    )
    if len(found) != 1:
        names = ", ".join(str(path) for path in found) or "none"
        raise PluginError(f"hooks/search.py: expected one search worker in the theme: {names}")
    original = found[0].read_text(encoding="utf-8")
    prefixes = json.dumps(prefix_letters(PROJECT), ensure_ascii=False)
    fold = EXPORT.sub("", FOLD.read_text(encoding="utf-8"))
    indexing = INDEXING.read_text(encoding="utf-8")
    text = f"{original.rstrip()}\nself.crescentPrefixes = {prefixes};\n{fold}\n{indexing}"
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    _worker.update(
        material=f"{WORKERS}/{found[0].name}",
        folded=f"{WORKERS}/search.{digest}.min.js",
        text=text,
    )
    return config


@event_priority(-150)  # after static-i18n's (-100): it drops the theme's files in other languages
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Publish the folded worker in place of Material's."""
    material = files.get_file_from_path(_worker["material"])
    if material is not None:
        files.remove(material)
        files.append(File.generated(config, _worker["folded"], content=_worker["text"]))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The translators' pages rank below the readers' in the search (Material's `boost`)."""
    if TRANSLATORS_PAGES.fullmatch(page.file.src_uri):
        search = page.meta.setdefault("search", {})
        search.setdefault("boost", TRANSLATORS_BOOST)
    return markdown


@event_priority(-100)  # after the hooks that write tables into the page
def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """A line break after each table cell's end, for the search's index."""
    return CELL_END.sub("\\1\n", html)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Point the page's search at the folded worker."""
    return _naming_the_folded_worker(output)


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """The 404 page too."""
    return _naming_the_folded_worker(output)


def _naming_the_folded_worker(output: str) -> str:
    return output.replace(_worker["material"], _worker["folded"])
