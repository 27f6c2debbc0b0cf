"""MkDocs hook: the Content-Security-Policy on every page, and as a header for hosts.

The policy and why each directive is there: `crescent_site.csp`. Every page, the 404
pages included, carries it in a meta tag; once the whole site is built, `_headers`
(`crescent_site.headers`) sends the same policy as a header, with `frame-ancestors`.

Under `mkdocs serve` only (`on_serve`), the server adds its live-reload script to each
page as it sends it, after the build: the policy of that page then also allows that
one script, by the hash of the very text injected (MkDocs' own source with the
page's epoch and request id), and nothing else. The built site's policy never does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

from crescent_site.csp import allowing_last_script, with_policy
from crescent_site.headers import PolicyMismatch, write_headers
from crescent_site.pages import building_another_language


@event_priority(-300)
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Add the policy to every page, once the other hooks have finished with it."""
    return with_policy(output)


@event_priority(-300)
def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """The 404 page gets the policy too."""
    return with_policy(output) if template_name.endswith(".html") else output


@event_priority(-300)
def on_post_build(config: MkDocsConfig) -> None:
    """Once every language is built (and its 404 page written): the headers file."""
    if building_another_language(config):
        return
    try:
        write_headers(Path(config["site_dir"]))
    except PolicyMismatch as error:
        raise PluginError(f"hooks/csp.py: {error}") from None


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    """`mkdocs serve`: each page's policy allows the live-reload script injected into it."""
    inject: Callable[[bytes, int], bytes] = server._inject_js_into_html

    def injected(content: bytes, epoch: int) -> bytes:
        return allowing_last_script(inject(content, epoch))

    server._inject_js_into_html = injected  # type: ignore[method-assign]
    return server
