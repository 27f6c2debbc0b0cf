"""MkDocs hook: a Content-Security-Policy meta tag on every page, as strict as it can be.

Each directive and why:

- `default-src 'self'`: nothing is loaded from any other origin.
- `script-src 'self' 'sha256-…' 'wasm-unsafe-eval'`: scripts only from the site; the
  three small inline scripts Material writes into every page are allowed by their
  hashes (computed here from the page itself, so a theme update cannot slip in an
  unlisted one); `'wasm-unsafe-eval'` lets WebAssembly compile, which Pyodide needs.
  None of our own code is inline.
- `worker-src 'self'`: the engine's module worker, Material's search worker and the
  service worker `sw.js` (hooks/offline.py), all scripts of the site itself; no
  `blob:` or `data:` worker. The service worker is registered by a module
  (docs/assets/js/engine/offline.js), never inline.
- `manifest-src 'self'`: each language's web app manifest (`assets/app/<lang>.webmanifest`);
  stated although `default-src` says the same, so that the policy reads whole.
- `connect-src 'self'`: Pyodide fetches its wasm, standard library and the engine
  wheel from the site; search fetches its index.
- `img-src 'self' data:`: Material's icons are data: SVGs in its stylesheet.
- `style-src 'self'`: stylesheets from the site only; no inline styles are used.
- `font-src 'self'`, `object-src 'none'`, `base-uri 'self'`, `form-action 'self'`.

A meta tag cannot carry `frame-ancestors` or reporting: a host that can send
headers should add `frame-ancestors 'none'`. A worker's own policy comes from the
headers its script is served with, not from this tag.

Under `mkdocs serve` only (`on_serve`), the server adds its live-reload script to each
page as it sends it, after the build: the policy of that page then also allows that
one script, by the hash of the very text injected (MkDocs' own source with the
page's epoch and request id), and nothing else. The built site's policy never does.
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)
_CHARSET = re.compile(r'<meta charset="utf-8">', re.I)
_SCRIPT_SRC = re.compile(
    rb"<meta http-equiv=\"Content-Security-Policy\" content=\"[^\"]*?script-src 'self'"
)


def policy(html: str) -> str:
    """The policy for a page whose inline scripts are those in `html`."""
    hashes = sorted({_sha256(script) for script in _INLINE_SCRIPT.findall(html)})
    scripts = " ".join(["'self'", *hashes, "'wasm-unsafe-eval'"])
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src {scripts}",
            "worker-src 'self'",
            "manifest-src 'self'",
            "connect-src 'self'",
            "img-src 'self' data:",
            "style-src 'self'",
            "font-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


def _sha256(script: str) -> str:
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    return f"'sha256-{digest}'"


def allowing_last_script(page: bytes) -> bytes:
    """`page` whose policy also allows its last inline script (the live-reload one)."""
    start = page.rfind(b"<script>")
    end = page.find(b"</script>", start)
    if start < 0 or end < 0:
        return page
    source = f" {_sha256(page[start + len(b'<script>') : end].decode('utf-8'))}".encode()
    return _SCRIPT_SRC.sub(lambda match: match.group(0) + source, page, count=1)


def with_policy(html: str) -> str:
    """`html` with the policy meta tag right after its charset declaration."""
    tag = f'<meta http-equiv="Content-Security-Policy" content="{policy(html)}">'
    return _CHARSET.sub(lambda match: match.group(0) + "\n    " + tag, html, count=1)


@event_priority(-300)
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Add the policy to every page, once the other hooks have finished with it."""
    return with_policy(output)


@event_priority(-300)
def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """The 404 page gets the policy too."""
    return with_policy(output) if template_name.endswith(".html") else output


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    """`mkdocs serve`: each page's policy allows the live-reload script injected into it."""
    inject = server._inject_js_into_html

    def injected(content: bytes, epoch: int) -> bytes:
        return allowing_last_script(inject(content, epoch))

    server._inject_js_into_html = injected  # type: ignore[method-assign]
    return server
