"""The engine's errors: every malformed input raises a subclass of `CrescentError`.

An error carries a message key of the catalogs (`key`) and the values that fill
the message (`values`), so an interface can say it in the reader's language with
`error.message(lang)`; `str(error)` is the English message.
"""

from __future__ import annotations


class CrescentError(ValueError):
    """A malformed input; the message names the input and what is wrong."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key, values)
        self.key = key
        self.values: dict[str, object] = values

    def message(self, lang: str = "en") -> str:
        """The message in `lang`, from the catalogs."""
        from crescent.i18n import catalog

        return catalog(lang).format(self.key, **self.values)

    def __str__(self) -> str:
        return self.message("en")


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
