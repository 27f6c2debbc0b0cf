"""What a live board shows beside its diagram: the redeal button's label, a demo's frame.

Shared by the browser's views (`crescent.browser`) and the static shells the site
build draws before the engine runs (`crescent_site`), so both say the same.
"""

from __future__ import annotations

from crescent.i18n import catalog
from crescent.places import FOUNDATIONS, PILES
from crescent.position import Position
from crescent.render.layout import bounds


def redeal_label(redeals_left: int, lang: str) -> str:
    """The redeal button's label: `Redeal (3 left)` ... `No redeals`."""
    words = catalog(lang)
    if redeals_left:
        return words.plural("redeal.button", redeals_left)
    return words.text("redeal.none")


def demo_view_box(start: Position) -> tuple[int, int, int, int]:
    """The part of the horseshoe a demo shows: its piles that hold cards, the foundations.

    Nothing is ever placed on an empty pile, so a pile empty at the start of a
    demo stays out of play and the view never needs to grow.
    """
    return bounds([*(pile for pile in PILES if start.count(pile)), *FOUNDATIONS])
