"""The tests' Chromium (Debian's headless shell) is the Chromium readers run, same version."""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import Browser

from tools.chromium import CHROMIUM_PATH

pytestmark = pytest.mark.browser


def test_the_headless_shell_is_the_same_chromium_as_the_full_browser(browser: Browser) -> None:
    done = subprocess.run([CHROMIUM_PATH, "--version"], capture_output=True, text=True)
    found = re.search(r"Chromium (\d+(?:\.\d+){3})", done.stdout)
    assert found, (done.stdout, done.stderr)
    assert browser.version == found.group(1)
