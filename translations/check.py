"""Every check of one translated page, and of the catalogs and glossaries, as findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from crescent.languages import Language, letters_problem
from translations import (
    align,
    balance,
    catalogs,
    counts,
    facts,
    glossary,
    links,
    naming,
    numerals,
    outdated,
    outdated_messages,
    quotes,
    spelled,
    term_use,
    vocabulary,
)
from translations.blocks import Block, parse, prose
from translations.files import read_text
from translations.findings import Finding
from translations.project import SOURCE, Project


@dataclass(frozen=True)
class PageCheck:
    """A page in one language: its blocks paired with English, statuses and findings."""

    lang: str
    page: str
    path: str
    exists: bool
    english: list[Block] = field(default_factory=list)
    pairs: list[align.Pair] = field(default_factory=list)
    statuses: list[outdated.Status] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def count(self, category: str) -> int:
        """How many findings of `category` the page has."""
        return sum(1 for f in self.findings if f.category == category)

    def translation_of(self, english: Block) -> Block | None:
        """The translated block paired with `english`."""
        for pair in self.pairs:
            if pair.en is not None and pair.en.id == english.id and pair.en.line == english.line:
                return pair.tr
        return None


def blocks(path: Path) -> list[Block]:
    """The blocks of a file, parsed once for each text it has had.

    Keyed by the text itself, not the modification time: a change that keeps the time
    (a rebuild within the same second, a restored copy) is still seen.
    """
    return _blocks(read_text(path))


@lru_cache(maxsize=256)
def _blocks(text: str) -> list[Block]:
    return parse(text)


Glossaries = dict[str, glossary.Glossary]


def glossaries(project: Project) -> Glossaries:
    """The glossary of each registry language that has one, read once for each text the
    files (and the registry) have had."""
    files = [
        (language, path, read_text(path))
        for language in project.registry.languages
        if (path := project.glossary_path(language.code)).is_file()
    ]
    return _glossaries(tuple(files))


@lru_cache(maxsize=16)
def _glossaries(files: tuple[tuple[Language, Path, str], ...]) -> Glossaries:
    return glossary.parse_all(list(files))


def company(project: Project, lang: str) -> naming.Company:
    """How the words of `lang`'s pages keep company with the concepts (for the stand-ins)."""
    all_glossaries = glossaries(project)
    texts = []
    for name in project.pages():
        target = project.translation(name, lang)
        if target.is_file():
            texts.append(
                (
                    read_text(project.source(name)),
                    read_text(target),
                )
            )
    return _company(all_glossaries[SOURCE], all_glossaries[lang], tuple(texts))


@lru_cache(maxsize=16)
def _company(
    english: glossary.Glossary, own: glossary.Glossary, texts: tuple[tuple[str, str], ...]
) -> naming.Company:
    pairs = [pair for en, tr in texts for pair in align.align(_blocks(en), _blocks(tr))]
    return naming.company(english, own, pairs)


def page(project: Project, name: str, lang: str, state: outdated.State | None = None) -> PageCheck:
    """Structure, outdated blocks, glossary and quotes of page `name` in `lang`."""
    source, target = project.source(name), project.translation(name, lang)
    en_path, tr_path = project.relative(source), project.relative(target)
    english = blocks(source)
    if not target.is_file():
        return PageCheck(
            lang,
            name,
            tr_path,
            False,
            english,
            findings=[
                Finding(
                    "missing",
                    lang,
                    name,
                    tr_path,
                    0,
                    f"not translated: copy {en_path} to {tr_path}, translate it, then run "
                    f"`python -m translations mark {lang} {name} --all`",
                    en_path,
                    1,
                )
            ],
        )
    translated = blocks(target)
    pairs = align.align(english, translated)
    findings = align.mismatches(pairs, en_path, tr_path, lang, name)
    findings += align.heading_findings(translated, tr_path, lang, name)
    all_glossaries = glossaries(project)
    own, english_glossary = all_glossaries.get(lang), all_glossaries.get(SOURCE)
    marks = own.quotes if own is not None else ()
    findings += _markup_findings(pairs, (en_path, tr_path), (lang, name), marks)
    # A block still in English (a page in progress) says what English says, in English's
    # words: the checks of the language's words, quotes, facts and numbers pass it over.
    english_still = {id(pair.tr) for pair in pairs if still_english(pair)}
    checked = [pair for pair in pairs if id(pair.tr) not in english_still]
    if own is not None:
        words = [block for block in translated if id(block) not in english_still]
        lines = [line for block in words for line in prose(block)]
        findings += glossary.page_findings(own, lines, tr_path, name)
    if own is not None and english_glossary is not None:
        context = naming.Context(
            english_glossary,
            own,
            company(project, lang),
            en_path,
            tr_path,
            name,
            project.relative(own.path),
        )
        findings += naming.page_findings(context, checked)
    if own is not None and english_glossary is not None:
        for pair in checked:
            if pair.en is not None and pair.tr is not None:
                findings += quotes.block_findings(
                    project, (english_glossary, own), lang, name, (pair.en, pair.tr), tr_path
                )
    if own is not None:
        findings += _fact_findings(project, own, (name, lang), checked, (en_path, tr_path))
    findings += _number_findings(project, (name, lang), checked, tr_path)
    recorded = state if state is not None else outdated.load(project.state_dir, lang)
    statuses = outdated.compare(recorded.get(name, []), english)
    check = PageCheck(lang, name, tr_path, True, english, pairs, statuses, findings)
    check.findings.extend(_outdated_findings(check, en_path, name in recorded))
    return check


