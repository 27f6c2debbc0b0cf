"""The engine's compiled catalogs: each `.po` file's `.mo` beside it, as the engine reads.

`make catalogs` (tools/catalogs.py) compiles them all, once it has checked that each is
PO syntax (`translations.po_syntax`: read leniently, `msgstr "Tipp` would be compiled
as "Tip"). A build has it compile those whose `.po` changed since, before it reads a
word (`crescent_site.languages`, as mkdocs.yml is read), so that a translator's edit
reaches the pages, under `mkdocs serve` too, without a command to remember; the
build's own syntax check (hooks/translators.py) then stops it at a broken line.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

COMPILER = Path(__file__).resolve().parents[1] / "tools" / "catalogs.py"
"""`make catalogs`'s tool, in the project beside this package."""


def is_stale(po: Path) -> bool:
    """Whether the `.mo` of `po` is missing or older than it."""
    mo = po.with_suffix(".mo")
    return not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime


def compile_edited(locale_dir: Path) -> list[Path]:
    """Have `tools/catalogs.py --edited` compile each catalog under `locale_dir` whose `.po`
    is newer than its `.mo` and is PO syntax; the `.po` files compiled. It runs only when
    one is stale (a process with Babel: a second, where the check takes milliseconds). A
    catalog that is not PO syntax stays stale: the build's check names its line."""
    stale = [po for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")) if is_stale(po)]
    if not stale or not COMPILER.is_file():
        return []
    root = locale_dir.parents[1]
    subprocess.run(
        [sys.executable, str(COMPILER), "--root", str(root), "--edited"],
        capture_output=True,
        check=False,
    )
    return [po for po in stale if not is_stale(po)]
