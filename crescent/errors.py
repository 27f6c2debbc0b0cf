"""The engine's errors: every malformed input raises a subclass of `CrescentError`.

An error carries a message key of the catalogs (`key`) and the values that fill
the message (`values`), so an interface can say it in the reader's language with
`error.message(lang)`; `str(error)` is the English message, and never raises. The reader's own
input (the value `text`) is quoted shortened to `QUOTED_LIMIT` characters; for
pages (`isolate=True`) it is also isolated from the message's direction, so a
Hebrew sentence stays right to left around a code and a right-to-left override
typed in a code stays inside it, and the message's own card notation and game
codes are isolated as every message a page shows (`crescent.bidi`).
"""

from __future__ import annotations

import json
from typing import Final

from crescent.bidi import FIRST_STRONG_ISOLATE, isolated_text
from crescent.i18n import POP_DIRECTIONAL_ISOLATE, catalog

QUOTED_LIMIT: Final = 40


def quoted(text: str, isolate: bool) -> str:
    """The reader's `text` as a message quotes it: at most `QUOTED_LIMIT` characters."""
    if len(text) > QUOTED_LIMIT:
        text = text[: QUOTED_LIMIT - 1] + "…"
    return FIRST_STRONG_ISOLATE + text + POP_DIRECTIONAL_ISOLATE if isolate else text


def as_json(value: object) -> str:
    """A value read from JSON as the reader wrote it (`null`, `true`, `[1]`; a string as
    it is), at most `QUOTED_LIMIT` characters: what a message names when a record or a
    request holds the wrong kind of value. An empty or blank string is shown as JSON
    writes it (`""`): quoted as it is, the message would quote nothing."""
    if isinstance(value, str) and value.strip():
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            text = repr(value)
    return quoted(text, isolate=False)


class CrescentError(ValueError):
    """A malformed input; the message names the input and what is wrong."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key, values)
        self.key = key
        self.values: dict[str, object] = values

    def message(self, lang: str = "en", *, isolate: bool = False) -> str:
        """The message in `lang`, from the catalogs; `isolate` for text shown in a page."""
        values = {
            name: value.message(lang, isolate=isolate)
            if isinstance(value, CrescentError)
            else value
            for name, value in self.values.items()
        }  # an error within this one (a record's bad entry) is said in the same language
        if isinstance(values.get("text"), str):
            values["text"] = quoted(str(values["text"]), isolate)
        message = catalog(lang).format(self.key, **values)
        return isolated_text(message, lang) if isolate else message

    def __str__(self) -> str:
        """The English message; the key and values when the catalogs cannot give it.

        `str()` must never fail (tracebacks and logs call it), so a missing compiled
        catalog or a broken translation falls back to the plain key and values.
        """
        try:
            return self.message("en")
        except Exception:
            values = ", ".join(f"{name}={value!r}" for name, value in self.values.items())
            return f"{self.key} ({values})" if values else self.key


class CardError(CrescentError):
    """A card text that is not a card."""


class PlaceError(CrescentError):
    """A place text that names no pile or foundation."""


class MoveTextError(CrescentError):
    """A move entry that is not a move."""


class CodeError(CrescentError):
    """A malformed game code."""


class LayoutError(CrescentError):
    """Cards that are not a Crescent deal (pile sizes, card counts)."""


class PositionError(CrescentError):
    """A position description that is not a possible Crescent position."""


class RecordError(CrescentError):
    """A game record that cannot be read."""
