"""What the browser's worker may call: one table of methods, JSON text in, JSON text out.

Pyodide runs this package in a Web Worker (`docs/assets/js/engine/worker.js`),
which imports `crescent.browser` and answers each call with `call(method,
request)`: only the methods of `METHODS` exist for JavaScript, whatever else the
package holds. Each takes one JSON string and answers one JSON string, so no
proxies cross the boundary. Every rule is the engine's: JavaScript only draws
and forwards.

- `open_game`, `act`, `hint`, `close_game`: live games (`crescent.browser.games`),
  for the rule demos and the Play page; the games are held in
  `crescent.browser.sessions`, a player's actions are `crescent.browser.actions`,
  hints and records opened at a step `crescent.browser.hints`;
- `open_steps`, `show_step`: a recorded game step by step, for the Examples
  viewer (`crescent.browser.steps`);
- `review_words`, `review_start`, `review_step`, `review_stop`: "where did it go
  wrong?" on the Play page, a search run in slices (`crescent.browser.review`).

Every method answers every request: `crescent.browser.requests` reads a request
field by field and turns any refusal (not JSON, a field missing or mistyped, a
language the site does not have, a game, record or review no longer held in
`crescent.browser.store`) into `{"error", "message"}` in the request's language.
What the answers look like is `crescent.browser.views`.

A shared worker serves every open page of the site with one Python: it numbers each
page and passes the number as `client`; `forget_client(client)` lets go of all that a
page held once the page is gone (`crescent.browser.store`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from crescent.browser.games import act, close_game, hint, open_game
from crescent.browser.review import review_start, review_step, review_stop, review_words
from crescent.browser.steps import open_steps, show_step
from crescent.browser.store import forget_client, serving

METHODS: Final[Mapping[str, Callable[[str], str]]] = MappingProxyType(
    {
        "open_game": open_game,
        "act": act,
        "hint": hint,
        "close_game": close_game,
        "open_steps": open_steps,
        "show_step": show_step,
        "review_words": review_words,
        "review_start": review_start,
        "review_step": review_step,
        "review_stop": review_stop,
    }
)
"""Every method the worker may call, by the name JavaScript uses."""


class UnknownMethod(LookupError):
    """A call names no method of `METHODS`."""


def call(method: str, request: str, client: int = 0) -> str:
    """Answer `request` (JSON text) of page `client` with the method named `method`;
    raises `UnknownMethod`. What a page opens only that page may name."""
    try:
        handler = METHODS[method]
    except KeyError:
        known = ", ".join(METHODS)
        raise UnknownMethod(f"no browser method {method!r}; the methods are {known}") from None
    with serving(client):
        return handler(request)


__all__ = ["METHODS", "UnknownMethod", "call", "forget_client"]
