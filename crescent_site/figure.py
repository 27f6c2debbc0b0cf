"""A diagram as an HTML figure: the SVG and its text equivalent in the page's language."""

from __future__ import annotations

from crescent.i18n import catalog
from crescent.position import Position
from crescent.render.markup import escape, isolated_html
from crescent.render.svg import render_svg
from crescent.render.text import text_equivalent
from crescent.timeline import parse_moment


def moment_caption(name: str, lang: str) -> str:
    """The caption of a moment in `lang`: "Before move 10", "After the first redeal"."""
    words = catalog(lang)
    moment = parse_moment(name)
    if moment.kind == "move":
        return words.format(f"moment.{moment.when}-move", number=moment.number)
    if moment.kind == "redeal":
        return words.text(f"moment.{moment.when}-redeal-{moment.number}")
    return words.text(f"moment.{moment.name}")


def render_figure(position: Position, lang: str, *, caption: str, anchor: str | None = None) -> str:
    """`<figure>` with the diagram, a caption and the full text equivalent.

    `caption` names the moment shown ("Before move 10"); `anchor` becomes the
    figure's id.
    """
    words = catalog(lang)
    identifier = f' id="{escape(anchor)}"' if anchor else ""
    return (
        f'<figure class="crescent-diagram"{identifier} data-search-exclude>'
        f"{render_svg(position, lang, label=caption)}"
        f'<figcaption><span class="crescent-caption">{escape(caption)}</span> '
        f'<span class="crescent-text-equivalent"><span class="crescent-text-label">'
        f"{escape(words.text('diagram.text-label'))}</span> "
        f"{isolated_html(text_equivalent(position, lang))}</span></figcaption>"
        "</figure>"
    )
