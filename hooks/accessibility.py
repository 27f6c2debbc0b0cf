"""MkDocs hook: names Material's search dialog, which axe-core finds unnamed.

The dialog takes the words of its own search field's label, already in the
page's language, so no word is added here.
"""

from __future__ import annotations

import re

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
_FIELD_LABEL = re.compile(
    r'<input type="text"[^>]*aria-label="([^"]*)"[^>]*data-md-component="search-query"'
)


def name_search_dialog(html: str) -> str:
    """`html` with the search dialog named like its search field."""
    label = _FIELD_LABEL.search(html)
    if label is None or _DIALOG not in html:
        return html
    named = _DIALOG.replace('role="dialog"', f'role="dialog" aria-label="{label.group(1)}"')
    return html.replace(_DIALOG, named, 1)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Name the search dialog of every page."""
    return name_search_dialog(output)


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """And of the 404 page."""
    return name_search_dialog(output) if template_name.endswith(".html") else output
