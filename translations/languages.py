"""Adding a language to the site, and taking it out again.

`add` writes everything a new language needs, nothing by hand: its line in the
registry (`crescent/languages.py`), a glossary to fill (every concept, no word yet),
the engine's and the site's catalogs from the English ones (every message
untranslated, with the language's plural forms from CLDR, through Babel) and the
engine catalog compiled, so that the site builds at once: every page falls back to
English, every message and card letter too. `remove` deletes all of it again,
the language's pages and progress too; a language that holds translation work is
removed only with `force`. Bad input changes nothing and is refused with one line.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale, localedata
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import escape, read_po

from crescent.languages import SOURCE, Language
from translations import catalogs, glossary, registry, spelled
from translations.files import read_text
from translations.project import Project

CODE = re.compile(r"[a-z]{2}")
"""A language code: ISO 639-1, two lowercase letters."""


class LanguageError(Exception):
    """Why a language cannot be added or removed, in one line."""


@dataclass
class Change:
    """Files to write and files to delete, all decided before the first is touched."""

    writes: dict[Path, bytes] = field(default_factory=dict)
    deletes: list[Path] = field(default_factory=list)

    def apply(self) -> None:
        """Write and delete the files; remove the folders that deleting empties."""
        for path, data in self.writes.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        for path in self.deletes:
            path.unlink(missing_ok=True)
        for path in self.deletes:
            for folder in path.parents:
                if not folder.is_dir() or any(folder.iterdir()):
                    break
                folder.rmdir()


def add(project: Project, code: str, name: str | None, rtl: bool) -> list[str]:
    """Add the language `code` named `name`; the lines to print. Raises `LanguageError`."""
    language = _new_language(project, code, name, rtl)
    change = Change()
    text = read_text(project.registry_path)
    change.writes[project.registry_path] = registry.with_language(text, language).encode()
    change.writes[project.glossary_path(code)] = glossary_template(project, language).encode()
    for catalog in project.catalogs:
        po = catalog_template(catalog.path(SOURCE), language)
        change.writes[catalog.path(code)] = po.encode()
        if catalog.domain == "crescent":
            change.writes[catalog.path(code).with_suffix(".mo")] = compiled(po)
    for path in change.writes:
        if path.exists() and path != project.registry_path:
            raise LanguageError(f"{project.relative(path)} exists already: move it away first")
    change.apply()
    created = [project.relative(path) for path in change.writes if path.suffix != ".mo"]
    return [
        f"added {code} ({language.name}{', right to left' if rtl else ''}): " + ", ".join(created),
        f"next: fill translations/glossary/{code}.toml and the two catalogs, choose the card "
        f"letters in crescent/languages.py, translate pages as docs/PAGE.{code}.md; "
        f"preview with `make serve LANG={code}`; `make translations` lists what is left",
    ]


def _new_language(project: Project, code: str, name: str | None, rtl: bool) -> Language:
    """The language to add, once every check has passed."""
    if not CODE.fullmatch(code):
        lower = code.strip().lower()
        example = f"did you mean {lower}?" if CODE.fullmatch(lower) else "de, ar, ..."
        raise LanguageError(
            f"invalid language code {code!r}: give the two lowercase letters of ISO 639-1 "
            f"({example})"
        )
    entry = project.registry.entry(code)
    if entry is not None:
        where = f"{project.relative(project.registry_path)}:{entry.first}"
        raise LanguageError(f"{code} ({entry.language.name}) is a language already ({where})")
    if not localedata.exists(code):
        raise LanguageError(f"unknown language code {code!r}: CLDR has no language {code}")
    name = (name or "").strip()
    if not name:
        raise LanguageError(
            f"give the language's name in itself: --name NAME (for {code}, "
            f"CLDR says {Locale.parse(code).get_display_name(code)})"
        )
    if not name.isprintable():
        raise LanguageError(f"the name {name!r} holds a line break or a control character")
    written_rtl = Locale.parse(code).character_order == "right-to-left"
    if rtl != written_rtl:
        raise LanguageError(
            f"{code} is written right to left: add --rtl"
            if written_rtl
            else f"{code} is written left to right: leave out --rtl"
        )
    return Language(code, name, rtl=rtl)


def remove(project: Project, code: str, force: bool) -> list[str]:
    """Take the language `code` out of the site; the lines to print. Raises `LanguageError`."""
    if code == SOURCE:
        raise LanguageError(f"{SOURCE} is the source language: it cannot be removed")
    entry = project.registry.entry(code)
    if entry is None:
        known = ", ".join(lang.code for lang in project.registry.languages if lang.code != SOURCE)
        raise LanguageError(f"unknown language {code!r}; the languages are {known}")
    work = translation_work(project, entry.language)
    if work and not force:
        raise LanguageError(
            f"{code} holds translation work ({'; '.join(work)}): give --force to delete it "
            "with the language"
        )
    change = Change()
    text = read_text(project.registry_path)
    change.writes[project.registry_path] = registry.without_language(text, code).encode()
    change.deletes = [path for path in _files(project, code) if path.exists()]
    change.apply()
    gone = [project.relative(path) for path in change.deletes if path.suffix != ".mo"]
    return [f"removed {code} ({entry.language.name}): " + ", ".join(gone)]


def _files(project: Project, code: str) -> list[Path]:
    """Every file of the language `code` besides its registry line."""
    files = [project.glossary_path(code), project.state_dir / f"{code}.json"]
    for catalog in project.catalogs:
        files += [catalog.path(code), catalog.path(code).with_suffix(".mo")]
    return files + sorted(project.docs_dir.rglob(f"*.{code}.md"))


def translation_work(project: Project, language: Language) -> list[str]:
    """What a translator has done in `language`: pages, progress, terms, letters, messages."""
    code = language.code
    work = []
    pages = sorted(project.docs_dir.rglob(f"*.{code}.md"))
    if pages:
        work.append(f"{len(pages)} page{'s' if len(pages) != 1 else ''}")
    if (project.state_dir / f"{code}.json").exists():
        work.append(project.relative(project.state_dir / f"{code}.json"))
    terms = project.glossary_path(code)
    if terms.is_file() and re.search(r'^term\s*=\s*"[^"]', read_text(terms), re.M):
        work.append(f"terms in {project.relative(terms)}")
    if language.letters is not None:
        work.append(f"card letters {language.letters}")
    for catalog in project.catalogs:
        done = sum(1 for m in catalogs.load(catalog.path(code)).values() if any(m.forms))
        if done:
            work.append(f"{done} message{'s' if done != 1 else ''} in {catalog.domain}.po")
    return work


def glossary_template(project: Project, language: Language) -> str:
    """The glossary of `language` to fill: every concept, each with the English term."""
    source = glossary.load(project.glossary_path(SOURCE), project.language(SOURCE))
    english = {name: concept.term for name, concept in source.concepts.items()}
    lines = [
        f"# {language.name} glossary: one term per concept, to choose and write below (an",
        "# empty term is a concept still without a word). `forms`: patterns of the term in",
        "# running text (`stem*` any ending, `a|b` either word, `#` a number); `avoid`: synonyms",
        "# the terminology check flags. See en.toml and the translators' guide.",
        f'language = "{language.code}"',
        "",
        '# How a noun after a number changes: "unchanged" (5 kart), "after-one" (1 card,',
        '# 2 cards), "by-number" (1 карта, 2 карты, 5 карт); `unchanged-after`: the words that',
        '# may follow a number and never change with it (units, and words such as "of").',
        '# `no-suffix-on`: "cards", "fields", where a suffix written onto them would follow',
        "# how the reader voices them, which the text cannot know (tr.toml).",
        "[numbers]",
        'counted-nouns = ""  # not chosen yet: the checks take "by-number" meanwhile',
        "unchanged-after = []",
        "no-suffix-on = []",
        "",
        "# The language's words for each number, which the facts check reads as that number",
        '# ("one rank higher" names 1): patterns, as a term\'s forms (ru.toml, he.toml).',
        "[numbers.words]",
        *(
            f"{number} = []  # English: {pattern}"
            for number, pattern in source.spelled.words
            if number != spelled.NEGATION
        ),
        "",
        "# The words that deny (English: not, no, never, cannot, nothing, without…), which",
        "# the facts check asks a translation to answer: patterns (bg.toml, tr.toml).",
        "[negation]",
        "words = []",
        "",
        '# The dash set between two words, "—" or "–", with a no-break space before it so',
        "# that no line starts with it (ru.toml); none: spaced dashes are not checked.",
        "# The quotation marks, opening and closing, that must find their pair within a block",
        '# or a message: quotes = [["«", "»"]] (ru.toml); none: they are not checked.',
        "[typography]",
        'dash = ""',
        "quotes = []",
        "",
        "# Phrases copied word for word from English, for the check to find again: [[calques]]",
        "# with `pattern`, `write` and `reason` (bg.toml). Spelling rules, as a regular",
        "# expression of what breaks one: [[spelling]] with `regex`, `write`, `reason` (tr.toml).",
        "# The form of a button's words (the messages the English catalog flags `#, button`),",
        "# as a regular expression of what breaks it: [[buttons]], the same three (bg.toml).",
    ]
    for concept, term in english.items():
        lines += ["", f"[concepts.{concept}]", f"# English: {term}", 'term = ""']
    return "\n".join(lines) + "\n"


def catalog_template(english: Path, language: Language) -> str:
    """The catalog of `language` from the English one at `english`: every message
    untranslated, the English notes kept, the language's plural forms."""
    text = read_text(english)
    source = read_po(io.BytesIO(text.encode("utf-8")))
    header = text[text.index('msgid ""') : text.index("\n\n", text.index('msgid ""'))]
    header = header.replace(r'"Language: en\n"', rf'"Language: {language.code}\n"')
    plurals = get_plural(language.code)
    forms = rf'"Plural-Forms: nplurals={plurals.num_plurals}; plural={plurals.plural_expr};\n"'
    if '"Plural-Forms:' in header:
        header = re.sub(r'"Plural-Forms:[^\n]*', lambda _: forms, header)
    else:
        header += "\n" + forms
    out = [
        f"# {language.name} ({language.code}), translated from the English catalog ({SOURCE}).",
        "# An empty msgstr is a message still to translate (its English is shown meanwhile);",
        "# `{name}` fields are filled by the program and must stay as they are.",
        header,
    ]
    for message in list(source)[1:]:
        entry = [f"#. {note}" for note in message.auto_comments]
        if isinstance(message.id, str):
            entry += [f"msgid {escape(message.id)}", 'msgstr ""']
        else:
            entry += [f"msgid {escape(message.id[0])}", f"msgid_plural {escape(message.id[1])}"]
            entry += [f'msgstr[{n}] ""' for n in range(plurals.num_plurals)]
        out.append("\n" + "\n".join(entry))
    return "\n".join(out) + "\n"


def compiled(po: str) -> bytes:
    """The PO text compiled as the engine reads it (untranslated messages left out)."""
    data = io.BytesIO()
    write_mo(data, read_po(io.BytesIO(po.encode("utf-8"))))
    return data.getvalue()
