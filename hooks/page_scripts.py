"""MkDocs hook: each page runs only its own page scripts, their modules preloaded
(`crescent_site.page_scripts`)."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

from crescent_site.page_scripts import graph, trimmed


def on_pre_build(config: MkDocsConfig) -> None:
    """Forget the last build's module graphs: under `mkdocs serve` the scripts may have changed."""
    graph.cache_clear()


@event_priority(-250)  # after every hook that adds a live part, before the policy's
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Drop the page scripts the page has no use for; preload the others' modules."""
    return trimmed(output, _scripts(config))


@event_priority(-250)
def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """The 404 page too: it has no live part, and it loaded all four page scripts and the
    modules they import."""
    return trimmed(output, _scripts(config)) if template_name == "404.html" else output


def _scripts(config: MkDocsConfig) -> Path:
    """The folder of the site's scripts (`docs/assets/js`)."""
    return Path(config["docs_dir"]) / "assets" / "js"
