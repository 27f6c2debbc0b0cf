"""A built site served as a host serves it, optionally through one slow shared link.

Shared by the benchmarks (bench/budget.py, network.py, start.py, lighthouse.py) and the
browser tests of the engine's loading (tests/browser/test_loading.py).

- Compression, as common hosts do it (GitHub Pages, Netlify, Cloudflare, nginx's
  usual `gzip_types`): responses of the types in COMPRESSIBLE are gzip-compressed
  (level 6) when the browser accepts gzip: HTML, CSS, JavaScript, JSON, XML, SVG,
  plain text, source maps and WebAssembly. Archives (`application/zip`, the wheel),
  images and fonts are sent as they are: they are compressed already, and hosts
  leave them alone.
- Headers: those the site's `_headers` file names (its Content-Security-Policy, the
  workers' included; a year's caching for the versioned runtime), as a host that reads
  it sends them, for the site's files (not for `extra` pages); anything else must be
  revalidated (`no-cache`).
- The link (`rate` bytes per second, `rtt` seconds): one token bucket shared by every
  connection, so that parallel requests share the bandwidth as they would on a
  phone's link, and each request waits one round trip before its answer starts.
  Connection set-up (TCP, TLS) is not modelled: HTTP/1.1 keep-alive, six
  connections, as Chromium opens to one host.
- Bytes: every response body sent is counted by path (`Link.sent`).
- A stall: `Link.hold()` stops every byte until `Link.release()`, as a link that
  drops out while its connections stay open.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import mimetypes
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from crescent_site.headers import headers_for
from tools.chromium import serve_with, site_rules

COMPRESSIBLE = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "application/xml",
    "image/svg+xml",
    "application/wasm",
)
CHUNK = 16 * 1024

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/manifest+json", ".webmanifest")


@dataclass
class Link:
    """The shared link: its speed, its delay and what it carried."""

    rate: float | None = None  # bytes per second; None: as fast as the machine goes
    rtt: float = 0.0  # seconds added to every request
    sent: dict[str, int] = field(default_factory=dict)
    _free_at: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _flowing: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self._flowing.set()

    def hold(self) -> None:
        """Stall the link: no byte crosses it until `release` (connections stay open)."""
        self._flowing.clear()

    def release(self) -> None:
        """Let bytes cross the link again."""
        self._flowing.set()

    def reset(self) -> None:
        """Forget the bytes carried (a new measurement)."""
        with self._lock:
            self.sent.clear()

    def total(self) -> int:
        """Bytes carried since the last reset."""
        with self._lock:
            return sum(self.sent.values())

    def carry(self, path: str, size: int) -> None:
        """Wait until `size` more bytes have crossed the link (its queue is shared)."""
        self._flowing.wait()
        with self._lock:
            self.sent[path] = self.sent.get(path, 0) + size
            if self.rate is None:
                return
            start = max(time.monotonic(), self._free_at)
            self._free_at = start + size / self.rate
            done = self._free_at
        time.sleep(max(0.0, done - time.monotonic()))


@functools.cache
def _compressed(path: Path, stamp: float) -> bytes:
    return gzip.compress(path.read_bytes(), 6, mtime=0)


class _Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    link: ClassVar[Link]
    extra: ClassVar[dict[str, bytes]] = {}
    rules: ClassVar[list[tuple[str, dict[str, str]]]] = []

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        body = self.extra.get(path)
        kind = "text/html; charset=utf-8"
        if body is None:
            file = Path(self.translate_path(path))
            if file.is_dir():
                if not path.endswith("/"):
                    self.send_response(301)
                    self.send_header("Location", path + "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                file = file / "index.html"
            if not file.is_file():
                self.send_error(404)
                return
            kind = self.guess_type(str(file))
            compress = kind.startswith(COMPRESSIBLE) and "gzip" in self.headers.get(
                "Accept-Encoding", ""
            )
            body = _compressed(file, file.stat().st_mtime) if compress else file.read_bytes()
        else:
            compress = False
        if self.link.rtt:
            time.sleep(self.link.rtt)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        if compress:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        # the site's own files only: an extra page (bench/network.py's bare Pyodide page,
        # with its inline script) is not the site's and keeps no policy of it
        rules = self.rules if path not in self.extra else []
        sent = {"Cache-Control": "no-cache", **headers_for(rules, path)}
        for name, value in sent.items():
            self.send_header(name, value)
        self.end_headers()
        for start in range(0, len(body), CHUNK):
            chunk = body[start : start + CHUNK]
            self.link.carry(path, len(chunk))
            try:
                self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                return

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(site: Path, link: Link, extra: dict[str, bytes] | None = None) -> Iterator[str]:
    """Serve `site` (plus `extra` pages by path) through `link`; yields the base URL."""
    rules = site_rules(site)
    handler = type("Handler", (_Handler,), {"link": link, "extra": extra or {}, "rules": rules})
    with serve_with(handler, site) as base:
        yield base
