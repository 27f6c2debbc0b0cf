"""The legend of the card letters in one language: `A ace · J jack · Q queen · K king`.

The letters are the registry's (`crescent.languages`) and the rank names the
catalog's (`rank.name.*`), the same the diagrams and messages use, so the pages
never type them twice. Each
letter, and the run of suit symbols, is isolated left to right (`<bdi dir="ltr">`),
as card notation is. A legend whose label the language has not translated yet is an
English sentence, marked so (`lang="en" dir="ltr"`): in a right-to-left page it reads
"Card letters: A ace · …", not "… · A ace Card letters:".
"""

from __future__ import annotations

from crescent.i18n import catalog
from crescent.languages import SOURCE
from crescent.render.markup import escape
from crescent.tables import LETTERED

FACES = ("A", "J", "Q", "K")
"""The ranks written with a letter, in the order the legend gives them."""
SUITS = ("♠", "♥", "♦", "♣")
"""The suit symbols, the same in every language, isolated left to right."""


def legend_entries(lang: str) -> list[tuple[str, str]]:
    """(letter, rank name) of each lettered rank in `lang`."""
    words = catalog(lang)
    return [
        (words.rank(rank), words.text(f"rank.name.{face}"))
        for face, rank in zip(FACES, LETTERED, strict=True)
    ]


def render_card_legend(lang: str) -> str:
    """A paragraph naming each card letter of `lang`, with the catalog's label."""
    words = catalog(lang)
    items = " · ".join(
        f'<span class="crescent-legend-item"><bdi dir="ltr"><b>{escape(letter)}</b></bdi>'
        f" {escape(name)}</span>"
        for letter, name in legend_entries(lang)
    )
    suits = '<bdi dir="ltr">' + "\u00a0".join(SUITS) + "</bdi>"  # one run, never broken
    numbers = escape(words.text("legend.numbers")).replace("{suits}", suits)
    english = "" if words.translated("legend.label") else f' lang="{SOURCE}" dir="ltr"'
    return (
        f'<p class="crescent-card-legend" data-crescent-legend="{escape(lang)}"{english}>'
        f"{escape(words.text('legend.label'))} {items}. "
        f"{numbers}</p>"
    )
