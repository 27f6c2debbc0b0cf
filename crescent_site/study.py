"""The Win rate page's account of a study: which deals it covers, and the deals to look at.

The deals the solver gave up on and those it proved unwinnable are listed by
code, each a link that opens the deal on the Play page (`../play/?code=...`,
which the Play page reads from its address), in as many columns as the screen
holds. Undecided deals that a longer search has decided since (the study's
companion file, `results/<study>-later.tsv`) follow with their verdicts. Codes
read left to right in every language.
"""

from __future__ import annotations

from crescent.i18n import Catalog, catalog
from crescent.render.markup import escape
from crescent.solver.results import Result, Summary
from crescent_site.charts import count

PLAY = "../play/?code="
"""The Play page, relative to the Win rate page, with a code to open."""
OPEN_UP_TO = 12
"""A longer list of deals is folded under its heading (the large study leaves some 250
undecided): the reader opens it, and the charts below stay near."""


def render_win_deals(summary: Summary, lang: str, later: tuple[Result, ...] = ()) -> str:
    """The study's coverage, its undecided and its proven-unwinnable deals, linked, and
    which of the undecided a longer search has decided since (`later`)."""
    words = catalog(lang)
    coverage = words.format(
        "winrate.coverage",
        deals=count(words, summary.deals),
        first=summary.first,
        last=summary.last,
    )
    parts = [f'<p class="crescent-study-coverage">{_isolated(coverage, summary)}</p>']
    for kind, codes in (("gave-up", summary.undecided), ("unwinnable", summary.unwinnable_codes)):
        heading = escape(words.format(f"winrate.list.{kind}", deals=count(words, len(codes))))
        if not codes:
            parts.append(f"<p>{heading} {escape(words.text('winrate.list.none'))}</p>")
            continue
        items = "".join(f"<li>{_link(code, words)}</li>" for code in codes)
        listed = f'<ul class="crescent-study-deals" data-crescent-deals="{kind}">{items}</ul>'
        if len(codes) > OPEN_UP_TO:
            opener = f"<summary>{heading}</summary>"
            parts.append(f'<details class="crescent-study-more">{opener}{listed}</details>')
        else:
            parts.append(f"<p>{heading}</p>{listed}")
    decided = [result for result in later if result.code in summary.undecided]
    if decided:
        sentences = [
            (words.format(f"winrate.later.{result.verdict}", code=result.code), result.code)
            for result in decided
        ]
        items = "".join(f"<li>{_linked(text, code, words)}</li>" for text, code in sentences)
        parts.append(
            f"<p>{escape(words.text('winrate.later'))}</p>"
            f'<ul class="crescent-study-later" data-crescent-deals="later">{items}</ul>'
        )
    return f'<div class="crescent-study" data-search-exclude>{"".join(parts)}</div>'


def _link(code: str, words: Catalog) -> str:
    """`code` as a link that opens it on the Play page."""
    title = escape(words.format("winrate.list.open", code=code))
    return (
        f'<a href="{PLAY}{escape(code)}" dir="ltr" title="{title}"><code>{escape(code)}</code></a>'
    )


def _linked(sentence: str, code: str, words: Catalog) -> str:
    """`sentence` escaped, with `code` in it as a link to the Play page."""
    return escape(sentence).replace(escape(code), _link(code, words), 1)


def _isolated(sentence: str, summary: Summary) -> str:
    """`sentence` escaped, its deal codes kept left to right inside any text direction."""
    text = escape(sentence)
    for code in sorted({escape(summary.first), escape(summary.last)}):
        text = text.replace(code, f'<bdi dir="ltr"><code>{code}</code></bdi>')
    return text
