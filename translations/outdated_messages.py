"""Which catalog messages of a translation lag behind their English message.

A catalog's key stays the same when its English text is edited, so gettext's own
fuzzy marking never sees the change. The state file that records each page's English
blocks (`translations.outdated`) records each catalog too, under the catalog's file
name (`crescent.po`, `site.po`): per key, a hash of the English text (every plural
form) as it was when the translation was last marked, and the text itself, so the
report can show the English before and after.

A translated message is outdated when its English no longer matches what was
recorded, and unmarked when nothing was recorded for it (new in English, or never
marked). Messages not translated yet are the catalog check's gaps, not these.
"""

from __future__ import annotations

from typing import NamedTuple

from translations import catalogs
from translations.catalogs import Message
from translations.findings import Finding
from translations.outdated import Entry, State, text_fingerprint
from translations.project import SOURCE, Catalog, Project

FORM_SEPARATOR = "\n"
"""Between the plural forms of one message, in the recorded English text."""
FORM_SEPARATOR_SHOWN = " | "
"""Between them in the report (`shown_forms`)."""


def page_name(catalog: Catalog) -> str:
    """The name a catalog is recorded and marked under: `crescent.po`."""
    return f"{catalog.domain}.po"


def english_text(message: Message) -> str:
    """The English a translation of `message` follows: its plural forms, one per line."""
    return FORM_SEPARATOR.join(message.forms)


def shown_forms(text: str) -> str:
    """The English of a message as the report shows it, on one line: its plural forms
    apart (`Redeal ({count} left) | Redeals ({count} left)`), where whitespace would run
    them together."""
    return FORM_SEPARATOR_SHOWN.join(text.split(FORM_SEPARATOR))


def _entry(key: str, text: str) -> Entry:
    return {"block": key, "sha": text_fingerprint(text, "message"), "en": text}


def _recorded(state: State, catalog: Catalog) -> dict[str, Entry]:
    return {str(entry["block"]): entry for entry in state.get(page_name(catalog), [])}


class Lag(NamedTuple):
    """A translated message behind its English: `before` is the English it was marked
    with, None when it was never marked; `now` today's English."""

    key: str
    before: str | None
    now: str
    message: Message
    source: Message


def _done(message: Message | None) -> bool:
    """Whether `message` is translated (every form, and not fuzzy)."""
    return message is not None and message.translated and not message.fuzzy


def lagging(catalog: Catalog, lang: str, state: State) -> list[Lag]:
    """The translated messages of `lang` whose English changed since they were marked,
    or that were never marked, in the English catalog's order."""
    messages = catalogs.load(catalog.path(lang))
    recorded = _recorded(state, catalog)
    lags = []
    for key, source in catalogs.load(catalog.path(SOURCE)).items():
        message = messages.get(key)
        if message is None or not _done(message):
            continue  # not translated yet: a catalog gap (`catalogs.gaps`), not a lag
        now = english_text(source)
        entry = recorded.get(key)
        if entry is None:
            lags.append(Lag(key, None, now, message, source))
        elif entry["sha"] != text_fingerprint(now, "message"):
            lags.append(Lag(key, str(entry["en"] or ""), now, message, source))
    return lags


def findings(project: Project, catalog: Catalog, lang: str, state: State) -> list[Finding]:
    """`lagging` as the report's findings, each with the command that marks it."""
    name = page_name(catalog)
    found = []
    for lag in lagging(catalog, lang, state):
        command = f"run `python -m translations mark {lang} {name} {lag.key}`"
        if lag.before is None:
            text = f"{lag.key} is new in English or was never marked: check it, then {command}"
        else:
            text = (
                f"{lag.key} changed in English since it was translated: update it, then {command}"
            )
        found.append(
            Finding(
                "outdated",
                lang,
                name,
                project.relative(catalog.path(lang)),
                lag.message.line,
                text,
                project.relative(catalog.path(SOURCE)),
                lag.source.line,
                (shown_forms(lag.before or ""), shown_forms(lag.now)),
            )
        )
    return found


def keys(catalog: Catalog) -> list[str]:
    """The keys of the English catalog, in its order."""
    return list(catalogs.load(catalog.path(SOURCE)))


def synced(catalog: Catalog, lang: str, state: State, marked: set[str] | None) -> list[Entry]:
    """The catalog's entries after marking the messages `marked` (all when None) of `lang`
    as translated from today's English. Only translated messages are recorded; the others
    keep what was recorded for them, if anything."""
    english = catalogs.load(catalog.path(SOURCE))
    messages = catalogs.load(catalog.path(lang))
    recorded = _recorded(state, catalog)
    entries = []
    for key, source in english.items():
        if _done(messages.get(key)) and (marked is None or key in marked):
            entries.append(_entry(key, english_text(source)))
        elif key in recorded:
            entries.append(recorded[key])
    return entries
