"""MkDocs hook: the service worker and the installable app (web app manifests, icons).

Once every language is built, `hooks/offline.mjs` writes `sw.js` at the site's root
with Workbox's build tools (npm `workbox-build`, pinned): it precaches the versioned
runtime and keeps the pages visited, network first (the policy is stated there). Its
output depends only on the runtime's versioned paths and that script, so it is kept
in the build cache (crescent_site.build_cache) under their hash. Pages learn where it is
from the `crescent-offline` meta tag (overrides/main.html); only pages whose engine
runs register it (docs/assets/js/engine/offline.js).

Under `mkdocs serve` no page registers it: pages there change under a translator's
hands and the live reload must stay in charge. The `sw.js` served there only retires
a worker that a built site served at the same address left behind.

Each language gets its web app manifest, `assets/app/<lang>.webmanifest`, linked
from that language's pages: its name, `lang` and `dir` (the registry's direction,
`crescent.languages`), starting on its Play page, with the icons drawn by
crescent_site/app_icon.py (SVG, and the 192 and 512 pixel PNGs that Chrome asks for before it
offers to install).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from crescent.languages import direction
from crescent_site import app_icon
from crescent_site.build_cache import cache_folder, cached
from crescent_site.pages import building_another_language
from crescent_site.runtime import node_path
from crescent_site.versioned import CACHE_FIRST

APP = "assets/app"
ICONS = {
    "icon.svg": ("any", "image/svg+xml"),
    "icon-192.png": ("192x192", "image/png"),
    "icon-512.png": ("512x512", "image/png"),
}
RETIRE = """// Served by `mkdocs serve`: retire a service worker that a built site left here.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.registration.unregister().then(() => self.clients.matchAll({ type: "window" })).then(
      (pages) => pages.forEach((page) => page.navigate(page.url)),
    ),
  );
});
"""
_state: dict[str, Any] = {"serving": False}


def on_startup(command: str, dirty: bool) -> None:
    """Remember whether this is `mkdocs serve`."""
    _state["serving"] = command == "serve"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Tell the templates where the service worker and the manifests are."""
    config.extra["crescent_offline"] = {
        "sw": None if _state["serving"] else "sw.js",
        "manifests": APP,
    }
    return config


@event_priority(-250)
def on_post_build(config: MkDocsConfig) -> None:
    """Once every language is built (and the runtime written), add the app's files."""
    if building_another_language(config):
        return
    site = Path(config["site_dir"])
    folder = site / APP
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in icons().items():
        (folder / name).write_bytes(data)
    for lang, manifest in manifests(config).items():
        (folder / f"{lang}.webmanifest").write_text(manifest, encoding="utf-8")
    if _state["serving"]:
        (site / "sw.js").write_text(RETIRE, encoding="utf-8")
    else:
        (site / "sw.js").write_bytes(service_worker(Path(config.config_file_path).parent, site))


def icons() -> dict[str, bytes]:
    """The icon files, drawn once per process (and kept in the build cache)."""
    if "icons" not in _state:
        _state["icons"] = app_icon.files()
    drawn: dict[str, bytes] = _state["icons"]
    return dict(drawn)


def manifests(config: MkDocsConfig) -> dict[str, str]:
    """Each language's manifest (JSON text), by locale."""
    plugin = config.plugins.get("i18n")
    languages = list(plugin.config.languages) if plugin is not None else []
    found = {}
    for language in languages or [None]:
        lang = language.locale if language else "en"
        default = language.default if language else True
        name = (language.site_name if language else None) or config.site_name
        prefix = "" if default else f"{lang}/"
        data = {
            "name": name,
            "short_name": "Crescent",
            "lang": lang,
            "dir": direction(lang),
            "start_url": f"../../{prefix}play/",
            "scope": "../../",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#3f51b5",
            "icons": [
                {"src": icon, "sizes": sizes, "type": kind} for icon, (sizes, kind) in ICONS.items()
            ],
        }
        found[lang] = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return found


def service_worker(project: Path, site: Path) -> bytes:
    """`sw.js` for the built `site`: from the cache, else written by Workbox under Node."""
    script = Path(__file__).with_name("offline.mjs")
    workbox = project / "node_modules" / "workbox-build" / "package.json"
    if not workbox.is_file():
        raise PluginError("node_modules/workbox-build is missing: run `make setup` (npm ci)")
    precached = sorted(
        path.relative_to(site).as_posix()
        for pattern in ("assets/pyodide/*/*", "assets/engine/*/*")
        for path in site.glob(pattern)
        if path.name != "python_stdlib.zip" or "engine" in path.parts
    )
    key = hashlib.sha256(script.read_bytes() + workbox.read_bytes())
    key.update("\0".join([CACHE_FIRST.pattern, *precached]).encode())
    entry = cache_folder() / f"sw-{key.hexdigest()[:32]}"
    return cached(entry, ("sw.js",), lambda: {"sw.js": _written(project, site, script)})["sw.js"]


def _written(project: Path, site: Path, script: Path) -> bytes:
    """`sw.js` written into `site` by Workbox under Node (hooks/offline.mjs)."""
    node = node_path("write the service worker", PluginError)
    done = subprocess.run(
        [node, str(script)],
        input=json.dumps({"site": str(site), "cacheFirst": CACHE_FIRST.pattern}),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=project,
    )
    if done.returncode != 0:
        detail = done.stderr.strip().splitlines()[-3:] or [f"exit status {done.returncode}"]
        raise PluginError(
            "writing the service worker with Workbox (hooks/offline.mjs) failed: "
            + " / ".join(detail)
        )
    return (site / "sw.js").read_bytes()
