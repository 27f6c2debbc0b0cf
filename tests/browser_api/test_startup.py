"""The browser's worker imports crescent.browser before any demo or game is ready: keep it light."""

from __future__ import annotations

import os
import subprocess
import sys


def _fresh_python(code: str) -> list[str]:
    """What `code` prints in a new Python process, words split. Coverage's start-up hook
    is left out (`make coverage` sets it for subprocesses): it imports `html` itself."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE_")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=env,
    )
    return done.stdout.split()


def test_the_solver_is_imported_on_the_first_hint_not_at_start() -> None:
    code = (
        "import json, sys\n"
        "from crescent import browser\n"
        "print('crescent.solver' in sys.modules)\n"
        "request = json.dumps({'lang': 'en', 'code': 'CR1-N-AAAAAAB'})\n"
        "view = json.loads(browser.call('open_game', request))\n"
        "browser.call('hint', json.dumps({'session': view['session'], 'seconds': 0.1}))\n"
        "print('crescent.solver' in sys.modules)\n"
    )
    assert _fresh_python(code) == ["False", "True"]


def test_the_standard_html_package_is_not_imported() -> None:
    """Its entity tables cost some 45 ms of start-up in Pyodide; markup.escape does the job."""
    code = "import sys\nfrom crescent import browser\nprint('html' in sys.modules)\n"
    assert _fresh_python(code) == ["False"]
