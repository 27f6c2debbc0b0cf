"""What each rule demo is for: the refusals and the legal moves its page invites.

Shared by the browser tests (played in Chromium, in every language), the engine
check of the scenario files and the check that the rules pages quote each
refusal word for word.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from crescent.rules import Reason


class Refusal(NamedTuple):
    """A move a demo refuses: `target` None means the pick itself is refused."""

    demo: str
    source: str
    target: str | None
    reason: Reason


class Play(NamedTuple):
    """A legal move of a demo and what its places hold afterwards: place -> (count, top)."""

    demo: str
    source: str
    target: str
    after: dict[str, tuple[int, str]]
    outcome: str | None = None
    """The catalog key of the end of the game this move brings, if it does."""


DEMOS: Final = (
    "top-card",
    "suit-rank",
    "wrap",
    "full-pile",
    "empty-pile",
    "foundations",
    "transfer",
    "base-locked",
    "redeal",
    "won",
    "blocked",
)
"""The rules page's demos, in page order."""

REFUSALS: Final = (
    Refusal("suit-rank", "p6", "p9", Reason.SAME_SUIT),
    Refusal("suit-rank", "p6", "p10", Reason.ADJACENT_RANK),
    Refusal("full-pile", "p6", "p7", Reason.PILE_FULL),
    Refusal("empty-pile", "p6", "p7", Reason.EMPTY_PILE),
    Refusal("foundations", "p8", "up-S", Reason.FOUNDATION_SEQUENCE),
    Refusal("foundations", "p9", "up-H", Reason.FOUNDATION_COMPLETE),
    Refusal("foundations", "p10", "down-D", Reason.FOUNDATION_COMPLETE),
    Refusal("transfer", "down-C", "p6", Reason.NO_RETURN),
    Refusal("base-locked", "up-D", None, Reason.BASE_LOCKED),
    Refusal("base-locked", "down-D", None, Reason.BASE_LOCKED),
)
"""Every refusal the rules text announces beside a demo (and quotes)."""

EMPTY_PICK: Final = Refusal("top-card", "p8", None, Reason.NOTHING_TO_MOVE)
"""Picking an empty pile: refused, though the rules text need not quote it."""

PLAYS: Final = (
    Play("top-card", "p6", "p7", {"p6": (2, "4D"), "p7": (2, "5H")}),
    Play("suit-rank", "p6", "p8", {"p6": (0, ""), "p8": (2, "8H")}),
    Play("wrap", "p6", "p7", {"p6": (0, ""), "p7": (2, "AS")}),
    Play("wrap", "p9", "p10", {"p9": (0, ""), "p10": (2, "KH")}),
    Play("full-pile", "p6", "p8", {"p6": (0, ""), "p8": (2, "5H")}),
    Play("empty-pile", "p6", "p8", {"p6": (0, ""), "p8": (2, "QD")}),
    Play("foundations", "p6", "up-S", {"p6": (0, ""), "up-S": (4, "4S")}),
    Play("foundations", "p7", "down-S", {"p7": (0, ""), "down-S": (3, "JS")}),
    Play("transfer", "down-C", "up-C", {"up-C": (7, "7C"), "down-C": (6, "8C")}),
    Play("base-locked", "p6", "up-D", {"p6": (0, ""), "up-D": (2, "2D")}),
    Play("won", "p6", "up-S", {"p6": (0, ""), "up-S": (13, "KS")}, "ui.won"),
    Play("blocked", "p6", "up-H", {"p6": (1, "9S"), "up-H": (2, "2H")}, "ui.blocked"),
)
"""Legal moves the rules text invites, each from the demo's start (wrap: in turn)."""

REDEAL_TOPS: Final = ("JD", "2H", "9C", "JD")
"""The top card of pile 6 of the redeal demo at the start and after each redeal."""

OUTCOMES: Final = ("ui.won", "ui.blocked")
"""Words of the end of a game that the rules text quotes beside its demos."""
