"""The static shell of a live diagram (a rule demo), and the words it shows when the engine fails.

The build draws each demo like any diagram: the static SVG is on screen at once,
with the scenario as JSON data for the page's script, hidden controls labelled in
the page's language and a polite status region. The script turns it live once the
engine runs in the browser, or leaves it as it is and shows the error words the
shell carries (`data-error-*`), so that no word of the interface lives in
JavaScript. A scenario that states `redeals_left` is about redeals: its demo gets
a redeal button. A demo shows only the part of the horseshoe in play
(`crescent.render.controls.demo_view_box`, which the live board uses too).
"""

from __future__ import annotations

import json
from typing import Any, Final

from crescent.i18n import catalog
from crescent.position import Position
from crescent.render.controls import demo_view_box, redeal_label
from crescent.render.markup import escape
from crescent.render.svg import render_svg

ERROR_KINDS: Final = ("no-wasm", "timeout", "load")
"""How starting the engine can fail; `load` also stands for any other failure.

With `CRASH`, the kinds of `ERROR_KINDS` in docs/assets/js/engine/client.js."""
CRASH: Final = "crash"
"""The engine failed once running: its worker died, or a call threw or went unanswered."""
STALL_MS: Final = 8_000
"""No byte of the runtime for this long, and the live boards say (`ui.loading-stalled`)
that the connection seems stalled; loading goes on (docs/assets/js/engine/client.js)."""
DOUBLE_TAP_MS: Final = 350
"""Two taps on one place of a board within this are a double tap: the card picked goes to
its foundation (docs/assets/js/board/taps.js). Tests and benchmarks that tap one place
twice wait this out, or the second tap plays no card."""
SCENARIO_FIELDS: Final = ("piles", "up", "down", "redeals_left")
"""The scenario fields the engine needs (titles and notes stay in the repository)."""


def render_demo(name: str, scenario: dict[str, Any], position: Position, lang: str) -> str:
    """The demo `name` of `scenario` (already parsed into `position`) in `lang`."""
    words = catalog(lang)
    errors = error_attributes(lang)
    data = {key: scenario[key] for key in SCENARIO_FIELDS if key in scenario}
    payload = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    svg = render_svg(position, lang, view_box=demo_view_box(position))
    buttons = []
    if "redeals_left" in scenario:
        buttons.append(
            '<button type="button" class="md-button crescent-demo-redeal" data-action="redeal">'
            f"{escape(redeal_label(position.redeals_left, lang))}</button>"
        )
    buttons.append(
        '<button type="button" class="md-button crescent-demo-reset" data-action="reset">'
        f"{escape(words.text('ui.reset'))}</button>"
    )
    return (
        f'<div class="crescent-demo" data-crescent-demo="{escape(name)}" data-state="loading" '
        f'data-lang="{lang}" data-ready="{escape(words.text("ui.ready"))}"{errors}'
        f"{loading_attributes(lang)}>"
        f'<div class="crescent-demo-board">{svg}</div>'
        f'<script type="application/json" class="crescent-demo-scenario">{payload}</script>'
        f'<div class="crescent-demo-controls" hidden>{"".join(buttons)}</div>'
        '<p class="crescent-demo-message" role="status" aria-live="polite" data-progress>'
        f"{escape(words.text('ui.loading'))}</p>"
        "</div>"
    )


RELOAD_HELPS: Final = ("timeout", "load")
"""The failures to start that a reload may mend (not a browser without WebAssembly):
their words say to reload (`<surface>.error-retry`)."""


def failure_words(kind: str, lang: str, surface: str = "ui") -> str:
    """The words a live board shows when its engine could not start for `kind`, or
    crashed: those of its `surface` (`ui` a rule demo, `play` the game, `viewer` the
    Examples viewer), each saying what of its page still holds."""
    words = catalog(lang)
    if kind == CRASH:
        return words.text(f"{surface}.crashed")
    key = f"{surface}.error-retry" if kind in RELOAD_HELPS else f"{surface}.error"
    return words.format(key, detail=words.text(f"ui.error.{kind}"))


def loading_attributes(lang: str) -> str:
    """A live board's words while its engine loads, as attributes of its shell.

    - `data-saver`, `data-saver-kept`: what it says while the browser's data saver holds
      the engine back until the reader's first tap, click or key on a live board, with
      how much the engine will download (`{size}`), or that it has nothing to download;
    - `data-loading`, `data-stalled`: what screen readers are told at a few points of
      the loading, and what the board shows when no byte has arrived for a while
      (`{percent}`, the share received);
    - `data-percent`: how the language writes a percent (`{value} %`, `%{value}`), as
      the site's pages write it.

    docs/assets/js/engine/client.js and loading.js fill them in.
    """
    words = catalog(lang)
    found = {
        "saver": "ui.data-saver",
        "saver-kept": "ui.data-saver-kept",
        "loading": "ui.loading-progress",
        "stalled": "ui.loading-stalled",
        "percent": "number.percent",
    }
    return "".join(f' data-{name}="{escape(words.text(key))}"' for name, key in found.items())


def error_attributes(lang: str, surface: str = "ui") -> str:
    """` data-error-no-wasm="..."` and the others: a shell's words for each failure."""
    return "".join(
        f' data-error-{kind}="{escape(failure_words(kind, lang, surface))}"'
        for kind in (*ERROR_KINDS, CRASH)
    )
