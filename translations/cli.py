"""`python -m translations`: the status report, and marking blocks up to date.

python -m translations [report]                  # the report; exit status 1 if any finding
python -m translations report --lang ru          # English and one language only
python -m translations mark ru about             # list the blocks of about in Russian
python -m translations mark ru about layout.1    # layout.1 is translated up to date
python -m translations mark ru about --all       # the whole page is up to date
python -m translations mark ru crescent.po ui.error   # a catalog message is up to date
python -m translations mark all all --all        # every page and catalog of every language
python -m translations mark-english index setup.1 --no-translation-needed
python -m translations mark-english crescent.po ui.error --no-translation-needed
                                                 # an English typo fix: no language
                                                 # needs to change its translation
python -m translations add de --name Deutsch     # a new language, with its files
python -m translations add ar --name العربية --rtl
python -m translations remove de                 # take it out again
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from translations import check, languages, outdated, outdated_messages, report
from translations.catalogs import load as load_catalog
from translations.files import FileProblem
from translations.project import Catalog, Project


class UsageError(Exception):
    """A command that cannot be carried out, with the reason."""


def main(argv: list[str] | None = None) -> int:
    """Run a command; the exit status is 0 (done, nothing to do), 1 (findings) or 2 (error)."""
    parser = argparse.ArgumentParser(
        prog="python -m translations",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the project folder")
    commands = parser.add_subparsers(dest="command")
    status = commands.add_parser("report", help="print the status of every language and page")
    status.add_argument("--lang", help="English and this language only")
    mark = commands.add_parser("mark", help="mark translated blocks as up to date")
    mark.add_argument("lang", help="a language, or 'all'")
    mark.add_argument(
        "page",
        help="a page (index, about...) or catalog (crescent.po, site.po), or 'all' with --all",
    )
    mark.add_argument(
        "blocks", nargs="*", help="block ids such as setup.1, or catalog keys (see the report)"
    )
    mark.add_argument("--all", action="store_true", help="every block of the page or catalog")
    english = commands.add_parser(
        "mark-english", help="an English edit that needs no translation work"
    )
    english.add_argument("page")
    english.add_argument("block")
    english.add_argument("--no-translation-needed", action="store_true", required=True)
    adding = commands.add_parser("add", help="add a language: registry, glossary, catalogs")
    adding.add_argument("code", help="its two-letter ISO 639-1 code: de, ar...")
    adding.add_argument("--name", help="its name in itself: Deutsch, العربية...")
    adding.add_argument("--rtl", action="store_true", help="it is written right to left")
    removing = commands.add_parser("remove", help="take a language out, with all its files")
    removing.add_argument("code")
    removing.add_argument("--force", action="store_true", help="even with translation work")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except FileProblem as error:
        print(f"python -m translations: {error.shown(args.root)}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    """The command `args` name, run: its exit status."""
    project = Project.at(args.root)
    try:
        if args.command == "add":
            print("\n".join(languages.add(project, args.code, args.name, args.rtl)))
            return 0
        if args.command == "remove":
            print("\n".join(languages.remove(project, args.code, args.force)))
            return 0
        if args.command == "mark":
            print("\n".join(mark_blocks(project, args.lang, args.page, args.blocks, args.all)))
            return 0
        if args.command == "mark-english":
            print("\n".join(mark_english(project, args.page, args.block)))
            return 0
    except (UsageError, languages.LanguageError) as error:
        print(f"python -m translations: {error}", file=sys.stderr)
        return 2
    only = getattr(args, "lang", None)
    if only is not None and only not in project.languages:
        print(
            f"python -m translations: unknown language {only!r} "
            f"(languages: {', '.join(project.languages)})",
            file=sys.stderr,
        )
        return 2
    result = report.collect(project, only)
    sys.stdout.write(report.text(result))
    return 0 if result.clean else 1


def _catalogs(project: Project) -> dict[str, Catalog]:
    """The catalogs by the name they are marked under: `crescent.po`, `site.po`."""
    return {outdated_messages.page_name(catalog): catalog for catalog in project.catalogs}


def mark_blocks(
    project: Project, lang: str, page: str, blocks: list[str], whole: bool
) -> list[str]:
    """Record blocks (or whole pages), or catalog messages, of a language as translated
    from today's English."""
    catalogs = _catalogs(project)
    names = [*project.pages(), *catalogs]
    languages = project.languages if lang == "all" else [lang]
    pages = names if page == "all" else [page]
    if lang != "all" and lang not in project.languages:
        raise UsageError(f"unknown language {lang!r} (languages: {', '.join(project.languages)})")
    if page != "all" and page not in names:
        raise UsageError(f"unknown page {page!r} (pages and catalogs: {', '.join(names)})")
    if page == "all" and not whole:
        raise UsageError("give --all to mark every page")
    if not whole and not blocks:
        if page in catalogs:
            return _list_messages(project, catalogs[page], languages[0])
        return _list_blocks(project, languages[0], pages[0])
    done = []
    for language in languages:
        state = outdated.load(project.state_dir, language)
        for name in pages:
            if name in catalogs:
                done.append(_mark_messages(catalogs[name], language, state, blocks, whole))
                continue
            page_check = check.page(project, name, language, state)
            if not page_check.exists:
                if lang == "all":
                    continue
                raise UsageError(f"{page_check.path} does not exist")
            mismatches = [f.text() for f in page_check.findings if f.category == "structure"]
            if mismatches:
                raise UsageError("fix the structure first:\n" + "\n".join(mismatches))
            known = {block.id for block in page_check.english}
            unknown = sorted(set(blocks) - known)
            if unknown:
                raise UsageError(f"{name} has no block {', '.join(unknown)}")
            state[name] = outdated.synced(page_check.statuses, None if whole else set(blocks))
            what = "every block" if whole else ", ".join(blocks)
            done.append(f"{language} {name}: {what} marked up to date")
        outdated.save(project.state_dir, language, state)
    return done


