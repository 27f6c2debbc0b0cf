"""Serve the site locally with live reload: all languages, or one for a quick preview.

.venv/bin/python scripts/serve.py        # every language, http://127.0.0.1:8000/
.venv/bin/python scripts/serve.py he     # Hebrew only (static-i18n build_only_locale)
"""

from __future__ import annotations

import os
import subprocess
import sys

from crescent.i18n import LANGUAGES


def main() -> int:
    """Run `mkdocs serve`, limited to one language when one is named."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    lang = sys.argv[1] if len(sys.argv) > 1 else ""
    if lang:
        if lang not in LANGUAGES:
            print(f"serve: unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
            return 2
        env["CRESCENT_ONLY_LANG"] = lang
    address = env.get("CRESCENT_SERVE_ADDRESS", "127.0.0.1:8000")
    command = [sys.executable, "-m", "mkdocs", "serve", "--strict", "-a", address]
    return subprocess.call(command, env=env)


if __name__ == "__main__":
    sys.exit(main())
