"""The rules page teaches a newcomer: the deal drawn, the card letters, playing well.

Built once with the real strict build (the shared `site` fixture). The legend of
the card letters must be the engine's letters (its catalog) and the glossary's, in
every language, next to the first diagram of the rules, on the Play page and on the
Examples page, above the viewer and the list of moves that use the letters.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.i18n import catalog
from crescent.languages import language
from crescent.record import Record
from crescent.render.text import text_equivalent
from crescent.tables import LETTERED
from crescent.timeline import moment, steps
from tests.site.conftest import LANGUAGES, ROOT, build_site, one_language, page_path
from tests.site.html import Element, parse
from translations.glossary import RANKS

RECORD = Record.loads((ROOT / "docs/examples/won-game.json").read_text(encoding="utf-8"))
START = moment(steps(RECORD), "start")


def _article(site: Path, lang: str, name: str) -> Element:
    return parse(page_path(site, lang, name).read_text(encoding="utf-8")).find("article")


def _legend_letters(legend: Element) -> dict[str, str]:
    """The legend's letters by rank name, as the reader sees them."""
    pairs = {}
    for item in legend.find_all("span", **{"class": "crescent-legend-item"}):
        isolated = item.find("bdi")
        assert isolated.attrs.get("dir") == "ltr"
        pairs[item.text.replace(isolated.text, "", 1).strip()] = isolated.text
    return pairs


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["", "play/", "examples/"])
def test_the_card_legend_is_the_registrys_letters_with_the_catalogs_names(
    site: Path, lang: str, name: str
) -> None:
    legend = _article(site, lang, name).find("p", **{"class": "crescent-card-legend"})
    assert legend.attrs["data-crescent-legend"] == lang
    words = catalog(lang)
    letters = dict(zip(RANKS, language(lang).card_letters, strict=True))
    names = [words.text(f"rank.name.{r}") for r in RANKS]
    assert _legend_letters(legend) == dict(zip(names, letters.values(), strict=True))
    assert [words.rank(rank) for rank in LETTERED] == list(letters.values())
    assert legend.text.startswith(words.text("legend.label"))
    runs = [b for b in legend.find_all("bdi") if b.text == "\u00a0".join("♠♥♦♣")]
    assert runs and runs[0].attrs.get("dir") == "ltr", "the suit symbols read left to right"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_give_the_legend_before_the_viewer_and_the_moves(
    site: Path, lang: str
) -> None:
    elements = _article(site, lang, "examples/").iter()
    classes = [e.attrs.get("class", "") for e in elements]
    legend = next(i for i, c in enumerate(classes) if "crescent-card-legend" in c)
    viewer = next(i for i, c in enumerate(classes) if "crescent-viewer" in c.split())
    moves = next(i for i, e in enumerate(elements) if e.attrs.get("id") == "all-moves")
    assert legend < viewer < moves


@pytest.mark.parametrize("lang", LANGUAGES)
def test_setup_draws_the_deal_right_after_the_legend(site: Path, lang: str) -> None:
    elements = _article(site, lang, "").iter()
    legend = next(
        i for i, e in enumerate(elements) if "crescent-card-legend" in e.attrs.get("class", "")
    )
    setup = next(i for i, e in enumerate(elements) if e.attrs.get("id") == "setup")
    moves = next(i for i, e in enumerate(elements) if e.attrs.get("id") == "moves")
    figures = [i for i, e in enumerate(elements) if e.tag == "figure"]
    assert setup < legend < figures[0] < moves, "the legend and the deal belong to Setup"
    first = elements[figures[0]]
    assert first.attrs["id"] == "diagram-won-game-start"
    shown = first.find("span", **{"class": "crescent-text-equivalent"}).text
    assert shown.endswith(text_equivalent(START, lang))
    # The deal: every pile of six cards, only the base cards on the foundations.
    assert all(len(pile) == 6 for pile in START.piles)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_state_the_foundation_move_and_playing_well(site: Path, lang: str) -> None:
    article = _article(site, lang, "")
    elements = article.iter()
    ids = [e.attrs.get("id") for e in elements]
    moves = elements[ids.index("moves")]
    rules = elements[ids.index("moves") + 1 :]
    first_list = next(e for e in rules if e.tag == "ul")
    assert len(first_list.find_all("li")) == 5, "Allowed moves lists the foundation move"
    assert any(a.attrs.get("href") == "#foundations" for a in first_list.find_all("a"))
    assert moves.tag == "h2"
    assert ids.index("end-of-game") < ids.index("playing-well") < ids.index("app-extras")
    well = next(e for e in elements[ids.index("playing-well") :] if e.tag == "ul")
    assert len(well.find_all("li")) == 3


def test_a_card_legend_marker_with_an_attribute_fails_the_build_with_file_and_line(
    project_copy: Path, tmp_path: Path
) -> None:
    path = project_copy / "docs" / "play.tr.md"
    text = path.read_text(encoding="utf-8")
    good = "<!-- crescent:card-legend -->"
    assert good in text
    text = text.replace(good, "<!-- crescent:card-legend lang=en -->", 1)
    path.write_text(text, encoding="utf-8")
    line = text[: text.index("card-legend lang")].count("\n") + 1
    done = build_site(tmp_path / "site", project=project_copy, env=one_language(path.name))
    assert done.returncode != 0
    assert f"play.tr.md:{line}: diagram marker: card-legend markers take" in done.stderr
    assert "unknown: lang" in done.stderr
    assert "Traceback" not in done.stderr
