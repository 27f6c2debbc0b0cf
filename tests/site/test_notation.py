"""Card notation is direction-isolated wherever a page shows it, in every language.

Pages (the Markdown extension in hooks/bidi.py), diagram text equivalents, move lists
and the viewer (the engine's `isolated_html`), every built page of every language.
"""

from __future__ import annotations

import re
from pathlib import Path

from crescent.bidi import isolated_text, notation
from crescent.i18n import HEBREW_PREFIXES, catalog, joined_prefixes
from crescent.render.markup import isolated_html
from tests.site.conftest import build_site, lang_prefix, one_language
from tests.site.conftest import project_copy as project_copy
from tests.site.html import Element, parse
from tests.site.test_catalog_keys import shown_text

# Text that is not shown as text in a sentence: code (already isolated), scripts and
# data, SVG (cards drawn one by one), the document's title (no markup possible).
NOT_TEXT = {"code", "pre", "kbd", "script", "style", "svg", "title", "textarea", "template"}


def bare_notation(element: Element, inside: bool = False) -> list[str]:
    """Card notation in `element`'s text that is not inside a left-to-right isolate.

    Any element with `dir="ltr"` isolates (HTML's rendering rules give it
    `unicode-bidi: isolate`): `<bdi dir="ltr">`, a glossary cell, an English original.
    """
    found = []
    for item in element.content:
        if isinstance(item, str):
            if not inside:
                found += [m.group(0) for m in notation().finditer(item)]
        elif item.tag not in NOT_TEXT:
            found += bare_notation(item, inside or item.attrs.get("dir") == "ltr")
    return found


def isolated_runs(element: Element) -> list[str]:
    return [e.text for e in element.find_all("bdi", dir="ltr")]