def still_english(pair: align.Pair) -> bool:
    """Whether the translated block of `pair` is its English block, word for word (not
    translated yet)."""
    return pair.en is not None and pair.tr is not None and pair.tr.text == pair.en.text


def _markup_findings(
    pairs: list[align.Pair],
    paths: tuple[str, str],
    page: tuple[str, str],
    quotes: tuple[tuple[str, str], ...],
) -> list[Finding]:
    """Each translated block's links that differ from its English block's
    (`translations.links`), and its markup and quotation marks left open
    (`translations.balance`): structure findings at the block's line."""
    en_path, tr_path = paths
    lang, name = page
    return [
        Finding(
            "structure",
            lang,
            name,
            tr_path,
            pair.tr.line,
            f"{pair.en.id}: {said}",
            en_path,
            pair.en.line,
        )
        for pair in pairs
        if pair.en is not None and pair.tr is not None
        for said in [
            *links.differences(pair.en.text, pair.tr.text),
            *(
                balance.left_open(pair.en.text, pair.tr.text, quotes)
                if pair.tr.kind != "code"
                else []
            ),
        ]
    ]


def _fact_findings(
    project: Project,
    own: glossary.Glossary,
    page_lang: tuple[str, str],
    pairs: list[align.Pair],
    paths: tuple[str, str],
) -> list[Finding]:
    """Blocks whose numbers, cards or negations differ from English, and `[[other-facts]]`
    entries of the page that excuse nothing (the block agrees now, or is gone)."""
    name, lang = page_lang
    en_path, tr_path = paths
    excused = own.excused_facts(name)
    in_words = _spelled(project, own)
    findings = []
    needed = set()
    for pair in pairs:
        if pair.en is None or pair.tr is None:
            continue
        fact = facts.block_finding(
            (pair.en.text, pair.tr.text),
            own.letters,
            (lang, name, tr_path, pair.tr.line),
            (en_path, pair.en.line),
            in_words,
        )
        if fact is not None and pair.en.id in excused:
            needed.add(pair.en.id)
        elif fact is not None:
            findings.append(fact)
    for block in sorted(excused - needed):
        findings.append(
            Finding(
                "glossary",
                lang,
                name,
                project.relative(own.path),
                0,
                facts.stale(f"{name}#{block}"),
            )
        )
    return findings


def _spelled(project: Project, own: glossary.Glossary) -> tuple[spelled.Spelled, spelled.Spelled]:
    """The number words of English and of `own`'s language (`translations.spelled`)."""
    english = glossaries(project).get(SOURCE)
    return (english.spelled if english is not None else spelled.NONE, own.spelled)


def _notation(project: Project, lang: str) -> tuple[numerals.Notation, str] | None:
    """How `lang` writes numbers, as its engine catalog says, and that catalog's path."""
    engine = project.catalogs[0].path(lang)
    notation = numerals.notation(catalogs.load(engine)) if engine.is_file() else None
    return None if notation is None else (notation, project.relative(engine))


