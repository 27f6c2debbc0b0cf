"""The translation status report: per language and page, then every finding.

The same report is printed by `python -m translations report` (plain text, for the
terminal) and written into the site's English page *Translation status* (HTML).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from translations import check, outdated
from translations.findings import CATEGORIES, Finding
from translations.project import SOURCE, Project

COLUMNS = ("blocks", "outdated", "structure", "glossary", "quote", "fact")
FILE_PAGES = frozenset({"crescent.po", "site.po", "glossary"})
"""Findings about a language's files rather than one of its pages."""
NAME = re.compile(
    r"`(?P<code>[^`]+)`"
    r"|(?<![\w.#/-])(?P<name>\[\[[\w-]+\]\]"
    r"|[\w.-]+(?:/[\w.-]+)+(?::\d+)?"
    r"|[a-z][\w-]*(?:[.#][\w-]+)+)(?![\w-])"
)
"""What a finding names rather than says: a command in backticks, a catalog key
(`record.bad-format`), a block (`setup.2`, `about#layout.1`), a glossary's table
(`[[unnamed]]`), a file (`crescent.po`, `docs/index.ru.md:81`)."""


@dataclass
class Report:
    """Everything the report shows."""

    languages: list[str]
    pages: list[str]
    checks: list[check.PageCheck] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """True when there is nothing to do."""
        return not self.findings

    def counts(self, lang: str) -> dict[str, int]:
        """Findings of `lang` by category."""
        found = dict.fromkeys(CATEGORIES, 0)
        for finding in self.findings:
            if finding.lang == lang:
                found[finding.category] += 1
        return found


def collect(
    project: Project,
    only: str | None = None,
    checked: Mapping[tuple[str, str], check.PageCheck] | None = None,
) -> Report:
    """Run every check of every language (or of language `only`) and page; a page
    already `checked` (by name and language, in this same state of the sources) is taken
    as it is."""
    pages = project.pages()
    languages = [only] if only in project.languages else project.languages
    report = Report(languages, pages)
    for name in pages:
        report.findings += check.english_page(project, name)
    report.findings += check.language_files(project, SOURCE)
    known = checked or {}
    for lang in languages:
        state = outdated.load(project.state_dir, lang)
        for name in pages:
            page_check = known.get((name, lang))
            if page_check is None:
                page_check = check.page(project, name, lang, state)
            report.checks.append(page_check)
            report.findings += page_check.findings
        report.findings += check.language_files(project, lang)
    report.findings.sort(key=Finding.sort_key)
    return report


def _row(page_check: check.PageCheck) -> dict[str, str]:
    if not page_check.exists:
        return {"state": "missing", **dict.fromkeys(COLUMNS, "–")}
    translated = sum(1 for pair in page_check.pairs if pair.tr is not None)
    changed = sum(1 for s in page_check.statuses if s.state != "current")
    row = {
        "state": "translated" if not page_check.findings else "needs work",
        "blocks": str(translated),
        "outdated": str(changed),
    }
    for category in COLUMNS[2:]:
        row[category] = str(page_check.count(category))
    return row


def text(report: Report) -> str:
    """The report as plain text."""
    out = ["Translation status (English is the source)", ""]
    header = f"{'lang':<5} {'page':<22} {'state':<11}" + "".join(f"{c:>10}" for c in COLUMNS)
    out.append(header)
    for page_check in report.checks:
        row = _row(page_check)
        out.append(
            f"{page_check.lang:<5} {page_check.page:<22} {row['state']:<11}"
            + "".join(f"{row[c]:>10}" for c in COLUMNS)
        )
    out.append("")
    catalog_gaps = {lang: report.counts(lang)["catalog"] for lang in report.languages}
    out.append("catalog gaps: " + ", ".join(f"{lang} {n}" for lang, n in catalog_gaps.items()))
    out.append("")
    if report.clean:
        out.append("Nothing to do: every page is translated, up to date and consistent.")
        return "\n".join(out) + "\n"
    out.append(f"{len(report.findings)} finding{'s' if len(report.findings) != 1 else ''}:")
    for finding in report.findings:
        line = finding.text()
        if finding.other_location and finding.other_location not in finding.message:
            line += f" [English: {finding.other_location}]"
        out.append(line)
        if finding.details:
            before, after = finding.details
            if before:
                out.append(f"    English before: {_one_line(before)}")
            out.append(f"    English now:    {_one_line(after)}")
    return "\n".join(out) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _cell(page_check: check.PageCheck) -> str:
    """A summary cell: `up to date`, `missing`, or counts such as `23 outdated, 1 glossary`."""
    if not page_check.exists:
        return "missing"
    counts = [f"{page_check.count(c)} {c}" for c in CATEGORIES if page_check.count(c)]
    return ", ".join(counts) if counts else "up to date"


