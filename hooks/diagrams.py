"""MkDocs hook: turn diagram markers into the engine's horseshoe diagrams.

A marker is an HTML comment a translator copies unchanged:

    <!-- crescent:diagram game=won-game moment=before-move-10 -->

`game` names a record in `docs/examples/` (`won-game` is
`docs/examples/won-game.json`); `moment` is `start`, `end`, `before-move-N`,
`after-move-N`, `before-redeal-N` or `after-redeal-N`. Two more kinds take
only `game`: `crescent:key-moments` (diagrams of the deal, before move 10,
around each redeal, the end) and `crescent:moves` (the numbered move list, each
step with its anchor, `#move-10`). `crescent:demo scenario=NAME` draws the
live rule demo of `docs/scenarios/NAME.json` (see `crescent_site.demo`);
`crescent:game` the Play page's game (see `crescent_site.play_page`);
`crescent:win-rate results=NAME`, `crescent:win-lengths results=NAME` and
`crescent:win-times results=NAME` the Win rate page's charts of the study
`results/NAME.tsv` or `results/NAME/` (a folder of block files, read by
`crescent.solver.results`, drawn by `crescent_site.charts` and
`crescent_site.study`), and `crescent:win-deals results=NAME` the deals it covers
and its undecided and unwinnable deals, linked to the Play page;
`crescent:card-legend` the legend of the card letters in the page's language
(see `crescent_site.legend`); a
malformed scenario file fails the build naming the file and the line of the
offending field. The hook only adapts:
the engine replays the record and draws the figure in the page's language. A
malformed marker fails the build with the page file and line. Set
`CRESCENT_DIAGRAMS=off` to skip drawing (markers are still checked): the
benchmark compares both builds. What the hook keeps (the data files it read, the
figures waiting for their page) lives on a `Build`, started anew by `on_config` for
each build and shared by its languages.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from crescent.errors import CrescentError
from crescent.position import Position
from crescent.record import Record
from crescent.scenario import ScenarioError, field_line, loads_scenario
from crescent.solver.results import (
    Result,
    ResultsError,
    Summary,
    later_path,
    parse_later,
)
from crescent.timeline import Step, key_moments, moment, steps
from crescent_site.charts import render_win_lengths, render_win_rate, render_win_times
from crescent_site.demo import render_demo
from crescent_site.figure import moment_caption, render_figure
from crescent_site.legend import render_card_legend
from crescent_site.pages import building_another_language, lines_above_markdown, text_language
from crescent_site.play_page import render_game
from crescent_site.study import render_win_deals, study_summary
from crescent_site.viewer import move_list_html, render_viewer

COMMENT = re.compile(r"<!--(.*?)-->", re.S)
CODE = re.compile(
    r"^[ ]{0,3}(?P<fence>`{3,}|~{3,}).*?^[ ]{0,3}(?P=fence)"
    r"|(?P<ticks>`+)(?:(?!\n[ \t]*\n).)+?(?P=ticks)",
    re.M | re.S,
)
"""Fenced blocks and code spans: a marker written inside them is shown, not drawn."""
MARKER = re.compile(r"\s*crescent:(?P<kind>[\w-]+)(?P<attributes>(?:\s+[\w-]+=[\w.-]+)*)\s*", re.S)


class Build:
    """What one site build keeps: data files read once for all its languages, stashed figures.

    `on_config` starts a new one for each build (static-i18n's nested builds of the
    other languages share their first language's), so that a rebuild under
    `mkdocs serve`, or a second build in the same process, reads every file again.
    """

    def __init__(self) -> None:
        self.games: dict[Path, tuple[Record, list[Step]]] = {}
        self.scenarios: dict[Path, tuple[dict[str, Any], Position]] = {}
        self.results: dict[Path, Summary] = {}
        self.decided_later: dict[Path, tuple[Result, ...]] = {}
        self.stashed: dict[str, str] = {}
        self.stash_keys = itertools.count()

    def game(self, docs_dir: Path, game: str) -> tuple[Record, list[Step]]:
        """The record `docs/examples/<game>.json` and its replayed steps."""
        path, text = _data_file(docs_dir / "examples", "game", game, ".json")
        if path not in self.games:
            try:
                record = Record.loads(text)
                self.games[path] = (record, steps(record))
            except CrescentError as error:
                raise ValueError(f"{path.name}: {error}") from None
        return self.games[path]

    def scenario(self, docs_dir: Path, name: str) -> tuple[dict[str, Any], Position]:
        """The scenario `docs/scenarios/<name>.json` and its position."""
        path, text = _data_file(docs_dir / "scenarios", "scenario", name, ".json")
        if path not in self.scenarios:
            try:
                position = loads_scenario(text)
            except ScenarioError as error:
                line = error.values.get("line") or field_line(
                    text, str(error.values.get("field", ""))
                )
                raise ValueError(f"scenarios/{path.name}:{line}: {error}") from None
            self.scenarios[path] = (json.loads(text), position)
        return self.scenarios[path]

    def study(self, results_dir: Path, name: str) -> Summary:
        """The summary of the study `results/<name>.tsv` or `results/<name>/`."""
        path = results_dir / name
        if not path.is_dir():
            path, _ = _data_file(results_dir, "results", name, ".tsv")
        if path not in self.results:
            try:
                self.results[path] = study_summary(path)
            except ResultsError as error:
                raise ValueError(error.at(Path("results"))) from None
        return self.results[path]

    def later(self, results_dir: Path, name: str) -> tuple[Result, ...]:
        """The study's deals searched again since (`results/<name>-later.tsv`: deals the
        study left without an answer, in study order), or none when there is no such file."""
        path = later_path(results_dir / name)
        if path not in self.decided_later:
            found: tuple[Result, ...] = ()
            if path.is_file():
                undecided = self.study(results_dir, name).undecided
                try:
                    found = tuple(parse_later(path.read_text(encoding="utf-8"), undecided))
                except ResultsError as error:
                    raise ValueError(f"results/{path.name}:{error.line}: {error}") from None
            self.decided_later[path] = found
        return self.decided_later[path]

    def stash(self, html: str) -> str:
        """A small placeholder for `html`, put back by `on_post_page`.

        Markdown and the search indexer need not parse the large SVGs (they cost a
        third of the build otherwise), and the drawings stay out of the search index.
        The placeholder holds the figure's words for the index (`searchable`): the
        example's moves ("Move 164: …") and its captions were found by no search.
        """
        key = str(next(self.stash_keys))
        self.stashed[key] = html
        words = searchable(html)
        return f'<div data-crescent-stash="{key}">{f"<p>{words}</p>" if words else ""}</div>'


_build = Build()


def _data_file(folder: Path, kind: str, name: str, suffix: str) -> tuple[Path, str]:
    """`folder/<name><suffix>` and its text; unknown names list the known."""
    path = folder / f"{name}{suffix}"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob(f"*{suffix}"))
        raise ValueError(f"unknown {kind} {name!r} (known: {', '.join(known) or 'none'})")
    try:
        return path, path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(
            f"{path.name} is not UTF-8 text (byte 0x{error.object[error.start]:02x} at "
            f"offset {error.start}): save it as UTF-8"
        ) from None


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """A new build starts with nothing read: every data file is read again."""
    global _build
    if not building_another_language(config):
        _build = Build()
    return config


def line_of(source: str, offset: int) -> int:
    """The 1-based line of `offset` in `source`."""
    return source.count("\n", 0, offset) + 1


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace each marker of the page with its figure, in the language of its text."""
    lang = text_language(page.file.src_uri, config)
    docs_dir = Path(config["docs_dir"])
    results_dir = Path(config.config_file_path).parent / "results"
    source_path = page.file.src_uri
    front = _front_matter_lines(page)
    draw = os.environ.get("CRESCENT_DIAGRAMS", "on").lower() not in ("0", "off", "no")

    code = [span.span() for span in CODE.finditer(markdown)]

    def replace(match: re.Match[str]) -> str:
        body = match.group(1)
        if "crescent" not in body.lower() or any(a <= match.start() < b for a, b in code):
            return match.group(0)
        line = line_of(markdown, match.start()) + front
        try:
            html, live = _figure(body, docs_dir, results_dir, lang, draw)
        except ValueError as error:
            raise PluginError(f"{source_path}:{line}: diagram marker: {error}") from None
        if live:
            page.meta["crescent_engine"] = True  # overrides/main.html starts it early
        return "\n\n" + _build.stash(html) + "\n\n"

    return COMMENT.sub(replace, markdown)


