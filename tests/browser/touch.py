"""A finger on a touch screen, through Chromium's own input (as a phone delivers touches).

Playwright's `tap` sends one touch and no movement; a drag needs the touch points
one by one, which Chromium's DevTools input domain sends to the page as a real
touch screen would: the browser decides scrolling and pointer events itself.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Locator, Page

STEPS = 8
"""Touch moves from where the finger is to where it slides."""


class Finger:
    """One finger on `page` (its context created with `has_touch=True`)."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self._session = context.new_cdp_session(page)
        self.at = (0.0, 0.0)

    def _send(self, kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self._session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        self.at = (x, y)

    def down(self, x: float, y: float) -> None:
        """Put the finger on the screen at (`x`, `y`) (viewport pixels)."""
        self._send("touchStart", x, y)

    def slide(self, x: float, y: float, steps: int = STEPS) -> None:
        """Slide the finger, still down, to (`x`, `y`) in `steps` even moves."""
        start_x, start_y = self.at
        for step in range(1, steps + 1):
            fraction = step / steps
            self._send(
                "touchMove", start_x + (x - start_x) * fraction, start_y + (y - start_y) * fraction
            )

    def up(self) -> None:
        """Lift the finger where it is."""
        self._send("touchEnd", *self.at)


CARD_UNDER = (
    "([x, y]) => { const r = document.querySelector('.cr-dragging rect')"
    "?.getBoundingClientRect(); return !!r && r.left <= x && x <= r.right && r.top <= y"
    " && y <= r.bottom; }"
)
"""Whether the card being dragged (`.cr-dragging`) lies under the viewport point `[x, y]`."""


def card_centre(place: Locator) -> tuple[float, float]:
    """The middle of the card (or outline) of the place group `place`, in the viewport."""
    box = place.locator("rect").first.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
