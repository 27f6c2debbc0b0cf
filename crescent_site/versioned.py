"""The site's own scripts and styles, published under a folder named by their content.

A page names `assets/js/...` and the site's style sheets (`extra_css`); the build
publishes them instead under `assets/v/<hash>/`, one hash over all of them, and
rewrites each page's references to match. An address of that folder never changes
its content, so the service worker answers it from its cache without asking the
network (hooks/offline.mjs), while the page itself still comes network first: a page
always names the scripts of its own build, and a later build's page names a folder
the cache does not have yet. Relative imports between modules stay inside the folder.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from pathlib import Path

from crescent_site.build_cache import cache_key

FOLDER = "assets/v"
"""Where the versioned folders live in the built site."""
SCRIPTS = "assets/js/"
"""The site's own modules, versioned whole."""
CACHE_FIRST = re.compile(
    r"/assets/(v/[0-9a-f]{16}/|(javascripts|stylesheets)/(.*/)?[\w-]+\.[0-9a-f]{8}\.min\.(js|css)$)"
)
"""The addresses whose content never changes, which the service worker answers from its
cache first (hooks/offline.mjs): this folder's, and Material's, which carry a hash of
their content in their names."""
REFERENCE = re.compile(r'(?P<attribute>\s(?:href|src)=")(?P<root>[^"]*?)(?P<path>assets/[^"?#]+)"')
"""An address in a page's `href` or `src` that may name a versioned file."""


def versioned(path: str, styles: Collection[str]) -> bool:
    """Whether the site file at `path` (relative to the site's root) is versioned."""
    return path.startswith(SCRIPTS) or path in styles


def folder_name(contents: Mapping[str, bytes]) -> str:
    """The versioned folder for `contents` (each versioned file's bytes by path)."""
    return f"{FOLDER}/{cache_key(b'', dict(contents))[:16]}"


def published(path: str, folder: str) -> str:
    """Where the versioned file at `path` (`assets/...`) is published under `folder`."""
    return f"{folder}/{path.removeprefix('assets/')}"


def rewritten(html: str, paths: Mapping[str, str]) -> str:
    """`html` with each reference to a versioned file pointing at its published path."""

    def replace(match: re.Match[str]) -> str:
        target = paths.get(match["path"])
        if target is None:
            return match.group(0)
        return f'{match["attribute"]}{match["root"]}{target}"'

    return REFERENCE.sub(replace, html)


def in_built_site(site: Path, path: str) -> Path:
    """Where the versioned file at `path` (`assets/...`) is in the built `site`."""
    folders = sorted(site.joinpath(FOLDER).iterdir())
    if len(folders) != 1:
        found = len(folders)
        raise FileNotFoundError(f"{site / FOLDER}: one versioned folder expected, {found} found")
    return folders[0] / path.removeprefix("assets/")
