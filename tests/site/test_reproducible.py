"""Two builds of the same sources produce byte-identical sites."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.site.conftest import build_site


def digests(site: Path) -> dict[str, str]:
    """Every file of a built site and the hash of its bytes."""
    return {
        path.relative_to(site).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    """Each build starts with an empty cache, so Pyodide compiles the bytecode twice.

    A site address is given so that the sitemap (dated, and gzipped) is built too.
    """
    first, second = tmp_path / "first", tmp_path / "second"
    for target in (first, second):
        cache = str(target) + "-cache"
        env = {"XDG_CACHE_HOME": cache, "CRESCENT_SITE_URL": "https://crescent.test/"}
        done = build_site(target, env=env)
        assert done.returncode == 0, done.stderr
        assert list(Path(str(target) + "-cache").glob("crescent-site/bytecode-*.json"))
    one, two = digests(first), digests(second)
    assert one.keys() == two.keys()
    differing = sorted(name for name in one if one[name] != two[name])
    assert differing == []
    assert any(name.endswith(".whl") for name in one) and "sitemap.xml.gz" in one
    assert any(name.endswith("/python_stdlib.zip") and "engine/" in name for name in one)
