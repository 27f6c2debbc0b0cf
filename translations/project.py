"""Where a project keeps its languages, pages, glossaries, state files and catalogs.

English is the source. The languages are the project's registry
(`crescent/languages.py`, read by `translations.registry`); `python -m translations
add` puts a language there with its files. A page `docs/<name>.md` is translated as
`docs/<name>.<lang>.md`, unless its front matter says `translate: false` (the status
report is English only).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import crescent.languages
from crescent.languages import Language
from crescent_site.pages import front_matter_lines
from translations import registry
from translations.files import read_text

SOURCE = crescent.languages.SOURCE
"""The language every other one translates."""
ENGINE = Path(crescent.languages.__file__)
"""The engine's registry, for a project without its own."""
SUFFIX = re.compile(r"\.(?P<lang>[a-z]{2}(?:_[A-Z]{2})?)$")


@dataclass(frozen=True)
class Catalog:
    """One gettext domain: `<locale_dir>/<lang>/LC_MESSAGES/<domain>.po`."""

    domain: str
    locale_dir: Path

    def path(self, lang: str) -> Path:
        """The PO file of `lang`."""
        return self.locale_dir / lang / "LC_MESSAGES" / f"{self.domain}.po"


@dataclass(frozen=True)
class Project:
    """The folders of one site, all under `root`."""

    root: Path
    docs_dir: Path
    state_dir: Path
    glossary_dir: Path
    catalogs: tuple[Catalog, ...]
    registry_path: Path

    @classmethod
    def at(cls, root: Path) -> Project:
        """The usual layout of a project at `root`.

        The translators' files (glossaries, state, the `site` catalogs) are in the
        project's `translations/` folder, or, when it has none (a copy of the site's
        pages only), in this package's own folder; the registry likewise is the
        project's `crescent/languages.py`, else the engine's.
        """
        root = root.resolve()
        toolkit = root / "translations"
        if not toolkit.is_dir():
            toolkit = Path(__file__).resolve().parent
        return cls(
            root=root,
            docs_dir=root / "docs",
            state_dir=toolkit / "state",
            glossary_dir=toolkit / "glossary",
            catalogs=(
                Catalog("crescent", root / "crescent" / "locale"),
                Catalog("site", toolkit / "locale"),
            ),
            registry_path=own if (own := root / "crescent" / "languages.py").is_file() else ENGINE,
        )

    def relative(self, path: Path) -> str:
        """`path` as the report prints it: relative to the root, with slashes."""
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    @property
    def registry(self) -> registry.Registry:
        """The project's registry of languages, as its file is now."""
        return registry.read(self.registry_path)

    def language(self, code: str) -> Language:
        """The registry's entry of `code`; raises `KeyError` for a code it does not have."""
        entry = self.registry.entry(code)
        if entry is None:
            raise KeyError(code)
        return entry.language

    @property
    def languages(self) -> list[str]:
        """The translated languages (the registry's, not English), in alphabetical order."""
        return sorted(lang.code for lang in self.registry.languages if lang.code != SOURCE)

    def glossary_path(self, lang: str) -> Path:
        """The glossary file of `lang`."""
        return self.glossary_dir / f"{lang}.toml"

    def pages(self) -> list[str]:
        """Names of the English pages to translate (`index`, `about`, `sub/page`)."""
        names = []
        for path in sorted(self.docs_dir.rglob("*.md")):
            name = path.relative_to(self.docs_dir).with_suffix("").as_posix()
            if SUFFIX.search(name) or not translatable(path):
                continue
            names.append(name)
        return names

    def source(self, page: str) -> Path:
        """The English file of `page`."""
        return self.docs_dir / f"{page}.md"

    def translation(self, page: str, lang: str) -> Path:
        """The file of `page` in `lang` (it may not exist)."""
        return self.docs_dir / f"{page}.{lang}.md"

    def orphans(self, lang: str) -> list[Path]:
        """Translations in `lang` whose English page does not exist."""
        return [
            path
            for path in sorted(self.docs_dir.rglob(f"*.{lang}.md"))
            if not (path.parent / (path.name[: -len(f".{lang}.md")] + ".md")).exists()
        ]


def translatable(path: Path) -> bool:
    """False when the page's front matter says `translate: false`."""
    text = read_text(path)
    lines = front_matter_lines(text)
    head = text.split("\n")[:lines]
    return not any(re.fullmatch(r"translate:\s*false\s*", line.strip()) for line in head)


def page_of(src_uri: str) -> tuple[str, str]:
    """`about.ru.md` -> (`about`, `ru`); `about.md` -> (`about`, `en`)."""
    name = src_uri[:-3] if src_uri.endswith(".md") else src_uri
    match = SUFFIX.search(name)
    if match:
        return name[: match.start()], match.group("lang")
    return name, SOURCE
