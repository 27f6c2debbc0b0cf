"""The engine's compiled catalogs: each `.po` file's `.mo` beside it, as the engine reads.

`make catalogs` (tools/catalogs.py) compiles them all, once it has checked that each is
PO syntax (`translations.po_syntax`: read leniently, `msgstr "Tipp` would be compiled
as "Tip"). A build compiles those whose `.po` changed since, before it reads a word
(`crescent_site.languages`, as mkdocs.yml is read), so that a translator's edit
reaches the pages, under `mkdocs serve` too, without a command to remember; the
build's own syntax check (hooks/translators.py) then stops it at a broken line.
"""

from __future__ import annotations

import datetime
import importlib.util
import io
import sys
from collections.abc import Callable
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po

from crescent_site.runtime import STAMP


def compile_catalog(po_file: bytes) -> bytes:
    """The `.mo` file of a PO file, dated STAMP: Babel would write the time of the build."""
    catalog = read_po(io.BytesIO(po_file))
    catalog.creation_date = datetime.datetime(*STAMP, tzinfo=datetime.UTC)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def is_stale(po: Path) -> bool:
    """Whether the `.mo` of `po` is missing or older than it."""
    mo = po.with_suffix(".mo")
    return not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime


def write_compiled(po: Path) -> None:
    """Compile `po` into the `.mo` beside it: written when its bytes change, else touched
    (compiled from this `.po`, so newer than it, as the suite and the build check)."""
    mo = po.with_suffix(".mo")
    compiled = compile_catalog(po.read_bytes())
    if not mo.is_file() or mo.read_bytes() != compiled:
        mo.write_bytes(compiled)
    else:
        mo.touch()


def compile_edited(locale_dir: Path) -> list[Path]:
    """Compile every catalog under `locale_dir` whose `.po` is newer than its `.mo` and is
    PO syntax; the `.po` files compiled. One that is not is left as it is: the build's
    syntax check names its line, and `make catalogs` keeps its old `.mo` too."""
    sound = _syntax_check()
    edited = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        if is_stale(po) and sound(po):
            try:
                write_compiled(po)
            except (OSError, ValueError, PoFileError):
                continue
            edited.append(po)
    return edited


def _syntax_check() -> Callable[[Path], bool]:
    """Whether a `.po` file is PO syntax, by the translators' toolkit (`translations`, in
    the project beside this package); when it cannot be imported, no file is."""
    if importlib.util.find_spec("translations") is None:
        project = Path(__file__).resolve().parents[1]
        if not (project / "translations" / "po_syntax.py").is_file():
            return lambda po: False
        sys.path.append(str(project))
    from translations.files import FileProblem
    from translations.po_syntax import file_problems

    def sound(po: Path) -> bool:
        try:
            return not file_problems(po)
        except FileProblem:
            return False

    return sound