def page_html(report: Report) -> str:
    """The report as the body of the site's *Translation status* page (HTML)."""
    by_key = {(c.lang, c.page): c for c in report.checks}
    head = "".join(f"<th>{lang}</th>" for lang in report.languages)
    out = [f"<table>\n<thead><tr><th>Page</th>{head}</tr></thead>\n<tbody>"]
    for name in report.pages:
        cells = "".join(f"<td>{_cell(by_key[(lang, name)])}</td>" for lang in report.languages)
        out.append(f"<tr><th>{html.escape(name)}</th>{cells}</tr>")
    files = []
    for lang in report.languages:
        own = [f for f in report.findings if f.lang == lang and f.page in FILE_PAGES]
        files.append(f"<td>{len(own) or 'complete'}{' to do' if own else ''}</td>")
    out.append(f"<tr><th>catalogs and glossary</th>{''.join(files)}</tr>")
    out.append("</tbody></table>")
    if report.clean:
        out.append(
            "<p><strong>Nothing to do:</strong> every page is translated, up to date "
            "and consistent.</p>"
        )
        return "\n".join(out)
    total = len(report.findings)
    out.append(
        f"<p><strong>{total} finding{'s' if total != 1 else ''}</strong>, by language "
        "(English first: its own glossary and quotes):</p>"
    )
    for lang in [SOURCE, *report.languages]:
        own = [f for f in report.findings if f.lang == lang]
        if not own:
            continue
        out.append(f'<h2 id="findings-{lang}">{lang}: {len(own)}</h2>')
        out.append('<ul class="tb-findings">')
        out += [f"<li>{_finding_html(finding)}</li>" for finding in own]
        out.append("</ul>")
    return "\n".join(out)


def message_html(message: str) -> str:
    """A finding's message in HTML: the keys, blocks, files and commands it names as
    code; the words it quotes between “ and ” (quotes within quotes too) as they are."""
    out, plain, depth = [], "", 0
    for char in message:
        if char == "“" and depth == 0:
            out.append(_names_html(plain))
            plain = ""
        if char == "“":
            depth += 1
        elif char == "”" and depth:
            depth -= 1
            if depth == 0:
                out.append(html.escape(plain + char))
                plain = ""
                continue
        plain += char
    out.append(_names_html(plain) if depth == 0 else html.escape(plain))
    return "".join(out)


def _names_html(text: str) -> str:
    out, start = [], 0
    for match in NAME.finditer(text):
        out.append(html.escape(text[start : match.start()]))
        out.append(f"<code>{html.escape(match.group('code') or match.group('name'))}</code>")
        start = match.end()
    return "".join(out) + html.escape(text[start:])


def _finding_html(finding: Finding) -> str:
    parts = [
        f"<code>{html.escape(finding.location)}</code> {finding.category}: "
        f"{message_html(finding.message)}"
    ]
    if finding.other_location and finding.other_location not in finding.message:
        parts.append(f" <span>(English: <code>{html.escape(finding.other_location)}</code>)</span>")
    if finding.details:
        before, after = finding.details
        diff = "".join(_diff_part(tag, words) for tag, words in outdated.word_diff(before, after))
        parts.append(
            f"<details><summary>English before and after</summary>"
            f'<p class="tb-diff" lang="en">{diff}</p></details>'
        )
    return "".join(parts)


def _diff_part(tag: str, words: str) -> str:
    escaped = html.escape(words)
    if tag == "-":
        return f"<del>{escaped}</del> "
    if tag == "+":
        return f"<ins>{escaped}</ins> "
    return f"{escaped} "