PLACEHOLDER = re.compile(r'<div data-crescent-stash="(\d+)">.*?</div>', re.S)
PROSE = re.compile(r'<span class="crescent-caption">(.*?)</span>|<li\b[^>]*>(.*?)</li>', re.S)
"""A figure's words a reader reads: its captions and the items of its lists (the
example's moves). Not the words that say a drawing again (a diagram's every pile and
foundation, which came first for "дама" in Bulgarian), nor the drawings."""
DRAWING = re.compile(r"<(svg|script|template)\b.*?</\1>", re.S)
TAG = re.compile(r"<[^>]+>")


def searchable(html: str) -> str:
    """The words of the figure `html` for the search's index, as text (HTML-escaped)."""
    found = (
        TAG.sub(" ", DRAWING.sub(" ", match.group(1) or match.group(2) or ""))
        for match in PROSE.finditer(html)
    )
    return " ".join(" ".join(found).split())


ANCHOR = re.compile(r'\sid="([^"]+)"')


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Tell MkDocs the anchors of the page's figures (`#move-10`), which it checks links
    against before `on_post_page` puts the figures in."""
    if page.present_anchor_ids is not None:
        for match in PLACEHOLDER.finditer(html):
            page.present_anchor_ids.update(ANCHOR.findall(_build.stashed[match.group(1)]))
    return html


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Put the stashed figures into the page's final HTML."""
    return PLACEHOLDER.sub(lambda match: _build.stashed.pop(match.group(1)), output)


