"""The live objects the worker holds between calls, each found by a number: one store.

The pages name what they opened by a number (a live game's `session`, a viewed
record's `steps`, a review's `review`); every kind is kept in a `Store`, and a
request naming a number that is not (or no longer) held gets one answer, `UnknownHandle`,
whose message says so in the page's language (`crescent.browser.requests`).

One worker may serve several pages at once (a shared worker: every tab and page of the
site that is open). Each page is a client, numbered by the worker; what a page opened
belongs to it: another page naming its number gets `UnknownHandle`, a `limit` counts
each page's objects apart, and `forget_client` lets go of all a page held once it is
gone. `serving(client)` says whose call is being answered.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Final, Generic, TypeVar

from crescent.errors import CrescentError

T = TypeVar("T")


class UnknownHandle(CrescentError):
    """A request names a game, record or review that the worker does not hold."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"{kind}.unknown")


_serving: Final[ContextVar[int]] = ContextVar("crescent_client", default=0)
"""The client whose call is being answered (0: the only page of a dedicated worker)."""


@contextmanager
def serving(client: int) -> Iterator[None]:
    """While answering a call of page `client`: what it keeps is its own."""
    token = _serving.set(client)
    try:
        yield
    finally:
        _serving.reset(token)


class Store(Generic[T]):
    """Objects of one kind, each under the number `keep` gave it, each a client's.

    With `limit`, only a client's `limit` newest are held: keeping one more lets
    that client's oldest go (the viewer keeps the record shown and a few before it).
    """

    def __init__(self, kind: str, limit: int | None = None) -> None:
        self.kind = kind
        self.limit = limit
        self._items: dict[int, tuple[int, T]] = {}
        self._numbers = itertools.count(1)
        STORES.append(self)

    def keep(self, item: T) -> int:
        """Hold `item` for the client served; its number, which the page names later."""
        number = next(self._numbers)
        client = _serving.get()
        self._items[number] = (client, item)
        if self.limit is not None:
            own = [key for key, (owner, _) in self._items.items() if owner == client]
            for old in own[: -self.limit]:
                del self._items[old]
        return number

    def get(self, number: int) -> T:
        """The object the client served holds under `number`; else `UnknownHandle`."""
        entry = self._items.get(number)
        if entry is None or entry[0] != _serving.get():
            raise UnknownHandle(self.kind)
        return entry[1]

    def forget(self, number: int) -> None:
        """Let the client's object `number` go (nothing happens when it holds none)."""
        if number in self._items and self._items[number][0] == _serving.get():
            del self._items[number]

    def forget_client(self, client: int) -> None:
        """Let go of everything `client` holds."""
        for number in [key for key, (owner, _) in self._items.items() if owner == client]:
            del self._items[number]


STORES: Final[list[Store[Any]]] = []
"""Every store, so that a page gone can be forgotten in all of them."""


def forget_client(client: int) -> None:
    """Let go of everything page `client` holds, in every store."""
    for store in STORES:
        store.forget_client(client)
