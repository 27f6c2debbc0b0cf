"""The headers file for hosts that read one (`_headers`: Netlify, Cloudflare Pages).

It sends the pages' own Content-Security-Policy as a header, where it can say what a
meta tag cannot (`frame-ancestors 'none'`: no other site may frame these pages) and
where it governs the workers too; and it lets browsers keep the versioned runtime
(`assets/pyodide/<version>/`, `assets/engine/<hash>/`) for a year, since a new
runtime comes under a new path. Nothing else is cached for long: the pages and the
service worker must be fetched anew to find a new build.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Final

from crescent_site.csp import carried

NAME: Final = "_headers"
FRAMING: Final = "frame-ancestors 'none'"
VERSIONED: Final = ("/assets/pyodide/*", "/assets/engine/*")
"""The runtime's folders, each named by its version or by the hash of its content."""
FOREVER: Final = "public, max-age=31536000, immutable"


class PolicyMismatch(ValueError):
    """The built pages do not all carry the same policy: one header cannot serve them."""


def site_policy(pages: Iterable[Path], root: Path) -> str:
    """The one policy every page under `root` carries; raises `PolicyMismatch`."""
    found: dict[str | None, str] = {}
    for page in pages:
        policy = carried(page.read_text(encoding="utf-8"))
        found.setdefault(policy, page.relative_to(root).as_posix())
    if len(found) != 1 or None in found:
        where = "; ".join(f"{page}: {policy or 'no policy'}" for policy, page in found.items())
        raise PolicyMismatch(f"the pages carry different policies ({where})")
    return next(policy for policy in found if policy is not None)


def headers_file(policy: str) -> str:
    """The text of `_headers` for a site whose pages carry `policy`."""
    lines = [
        "# Written at build by hooks/csp.py (crescent_site/headers.py): the pages' policy as a",
        "# header, and long-lived caching for the versioned runtime only.",
        "/*",
        f"  Content-Security-Policy: {policy}; {FRAMING}",
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: strict-origin-when-cross-origin",
    ]
    for path in VERSIONED:
        lines += ["", path, f"  Cache-Control: {FOREVER}"]
    return "\n".join(lines) + "\n"


def write_headers(site: Path) -> Path:
    """Write `_headers` at the root of the built `site`; raises `PolicyMismatch`."""
    target = site / NAME
    target.write_text(headers_file(site_policy(sorted(site.rglob("*.html")), site)), "utf-8")
    return target


def parse_headers(text: str) -> list[tuple[str, dict[str, str]]]:
    """The rules of a headers file: each path pattern with its headers, in order."""
    rules: list[tuple[str, dict[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), {}))
        elif rules:
            name, _, value = line.strip().partition(":")
            rules[-1][1][name.strip()] = value.strip()
    return rules


def headers_for(rules: list[tuple[str, dict[str, str]]], path: str) -> dict[str, str]:
    """The headers a host sends for `path`: those of every rule whose pattern matches it."""
    sent: dict[str, str] = {}
    for pattern, headers in rules:
        prefix = pattern[:-1] if pattern.endswith("*") else None
        if path == pattern or (prefix is not None and path.startswith(prefix)):
            sent.update(headers)
    return sent
