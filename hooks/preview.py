"""MkDocs hook: a one-language preview (`make serve LANG=he`) shows that language's pages.

For a preview, static-i18n's `build_only_locale` makes the language the default one,
and a default language's page may come from a file without suffix: `about.md` (the
English page) and `about.he.md` then both claim `about/`, and the one read last wins,
which for Bulgarian and Hebrew (`about.bg.md` and `about.he.md` sort before
`about.md`) was the English page. Here, before the plugin sorts the files out, a
preview drops each English page that its language translates; an untranslated page
still falls back to English. Whole-site builds are left alone.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files


def _preview(config: MkDocsConfig) -> str | None:
    """The one language of a preview build (`build_only_locale`), or None."""
    plugin = config.plugins.get("i18n")
    return getattr(getattr(plugin, "config", None), "build_only_locale", None)


@event_priority(-50)  # before static-i18n's own on_files (-100)
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """In a preview, the English page gives way to its translation."""
    lang = _preview(config)
    if not lang:
        return files
    pages = {file.src_uri for file in files.documentation_pages()}
    for file in list(files.documentation_pages()):
        stem, _, extension = file.src_uri.rpartition(".")
        if f"{stem}.{lang}.{extension}" in pages:
            files.remove(file)
    return files
