"""MkDocs hook: the translators' toolkit on the site (a thin adapter of `translations/`).

- A translated page whose block structure differs from its English page fails the
  build, naming the file and line of both sides.
- Every text block of a translated page can show its English original: an EN button
  under the block, a click on the block for a window (docs/assets/js/pages/compare.js),
  while the reader has turned on the page's one "Compare with English" switch (under
  the title; off by default, remembered by the browser);
  a section whose English changed since it was translated gets a notice. The words
  are the page language's, from `translations/locale/<lang>/LC_MESSAGES/site.po`.
- A block a translated page still has in English (a page in progress) is marked
  English (`lang="en" dir="ltr"`). A page that a language has not translated
  (static-i18n shows the English page) is marked English, with a notice above it
  that links to the translators' guide (`translations.fallback`).
- Under `mkdocs serve`, saving a catalog, a glossary or the registry of languages
  builds again, as saving a page does (an edited engine catalog is compiled as the
  build starts: `crescent_site.catalogs`).
- Markers: `<!-- translations:report -->` becomes the status report (the English page
  *Translation status*), `<!-- translations:glossary -->` and
  `<!-- translations:avoid -->` the glossaries (the translators' guide).

The English originals are rendered from the English Markdown by MkDocs itself, at
the translated page's address, so their links work there; the work is done in
`on_post_page`, after the search index has taken the page's text.

What the hook keeps (the translated pages between their events, the checks' report)
lives on a `Build`, started anew by `on_config` for each build and shared by its
languages.
"""

from __future__ import annotations

import copy
import functools
import importlib.util
import logging
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

import yaml  # type: ignore[import-untyped]  # PyYAML, as MkDocs reads front matter
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from mkdocs.utils.meta import YAML_RE, get_data


def _find_toolkit() -> None:
    """Make the `translations` package importable.

    It is found when installed or run from the project folder; otherwise it is looked
    for in the project this hook belongs to, then next to the engine package
    (a copy of the site whose `crescent` links to the checkout finds it there).
    """
    if importlib.util.find_spec("translations") is not None:
        return
    engine = importlib.util.find_spec("crescent")
    places = [Path(__file__).resolve().parents[1]]
    if engine is not None and engine.origin:
        places.append(Path(engine.origin).resolve().parents[1])
    for place in places:
        if (place / "translations" / "__init__.py").is_file():
            sys.path.insert(0, str(place))
            return


_find_toolkit()

from crescent.languages import Language  # noqa: E402
from crescent_site.pages import (  # noqa: E402
    building_another_language,
    page_language,
    text_language,
)
from translations import check, compare, fallback, guide, po_syntax, report, ui  # noqa: E402
from translations.blocks import TEXT_KINDS, Block, parse  # noqa: E402
from translations.files import FileProblem, read_text  # noqa: E402
from translations.project import SOURCE, Project, page_of, translatable  # noqa: E402

MARKER = re.compile(r"<!--\s*translations:(?P<kind>report|glossary|avoid)\s*-->")
GUIDE = "translators"
"""The translators' guide, which an untranslated page's notice links to."""


@dataclass
class _Page:
    """What the hook learns about a translated page between its events."""

    name: str
    translated: list[Block]
    english: list[Block]
    english_markdown: str
    originals: dict[int, str] = field(default_factory=dict)
    changed_sections: set[int] = field(default_factory=set)
    pairs: list[tuple[int, int]] = field(default_factory=list)


class Build:
    """What one site build keeps: its translated pages between their events, its report.

    `on_config` starts a new one for each build (static-i18n's nested builds of the
    other languages share their first language's), so that a rebuild under
    `mkdocs serve`, or a second build in the same process, checks the sources as they
    are then. The report is kept per language checked: a one-language preview checks
    only its own.
    """

    def __init__(self) -> None:
        self.pages: dict[str, _Page] = {}
        self.reports: dict[str | None, report.Report] = {}
        self.checked: dict[tuple[str, str], check.PageCheck] = {}
        """The pages checked on their own before the report needed them, by name and
        language: the report takes them as they are (a preview checked its pages twice)."""

    def status(self, project: Project, only: str | None) -> report.Report:
        """Every check of every page (of language `only` alone in a preview), run once."""
        if only not in self.reports:
            self.reports[only] = report.collect(project, only, self.checked)
        return self.reports[only]

    def page_check(
        self, project: Project, name: str, lang: str, only: str | None
    ) -> check.PageCheck:
        """The checks of one page: from the report when a page has needed it, else on
        their own (a preview builds its language's pages before the report page)."""
        collected = self.reports.get(only)
        for page_check in collected.checks if collected is not None else []:
            if page_check.page == name and page_check.lang == lang:
                return page_check
        if (name, lang) not in self.checked:
            self.checked[name, lang] = check.page(project, name, lang)
        return self.checked[name, lang]


