"""MkDocs hook: what static-i18n leaves undone for a five-language site.

- Search: one index holds every language; after the last language is built,
  each language gets its own index (`<lang>/search/search_index.json`) and its
  pages look there, so results stay in the reader's language. Each index's
  configuration carries the endings its language's glossary lists, which the search
  drops from a word typed (`crescent_site.search_words`). Preferences
  (colour scheme) stay shared through Material's `extra.scope`.
- Languages of a page for search engines (hreflang): in the sitemap, with an
  `x-default` pointing at the English page, once `site_url` (the environment's
  `CRESCENT_SITE_URL`) says where the site lives. Not in each page's head:
  Material fetches `<alternate>/sitemap.xml` for every `<link rel="alternate">`
  there, five requests per page answered by the 404 page, and the language
  selector's links already lead to the same page in each language. Without
  `site_url` no sitemap is written: its addresses would be unknown ("None/").
- 404 pages: one per language (`<lang>/404.html`), and the root one in English
  (static-i18n leaves the last language built there); their language selectors lead
  to each language's home page, and their heads have no alternates either.
- A language's facts for the templates (`extra.crescent_language`, read by
  overrides/partials/language.html): its code and direction from the registry
  (`crescent.languages`), the words of Material's the catalog translates
  (`crescent_site.languages.theme_words`), and Material's words in it for the others,
  or English ones for a language Material has no words for, so that any language of
  the registry builds.
- The headings' permalinks: their title (`title="Permanent link"`, Python-Markdown's
  `toc` default) is the catalog's `site.permalink` in the language built.
- The header's titles (the site's name, the page's) that a right-to-left language shows in
  English until it translates them (the catalog isolates them: `crescent.i18n`) run
  left to right, marked English: cut short on a phone, they lose their end, not their
  start ("… of the patience").
- Untranslated pages (static-i18n's fallback to the English page, under `/<lang>/`)
  are left out of the sitemap: its hreflang claims a page only in a language it is
  written in.
"""

from __future__ import annotations

import gzip
import html
import json
import os
import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

from crescent.i18n import catalog
from crescent.languages import direction
from crescent_site.languages import theme_words
from crescent_site.pages import building_another_language, page_language
from crescent_site.search_words import endings

_BASE = re.compile(r'("base":\s*")([^"]*)(")')
_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')
_SELECT_LINK = re.compile(r'(<a href=")[^"]*(" hreflang="([^"]*)" class="md-select__link">)')
_ENGLISH_TOPIC = re.compile(r'(<span class="md-ellipsis")(>\s*\u2066[^<\u2066]*\u2069\s*</span>)')
"""A header title that is one English message, isolated (`crescent.i18n.Catalog.text`)."""
_HREFLANG = re.compile(r'\n\s*<xhtml:link rel="alternate" hreflang="[^"]*" href="([^"]*)"/>')
_not_found: dict[str, str] = {}
"""Each language's rendered 404 page, from this build's languages (emptied as it starts)."""


def _i18n(config: MkDocsConfig) -> Any:
    return config.plugins.get("i18n")


def _languages(config: MkDocsConfig) -> tuple[str, list[str]]:
    """The default language and the others that are built."""
    plugin = _i18n(config)
    default = "en"
    others = []
    for language in plugin.config.languages if plugin else []:
        if language.default:
            default = language.locale
        elif language.build:
            others.append(language.locale)
    return default, others


@event_priority(-110)  # after static-i18n's (-100), which sets the language built
def on_config(config: MkDocsConfig) -> None:
    """The language's facts for the templates; a new build keeps no 404 page of one that
    failed part way."""
    if not building_another_language(config):
        _not_found.clear()
    lang = str(config.theme["language"])
    material = any(
        (Path(folder) / "partials" / "languages" / f"{lang}.html").is_file()
        for folder in config.theme.dirs
    )
    config.extra["crescent_language"] = {
        "language": lang,
        "direction": direction(lang),
        "words": lang if material else "en",
        "theme": theme_words(lang),
    }
    toc = config.mdx_configs.setdefault("toc", {})
    if toc.get("permalink"):
        toc["permalink_title"] = catalog(lang).text("site.permalink")


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Point non-default languages at their own search index; no alternates in the head."""
    default, _ = _languages(config)
    lang = page_language(config)
    if lang != default:
        output = _BASE.sub(
            lambda m: m.group(1) + posixpath.join(m.group(2), lang) + "/" + m.group(3),
            output,
            count=1,
        )
    return english_topics(_relative_menu(_ALTERNATE.sub("", output), page.url, config.site_url))


def _relative_menu(output: str, url: str, site_url: str | None) -> str:
    """`output` with each link of its language menu relative to the page at `url`, as
    static-i18n writes them on every page but the home pages (`/bg/`): there they led to
    the host's root when the site, built without its address, is served under a path."""
    root = urlsplit(site_url or "/").path.rstrip("/") + "/"
    here = posixpath.dirname("/" + url)

    def relative(found: re.Match[str]) -> str:
        href = found.group(0)[len(found.group(1)) :].split('"', 1)[0]
        if not href.startswith(root):
            return found.group(0)
        target = "/" + href[len(root) :]
        link = posixpath.relpath(target, here) + ("/" if target.endswith("/") else "")
        return f"{found.group(1)}{link}{found.group(2)}"

    return _SELECT_LINK.sub(relative, output)