@dataclass(frozen=True)
class Figure:
    """A marker as its figure is drawn: its attributes and the page it stands in."""

    attributes: dict[str, str]
    docs_dir: Path
    results_dir: Path
    lang: str
    draw: bool
    """False under `CRESCENT_DIAGRAMS=off`: diagrams and demos as empty shells."""

    def game(self) -> tuple[Record, list[Step]]:
        """The record named by `game=` and its steps."""
        return _build.game(self.docs_dir, self.attributes["game"])

    def study(self) -> Summary:
        """The study named by `results=`."""
        return _build.study(self.results_dir, self.attributes["results"])


@dataclass(frozen=True)
class Marker:
    """One kind of marker: the attributes it takes, how its figure is drawn, and whether
    that figure runs the engine in the page (which then starts it early)."""

    attributes: frozenset[str]
    render: Callable[[Figure], str]
    live: bool = False


def _diagrams(figure: Figure, names: list[str]) -> str:
    all_steps = figure.game()[1]
    game = figure.attributes["game"]
    return "\n\n".join(_diagram(all_steps, game, name, figure.lang, figure.draw) for name in names)


def _demo(figure: Figure) -> str:
    name = figure.attributes["scenario"]
    scenario, position = _build.scenario(figure.docs_dir, name)
    if not figure.draw:
        return f'<div class="crescent-demo" data-crescent-demo="{name}"></div>'
    return render_demo(name, scenario, position, figure.lang)


def _viewer(figure: Figure) -> str:
    game = figure.attributes["game"]
    record, all_steps = figure.game()
    return render_viewer(game, record, all_steps, figure.lang, f"../play/?example={game}")


def _win_deals(figure: Figure) -> str:
    later = _build.later(figure.results_dir, figure.attributes["results"])
    return render_win_deals(figure.study(), figure.lang, later)


MARKERS: dict[str, Marker] = {
    "diagram": Marker(
        frozenset({"game", "moment"}), lambda f: _diagrams(f, [f.attributes["moment"]])
    ),
    "key-moments": Marker(frozenset({"game"}), lambda f: _diagrams(f, key_moments(f.game()[1]))),
    "moves": Marker(frozenset({"game"}), lambda f: move_list_html(f.game()[1], f.lang)),
    "code": Marker(
        frozenset({"game"}),
        lambda f: f'<p class="crescent-code"><code>{f.game()[0].code.text}</code></p>',
    ),
    "demo": Marker(frozenset({"scenario"}), _demo, live=True),
    "game": Marker(frozenset(), lambda f: render_game(f.lang), live=True),
    "viewer": Marker(frozenset({"game"}), _viewer),
    "win-rate": Marker(frozenset({"results"}), lambda f: render_win_rate(f.study(), f.lang)),
    "win-lengths": Marker(frozenset({"results"}), lambda f: render_win_lengths(f.study(), f.lang)),
    "win-times": Marker(frozenset({"results"}), lambda f: render_win_times(f.study(), f.lang)),
    "win-deals": Marker(frozenset({"results"}), _win_deals),
    "card-legend": Marker(frozenset(), lambda f: render_card_legend(f.lang)),
}
"""Every kind of marker, the one table of them."""


def _figure(
    body: str, docs_dir: Path, results_dir: Path, lang: str, draw: bool
) -> tuple[str, bool]:
    """The figure of the marker `body`, and whether it runs the engine in the page."""
    kind, attributes = _parse(body)
    marker = MARKERS[kind]
    try:
        html = marker.render(Figure(attributes, docs_dir, results_dir, lang, draw))
    except CrescentError as error:
        raise ValueError(str(error)) from None
    return html, marker.live


def _parse(body: str) -> tuple[str, dict[str, str]]:
    """The kind and attributes of a marker, checked against `MARKERS`."""
    parsed = MARKER.fullmatch(body)
    if parsed is None:
        raise ValueError(
            f"cannot read {body.strip()!r}; write "
            "<!-- crescent:diagram game=won-game moment=before-move-10 -->"
        )
    kind = parsed.group("kind")
    if kind not in MARKERS:
        raise ValueError(f"unknown marker kind {kind!r} (known: {', '.join(sorted(MARKERS))})")
    attributes = dict(pair.split("=", 1) for pair in parsed.group("attributes").split())
    takes = MARKERS[kind].attributes
    unknown = set(attributes) - takes
    missing = takes - set(attributes)
    if unknown or missing:
        raise ValueError(
            f"{kind} markers take {', '.join(sorted(takes))}"
            + (f"; unknown: {', '.join(sorted(unknown))}" if unknown else "")
            + (f"; missing: {', '.join(sorted(missing))}" if missing else "")
        )
    return kind, attributes


def _diagram(all_steps: list[Step], game: str, name: str, lang: str, draw: bool) -> str:
    position = moment(all_steps, name)
    anchor = f"diagram-{game}-{name}"
    if not draw:
        return f'<figure class="crescent-diagram" id="{anchor}"></figure>'
    return render_figure(position, lang, caption=moment_caption(name, lang), anchor=anchor)


def _front_matter_lines(page: Page) -> int:
    """Lines of the page's source above the Markdown MkDocs hands to the hook."""
    try:
        source = Path(page.file.abs_src_path or "").read_text(encoding="utf-8")
    except OSError:
        return 0
    return lines_above_markdown(source)
