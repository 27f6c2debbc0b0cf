"""crescent_site.build_cache: an entry is made once, even by builds side by side."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from crescent_site.build_cache import cached

MAKER = """
import sys, time
from pathlib import Path
from crescent_site.build_cache import cached

entry, log = Path(sys.argv[1]), Path(sys.argv[2])

def make():
    with log.open("a") as out:
        out.write("made\\n")
    time.sleep(1.0)  # the others start meanwhile, and find no entry yet
    return {"data": b"compiled"}

print(cached(entry, ("data",), make)["data"].decode())
"""


def test_builds_side_by_side_make_an_entry_once(tmp_path: Path) -> None:
    """Three processes ask at once for an entry the cache lacks: one makes it while the
    others wait, then all three have what it made."""
    entry, log = tmp_path / "cache" / "engine-1", tmp_path / "made.log"
    command = [sys.executable, "-c", MAKER, str(entry), str(log)]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(3)]
    answers = [run.communicate(timeout=60)[0].strip() for run in runs]
    assert answers == ["compiled"] * 3
    assert log.read_text(encoding="utf-8") == "made\n"
    assert (entry / "data").read_bytes() == b"compiled"


def test_an_entry_is_read_without_making_it_again(tmp_path: Path) -> None:
    entry = tmp_path / "cache" / "icons-1"
    made: list[int] = []

    def make() -> dict[str, bytes]:
        made.append(1)
        return {"a": b"1", "b": b"2"}

    assert cached(entry, ("a", "b"), make) == {"a": b"1", "b": b"2"}
    assert cached(entry, ("a", "b"), make) == {"a": b"1", "b": b"2"}
    assert made == [1]


def test_an_entry_missing_a_file_is_made_again(tmp_path: Path) -> None:
    """An entry that lacks a file the build asks for is made anew, and what was made is
    what the build gets (the entry stays as it was: it is never half replaced)."""
    entry = tmp_path / "cache" / "sw-1"
    cached(entry, ("a",), lambda: {"a": b"1"})
    assert cached(entry, ("a", "b"), lambda: {"a": b"3", "b": b"4"}) == {"a": b"3", "b": b"4"}
    assert sorted(path.name for path in entry.iterdir()) == ["a"]