def english_topics(output: str) -> str:
    """`output` with each header title in English marked so (`lang="en" dir="ltr"`)."""
    return _ENGLISH_TOPIC.sub(r'\1 lang="en" dir="ltr"\2', output)


@event_priority(-400)
def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """Keep each language's 404 page as it is rendered, once the other hooks are done with it
    (the policy, the accessibility fixes)."""
    if template_name == "404.html":
        default, _ = _languages(config)
        lang = page_language(config)
        output = english_topics(_language_homes(_ALTERNATE.sub("", output), default))
        if lang != default:
            output = _BASE.sub(lambda m: f"{m.group(1)}{m.group(2)}{lang}/{m.group(3)}", output, 1)
        _not_found[lang] = output
    return output


def _language_homes(output: str, default: str) -> str:
    """A 404 page's language selector leading to each language's home page: it has no page
    of its own in the other languages, and static-i18n gave it the alternates of the last
    page built (`/ru/win-rate/` on the Hebrew 404 page)."""
    root = _BASE.search(output)
    base = root.group(2) if root else "/"
    return _SELECT_LINK.sub(
        lambda m: (
            f"{m.group(1)}{base}{'' if m.group(3) == default else m.group(3) + '/'}{m.group(2)}"
        ),
        output,
    )


@event_priority(-200)
def on_post_build(config: MkDocsConfig) -> None:
    """Once every language is built: split the search index, write the 404 pages."""
    if building_another_language(config):
        return
    site = Path(config["site_dir"])
    default, others = _languages(config)
    _split_search_index(site, default, others, Path(config.config_file_path).parent)
    _finish_sitemap(site, default, config.get("site_url"), _fallbacks(config))
    for lang, output in _not_found.items():
        target = site / ("404.html" if lang == default else f"{lang}/404.html")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(output, encoding="utf-8")
    _not_found.clear()


def _split_search_index(site: Path, default: str, others: list[str], project: Path) -> None:
    path = site / "search" / "search_index.json"
    if not path.is_file():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    docs = index["docs"]
    prefixes = {lang: f"{lang}/" for lang in others}
    for lang, prefix in prefixes.items():
        own = [
            {**doc, "location": doc["location"][len(prefix) :]}
            for doc in docs
            if doc["location"].startswith(prefix)
        ]
        _write_index(site / lang / "search" / "search_index.json", _own(index, own, lang, project))
    rest = [doc for doc in docs if not doc["location"].startswith(tuple(prefixes.values()))]
    _write_index(path, _own(index, rest, default, project))


def _own(index: dict[str, Any], docs: list[Any], lang: str, project: Path) -> dict[str, Any]:
    """The index of the language `lang`: its documents, and the endings of its words."""
    config = {**index["config"], "endings": endings(project, lang)}
    return {**index, "config": config, "docs": docs}


def _fallbacks(config: MkDocsConfig) -> set[str]:
    """The addresses (`de/about/`) where a language shows the English page."""
    plugin = _i18n(config)
    per_language = getattr(plugin, "i18n_files_per_language", {}) if plugin else {}
    return {
        file.url
        for lang, files in per_language.items()
        for file in files
        if getattr(file, "locale", lang) != lang
    }


def _finish_sitemap(site: Path, default: str, site_url: str | None, fallbacks: set[str]) -> None:
    """Add `x-default` to each page's languages and leave out the untranslated pages, or
    drop a sitemap of unknown addresses."""
    names = ("sitemap.xml", "sitemap.xml.gz")
    if not site_url:
        for name in names:
            (site / name).unlink(missing_ok=True)
        return
    path = site / names[0]
    if not path.is_file():
        return
    link = rf'(\s*)<xhtml:link rel="alternate" hreflang="{re.escape(default)}" href="([^"]*)"/>'
    text = re.sub(
        link,
        lambda m: (
            f'{m.group(0)}{m.group(1)}<xhtml:link rel="alternate" hreflang="x-default" '
            f'href="{m.group(2)}"/>'
        ),
        path.read_text(encoding="utf-8"),
    )
    text = _without(text, {site_url + url for url in fallbacks})
    path.write_text(text, encoding="utf-8")
    stamp = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))
    with gzip.GzipFile(site / names[1], "wb", mtime=stamp) as packed:
        packed.write(text.encode("utf-8"))


def _without(sitemap: str, addresses: set[str]) -> str:
    """The sitemap without the entries of `addresses`, nor their hreflang links."""
    if not addresses:
        return sitemap

    def entry(match: re.Match[str]) -> str:
        loc = re.search(r"<loc>([^<]*)</loc>", match.group(0))
        return "" if loc and html.unescape(loc.group(1)) in addresses else match.group(0)

    def link(match: re.Match[str]) -> str:
        return "" if html.unescape(match.group(1)) in addresses else match.group(0)

    sitemap = re.sub(r"\n\s*<url>.*?</url>", entry, sitemap, flags=re.S)
    return _HREFLANG.sub(link, sitemap)


def _write_index(path: Path, index: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), "utf-8")
