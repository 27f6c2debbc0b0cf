"""The static shell of the Play page's game, in the page's language.

The build draws a deal at once (the diagram of `SHELL_CODE`), the controls with
their labels, the counters and a polite status region; the page's script
(`assets/js/pages/play.js`) turns it live once the engine runs in the browser. Every
word the script shows comes from here (the JSON block `.crescent-game-words`) or
from the engine, so that no word of the interface lives in JavaScript. Buttons
carry `data-action` (`open`, `copy`, `new`, `undo`, `redeal`, `hint`), the end
panel's own buttons `data-offer` (`undo`, `new`).
"""

from __future__ import annotations

import json
from typing import Final

from crescent.codes import GameCode
from crescent.i18n import catalog
from crescent.position import Position
from crescent.render.controls import redeal_label
from crescent.render.markup import escape
from crescent.render.svg import render_svg
from crescent_site.demo import CRASH, ERROR_KINDS, saver_attribute

SHELL_CODE: Final = "CR1-N-AAAAAAB"
"""The deal drawn before the engine runs (the script then opens the reader's game)."""
SHORTCUTS: Final = {"undo": "U", "redeal": "R", "hint": "H"}
"""Keyboard shortcuts of the buttons (physical keys: `KeyU`, whatever the layout)."""
TEMPLATES: Final = (
    "ready",
    "new-done",
    "opened",
    "restored",
    "bad-example",
    "discarded",
    "won",
    "blocked-offer",
    "blocked-new",
    "copied",
    "copy-selected",
    "searching",
    "thinking",
    "hint",
)
"""Catalog keys `play.<name>` the script fills in (`{code}`, `{moves}`, `{time}`...)."""


def game_words(lang: str) -> dict[str, str]:
    """The words the script needs, by name: templates and the error line per failure."""
    words = catalog(lang)
    found = {name: words.text(f"play.{name}") for name in TEMPLATES}
    for kind in ERROR_KINDS:
        found[f"error-{kind}"] = words.format("play.error", detail=words.text(f"ui.error.{kind}"))
    found[f"error-{CRASH}"] = words.text("play.crashed")
    return found


def _button(action: str, label: str, attribute: str = "data-action") -> str:
    key = SHORTCUTS.get(action) if attribute == "data-action" else None
    shortcut = f' aria-keyshortcuts="{key}"' if key else ""
    return (
        f'<button type="button" class="md-button" {attribute}="{action}"{shortcut} disabled>'
        f"{escape(label)}</button>"
    )


def render_game(lang: str) -> str:
    """The game's shell in `lang`."""
    words = catalog(lang)
    text = words.text
    position = Position.start(GameCode.parse(SHELL_CODE).piles())
    payload = json.dumps(game_words(lang), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    code_form = (
        '<form class="crescent-game-code">'
        f'<label for="crescent-game-code">{escape(text("play.code-label"))}</label>'
        f'<input id="crescent-game-code" data-code type="text" value="{SHELL_CODE}" dir="ltr" '
        'spellcheck="false" autocomplete="off" autocapitalize="characters" disabled>'
        '<button type="submit" class="md-button" data-action="open" disabled>'
        f"{escape(text('play.open'))}</button>"
        f"{_button('copy', text('play.copy'))}"
        "</form>"
    )
    controls = "".join(
        [
            _button("new", text("play.new")),
            _button("undo", text("play.undo")),
            _button("redeal", redeal_label(position.redeals_left, lang)),
            _button("hint", text("play.hint")),
        ]
    )
    counters = (
        '<dl class="crescent-game-counters">'
        f"<div><dt>{escape(text('play.moves'))}</dt><dd data-moves>0</dd></div>"
        f"<div><dt>{escape(text('play.time'))}</dt><dd data-time>0:00</dd></div>"
        "</dl>"
    )
    end = (
        '<div class="crescent-game-end" hidden><p class="crescent-game-end-text"></p>'
        f"{_button('undo', text('play.undo-last'), 'data-offer')}"
        f"{_button('new', text('play.new'), 'data-offer')}</div>"
    )
    return (
        f'<div class="crescent-game" data-crescent-game data-state="loading" data-lang="{lang}"'
        f"{saver_attribute(lang)} "
        f'role="region" aria-label="{escape(text("play.label"))}">'
        f'<script type="application/json" class="crescent-game-words">{payload}</script>'
        f"{code_form}"
        f'<div class="crescent-game-bar"><div class="crescent-game-controls">{controls}</div>'
        f"{counters}</div>"
        f'<div class="crescent-game-board">{render_svg(position, lang)}</div>'
        '<p class="crescent-game-message" role="status" aria-live="polite">'
        f"{escape(text('play.loading'))}</p>"
        f"{end}"
        f'<p class="crescent-game-keys">{escape(text("play.keys"))}</p>'
        f"<noscript><p>{escape(text('play.noscript'))}</p></noscript>"
        "</div>"
    )
