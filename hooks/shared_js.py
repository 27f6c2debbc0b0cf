"""MkDocs hook: write the facts the pages' JavaScript shares with Python before the
build reads the docs folder (`crescent_site.shared_js`; unchanged text is not
rewritten, so `mkdocs serve` does not rebuild for it)."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from crescent_site.shared_js import write


def on_pre_build(config: MkDocsConfig) -> None:
    """Write docs/assets/js/shared/facts.js if its facts changed."""
    write(Path(config.docs_dir))
