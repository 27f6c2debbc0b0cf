"""The static shell of the Examples viewer: the deal drawn, its controls labelled.

Without JavaScript or Pyodide the shell shows the deal and the move list below
it stays a plain document. The viewer script turns it live: first, previous,
next, last, a slider and the arrow keys step through the game, each step drawn
by the engine with the move's source and target marked; a play button (and
Space on the board) steps through it on its own, at the speed chosen beside it.
Below the board the reader opens a game of their own (a pasted record or link,
or a record file); the words the script may need for what goes wrong there are
data attributes.
Every word is rendered here in the page's language; the script only swaps what
the engine returns.
"""

from __future__ import annotations

from crescent.i18n import catalog
from crescent.record import Record
from crescent.render.markup import escape, isolated_html
from crescent.render.steps import describe_step
from crescent.render.svg import render_svg
from crescent.timeline import Step
from crescent_site.demo import error_attributes, loading_attributes

BUTTONS = (("first", "⏮"), ("previous", "◀"), ("next", "▶"), ("last", "⏭"))
SPEEDS = (("0.5", "speed-half"), ("1", "speed-normal"), ("2", "speed-double"))
"""The autoplay's speeds: the value the script reads, the catalog's word (`viewer.<name>`)."""
MESSAGES = ("link-malformed", "link-version", "too-large", "empty", "file-unreadable", "refused")
"""The script's own refusals (`viewer.<name>`), before the engine sees a record."""


def render_viewer(game: str, record: Record, steps: list[Step], lang: str, play: str) -> str:
    """The viewer of `record` (named `game`) in `lang`; `play` is the Play page's address."""
    words = catalog(lang)
    start = steps[0]
    errors = error_attributes(lang, "viewer")
    buttons = [
        f'<button type="button" class="md-button crescent-viewer-{action}" '
        f'data-action="{action}" aria-label="{escape(words.text("viewer." + action))}" '
        f'title="{escape(words.text("viewer." + action))}">'
        f'<span aria-hidden="true">{symbol}</span></button>'
        for action, symbol in BUTTONS
    ]
    slider = (
        f'<input type="range" class="crescent-viewer-slider" data-action="slider" min="0" '
        f'max="{len(steps) - 1}" value="0" step="1" '
        f'aria-label="{escape(words.text("viewer.slider"))}">'
    )
    payload = record.dumps().replace("</", "<\\/")
    return (
        f'<div class="crescent-viewer" data-crescent-viewer="{escape(game)}" data-step="start" '
        f'data-state="loading" data-lang="{lang}"{errors}{loading_attributes(lang)}>'
        f'<script type="application/json" class="crescent-viewer-record">{payload}</script>'
        f'<div class="crescent-viewer-bar" hidden '
        f'data-progress="{escape(words.text("ui.loading-progress"))}">{buttons[0]}{buttons[1]}{slider}'
        f"{buttons[2]}{buttons[3]}</div>"
        f"{_autoplay(lang)}"
        f'<p class="crescent-viewer-step" role="status" aria-live="polite">'
        f"{isolated_html(describe_step(start, lang))}</p>"
        f'<div class="crescent-viewer-board" role="group" tabindex="0" '
        f'aria-label="{escape(words.text("viewer.board"))}">'
        f"{render_svg(start.after, lang, label=describe_step(start, lang))}</div>"
        '<p class="crescent-viewer-links">'
        f'<a class="crescent-viewer-play" data-play="{escape(play)}" '
        f'href="{escape(play)}&amp;step=start">{escape(words.text("viewer.play"))}</a></p>'
        f"{_loader(game, lang)}</div>"
    )


def _autoplay(lang: str) -> str:
    """The play/pause button (its two words for the script) and the choice of speed."""
    words = catalog(lang)
    play, pause = words.text("viewer.autoplay-play"), words.text("viewer.autoplay-pause")
    options = "".join(
        f'<option value="{value}"{" selected" if value == "1" else ""}>'
        f"{escape(words.text('viewer.' + name))}</option>"
        for value, name in SPEEDS
    )
    return (
        '<div class="crescent-viewer-auto" hidden>'
        '<button type="button" class="md-button crescent-viewer-autoplay" data-action="autoplay" '
        f'data-play="{escape(play)}" data-pause="{escape(pause)}">'
        '<span class="crescent-viewer-autoplay-icon" aria-hidden="true">▶</span>'
        f'<span class="crescent-viewer-autoplay-label">{escape(play)}</span></button>'
        f'<label class="crescent-viewer-speed">{escape(words.text("viewer.speed"))}'
        f'<select data-action="speed">{options}</select></label></div>'
    )


def _loader(game: str, lang: str) -> str:
    """The reader's own game: paste a record or link, or open a file; back to the example."""
    words = catalog(lang)
    paste = f"crescent-viewer-{escape(game)}-paste"
    messages = "".join(
        f' data-msg-{name}="{escape(words.text("viewer." + name))}"' for name in MESSAGES
    )
    return (
        f'<div class="crescent-viewer-own"{messages} hidden>'
        '<p class="crescent-viewer-summary" hidden></p>'
        '<button type="button" class="md-button crescent-viewer-example" '
        f'data-load="example" hidden>{escape(words.text("viewer.example"))}</button>'
        '<p class="crescent-viewer-message" role="alert"></p>'
        f"<details><summary>{escape(words.text('viewer.own'))}</summary>"
        '<form class="crescent-viewer-load">'
        f'<label for="{paste}">{escape(words.text("viewer.paste"))}</label>'
        f'<textarea id="{paste}" rows="4" dir="ltr" spellcheck="false" autocomplete="off" '
        'autocapitalize="off"></textarea>'
        '<div class="crescent-viewer-load-bar">'
        '<button type="submit" class="md-button">'
        f"{escape(words.text('viewer.show'))}</button>"
        '<label class="md-button crescent-viewer-file">'
        '<input type="file" accept=".json,application/json,text/plain">'
        f"{escape(words.text('viewer.file'))}</label>"
        "</div></form></details></div>"
    )


def move_list_html(steps: list[Step], lang: str) -> str:
    """An ordered list of every step, each item with the step's anchor as id."""
    items = []
    for step in steps:
        items.append(
            f'<li id="{step.anchor}" data-step="{step.anchor}">'
            f'<a href="#{step.anchor}">{isolated_html(describe_step(step, lang))}</a></li>'
        )
    return f'<ol class="crescent-moves" start="0">{"".join(items)}</ol>'
