"""A pytest plugin for the run in a copy of the project with languages added
(tests/site/test_new_language.py): only the tests whose outcome a new language can change.

    pytest -p tests.language_set --new-languages de,ar ...

A test is kept when it runs for a new language (a parameter that is one), or when it
reads the set of languages: its code, or code it calls from the tests (helpers and
fixtures), names the registry (`LANGUAGE_NAMES`) or holds a `Project`, whose
languages are the registry's. A test run for languages that were there before
(`test_render[en]`) is left out: the full suite runs it, and adding a language cannot
change it; so is one that reads only languages it names (a fault planted in
docs/index.ru.md).
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from crescent.languages import CODES, Language
from translations.project import Project

LANGUAGE_NAMES = frozenset(
    ("LANGUAGES", "CODES", "REGISTRY", "NEW_LANGUAGES")
    + ("load_all", "make_project", "write_registry")
)
"""Names that hand code the set of languages: the registry (`crescent.i18n.LANGUAGES`,
`crescent.languages.CODES`, `REGISTRY`), the languages a test adds, every language's
glossary, a project made or its registry written by the translations tests."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--new-languages", default="", help="the codes of the languages added")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the tests a new language cannot change."""
    new = set(filter(None, str(config.getoption("--new-languages")).split(",")))
    if not new:
        return
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        (kept if can_change(item, new) else left).append(item)
    config.hook.pytest_deselected(items=left)
    items[:] = kept


def can_change(item: pytest.Item, new: set[str]) -> bool:
    """True when adding the languages `new` can change the outcome of `item`."""
    languages = set(_languages(getattr(getattr(item, "callspec", None), "params", {})))
    if languages:
        return bool(languages & new)
    function = getattr(item, "function", None)
    if function is None:
        return True  # not a Python test function: keep what cannot be read
    definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    called: list[Callable[..., Any]] = [function]
    called += [each[-1].func for each in definitions.values() if each and _ours(each[-1].func)]
    seen: set[types.CodeType] = set()
    return any(reads_language_set(each, seen) for each in called)


def _languages(params: dict[str, object]) -> Iterator[str]:
    """The language codes among a test's parameters."""
    for value in params.values():
        if isinstance(value, Language):
            yield value.code
        elif isinstance(value, str) and value in CODES:
            yield value


def reads_language_set(function: Callable[..., Any], seen: set[types.CodeType]) -> bool:
    """True when `function`, or a function of the tests it names, reads the languages."""
    inner = getattr(getattr(function, "hypothesis", None), "inner_test", function)  # @given
    function = inspect.unwrap(inner)
    code = getattr(function, "__code__", None)
    if code is None or code in seen:
        return False
    seen.add(code)
    scope: dict[str, object] = getattr(function, "__globals__", {})
    for name in _names(code):
        if name in LANGUAGE_NAMES:
            return True
        value = scope.get(name)
        if value is Project or isinstance(value, Project):
            return True
        if callable(value) and _ours(value) and reads_language_set(value, seen):
            return True
    return False


def _ours(function: object) -> bool:
    """True for a function of the tests (not of pytest or of the project)."""
    return str(getattr(function, "__module__", "")).startswith("tests.")


def _names(code: types.CodeType) -> Iterator[str]:
    """The global and attribute names `code` and the code nested in it use."""
    yield from code.co_names
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _names(constant)
