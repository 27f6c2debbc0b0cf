"""The site's languages are the engine's: one list (`crescent.i18n.LANGUAGES`), English first."""

from __future__ import annotations

import re

from crescent.i18n import LANGUAGES
from tests.site.conftest import ROOT


def test_the_site_builds_the_engines_languages_in_order() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert tuple(re.findall(r"^\s+- locale: (\w+)$", config, re.MULTILINE)) == LANGUAGES


def test_every_language_has_its_catalog() -> None:
    catalogs = sorted(path.name for path in (ROOT / "crescent" / "locale").iterdir())
    assert catalogs == sorted(LANGUAGES)
