"""Every call the worker gets is answered: requests read field by field, refusals in words.

A method of `crescent.browser.METHODS` is written as a function of a `Request`
(the JSON object the page sent, read once) that returns the answer's fields, and
`answering` turns it into the `str -> str` the worker calls. Whatever the text
(not JSON, not an object, a field missing or of the wrong kind, a number naming
nothing the worker holds, a language the site does not have), the answer is a
JSON object `{"error": key, "message": words}`, the words in the request's
language (English when it names none of the site's), never an exception.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from typing import Any, Final

from crescent.browser.views import dumps
from crescent.errors import CrescentError, as_json
from crescent.i18n import LANGUAGES

Answer = dict[str, Any]
SOURCE_LANGUAGE: Final = LANGUAGES[0]


class RequestError(CrescentError):
    """A request the worker cannot read: not JSON, not an object, a field missing or mistyped."""


class Request:
    """The JSON object a page sent, with typed readers of its fields."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        lang = data.get("lang", SOURCE_LANGUAGE)
        if not isinstance(lang, str) or lang not in LANGUAGES:
            raise RequestError("request.language", text=as_json(lang))
        self.lang: str = lang

    @classmethod
    def read(cls, text: str) -> Request:
        """The request in `text`; raises `RequestError` when it is not a JSON object."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            raise RequestError("request.not-json") from None
        if not isinstance(data, dict):
            raise RequestError("request.not-object")
        return cls(data)

    def has(self, name: str) -> bool:
        """True when the request carries the field `name` (with any value but null)."""
        return self.data.get(name) is not None

    def integer(self, name: str, default: int | None = None) -> int:
        """The whole number in `name` (`default` when absent); raises `RequestError`."""
        value = self._value(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RequestError("request.mistyped", field=name)
        return value

    def number(self, name: str, default: float) -> float:
        """The finite number in `name` (`default` when absent); raises `RequestError`."""
        value = self._value(name, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RequestError("request.mistyped", field=name)
        if not math.isfinite(value):
            raise RequestError("request.mistyped", field=name)
        return float(value)

    def text(self, name: str, default: str | None = None) -> str:
        """The text in `name` (`default` when absent); raises `RequestError`."""
        value = self._value(name, default)
        if not isinstance(value, str):
            raise RequestError("request.mistyped", field=name)
        return value

    def flag(self, name: str) -> bool:
        """True when `name` is `true`; false when absent; raises `RequestError` otherwise."""
        value = self._value(name, False)
        if not isinstance(value, bool):
            raise RequestError("request.mistyped", field=name)
        return value

    def _value(self, name: str, default: object) -> object:
        value = self.data.get(name)
        if value is not None:
            return value
        if default is None:
            raise RequestError("request.missing", field=name)
        return default


def refusal(error: CrescentError, lang: str) -> Answer:
    """The answer to a request the engine refuses: the error's key and its words in `lang`."""
    return {"error": error.key, "message": error.message(lang, isolate=True)}


def answering(method: Callable[[Request], Answer]) -> Callable[[str], str]:
    """`method` as the worker calls it: JSON text in, JSON text out, whatever the text."""

    @functools.wraps(method)
    def answer(text: str) -> str:
        request: Request | None = None
        try:
            request = Request.read(text)
            answer = method(request)
            return dumps(answer, request.lang)
        except CrescentError as error:
            lang = request.lang if request else SOURCE_LANGUAGE
            return dumps(refusal(error, lang), lang)
        except Exception as error:  # the worker answers every call; the tests find the cause
            lang = request.lang if request else SOURCE_LANGUAGE
            failed = CrescentError("request.failed", text=type(error).__name__)
            return dumps(refusal(failed, lang), lang)

    return answer
