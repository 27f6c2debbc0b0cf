"""The benchmarks' servers send the site's `_headers` policy with its own files only.

bench/demos.py and bench/network.py serve a bare Pyodide page beside the site, with an
inline script. Once the site's `_headers` gave every path a Content-Security-Policy, the
test server (tools/chromium.py) sent it with that page too, Chromium refused its script,
and bench/demos.py waited for Pyodide until it timed out; tools/link.py already kept the
policy to the site's files. Both must.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from tools import chromium, link

POLICY = "default-src 'self'"
BARE = "/__bench__/bare.html"

Serve = Callable[[Path, dict[str, bytes]], AbstractContextManager[str]]
SERVERS: dict[str, Serve] = {
    "tools/chromium.py": lambda site, extra: chromium.serve(site, extra=extra),
    "tools/link.py": lambda site, extra: link.serve(site, link.Link(), extra=extra),
}


@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    """A site of one page whose `_headers` gives every path a policy (not the session's
    whole built site, which this test does not need)."""
    (tmp_path / "_headers").write_text(f"/*\n  Content-Security-Policy: {POLICY}\n")
    (tmp_path / "index.html").write_text("<!doctype html><title>site</title>")
    return tmp_path


def policy_of(url: str) -> str | None:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.headers.get("Content-Security-Policy")


@pytest.mark.parametrize("server", sorted(SERVERS))
def test_the_policy_goes_with_the_sites_files_and_not_with_an_extra_page(
    small_site: Path, server: str
) -> None:
    with SERVERS[server](small_site, {BARE: b"<!doctype html><script>1</script>"}) as base:
        assert policy_of(f"{base}/index.html") == POLICY
        assert policy_of(f"{base}{BARE}") is None