_build = Build()
log = logging.getLogger("mkdocs.hooks.translators")
_Event = TypeVar("_Event", bound=Callable[..., Any])


def _clear_errors(event: _Event) -> _Event:
    """`event`, where a source the toolkit cannot read (not UTF-8, a state file that is
    not JSON) stops the build with its file and line instead of a traceback."""

    @functools.wraps(event)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return event(*args, **kwargs)
        except FileProblem as error:
            raise PluginError(str(error)) from None

    return cast(_Event, run)


@_clear_errors
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """A new build starts with nothing checked: every source is read again. A catalog
    with a line that is not PO syntax stops it, naming the file and line: read leniently,
    `msgstr "Tipp` would show "Tip"."""
    global _build
    if not building_another_language(config):
        _build = Build()
        _check_catalog_syntax(_project(config))
        _warn_of_letters(_project(config))
    return config


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    """`mkdocs serve` builds again when a translator saves a catalog, a glossary or the
    registry of languages, as it does for a page."""
    project = _project(config)
    for catalog in project.catalogs:
        for lang in (language.code for language in project.registry.languages):
            if catalog.path(lang).is_file():
                server.watch(str(catalog.path(lang)))
    server.watch(str(project.glossary_dir))
    server.watch(str(project.registry_path))
    return server


@_clear_errors
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """A page that is not UTF-8 text stops the build, naming its file, line and column
    (MkDocs, reading it later, would stop with a traceback); so does a page whose front
    matter is not YAML (MkDocs would show it as text on the page, and say nothing)."""
    for file in files.documentation_pages():
        if file.abs_src_path:
            path = Path(file.abs_src_path)
            fault = _front_matter_fault(read_text(path))
            if fault is not None:
                raise PluginError(f"{_project(config).relative(path)}:{fault[0]}: {fault[1]}")
    return files


def _front_matter_fault(text: str) -> tuple[int, str] | None:
    """The line and fault of the front matter (`---` lines, YAML between) at the start
    of a page's `text`, or None when it has none or it is sound."""
    found = YAML_RE.match(text)
    if found is None:
        return None
    try:
        data = yaml.safe_load(found.group(1))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = 2 + (mark.line if mark is not None else 0)
        problem = getattr(error, "problem", None) or "cannot be read"
        return line, f"the front matter between the --- lines is not YAML ({problem})"
    if not isinstance(data, dict):
        return 2, "the front matter between the --- lines must be `key: value` lines"
    return None


def _warn_of_letters(project: Project) -> None:
    """Card letters that cannot be used are shown as the English ones: say so, at the
    registry's line (a strict build fails on it; a preview goes on)."""
    for entry in project.registry.entries:
        if entry.language.letters is not None:
            for finding in check.registry_findings(project, entry.language.code):
                log.warning(finding.text())


def _check_catalog_syntax(project: Project) -> None:
    faults = [
        f"  {project.relative(catalog.path(lang))}:{problem.line}: {problem.message}"
        for catalog in project.catalogs
        for lang in (language.code for language in project.registry.languages)
        for problem in po_syntax.file_problems(catalog.path(lang))
    ]
    if faults:
        raise PluginError("a catalog has lines that are not PO syntax:\n" + "\n".join(faults))


def _project(config: MkDocsConfig) -> Project:
    return Project.at(Path(config.config_file_path or ".").resolve().parent)


def _preview(config: MkDocsConfig) -> str | None:
    """The one language of a preview build (`build_only_locale`), or None."""
    plugin = config.plugins.get("i18n")
    return getattr(getattr(plugin, "config", None), "build_only_locale", None)


@event_priority(40)
@_clear_errors
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Anchor the blocks of a translated page; replace the toolkit's markers."""
    project = _project(config)
    name, file_lang = page_of(page.file.src_uri)
    source = project.source(name)
    if file_lang != SOURCE and source.is_file() and translatable(source):
        english_markdown = get_data(read_text(source))[0]
        translated = parse(markdown)
        _build.pages[page.file.src_uri] = _Page(
            name, translated, parse(english_markdown), english_markdown
        )
        markdown = compare.anchored(markdown, translated)
    return _replace_markers(markdown, project, page_language(config), _preview(config))


def _replace_markers(markdown: str, project: Project, lang: str, only: str | None) -> str:
    def replace(match: re.Match[str]) -> str:
        kind = match.group("kind")
        if kind == "report":
            return report.page_html(_build.status(project, only))
        glossaries = check.glossaries(project)
        if kind == "glossary":
            return guide.glossary_table(glossaries, lang)
        return guide.avoid_list(glossaries, lang)

    return MARKER.sub(replace, markdown)


