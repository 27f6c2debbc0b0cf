"""Two builds of the same sources produce byte-identical sites."""

from __future__ import annotations

import gettext
import hashlib
import io
from pathlib import Path

from hooks.runtime import compile_catalog
from tests.conftest import SITE_URL
from tests.site.conftest import ROOT, build_site


def digests(site: Path) -> dict[str, str]:
    """Every file of a built site and the hash of its bytes."""
    return {
        path.relative_to(site).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


def test_two_builds_are_byte_identical(addressed_site: Path, tmp_path: Path) -> None:
    """The run's addressed build (tests/conftest.py) takes what the build cache holds (the
    bytecode Pyodide compiled, in an earlier build or in that one); this one starts with
    an empty cache, so Pyodide compiles the bytecode again, and everything else is made
    anew too (Material's templates with them): the same bytes, so compiling is
    deterministic and the cache gives back what a build makes.

    A site address is given so that the sitemap (dated, and gzipped) is built too.
    """
    second = tmp_path / "second"
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "CRESCENT_SITE_URL": SITE_URL}
    done = build_site(second, env=env)
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "cache").glob("crescent-site/bytecode-*/python_stdlib.zip"))
    assert list((tmp_path / "cache").glob("crescent-site/templates-*/*.cache"))
    one, two = digests(addressed_site), digests(second)
    assert one.keys() == two.keys()
    differing = sorted(name for name in one if one[name] != two[name])
    assert differing == []
    assert any(name.endswith(".whl.gz") for name in one) and "sitemap.xml.gz" in one
    assert any(name.endswith("/python_stdlib.zip.gz") and "engine/" in name for name in one)


def test_compiled_catalogs_carry_no_build_time() -> None:
    """Babel stamps a catalog without a POT-Creation-Date with the time of compiling."""
    po = (ROOT / "crescent/locale/he/LC_MESSAGES/crescent.po").read_bytes()
    header = gettext.GNUTranslations(io.BytesIO(compile_catalog(po))).info()
    assert header["pot-creation-date"] == "1980-01-01 00:00+0000"
