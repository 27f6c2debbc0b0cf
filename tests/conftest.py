"""Fixtures shared by the site tests and the browser tests."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from crescent.languages import CODES, Language
from crescent_site.catalogs import is_stale
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

settings.register_profile("crescent", deadline=None)
settings.load_profile("crescent")
"""No Hypothesis deadline: on a machine shared with browser tests one example may take
many times its usual time, and a deadline then fails a test whose property holds. The
number of examples is each test's own."""


def stale_catalogs(root: Path) -> list[str]:
    """The engine's catalogs whose compiled `.mo` is missing or older than their `.po`
    (`make catalogs` compiles them; the engine reads only the `.mo`)."""
    return [
        po.relative_to(root).as_posix()
        for po in sorted(root.glob("crescent/locale/*/LC_MESSAGES/*.po"))
        if is_stale(po)
    ]


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once, naming the files, when a catalog was edited and not compiled: the
    engine would speak its old words, and tests fail far from the cause (an offline
    page's words, a demo's message)."""
    stale = stale_catalogs(Path(__file__).resolve().parents[1])
    if stale:
        raise pytest.UsageError(
            f"{', '.join(stale)}: newer than the compiled catalog; run `make catalogs`"
        )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked `long` first: xdist's workers start on them while the short ones
    are shared out, and the run never ends waiting on one that began late (the slow-link
    test, 90 s of waiting, finished at 97 % of a run before)."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def once_per_run(
    factory: pytest.TempPathFactory, name: str, make: Callable[[Path], dict[str, Any]]
) -> tuple[Path, dict[str, Any]]:
    """`make(folder)` once per test run, in a folder of its own, and what it answered (JSON).

    Under xdist the workers share it: the first makes it while the others wait on a file
    lock, then read what it answered. `--dist loadgroup` does not keep a group on one
    worker with the pinned pytest 9.2 (pytest-xdist#1386), and a build or a copy of the
    project costs every worker that makes its own."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        folder = factory.mktemp(name)
        return folder, make(folder)
    shared = factory.getbasetemp().parent  # this run's, common to its workers
    folder = shared / name
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        record = shared / f"{name}.json"
        if record.is_file():
            answer: dict[str, Any] = json.loads(record.read_text(encoding="utf-8"))
            return folder, answer
        folder.mkdir(parents=True, exist_ok=True)
        answer = make(folder)
        record.write_text(json.dumps(answer), encoding="utf-8")
        return folder, answer


def _built(folder: Path) -> dict[str, Any]:
    done = build_site(folder)
    return {"returncode": done.returncode, "stderr": done.stderr}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole five-language site, built once per test run (shared by the xdist
    workers): tests read it and never change it."""
    target, done = once_per_run(tmp_path_factory, "site", _built)
    assert done["returncode"] == 0, done["stderr"]
    return target


def _built_with_address(folder: Path) -> dict[str, Any]:
    done = build_site(folder / "site", env={"CRESCENT_SITE_URL": SITE_URL})
    return {"returncode": done.returncode, "stderr": done.stderr}


@pytest.fixture(scope="session")
def addressed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built with `SITE_URL` (so with its sitemap), once per run, with the build
    cache as any build has it: what an earlier build of the same sources compiled is
    taken from there (tests/site/test_reproducible.py compiles it anew and compares)."""
    folder, done = once_per_run(tmp_path_factory, "addressed-site", _built_with_address)
    assert done["returncode"] == 0, done["stderr"]
    return folder / "site"


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
    then built in strict mode: once per test run, shared by the xdist workers."""
    return _loaded(once_per_run(tmp_path_factory, "new-languages", _add_and_build)[1])


def _add_and_build(folder: Path) -> dict[str, Any]:
    project = clone_project(folder / "project")
    commands = [
        subprocess.run(add_command(language), cwd=project, capture_output=True, text=True)
        for language in NEW_LANGUAGES
    ]
    build = build_site(folder / "site", project=project, env={"CRESCENT_SITE_URL": SITE_URL})
    return _saved(Added(project, folder / "site", commands, build))


def _saved(made: Added) -> dict[str, Any]:
    def done(run: subprocess.CompletedProcess[str]) -> dict[str, Any]:
        return {"args": run.args, "returncode": run.returncode, "stdout": run.stdout,
                "stderr": run.stderr}  # fmt: skip

    return {
        "project": str(made.project),
        "site": str(made.site),
        "commands": [done(run) for run in made.commands],
        "build": done(made.build),
    }


def _loaded(data: dict[str, Any]) -> Added:
    def done(run: dict[str, Any]) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(
            run["args"], run["returncode"], run["stdout"], run["stderr"]
        )

    return Added(
        Path(data["project"]),
        Path(data["site"]),
        [done(run) for run in data["commands"]],
        done(data["build"]),
    )
