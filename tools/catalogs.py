"""Compile the engine's message catalogs (`make catalogs`): each `.po` to its `.mo`.

    .venv/bin/python tools/catalogs.py [--root FOLDER] [--edited]

The engine reads only the compiled `.mo`. A catalog with a line that is not PO syntax,
or that is not UTF-8 text, is named with its line and compiled not at all (its old
`.mo` stays): Babel would read `msgstr "Tipp` as "Tip", and stop on a bad byte with a
traceback. The build checks the same (hooks/translators.py) and compiles the same way
(`hooks.runtime.compile_catalog`: no build time in the file). With `--edited` only the
catalogs whose `.po` is newer than their `.mo` (or have none): a build runs it so before
it reads any message (`crescent_site.catalogs`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent_site.catalogs import is_stale  # noqa: E402
from hooks.runtime import compile_catalog  # noqa: E402
from translations.files import FileProblem  # noqa: E402
from translations.po_syntax import file_problems  # noqa: E402


def faults(root: Path, po: Path) -> list[str]:
    """What stops `po` from compiling, a line each ("file:line: message", the file named from
    `root`); none when it is sound."""
    name = po.relative_to(root).as_posix()
    try:
        return [f"{name}:{problem.line}: {problem.message}" for problem in file_problems(po)]
    except FileProblem as error:
        return [error.shown(root)]


def write_compiled(po: Path) -> None:
    """Compile `po` into the `.mo` beside it: written when its bytes change, else touched
    (compiled from this `.po`, so newer than it, as the suite and the build check)."""
    mo = po.with_suffix(".mo")
    compiled = compile_catalog(po.read_bytes())
    if not mo.is_file() or mo.read_bytes() != compiled:
        mo.write_bytes(compiled)
    else:
        mo.touch()


def main(argv: list[str] | None = None) -> int:
    """Compile every catalog that is sound; exit status 2 when any is not."""
    parser = argparse.ArgumentParser(prog="tools/catalogs.py", description=__doc__)
    parser.add_argument("--root", type=Path, default=ROOT, help="the project folder")
    parser.add_argument("--edited", action="store_true", help="only catalogs edited since")
    args = parser.parse_args(argv)
    root = args.root
    found = []
    for po in sorted(root.glob("crescent/locale/*/LC_MESSAGES/*.po")):
        if args.edited and not is_stale(po):
            continue
        problems = faults(root, po)
        if problems:
            found += problems
            continue
        write_compiled(po)
    for line in found:
        print(f"tools/catalogs.py: {line}", file=sys.stderr)
    return 2 if found else 0


if __name__ == "__main__":
    sys.exit(main())
