"""The site's Content-Security-Policy, as strict as it can be: each directive and why.

- `default-src 'self'`: nothing is loaded from any other origin.
- `script-src 'self' 'sha256-…' 'wasm-unsafe-eval'`: scripts only from the site; the
  three small inline scripts Material writes into every page are allowed by their
  hashes (computed from the pages themselves, so a theme update cannot slip in an
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

Every page carries the policy in a meta tag (`with_policy`). A meta tag cannot carry
`frame-ancestors`: the headers file for hosts that read one (`crescent_site.headers`)
sends the same policy as a header, with `frame-ancestors 'none'` added, and then also
governs the workers, whose policy comes from the headers of their scripts.
"""

from __future__ import annotations

import base64
import hashlib
import re

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)
_CHARSET = re.compile(r'<meta charset="utf-8">', re.I)
_SCRIPT_SRC = re.compile(
    rb"<meta http-equiv=\"Content-Security-Policy\" content=\"[^\"]*?script-src 'self'"
)
_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


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


def carried(html: str) -> str | None:
    """The policy a built page carries in its meta tag, if any."""
    found = _META.search(html)
    return found.group(1) if found else None
