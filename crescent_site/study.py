"""The Win rate page's account of a study: which deals it covers, and the deals to look at.

The deals the solver gave up on and those it proved unwinnable are listed by
code, each a link that opens the deal on the Play page (`../play/?code=...`,
which the Play page reads from its address), in as many columns as the screen
holds. Codes read left to right in every language.
"""

from __future__ import annotations

from crescent.i18n import catalog
from crescent.render.markup import escape
from crescent.solver.results import Summary

PLAY = "../play/?code="
"""The Play page, relative to the Win rate page, with a code to open."""
OPEN_UP_TO = 12
"""A longer list of deals is folded under its heading (the large study leaves some 250
undecided): the reader opens it, and the charts below stay near."""


def render_win_deals(summary: Summary, lang: str) -> str:
    """The study's coverage, then its undecided and its proven-unwinnable deals, linked."""
    words = catalog(lang)
    coverage = words.format(
        "winrate.coverage", deals=summary.deals, first=summary.first, last=summary.last
    )
    parts = [f'<p class="crescent-study-coverage">{_isolated(coverage, summary)}</p>']
    for kind, codes in (("gave-up", summary.undecided), ("unwinnable", summary.unwinnable_codes)):
        heading = escape(words.format(f"winrate.list.{kind}", deals=len(codes)))
        if not codes:
            parts.append(f"<p>{heading} {escape(words.text('winrate.list.none'))}</p>")
            continue
        items = "".join(
            f'<li><a href="{PLAY}{escape(code)}" dir="ltr" '
            f'title="{escape(words.format("winrate.list.open", code=code))}">'
            f"<code>{escape(code)}</code></a></li>"
            for code in codes
        )
        listed = f'<ul class="crescent-study-deals" data-crescent-deals="{kind}">{items}</ul>'
        if len(codes) > OPEN_UP_TO:
            opener = f"<summary>{heading}</summary>"
            parts.append(f'<details class="crescent-study-more">{opener}{listed}</details>')
        else:
            parts.append(f"<p>{heading}</p>{listed}")
    return f'<div class="crescent-study" data-search-exclude>{"".join(parts)}</div>'


def _isolated(sentence: str, summary: Summary) -> str:
    """`sentence` escaped, its deal codes kept left to right inside any text direction."""
    text = escape(sentence)
    for code in sorted({escape(summary.first), escape(summary.last)}):
        text = text.replace(code, f'<bdi dir="ltr"><code>{code}</code></bdi>')
    return text
