"""The translators' files, read as UTF-8 text; a file that cannot be read gets a message
naming it, with a line, instead of a traceback (`FileProblem`)."""

from __future__ import annotations

from pathlib import Path


class FileProblem(ValueError):
    """A file of the project that cannot be read as what it must be: where, and what."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        super().__init__(self.shown(Path.cwd()))

    def shown(self, root: Path) -> str:
        """The message, the file named from `root` when it lies inside it."""
        try:
            name = self.path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            name = str(self.path)
        return f"{name}:{self.line}: {self.message}"


class NotText(FileProblem):
    """A file that is not UTF-8 text: where its first bad byte is."""

    def __init__(self, path: Path, data: bytes, at: int) -> None:
        line = data.count(b"\n", 0, at) + 1
        column = at - (data.rfind(b"\n", 0, at) + 1) + 1
        said = f"not UTF-8 text (byte 0x{data[at]:02x} at column {column}): save the file as UTF-8"
        super().__init__(path, line, said)


def read_text(path: Path) -> str:
    """The text of the file at `path`, which must be UTF-8."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotText(path, data, error.start) from None


def read_bytes(path: Path) -> bytes:
    """The bytes of the file at `path`, checked to be UTF-8 text (for parsers of bytes)."""
    data = path.read_bytes()
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotText(path, data, error.start) from None
    return data
