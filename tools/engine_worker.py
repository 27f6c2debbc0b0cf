"""The site's engine worker, seen from a test or a benchmark.

Chromium runs the engine as a shared worker (docs/assets/js/engine/boot.js), which
Playwright does not list: `page.workers` holds a page's dedicated workers only. This
reaches it over the DevTools protocol, from the page's own session: the engine workers
of the page's browser context, code run inside one, and the end of one, as the browser
ends it once its last page has long gone. `Traffic` waits for a quiet network, which
Playwright's `networkidle` cannot tell beside a shared worker.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import CDPSession, Page, Request

from crescent_site.worker_script import SHIPPED


class EngineWorkerError(RuntimeError):
    """Code run in the engine's worker threw or gave no answer in time, or a page's
    network never went quiet."""


@contextmanager
def _session(page: Page) -> Iterator[tuple[CDPSession, str, Page]]:
    """A DevTools session of `page` (of a blank page of its context once it is closed),
    the id of its browser context, and the page it belongs to."""
    blank = page.context.new_page() if page.is_closed() else None
    used = blank or page
    session = used.context.new_cdp_session(used)
    try:
        info = session.send("Target.getTargetInfo")["targetInfo"]
        yield session, str(info.get("browserContextId", "")), used
    finally:
        session.detach()
        if blank is not None:
            blank.close()


def engine_targets(page: Page) -> list[dict[str, Any]]:
    """The engine's shared workers running in `page`'s browser context."""
    with _session(page) as (session, context, _):
        targets = session.send("Target.getTargets")["targetInfos"]
    return [
        target
        for target in targets
        if target["type"] == "shared_worker"
        and target.get("browserContextId", "") == context
        and SHIPPED.search(target["url"])
    ]


def engine_evaluate(
    page: Page,
    function: str,
    arg: Any = None,
    target: dict[str, Any] | None = None,
    timeout_s: float = 10,
) -> Any:
    """Run the JavaScript `function` with `arg` in the engine's shared worker `target`
    (by default the one of `page`'s context); its value (awaited), as JSON gives it."""
    if target is None:
        (target,) = engine_targets(page)
    answers: list[dict[str, Any]] = []
    with _session(page) as (session, _, used):
        session.on(
            "Target.receivedMessageFromTarget",
            lambda event: answers.append(json.loads(event["message"])),
        )
        attached = session.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": False}
        )
        expression = f"({function})({json.dumps(arg)})"
        params = {"expression": expression, "awaitPromise": True, "returnByValue": True}
        message = {"id": 1, "method": "Runtime.evaluate", "params": params}
        session.send(
            "Target.sendMessageToTarget",
            {"sessionId": attached["sessionId"], "message": json.dumps(message)},
        )
        deadline = time.monotonic() + timeout_s
        while not any(answer.get("id") == 1 for answer in answers):
            if time.monotonic() > deadline:
                raise EngineWorkerError(f"no answer from the engine's worker to {function!r}")
            used.wait_for_timeout(20)
    (answer,) = [answer for answer in answers if answer.get("id") == 1]
    result = answer.get("result", {})
    if "exceptionDetails" in result or "error" in answer:
        raise EngineWorkerError(json.dumps(result.get("exceptionDetails") or answer["error"]))
    return result["result"].get("value")


_ENGINE_LOCK_HELD = """async () => {
  if (!(navigator.locks && navigator.locks.query)) return false;
  const { held } = await navigator.locks.query();
  return held.some((lock) => lock.name.startsWith("crescent-engine "));
}"""


def end_engine(page: Page) -> None:
    """End the engine's shared workers of `page`'s context, as the browser does once
    their last page has long gone: the next page starts the engine anew."""
    targets = engine_targets(page)
    with _session(page) as (session, _, used):
        for target in targets:
            session.send("Target.closeTarget", {"targetId": target["targetId"]})
        # Closing only asks: the worker ends a moment later, and a page that came before
        # would find it running (a loaded CI run saw that). It has ended once it is no
        # target and holds its lock no more (boot.js, worker.js).
        closed = {target["targetId"] for target in targets}
        deadline = time.monotonic() + 10
        while closed & {target["targetId"] for target in engine_targets(used)} or (
            used is page and used.evaluate(_ENGINE_LOCK_HELD)
        ):
            if time.monotonic() > deadline:
                raise EngineWorkerError("the engine's worker did not end when closed")
            used.wait_for_timeout(20)


def engine_requests(page: Page) -> list[str]:
    """What the engine's shared workers of `page`'s context have fetched and imported (their
    resource timing): Playwright's request events never see a shared worker's requests."""
    names = "() => performance.getEntriesByType('resource').map((entry) => entry.name)"
    return [
        str(url)
        for target in engine_targets(page)
        for url in engine_evaluate(page, names, target=target)
    ]


class Traffic:
    """The requests of `page` in flight, watched from before its navigation.

    Playwright's `networkidle` never comes on a page that starts the engine's shared
    worker: it sees the worker's script requested and never sees that request end. This
    leaves that request out; `until_quiet` waits as `networkidle` does.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.open: set[Request] = set()
        self.last = time.monotonic()
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _started(self, request: Request) -> None:
        if not SHIPPED.search(request.url):
            self.open.add(request)
            self.last = time.monotonic()

    def _ended(self, request: Request) -> None:
        self.open.discard(request)
        self.last = time.monotonic()

    def until_quiet(self, quiet_s: float = 0.5, timeout_s: float = 30) -> None:
        """Wait until no request has been in flight for `quiet_s`."""
        deadline = time.monotonic() + timeout_s
        while self.open or time.monotonic() - self.last < quiet_s:
            if time.monotonic() > deadline:
                urls = ", ".join(request.url for request in self.open)
                raise EngineWorkerError(f"the network never went quiet: {urls or 'requests'}")
            self.page.wait_for_timeout(50)
