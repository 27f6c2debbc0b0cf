"""The site's languages are the registry's (`crescent.languages`), English first."""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.config import load_config

from crescent.i18n import LANGUAGES, catalog
from crescent.languages import REGISTRY, SOURCE
from crescent_site.languages import nav_titles
from tests.site.conftest import ROOT, build_site, clone_project, page_path
from tests.translations.conftest import edit


def test_the_site_builds_the_registrys_languages_in_order() -> None:
    config = load_config(str(ROOT / "mkdocs.yml"))
    languages = config.plugins["i18n"].config.languages
    assert [(entry.locale, entry.name) for entry in languages] == [
        (language.code, language.name) for language in REGISTRY
    ]
    assert [entry.locale for entry in languages if entry.default] == [SOURCE]
    assert [entry.locale for entry in languages if entry.build] == list(LANGUAGES)


def test_every_language_has_its_catalog() -> None:
    catalogs = sorted(path.name for path in (ROOT / "crescent" / "locale").iterdir())
    assert catalogs == sorted(LANGUAGES)


def test_the_english_navigation_titles_are_the_english_catalogs() -> None:
    """The other languages' titles replace the English ones: the two must be one text."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    titles = nav_titles(config["nav"])
    assert titles and all((ROOT / "docs" / f"{page}.md").is_file() for _, page in titles)
    english = catalog(SOURCE)
    assert [(title, english.text(f"site.nav.{page}")) for title, page in titles] == [
        (title, title) for title, _ in titles
    ]


def test_a_catalog_edited_or_never_compiled_is_compiled_by_the_build(tmp_path: Path) -> None:
    """The engine reads compiled catalogs: a translator who edits a `.po` and builds (or
    previews) without `make catalogs` sees the new words, on the pages and in the
    engine, and a catalog never compiled is compiled (a helper adding Polish saw the old
    words until they ran `make catalogs`, which the guide did not say)."""
    project = clone_project(tmp_path / "project")
    english = project / "crescent/locale/en/LC_MESSAGES/crescent.po"
    edit(english, 'msgid "play.new"\nmsgstr "New game"', 'msgid "play.new"\nmsgstr "Fresh game"')
    hebrew = project / "crescent/locale/he/LC_MESSAGES/crescent.mo"
    hebrew.unlink()
    done = build_site(tmp_path / "site", project=project, env={"CRESCENT_ONLY_LANG": "en"})
    assert done.returncode == 0, done.stderr
    assert "Fresh game" in page_path(tmp_path / "site", "en", "play/").read_text(encoding="utf-8")
    assert b"Fresh game" in english.with_suffix(".mo").read_bytes() and hebrew.is_file()
    assert english.with_suffix(".mo").stat().st_mtime >= english.stat().st_mtime


def test_without_a_catalog_the_build_stops_with_one_line(tmp_path: Path) -> None:
    project = clone_project(tmp_path / "project")
    (project / "crescent/locale/he/LC_MESSAGES/crescent.mo").unlink()
    (project / "crescent/locale/he/LC_MESSAGES/crescent.po").unlink()
    done = build_site(tmp_path / "site", project=project)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"mkdocs.yml: the compiled catalog for 'he' is missing under {project}/crescent/locale; "
        "run `make setup` (it compiles the PO files with Babel)"
    )


def test_a_catalog_line_that_is_not_po_syntax_stops_the_build_at_its_line(
    tmp_path: Path,
) -> None:
    """Read leniently, `msgstr "…` with no closing quote lost its last letter on the site."""
    project = clone_project(tmp_path / "project")
    path = project / "crescent/locale/he/LC_MESSAGES/crescent.po"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith('msgstr "') and len(line) > 12)
    lines[at] = lines[at].rstrip('"')
    compiled = path.with_suffix(".mo").read_bytes()
    path.write_text("\n".join(lines), encoding="utf-8")
    done = build_site(tmp_path / "site", project=project)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert path.with_suffix(".mo").read_bytes() == compiled, "compiled as Babel misreads it"
    assert f"crescent/locale/he/LC_MESSAGES/crescent.po:{at + 1}: the text after msgstr" in (
        done.stderr
    )


def test_each_language_names_its_palette_switch_and_links_and_describes_itself(
    site: Path,
) -> None:
    """The palette switch's label (its title, and what a screen reader says), the headings'
    permalink titles and the pages' description are the catalog's, in every language:
    mkdocs.yml has no words."""
    for lang in LANGUAGES:
        words = catalog(lang)
        html = page_path(site, lang, "").read_text("utf-8")
        description = words.text("site.description")
        assert f'<meta name="description" content="{description}">' in html, lang
        for number, switch in ((1, "dark"), (0, "light")):
            label = words.text(f"site.palette.{switch}")
            assert f'title="{label}" for="__palette_{number}"' in html, (lang, switch)
        permalink = f'class="headerlink" href="#rules" title="{words.text("site.permalink")}"'
        assert permalink in html, lang
        assert "Made with" not in html, "Material's footer has no words to translate"
        if lang != SOURCE:
            assert "Switch to" not in html and "Permanent link" not in html, lang


def test_every_language_menu_link_is_relative_and_leads_to_a_page(site: Path) -> None:
    """The home pages' menus were absolute (`/bg/`), other pages' relative: a site built
    without its address and served under a path (`/crescent/`) sent them to the host's root."""
    pages = [p for p in site.rglob("index.html") if p.relative_to(site).parts[0] != "assets"]
    assert len(pages) > 30
    for path in pages:
        links = re.findall(
            r'<a href="([^"]*)" hreflang="[^"]*" class="md-select__link">',
            path.read_text(encoding="utf-8"),
        )
        assert len(links) == len(LANGUAGES), path
        for link in links:
            assert not link.startswith(("/", "http")), (path, link)
            assert (path.parent / link / "index.html").resolve().is_file(), (path, link)