def _number_findings(
    project: Project, page_lang: tuple[str, str], pairs: list[align.Pair], path: str
) -> list[Finding]:
    """The page's numbers written otherwise than its language's engine catalog writes
    them (`translations.numerals`), each at its line: `pairs`, its blocks with their
    English ones (None on the English page), say which numbers English writes grouped."""
    name, lang = page_lang
    found = _notation(project, lang)
    if found is None:
        return []
    notation, source = found
    findings = []
    for pair in pairs:
        if pair.tr is None:
            continue
        english = numerals.grouped_in(pair.en.text) if pair.en is not None else frozenset()
        findings += [
            Finding("glossary", lang, name, path, line, numerals.advice(misspelt, source))
            for line, text in prose(pair.tr)
            for misspelt in notation.misspelt(text, english)
        ]
    return findings


def _outdated_findings(check: PageCheck, en_path: str, tracked: bool) -> list[Finding]:
    if not tracked:
        return [
            Finding(
                "outdated",
                check.lang,
                check.page,
                check.path,
                0,
                "never marked up to date: when the translation is done, run "
                f"`python -m translations mark {check.lang} {check.page} --all`",
                en_path,
                1,
            )
        ]
    findings = []
    for status in check.statuses:
        if status.state == "current":
            continue
        block = status.block
        translated = check.translation_of(block)
        line = translated.line if translated else 0
        if status.state == "changed":
            message = f"{block.id} ({block.label}) changed in English since it was translated"
            details = (status.before or "", block.text)
        else:
            message = f"{block.id} ({block.label}) is new in English or was never marked"
            details = ("", block.text)
        findings.append(
            Finding(
                "outdated",
                check.lang,
                check.page,
                check.path,
                line,
                message,
                en_path,
                block.line,
                details,
            )
        )
    return findings


def english_page(project: Project, name: str) -> list[Finding]:
    """The English page's own checks: heading ids, glossary, quotes near a catalog message."""
    source = project.source(name)
    path = project.relative(source)
    english = blocks(source)
    findings = align.heading_findings(english, path, SOURCE, name)
    alone = [align.Pair(None, block) for block in english]  # no English to compare with
    findings += _number_findings(project, (name, SOURCE), alone, path)
    own = glossaries(project).get(SOURCE)
    if own is not None:
        lines = [line for block in english for line in prose(block)]
        findings += glossary.page_findings(own, lines, path, name)
        findings += naming.stale_senses(own, name, english, project.relative(own.path))
    messages = catalogs.load(project.catalogs[0].path(SOURCE))
    for block in english:
        for quote, key in quotes.near_misses(block, messages):
            findings.append(
                Finding(
                    "quote",
                    SOURCE,
                    name,
                    path,
                    block.line,
                    f"“{quote}” is not the catalog's {key}: “{messages[key].text}”",
                )
            )
    return findings


def _language_lines(project: Project, lang: str) -> list[tuple[int, str]]:
    """Every line of prose of the language's pages and the text of its messages (the
    numbers are not lines of one file: only what is written counts here)."""
    lines: list[tuple[int, str]] = []
    for name in project.pages():
        path = project.source(name) if lang == SOURCE else project.translation(name, lang)
        if path.is_file():
            lines += [line for block in blocks(path) for line in prose(block)]
    for catalog in project.catalogs:
        for message in catalogs.load(catalog.path(lang)).values():
            lines += [(message.line, form) for form in message.forms]
    return lines


def _elsewhere(project: Project, own: glossary.Glossary) -> list[tuple[int, str]]:
    """The glossary's exceptions for a block (`[[other-facts]]`, `[[unnamed]]`,
    `[[other-sense]]`) that name no page or catalog of the project: they excuse nothing."""
    places = [*project.pages(), *(f"{catalog.domain}.po" for catalog in project.catalogs)]
    named = [("other-facts", where.partition("#")[0], where) for where, _ in own.other_facts]
    named += [("unnamed", entry.page, f"{entry.page}#{entry.block}") for entry in own.unnamed]
    named += [
        ("other-sense", entry.page, f"{entry.page}#{entry.block}") for entry in own.other_senses
    ]
    return [
        (
            0,
            f"[[{kind}]] {where}: no page or catalog {page!r} "
            f"(the project has {', '.join(places)})",
        )
        for kind, page, where in named
        if page not in places
    ]


