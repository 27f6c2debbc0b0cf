"""The translators' files, read as UTF-8 text: a file that is not gets a message naming
it, with the line and column of its first bad byte, instead of a traceback."""

from __future__ import annotations

from pathlib import Path


class NotText(ValueError):
    """A file that is not UTF-8 text: where its first bad byte is."""

    def __init__(self, path: Path, data: bytes, at: int) -> None:
        self.path = path
        self.line = data.count(b"\n", 0, at) + 1
        self.column = at - (data.rfind(b"\n", 0, at) + 1) + 1
        self.byte = data[at]
        super().__init__(self.shown(Path.cwd()))

    def shown(self, root: Path) -> str:
        """The message, the file named from `root` when it lies inside it."""
        try:
            name = self.path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            name = str(self.path)
        return (
            f"{name}:{self.line}: not UTF-8 text (byte 0x{self.byte:02x} at column "
            f"{self.column}): save the file as UTF-8"
        )


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