def _mark_messages(
    catalog: Catalog, lang: str, state: outdated.State, keys: list[str], whole: bool
) -> str:
    """Mark messages of one catalog (all its translated ones when `whole`) in `state`."""
    name = outdated_messages.page_name(catalog)
    unknown = sorted(set(keys) - set(outdated_messages.keys(catalog)))
    if unknown:
        raise UsageError(f"{name} has no key {', '.join(unknown)}")
    entries = load_catalog(catalog.path(lang))
    untranslated = sorted(k for k in keys if k not in entries or not entries[k].translated)
    if untranslated:
        raise UsageError(
            f"{lang} {name}: {', '.join(untranslated)} has no translation yet (an empty "
            "msgstr is shown in English): translate it, then mark it"
        )
    state[name] = outdated_messages.synced(catalog, lang, state, None if whole else set(keys))
    what = "every translated message" if whole else ", ".join(keys)
    return f"{lang} {name}: {what} marked up to date"


def _list_blocks(project: Project, lang: str, page: str) -> list[str]:
    page_check = check.page(project, page, lang)
    lines = [
        f"Blocks of {page} in {lang} (mark them with: python -m translations mark "
        f"{lang} {page} BLOCK..., or --all):"
    ]
    for status in page_check.statuses:
        block = status.block
        lines.append(f"  {block.id:<24} {block.label:<12} {status.state}")
    return lines


def _list_messages(project: Project, catalog: Catalog, lang: str) -> list[str]:
    name = outdated_messages.page_name(catalog)
    lags = outdated_messages.lagging(catalog, lang, outdated.load(project.state_dir, lang))
    if not lags:
        return [f"{lang} {name}: no translated message is waiting to be marked"]
    return [
        f"Messages of {name} in {lang} waiting to be marked (mark them with: "
        f"python -m translations mark {lang} {name} KEY..., or --all):",
        *(f"  {lag.key}" for lag in lags),
    ]


def mark_english(project: Project, page: str, block_id: str) -> list[str]:
    """Mark an English edit of one block (or catalog message) as needing no translation
    work.

    Every language whose translation was up to date with the English text just before
    the edit is moved to the new text. The text just before the edit is taken to be
    the recorded one closest to today's; a language synced with an older text still
    needs the older change and is left alone.
    """
    catalogs = _catalogs(project)
    if page in catalogs:
        current, befores = _message_befores(project, catalogs[page], block_id)
    elif page in project.pages():
        current, befores = _block_befores(project, page, block_id)
    else:
        names = [*project.pages(), *catalogs]
        raise UsageError(f"unknown page {page!r} (pages and catalogs: {', '.join(names)})")
    if not befores:
        return [f"{page} {block_id}: no language is behind this block; nothing to do"]
    latest = max(
        set(befores.values()), key=lambda text: difflib.SequenceMatcher(a=text, b=current).ratio()
    )
    done = []
    for lang, before in sorted(befores.items()):
        if before != latest:
            done.append(f"{lang}: left outdated (its translation predates an earlier change)")
            continue
        done += mark_blocks(project, lang, page, [block_id], whole=False)
    return done


def _block_befores(project: Project, page: str, block_id: str) -> tuple[str, dict[str, str]]:
    """A block's English today, and per language the English it was marked with, when
    that is not today's."""
    befores: dict[str, str] = {}
    current = ""
    for lang in project.languages:
        state = outdated.load(project.state_dir, lang)
        if page not in state:
            continue
        for status in outdated.compare(state[page], check.blocks(project.source(page))):
            if status.block.id == block_id:
                current = status.block.text
                if status.state == "changed" and status.before:
                    befores[lang] = status.before
    if not current:
        raise UsageError(f"{page} has no block {block_id}")
    return current, befores


def _message_befores(project: Project, catalog: Catalog, key: str) -> tuple[str, dict[str, str]]:
    """`_block_befores` of a catalog message."""
    if key not in outdated_messages.keys(catalog):
        raise UsageError(f"{outdated_messages.page_name(catalog)} has no key {key}")
    current, befores = "", {}
    for lang in project.languages:
        state = outdated.load(project.state_dir, lang)
        for lag in outdated_messages.lagging(catalog, lang, state):
            if lag.key == key and lag.before is not None:
                current, befores[lang] = lag.now, lag.before
    return current, befores


if __name__ == "__main__":
    sys.exit(main())