def language_files(project: Project, lang: str) -> list[Finding]:
    """The language's registry entry, glossary file, catalogs and stray translations."""
    findings = registry_findings(project, lang)
    all_glossaries = glossaries(project)
    own = all_glossaries.get(lang)
    if own is None:
        where = project.relative(project.glossary_path(lang))
        findings.append(
            Finding(
                "glossary",
                lang,
                "glossary",
                where,
                0,
                f"no glossary: create {where} (`python -m translations add` writes one to fill)",
            )
        )
    else:
        where = project.relative(own.path)
        findings += [
            Finding("glossary", lang, "glossary", where, line, problem)
            for line, problem in [*own.problems, *_elsewhere(project, own)]
        ]
        findings += [
            Finding("glossary", lang, "glossary", where, glossary.term_line(own, concept), problem)
            for concept, problem in term_use.unused_terms(own, _language_lines(project, lang))
        ]
        english = all_glossaries.get(SOURCE)
        if english is not None and lang != SOURCE:
            for catalog in project.catalogs:
                findings += glossary.catalog_findings(
                    own,
                    english,
                    catalogs.load(catalog.path(lang)),
                    catalogs.load(catalog.path(SOURCE)),
                    project.relative(catalog.path(lang)),
                    f"{catalog.domain}.po",
                )
    if lang == SOURCE and own is not None:
        pages = {name: blocks(project.source(name)) for name in project.pages()}
        findings += vocabulary.findings(project, own, pages)
        for catalog in project.catalogs:
            findings += naming.stale_catalog_senses(
                own,
                catalogs.load(catalog.path(SOURCE)),
                f"{catalog.domain}.po",
                project.relative(own.path),
            )
    if own is not None:
        for catalog in project.catalogs:
            findings += counts.findings(
                own.counted_nouns,
                own.unchanged_after,
                catalogs.load(catalog.path(lang)),
                counts.known_counts(catalog.path(SOURCE)),
                (lang, f"{catalog.domain}.po", project.relative(catalog.path(lang))),
            )
    for catalog in project.catalogs:
        findings += catalogs.syntax_findings(project, catalog, lang)
    findings += _catalog_number_findings(project, lang)
    if lang != SOURCE:
        state = outdated.load(project.state_dir, lang)
        for catalog in project.catalogs:
            findings += catalogs.gaps(project, catalog, lang)
            findings += outdated_messages.findings(project, catalog, lang, state)
            if own is None:
                continue
            domain = f"{catalog.domain}.po"
            findings += facts.catalog_findings(
                catalogs.load(catalog.path(lang)),
                catalogs.load(catalog.path(SOURCE)),
                own.letters,
                own.excused_facts(domain),
                (lang, domain, project.relative(catalog.path(lang))),
                _spelled(project, own),
            )
        for orphan in project.orphans(lang):
            where = project.relative(orphan)
            findings.append(
                Finding(
                    "structure",
                    lang,
                    orphan.stem,
                    where,
                    0,
                    "a translation without an English page: rename or remove it",
                )
            )
    return findings


def _catalog_number_findings(project: Project, lang: str) -> list[Finding]:
    """The language's catalog messages whose numbers are written otherwise than its
    engine catalog's number.* entries write them (`translations.numerals`)."""
    found = _notation(project, lang)
    if found is None:
        return []
    notation, source = found
    findings = []
    for catalog in project.catalogs:
        if not catalog.path(lang).is_file():
            continue
        english = catalogs.load(catalog.path(SOURCE)) if catalog.path(SOURCE).is_file() else {}
        findings += [
            Finding(
                "glossary",
                lang,
                f"{catalog.domain}.po",
                project.relative(catalog.path(lang)),
                message.line,
                f"entry {key}: {numerals.advice(misspelt, source)}",
            )
            for key, message in catalogs.load(catalog.path(lang)).items()
            if message.translated
            for misspelt in notation.misspelt(message.text, _grouped_in(english.get(key)))
        ]
    return findings


def _grouped_in(english: catalogs.Message | None) -> frozenset[str]:
    """The numbers an English catalog message writes grouped (none when it has none)."""
    return numerals.grouped_in(english.text) if english is not None else frozenset()


def registry_findings(project: Project, lang: str) -> list[Finding]:
    """The card letters a language has not chosen yet, or chose wrong (its registry entry)."""
    entry = project.registry.entry(lang)
    if entry is None:
        return []
    letters = entry.language.letters
    if letters is None:
        said = (
            f'the card letters of {lang} are not chosen: give its entry letters="...", '
            "the letters of ace, jack, queen and king"
        )
    elif (problem := letters_problem(letters)) is not None:
        said = f'card letters "{letters}" cannot be used: {problem}'
    else:
        return []
    where = project.relative(project.registry_path)
    meanwhile = " (the English A J Q K are shown meanwhile)"
    return [Finding("glossary", lang, "glossary", where, entry.first, said + meanwhile)]
