"""The Nu Html Checker (npm `vnu-jar`, pinned) on every built page of every language.

The site's own markup must give no error. Material's templates give some that are
not ours to fix; each is listed below with its reason and matched exactly (message
and the markup it points at), so that a new finding of any kind fails the test.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.site.conftest import LANGUAGES, ROOT

VNU = ROOT / "node_modules/vnu-jar/build/dist/vnu.jar"

AUTOCOMPLETE = (
    "Attribute “autocomplete” is only allowed when the input type is “color”, “date”, "
    "“datetime-local”, “email”, “hidden”, “month”, “number”, “password”, “range”, "
    "“search”, “tel”, “text”, “time”, “url”, or “week”."
)
MATERIAL = {
    # Material's base.html writes its drawer and search toggles as hidden checkboxes with
    # autocomplete="off", so that Firefox does not restore them checked after a reload;
    # the attribute is not allowed on checkboxes. One of each on every page.
    (AUTOCOMPLETE, '<input class="md-toggle" data-md-toggle="drawer" type="checkbox" '
     'id="__drawer" autocomplete="off">'),
    (AUTOCOMPLETE, '<input class="md-toggle" data-md-toggle="search" type="checkbox" '
     'id="__search" autocomplete="off">'),
}  # fmt: skip


def _java() -> str:
    java = shutil.which("java")
    assert java, "the Nu Html Checker needs Java: `make test` installs default-jre-headless"
    return java


def check(files: list[Path]) -> list[dict[str, object]]:
    """Every error the checker finds in `files`."""
    done = subprocess.run(
        [_java(), "-jar", str(VNU), "--errors-only", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        check=False,
    )
    messages: list[dict[str, object]] = json.loads(done.stderr or done.stdout)["messages"]
    return messages


def _material(message: dict[str, object]) -> bool:
    extract = str(message.get("extract", ""))
    start = int(str(message.get("hiliteStart", 0)))
    marked = extract[start : start + int(str(message.get("hiliteLength", 0)))]
    # The checker's highlight sometimes takes in one character of white space before
    # the markup (seen on two pages once a line in their head grew by 60 characters).
    return (message.get("message"), marked.strip()) in MATERIAL


BAD = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>'
    '<meta name="crescent-runtime" data-pyodide="x"></head>'
    '<body><div aria-label="board">x</div></body></html>'
)
"""A page with two errors of ours, which the checker must find."""


@pytest.fixture(scope="module")
def checked(site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The checker's errors on every built page and on `BAD`: one run, Java started once."""
    bad = tmp_path_factory.mktemp("html") / "bad.html"
    bad.write_text(BAD, encoding="utf-8")
    pages = sorted(site.rglob("*.html"))
    errors = check([*pages, bad])
    mine = [m for m in errors if str(m["url"]).endswith(bad.as_posix())]
    return {"pages": pages, "errors": [m for m in errors if m not in mine], "bad": mine}


def test_every_page_is_valid_html(site: Path, checked: dict[str, Any]) -> None:
    pages: list[Path] = checked["pages"]
    not_found = [site / "404.html", *(site / lang / "404.html" for lang in LANGUAGES[1:])]
    assert all(page in pages for page in not_found)
    assert len(pages) >= 40
    errors: list[dict[str, object]] = checked["errors"]
    ours = [
        f"{Path(str(m['url']).removeprefix('file:')).relative_to(site.resolve())}:"
        f"{m.get('lastLine')}: {m['message']}"
        f"\n    {m.get('extract')}"
        for m in errors
        if not _material(m)
    ]
    assert not ours, "\n".join(ours)
    # Material's findings are still there, exactly: two on each page.
    assert len(errors) == 2 * len(pages)


def test_the_checker_finds_an_error_of_ours(checked: dict[str, Any]) -> None:
    errors: list[dict[str, object]] = checked["bad"]
    assert len(errors) == 2
    assert not any(_material(m) for m in errors)


def test_runtime_addresses_stay_on_the_site(site: Path) -> None:
    meta = re.compile(r'<meta name="crescent-runtime"[^>]*>')
    for page in sorted(site.rglob("*.html")):
        tag = meta.search(page.read_text(encoding="utf-8"))
        assert tag, page
        for address in re.findall(r'data-\w+="([^"]*)"', tag.group(0)):
            assert re.fullmatch(r"((\.\.?/)+|/)(assets/\S+)?", address), (page, address)
