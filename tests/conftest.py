"""Fixtures shared by the site tests and the browser tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.conftest import build_site


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole five-language site, built once per test process."""
    target = tmp_path_factory.mktemp("site")
    done = build_site(target)
    assert done.returncode == 0, done.stderr
    return target
