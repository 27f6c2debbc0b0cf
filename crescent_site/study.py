"""The Win rate page's account of a study: which deals it covers, and the deals to look at.

The deals the solver gave up on and those it proved unwinnable are listed by
code, each a link that opens the deal on the Play page (`../play/?code=...`,
which the Play page reads from its address), in as many columns as the screen
holds. Undecided deals that a longer search has decided since (the study's
companion file, `results/<study>-later.tsv`) follow by verdict, and the counts and
the win rate with them: its bounds, or the exact rate once no deal is left open.
Codes read left to right in every language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from crescent.i18n import Catalog, catalog
from crescent.render.markup import escape
from crescent.solver import results
from crescent.solver.results import GAVE_UP, VERDICTS, Result, Summary, read_study, summarize
from crescent_site.build_cache import cache_folder, cache_key, cached
from crescent_site.charts import percent

DECIDED = tuple(verdict for verdict in VERDICTS if verdict != GAVE_UP)
"""What a later search may have made of a deal: the lists of deals decided since."""
PLAY = "../play/?code="
"""The Play page, relative to the Win rate page, with a code to open."""
OPEN_UP_TO = 12
"""A longer list of deals is folded under its heading (the large study leaves some 250
undecided): the reader opens it, and the charts below stay near."""


def study_summary(path: Path) -> Summary:
    """`summarize(read_study(path))`, kept in the build cache under the hash of the study's
    files and of the code that reads them: reading 100,000 lines took 0.6 s of each build
    (a `ResultsError` is raised, not kept)."""
    files = sorted(path.glob("*.tsv")) if path.is_dir() else [path]
    head = Path(results.__file__).read_bytes()
    entry = cache_folder() / f"study-{cache_key(head, {f.name: f.read_bytes() for f in files})}"
    made = cached(entry, ("summary.json",), lambda: {"summary.json": _summary_json(path)})
    fields: dict[str, Any] = {
        name: tuple(value) if isinstance(value, list) else value
        for name, value in json.loads(made["summary.json"]).items()
    }
    return Summary(**fields)


def _summary_json(path: Path) -> bytes:
    return json.dumps(summarize(read_study(path))._asdict()).encode()


def render_win_deals(summary: Summary, lang: str, later: tuple[Result, ...] = ()) -> str:
    """The study's coverage, its undecided and its proven-unwinnable deals, linked, and
    which of the undecided a longer search has decided since (`later`)."""
    words = catalog(lang)
    coverage = words.format(
        "winrate.coverage",
        deals=words.grouped(summary.deals),
        first=summary.first,
        last=summary.last,
    )
    parts = [f'<p class="crescent-study-coverage">{_isolated(coverage, summary)}</p>']
    decided = [result for result in later if result.verdict != GAVE_UP]
    for kind, codes in (("gave-up", summary.undecided), ("unwinnable", summary.unwinnable_codes)):
        heading = words.format(f"winrate.list.{kind}", deals=words.grouped(len(codes)))
        if not codes:  # "none so far" unless deals of this kind follow, decided since
            follow = any(result.verdict == kind for result in decided)
            none = "" if follow else f" {escape(words.text('winrate.list.none'))}"
            parts.append(f"<p>{escape(heading)}{none}</p>")
            continue
        items = [_link(code, words) for code in codes]
        parts.append(_listed(heading, kind, items))
    for verdict in DECIDED:
        since_codes = [result.code for result in decided if result.verdict == verdict]
        if since_codes:
            deals = words.grouped(len(since_codes))
            heading = words.format(f"winrate.later.{verdict}", deals=deals)
            links = [_link(code, words) for code in since_codes]
            parts.append(_listed(heading, f"later-{verdict}", links))
    if decided:
        counted = _counted(summary.since(later), words)
        parts.append(f'<p class="crescent-study-since">{escape(counted)}</p>')
    return f'<div class="crescent-study" data-search-exclude>{"".join(parts)}</div>'


def _counted(since: Summary, words: Catalog) -> str:
    """The counts with the deals decided since, and the win rate: its bounds while a deal is
    without an answer, then the exact rate."""
    decimals = one_deal_decimals(since.deals)
    won, unwinnable = words.grouped(since.won), words.grouped(since.unwinnable)
    if not since.gave_up:
        rate = percent(words, since.low, decimals)
        return words.format("winrate.later.exact", won=won, unwinnable=unwinnable, rate=rate)
    return words.format(
        "winrate.later.summary",
        won=won,
        unwinnable=unwinnable,
        gave_up=words.grouped(since.gave_up),
        low=percent(words, since.low, decimals),
        high=percent(words, since.high, decimals),
    )


def one_deal_decimals(deals: int) -> int:
    """Decimals that show one deal in `deals` (3 for 100,000: 0.001%), so that a bound short
    of 100% by a deal or two never reads as 100%."""
    return max(0, len(str(deals - 1)) - 2)


def _listed(heading: str, kind: str, items: list[str]) -> str:
    """A list of deals under its heading, folded when it is long."""
    listed = f'<ul class="crescent-study-deals" data-crescent-deals="{kind}">'
    listed += "".join(f"<li>{item}</li>" for item in items) + "</ul>"
    if len(items) > OPEN_UP_TO:
        opener = f"<summary>{escape(heading)}</summary>"
        return f'<details class="crescent-study-more">{opener}{listed}</details>'
    return f"<p>{escape(heading)}</p>{listed}"


def _link(code: str, words: Catalog) -> str:
    """`code` as a link that opens it on the Play page."""
    title = escape(words.format("winrate.list.open", code=code))
    return (
        f'<a href="{PLAY}{escape(code)}" dir="ltr" title="{title}"><code>{escape(code)}</code></a>'
    )


def _isolated(sentence: str, summary: Summary) -> str:
    """`sentence` escaped, its deal codes kept left to right inside any text direction."""
    text = escape(sentence)
    for code in sorted({escape(summary.first), escape(summary.last)}):
        text = text.replace(code, f'<bdi dir="ltr"><code>{code}</code></bdi>')
    return text