@_clear_errors
def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Fail on a structure mismatch; render the English originals of the page's blocks."""
    state = _build.pages.get(page.file.src_uri)
    if state is None:
        lang = page_language(config)
        if text_language(page.file.src_uri, config) != lang:
            return _untranslated(html, page, lang, _project(config))
        return html
    project = _project(config)
    _, lang = page_of(page.file.src_uri)
    page_check = _build.page_check(project, state.name, lang, _preview(config))
    mismatches = [f for f in page_check.findings if f.category == "structure"]
    if mismatches:
        lines = "\n".join(f"  {f.text()}" for f in mismatches)
        raise PluginError(
            f"{page_check.path} does not have the block structure of its English page:\n{lines}"
        )
    shadow = Page(None, copy.copy(page.file), config)
    shadow.markdown = compare.anchored(state.english_markdown, state.english)
    shadow.render(config, files)
    state.originals = compare.originals(compare.first_anchor(shadow.content or ""), state.english)
    state.pairs = _index_pairs(page_check)
    if len(page_check.statuses) == len(state.english):
        state.changed_sections = {
            _section(state.english, index)
            for index, status in enumerate(page_check.statuses)
            if status.state == "changed"
        }
    return compare.first_anchor(html)


def _language(project: Project, lang: str) -> Language:
    """The registry's language `lang` (a bare one for a code the registry does not have)."""
    entry = project.registry.entry(lang)
    return entry.language if entry else Language(lang, lang)


def _untranslated(html: str, page: Page, lang: str, project: Project) -> str:
    """The English page in `lang`: marked English, under a notice that it is not
    translated yet, or that it never is (`translate: false`)."""
    name, _ = page_of(page.file.src_uri)
    language = _language(project, lang)
    content = fallback.english_content(html)
    if not translatable(project.source(name)):
        return fallback.english_only(ui.words(project, lang)) + content
    guide_url = None
    if project.source(GUIDE).is_file():
        prefix = f"{lang}/" if page.url.startswith(f"{lang}/") else ""
        guide_url = get_relative_url(f"{prefix}{GUIDE}/", page.url or ".")
    return fallback.notice(ui.words(project, lang), language, guide_url) + content


def _index_pairs(page_check: check.PageCheck) -> list[tuple[int, int]]:
    """The paired blocks as (English index, translated index), in document order."""
    pairs, en, tr = [], 0, 0
    for pair in page_check.pairs:
        if pair.en is not None and pair.tr is not None:
            pairs.append((en, tr))
        en += pair.en is not None
        tr += pair.tr is not None
    return pairs


def _section(blocks: list[Block], index: int) -> int:
    """The index of the heading (level 1 or 2) whose section holds block `index`."""
    for position in range(index, -1, -1):
        if blocks[position].kind == "heading" and blocks[position].level <= 2:
            return position
    return 0


@_clear_errors
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Give each translated block its EN control, original and notices."""
    state = _build.pages.pop(page.file.src_uri, None)
    if state is None:
        return output
    project = _project(config)
    words = ui.words(project, page_language(config))
    elements = compare.block_elements(output, state.translated)
    edits: list[compare.Edit] = []
    title_done = False
    for en, tr in state.pairs:
        source, block = state.english[en], state.translated[tr]
        element = elements.get(tr)
        if element is None or block.kind not in TEXT_KINDS or en not in state.originals:
            continue
        if block.text == source.text:
            # Not translated yet, so English: readers' tools are told so (a screen reader's
            # voice, hyphenation), it runs left to right in a right-to-left page, and it
            # has no English original to show.
            edits.append(compare.Edit(element.open_end - 1, ' lang="en" dir="ltr"'))
        else:
            edits.append(compare.Edit(element.open_end - 1, f' data-tb="{source.id}"'))
            inside = block.kind in ("item", "admonition")
            where = element.close_start if inside else element.end
            controls = compare.controls(source.id, state.originals[en], words)
            edits.append(compare.Edit(where, controls, 1))
        if en in state.changed_sections:
            href = _english_url(page, lang=page_language(config)) + f"#{source.anchor}"
            edits.append(compare.Edit(element.end, compare.notice(href, words), 2))
        if block.kind == "heading" and block.level == 1 and not title_done:
            edits.append(compare.Edit(element.end, compare.switch(words), 3))
            edits.append(compare.Edit(element.end, compare.hint(words), 4))
            title_done = True
    output = compare.strip_anchors(compare.apply(output, edits))
    return output.replace("</body>", compare.dialog(words) + "</body>", 1)


def _english_url(page: Page, lang: str) -> str:
    """The English page's address, relative to the translated page."""
    url = page.url
    prefix = f"{lang}/"
    english = url[len(prefix) :] if url.startswith(prefix) else url
    relative = get_relative_url(english or ".", url or ".")
    return relative if relative.endswith((".html", "/")) else relative + "/"