def test_no_page_shows_notation_outside_an_isolate(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 40
    bare = {}
    runs = 0
    for page in pages:
        document = parse(page.read_text(encoding="utf-8"))
        runs += len(isolated_runs(document))
        found = bare_notation(document)
        if found:
            bare[str(page.relative_to(site))] = found
    assert not bare, bare
    assert runs > 1000


def test_the_hebrew_rules_isolate_whole_runs(site: Path) -> None:
    document = parse((site / "he/index.html").read_text(encoding="utf-8"))
    runs = isolated_runs(document)
    assert "2♥ 9♣ V♦ V♦" in runs and "9♣ V♦ V♦ 2♥" in runs
    assert "A♠" in runs and "R♠" in runs
    # Code spans are left as they are.
    for code in document.find_all("code"):
        assert not code.find_all("bdi")


def test_the_extension_wraps_notation_in_every_kind_of_text(project_copy: Path) -> None:
    page = project_copy / "docs/about.he.md"
    text = page.read_text(encoding="utf-8")
    end = "הדף מופץ באותו רישיון."
    assert end in text
    link = "[ל-9♣ V♦](examples.md#move-10)"
    added = f"בדיקה: ה-**10♥** ו-Т♠ К♦, קוד CR1-N-AAAAAAB, `Q♦ in code`, {link}."
    page.write_text(text.replace(end, f"{end} {added}"), encoding="utf-8")
    english = project_copy / "docs/about.md"  # its block links where the Hebrew one does
    source = english.read_text(encoding="utf-8")
    english_end = "this page is shared under the same licence."
    assert english_end in source
    english.write_text(
        source.replace(english_end, f"{english_end} [A move](examples.md#move-10)."),
        encoding="utf-8",
    )
    done = build_site(project_copy / "site", project_copy, env=one_language(page.name))
    assert done.returncode == 0, done.stderr
    html = (project_copy / "site/about/index.html").read_text(encoding="utf-8")  # Hebrew alone
    assert '<strong><bdi dir="ltr">10♥</bdi></strong>' in html
    assert 'ו-\u2060<bdi dir="ltr">Т♠ К♦</bdi>, קוד <bdi dir="ltr">CR1-N-AAAAAAB</bdi>,' in html
    assert "<code>Q♦ in code</code>" in html
    assert '<a href="../examples/#move-10">ל-\u2060<bdi dir="ltr">9♣ V♦</bdi></a>' in html


def test_engine_text_isolation() -> None:
    sentence = "ערימה 1 עוברת מ-2♥ 9♣ V♦ V♦ ל-9♣ V♦ V♦ 2♥, קוד CR1-L-..."
    assert isolated_html(sentence) == (
        'ערימה 1 עוברת מ-<bdi dir="ltr">2♥ 9♣ V♦ V♦</bdi> ל-<bdi dir="ltr">9♣ V♦ V♦ 2♥</bdi>,'
        ' קוד <bdi dir="ltr">CR1-L-...</bdi>'
    )
    assert isolated_text(sentence, "he") == (
        "ערימה 1 עוברת מ-\u20662♥ 9♣ V♦ V♦\u2069 ל-\u20669♣ V♦ V♦ 2♥\u2069,"
        " קוד \u2066CR1-L-...\u2069"
    )
    assert isolated_text(sentence, "en") == sentence
    quoted = "\u2068\u202eCR1-N-AAAAAAB A♠\u2069 אינו קוד משחק, A♠"
    assert isolated_text(quoted, "he") == quoted[:-2] + "\u2066A♠\u2069", "input kept as typed"
    assert isolated_html("<A♠> & 110♥ AK♠") == '&lt;<bdi dir="ltr">A♠</bdi>&gt; &amp; 110♥ AK♠'


PREFIX_BREAK = re.compile(f"(?<![\u05d0-\u05ea])[{HEBREW_PREFIXES}]{{1,3}}-(?=[^\\s\u2060])")
"""A Hebrew prefix and its hyphen that a line could end on: no word joiner after it."""


def test_a_hebrew_prefix_is_held_to_the_word_after_it(site: Path) -> None:
    held = 0
    for page in sorted((site / "he").rglob("*.html")):
        texts = shown_text(parse(page.read_text(encoding="utf-8")))
        assert not [t for t in texts if PREFIX_BREAK.search(t)], page
        held += sum(t.count("-\u2060") for t in texts)
    assert held > 20, "the pages' ל-3, ב-CR1-… were found"
    assert joined_prefixes("מספר בין 0 ל-3") == "מספר בין 0 ל-\u20603"
    assert joined_prefixes("x-y, של -3") == "x-y, של -3"
    shown = catalog("he").text("scenario.bad-redeals")
    assert "-\u2060" in shown and "\u2060" not in catalog("en").text("scenario.bad-redeals")


def test_a_game_code_in_code_is_marked_to_stay_on_one_line(site: Path) -> None:
    """At 390 px a code span broke at its hyphens ("CR1-N-" | "AAAAAAB"); the stylesheet
    keeps a span holding notation alone on one line, by the class the extension gives it."""
    for page in sorted(site.rglob("codes/index.html")):
        document = parse(page.read_text(encoding="utf-8"))
        spans = [e for e in document.find_all("code") if e.text == "CR1-N-AAAAAAB"]
        assert spans, page
        assert all(e.attrs.get("class") == "crescent-notation" for e in spans), page
    css = (Path(__file__).parents[2] / "docs/assets/crescent.css").read_text(encoding="utf-8")
    assert re.search(
        r"code\.crescent-notation,\s*\.md-typeset code\.crescent-token \{\s*white-space: nowrap;",
        css,
    )


def test_a_code_span_of_one_short_word_stays_on_one_line(site: Path) -> None:
    """At 390 px the Hebrew Win rate page broke `--free` after its hyphens."""
    for lang in ("en", "he"):
        page = site / lang_prefix(lang) / "win-rate/index.html"
        spans = [e for e in parse(page.read_text(encoding="utf-8")).find_all("code")]
        free = [e for e in spans if e.text == "--free"]
        assert free and all(e.attrs.get("class") == "crescent-token" for e in free), lang
        assert not [e for e in spans if " " in e.text and e.attrs.get("class") == "crescent-token"]
