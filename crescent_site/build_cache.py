"""The build cache: what a build computes once and finds again in later builds (the
engine's wheel and bytecode, the service worker), in `$XDG_CACHE_HOME/crescent-site`
(else `~/.cache/crescent-site`), each entry a folder named by the hash of its inputs."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable, Collection, Iterator
from pathlib import Path


def cache_key(head: bytes, files: dict[str, bytes]) -> str:
    """A name for what `head` (versions, the code that builds it) makes of `files`."""
    key = hashlib.sha256(head)
    for path, data in sorted(files.items()):
        key.update(f"\0{path}\0{len(data)}\0".encode() + data)
    return key.hexdigest()[:32]


def cache_folder() -> Path:
    """The folder that holds every entry."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "crescent-site"


def store(folder: Path, files: dict[str, bytes]) -> None:
    """Write the cache `folder` whole or not at all: builds may run side by side."""
    temporary: Path | None = None
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        temporary = Path(tempfile.mkdtemp(dir=folder.parent, suffix=".tmp"))
        for name, data in files.items():
            (temporary / name).write_bytes(data)
        temporary.rename(folder)
    except OSError:
        if temporary is not None:  # no cache then (or another build's): compile next time
            shutil.rmtree(temporary, ignore_errors=True)


def cached(
    folder: Path, names: Collection[str], make: Callable[[], dict[str, bytes]]
) -> dict[str, bytes]:
    """The files `names` of the entry `folder`, made by `make` (and stored) when the cache
    lacks them. Builds side by side make an entry once: while one makes it, the others
    wait on a lock beside it, then read it (the tests start several builds of the same
    sources at once, and each compiled the engine anew on a machine's first run)."""
    try:
        return _read(folder, names)
    except OSError:
        pass
    with _locked(folder):
        try:
            return _read(folder, names)
        except OSError:
            made = make()
            store(folder, made)
            return made


def _read(folder: Path, names: Collection[str]) -> dict[str, bytes]:
    """The files of an entry; `OSError` when one is missing."""
    return {name: (folder / name).read_bytes() for name in names}


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold the lock of the entry `folder` (none when the cache cannot be written: each
    build then makes its own)."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        lock = (folder.parent / f"{folder.name}.lock").open("w")
    except OSError:
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
