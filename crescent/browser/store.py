"""The live objects the worker holds between calls, each found by a number: one store.

The pages name what they opened by a number (a live game's `session`, a viewed
record's `steps`, a review's `review`); every kind is kept in a `Store`, and a
request naming a number that is not (or no longer) held gets one answer, `UnknownHandle`,
whose message says so in the page's language (`crescent.browser.requests`).
"""

from __future__ import annotations

import itertools
from typing import Generic, TypeVar

from crescent.errors import CrescentError

T = TypeVar("T")


class UnknownHandle(CrescentError):
    """A request names a game, record or review that the worker does not hold."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"{kind}.unknown")


class Store(Generic[T]):
    """Objects of one kind, each under the number `keep` gave it.

    With `limit`, only the `limit` newest are held: keeping one more lets the
    oldest go (the viewer keeps the record shown and a few before it).
    """

    def __init__(self, kind: str, limit: int | None = None) -> None:
        self.kind = kind
        self.limit = limit
        self._items: dict[int, T] = {}
        self._numbers = itertools.count(1)

    def keep(self, item: T) -> int:
        """Hold `item`; its number, which the page names in later requests."""
        number = next(self._numbers)
        self._items[number] = item
        if self.limit is not None:
            for old in [key for key in self._items if key <= number - self.limit]:
                del self._items[old]
        return number

    def get(self, number: int) -> T:
        """The object held under `number`; raises `UnknownHandle` when there is none."""
        try:
            return self._items[number]
        except KeyError:
            raise UnknownHandle(self.kind) from None

    def forget(self, number: int) -> None:
        """Let the object `number` go (nothing happens when it is not held)."""
        self._items.pop(number, None)
