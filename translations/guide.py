"""The glossaries as the translators' guide shows them, in the page's language.

`<!-- translations:glossary -->` becomes a table of every concept's term in every
language (the page's language first, its terms heading the rows) with the card
letters and an example of the notation; `<!-- translations:avoid -->` becomes the
list of synonyms the terminology check flags. Both come from the glossary files,
so nothing is typed twice.
"""

from __future__ import annotations

import html

from translations.glossary import CORE, RANKS, Glossary
from translations.project import SOURCE


def _attrs(glossary: Glossary) -> str:
    return f' lang="{glossary.lang}" dir="{glossary.direction}"'


def _ordered(glossaries: dict[str, Glossary], lang: str) -> list[Glossary]:
    first = [glossaries[lang]] if lang in glossaries else []
    return first + [g for code, g in sorted(glossaries.items()) if code != lang]


def notation(glossary: Glossary) -> str:
    """An example of the language's card notation: `R♠ D♥ V♦ A♣ 10♠`."""
    return (
        " ".join(
            glossary.card(rank, suit)
            for rank, suit in (("K", "♠"), ("Q", "♥"), ("J", "♦"), ("A", "♣"))
        )
        + " 10♠"
    )


def _cell(first: bool, attrs: str, text: str) -> str:
    """A row's first cell is its header (the page language's term)."""
    tag = "th" if first else "td"
    scope = ' scope="row"' if first else ""
    return f"<{tag}{scope}{attrs}>{html.escape(text)}</{tag}>"


def glossary_table(glossaries: dict[str, Glossary], lang: str) -> str:
    """The table of terms, letters and notation, with the page's language first."""
    ordered = _ordered(glossaries, lang)
    head = "".join(f'<th scope="col"{_attrs(g)}>{html.escape(g.name)}</th>' for g in ordered)
    rows = []
    english = glossaries.get(SOURCE)
    for concept in english.concepts if english is not None else CORE:
        cells = [
            _cell(
                index == 0,
                _attrs(g),
                g.concepts[concept].term if concept in g.concepts else "–",
            )
            for index, g in enumerate(ordered)
        ]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    for render in (lambda g: " ".join(g.letters.get(r, "?") for r in RANKS), notation):
        cells = [_cell(index == 0, ' dir="ltr"', render(g)) for index, g in enumerate(ordered)]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<div class="tb-glossary"><table>\n<thead><tr>'
        + head
        + "</tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table></div>"
    )


def avoid_list(glossaries: dict[str, Glossary], lang: str) -> str:
    """Per language, the avoided synonyms (as patterns) and the term to write instead."""
    items = []
    for glossary in _ordered(glossaries, lang):
        pairs = [
            f"<code>{html.escape(pattern.lstrip('='))}</code> → {html.escape(concept.term)}"
            for concept in glossary.concepts.values()
            for pattern in concept.avoid
        ]
        if pairs:
            items.append(
                f"<li{_attrs(glossary)}><strong>{html.escape(glossary.name)}</strong>"
                f": {'; '.join(pairs)}</li>"
            )
    return '<ul class="tb-avoid">\n' + "\n".join(items) + "\n</ul>"
