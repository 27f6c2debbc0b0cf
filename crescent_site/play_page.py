"""The static shell of the Play page's game, in the page's language.

The build draws a deal at once (the diagram of `SHELL_CODE`), the controls with
their labels, the counters and a polite status region; the page's script
(`assets/js/pages/play.js`) turns it live once the engine runs in the browser. Every
word the script shows comes from here (the JSON block `.crescent-game-words`) or
from the engine, so that no word of the interface lives in JavaScript. Buttons
carry `data-action` (`open`, `copy`, `new`, `undo`, `redeal`, `hint`,
`download`, `reset-stats`), the end panel's own buttons `data-offer` (`undo`, `new`).

The game comes first: its buttons and counters, then the board, sized by the script
to fill the screen in the live arrangement that fits it (`data-layouts`: each one's
drawing size), the end panel of a won or blocked game and the status line. The
game code, the record, the statistics and the reader's last games are folded away
below (`details.crescent-game-more`).
"""

from __future__ import annotations

import json
from typing import Final

from crescent.codes import GameCode
from crescent.i18n import catalog
from crescent.position import Position
from crescent.render.controls import redeal_label
from crescent.render.layout import LIVE, WIDE
from crescent.render.markup import escape
from crescent.render.svg import render_svg
from crescent_site.demo import CRASH, ERROR_KINDS, failure_words, loading_attributes

SHELL_CODE: Final = "CR1-N-AAAAAAB"
KEPT_GAMES: Final = 20
"""How many finished games the Play page keeps and lists (play-store.js reads it from
the shared facts, crescent_site.shared_js; the page's words say it through `{kept}`)."""
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
    "result-won",
    "result-given-up",
    "games-open",
    "stats-confirm",
    "stats-reset-done",
    "stats-none",
)
"""Catalog keys `play.<name>` the script fills in (`{code}`, `{moves}`, `{time}`...)."""


def game_words(lang: str) -> dict[str, str]:
    """The words the script needs, by name: templates and the error line per failure."""
    words = catalog(lang)
    found = {name: words.text(f"play.{name}") for name in TEMPLATES}
    for kind in (*ERROR_KINDS, CRASH):
        found[f"error-{kind}"] = failure_words(kind, lang, "play")
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
    return (
        f'<div class="crescent-game" data-crescent-game data-state="loading" data-lang="{lang}"'
        f'{loading_attributes(lang)} data-layouts="{escape(_layouts())}" '
        f'role="region" aria-label="{escape(catalog(lang).text("play.label"))}">'
        f"{_play(lang)}{_more(lang)}"
        f"<noscript><p>{escape(catalog(lang).text('play.noscript'))}</p></noscript>"
        "</div>"
    )


def _layouts() -> str:
    """`{"wide": [782, 562], "tall": [...]}`: each live arrangement's drawing size."""
    return json.dumps({name: [shape.width, shape.height] for name, shape in LIVE.items()})


STATS: Final = ("played", "won", "streak", "best-streak", "best-time", "fewest-moves")
"""The statistics shown (catalog keys `play.stats-<name>`, `data-stat` of their values)."""
GAME_COLUMNS: Final = ("date", "result", "moves", "time", "open")
"""The columns of the list of the reader's last games (catalog keys `play.games-<name>`)."""


def _play(lang: str) -> str:
    """The buttons and counters, the board, the status line and the end panel."""
    words = catalog(lang)
    text = words.text
    position = Position.start(GameCode.parse(SHELL_CODE).piles())
    payload = json.dumps(game_words(lang), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    controls = "".join(
        [
            _button("undo", text("play.undo")),
            _button("redeal", redeal_label(position.redeals_left, lang)),
            _button("hint", text("play.hint")),
            _button("new", text("play.new")),
        ]
    )
    counters = (
        '<dl class="crescent-game-counters">'
        f"<div><dt>{escape(text('play.moves'))}</dt><dd data-moves>0</dd></div>"
        f"<div><dt>{escape(text('play.time'))}</dt><dd data-time>0:00</dd></div>"
        "</dl>"
    )
    # The end panel; a blocked game's review (where it went wrong) goes in its slot.
    end = (
        '<div class="crescent-game-end" hidden><p class="crescent-game-end-text"></p>'
        f"{_button('undo', text('play.undo-last'), 'data-offer')}"
        f"{_button('new', text('play.new'), 'data-offer')}"
        '<div class="crescent-game-review" data-review></div></div>'
    )
    board = render_svg(position, lang, shape=WIDE)
    return (
        f'<script type="application/json" class="crescent-game-words">{payload}</script>'
        '<div class="crescent-game-play">'
        f'<div class="crescent-game-bar"><div class="crescent-game-controls">{controls}</div>'
        f"{counters}</div>"
        '<div class="crescent-game-board">'
        f'<div class="crescent-game-surface">{board}</div></div>{end}'
        '<p class="crescent-game-message" role="status" aria-live="polite" data-progress>'
        f"{escape(text('play.loading'))}</p>"
        "</div>"
    )


def _more(lang: str) -> str:
    """Folded away below the game: the code, the record, the statistics, the last games."""
    text = catalog(lang).text
    none = catalog(lang).format("play.games-none", kept=KEPT_GAMES)
    code_form = (
        '<form class="crescent-game-code">'
        f'<label for="crescent-game-code">{escape(text("play.code-label"))}</label>'
        f'<input id="crescent-game-code" data-code type="text" value="{SHELL_CODE}" dir="ltr" '
        'spellcheck="false" autocomplete="off" autocapitalize="characters" disabled>'
        '<button type="submit" class="md-button" data-action="open" disabled>'
        f"{escape(text('play.open'))}</button>"
        f"{_button('copy', text('play.copy'))}"
        '<p class="crescent-game-code-message" id="crescent-game-code-message" '
        "data-code-message hidden></p>"
        "</form>"
    )
    record = (
        '<p class="crescent-game-record">'
        f'<a class="md-button" data-current-link href="../examples/">'
        f"{escape(text('play.view-current'))}</a>"
        f"{_button('download', text('play.download'))}</p>"
    )
    stats = "".join(
        f'<div><dt>{escape(text(f"play.stats-{name}"))}</dt><dd data-stat="{name}">–</dd></div>'
        for name in STATS
    )
    head = "".join(
        f'<th scope="col">{escape(text(f"play.games-{name}"))}</th>' for name in GAME_COLUMNS
    )
    return (
        '<details class="crescent-game-more">'
        f"<summary>{escape(text('play.more'))}</summary>"
        f"{code_form}{record}"
        f'<h2 class="crescent-game-heading">{escape(text("play.stats-title"))}</h2>'
        f'<dl class="crescent-game-stats">{stats}</dl>'
        f"{_button('reset-stats', text('play.stats-reset'))}"
        f'<h2 class="crescent-game-heading">{escape(text("play.games-title"))}</h2>'
        f'<p class="crescent-game-none" data-games-none>{escape(none)}</p>'
        f'<table class="crescent-game-games" hidden><thead><tr>{head}</tr></thead>'
        "<tbody data-games></tbody></table>"
        f'<p class="crescent-game-keys">{escape(text("play.keys"))}</p>'
        "</details>"
    )
