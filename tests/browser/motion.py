"""Watching a board's motion in Chromium: every animation the board starts, as it starts.

`watch(surface)` records, for each drawing of the board, the Web Animations running
on its cards right after the drawing changed (a mutation observer runs before the
next frame, so no animation is missed however busy the machine): a travelling card
(`.cr-flying`: its card, source and target, and how far its start on screen is from
the source's card) or a turning pile. `seen(surface)` reads them back. With
`hold=True` every animation is paused as it starts: only the board can end it then.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator

WATCH = """(surface, hold) => {
    const watched = Array.isArray(surface.crescentMotions);
    surface.crescentMotions = [];
    surface.crescentHold = hold;
    if (watched) {
        return;
    }
    const face = (name) => {
        const selector = name.startsWith("p") ? `[data-pile="${name.slice(1)}"]`
            : `[data-foundation="${name}"]`;
        return surface.querySelector(`${selector} .cr-face`);
    };
    new MutationObserver(() => {
        const running = surface.getAnimations({ subtree: true })
            .filter((a) => a.playState === "running");
        if (running.length === 0) {
            return;
        }
        if (surface.crescentHold) {
            running.forEach((animation) => animation.pause());
        }
        surface.crescentMotions.push(running.map((animation) => {
            const target = animation.effect.target;
            const flying = target.closest(".cr-flying");
            if (!flying) {
                const pile = target.closest("[data-pile]");
                return { turn: pile ? "p" + pile.dataset.pile : null };
            }
            const start = flying.getBoundingClientRect();
            const source = face(flying.dataset.from).getBoundingClientRect();
            return {
                card: flying.dataset.card,
                from: flying.dataset.from,
                to: flying.dataset.to,
                offset: Math.hypot(start.left - source.left, start.top - source.top),
                ms: animation.effect.getComputedTiming().duration,
            };
        }));
    }).observe(surface, { childList: true, subtree: true });
}"""

SEEN = "(surface) => surface.crescentMotions.splice(0)"


def watch(surface: Locator, hold: bool = False) -> None:
    """Record the motions of the board `surface` from now on (forgetting those before);
    `hold`: pause each one as it starts."""
    surface.evaluate(WATCH, hold)


def seen(surface: Locator) -> list[list[dict[str, Any]]]:
    """The motions recorded since the last call: for each drawing, its running animations."""
    found: list[list[dict[str, Any]]] = surface.evaluate(SEEN)
    return found


def flying(surface: Locator) -> list[tuple[str, str, str]]:
    """(card, source, target) of each card on its way now."""
    found: list[list[str]] = surface.evaluate(
        "(s) => [...s.querySelectorAll('.cr-flying')]"
        ".map((f) => [f.dataset.card, f.dataset.from, f.dataset.to])"
    )
    return [(card, source, target) for card, source, target in found]


def travels(found: list[list[dict[str, Any]]]) -> list[tuple[str, str, str]]:
    """(card, source, target) of each travelling card recorded."""
    return [(m["card"], m["from"], m["to"]) for drawing in found for m in drawing if "card" in m]


def turns(found: list[list[dict[str, Any]]]) -> list[str]:
    """The piles recorded turning."""
    return [m["turn"] for drawing in found for m in drawing if "turn" in m]
