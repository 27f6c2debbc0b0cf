"""Fixtures shared by the site tests and the browser tests."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from crescent.languages import CODES, Language
from tests.site.conftest import build_site, clone_project

NEW_LANGUAGES = tuple(
    next(language for language in candidates if language.code not in CODES)
    for candidates in (
        (Language("de", "Deutsch"), Language("nl", "Nederlands")),
        (Language("ar", "العربية", rtl=True), Language("fa", "فارسی", rtl=True)),
    )
)
"""Two languages the site does not have, one of each direction: German and Arabic
(Dutch and Persian once those are the site's)."""
SITE_URL = "https://crescent.test/"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole five-language site, built once per test process."""
    target = tmp_path_factory.mktemp("site")
    done = build_site(target)
    assert done.returncode == 0, done.stderr
    return target


@dataclass(frozen=True)
class Added:
    """A copy of the project with `NEW_LANGUAGES` added by the toolkit, and its build."""

    project: Path
    site: Path
    commands: list[subprocess.CompletedProcess[str]]
    """`python -m translations add ...`, once per language: the only change to the copy."""
    build: subprocess.CompletedProcess[str]
    """The copy's strict build, with `SITE_URL` (so that it writes the sitemap)."""


def add_command(language: Language) -> list[str]:
    """The command that adds `language`."""
    command = [sys.executable, "-m", "translations", "add", language.code]
    return [*command, "--name", language.name, *(["--rtl"] if language.rtl else [])]


@pytest.fixture(scope="session")
def added(tmp_path_factory: pytest.TempPathFactory) -> Added:
    """The project copied, two languages added as a translator would (no edit by hand),
    then built in strict mode: once per test process."""
    folder = tmp_path_factory.mktemp("new-languages")
    project = clone_project(folder / "project")
    commands = [
        subprocess.run(add_command(language), cwd=project, capture_output=True, text=True)
        for language in NEW_LANGUAGES
    ]
    build = build_site(folder / "site", project=project, env={"CRESCENT_SITE_URL": SITE_URL})
    return Added(project, folder / "site", commands, build)
