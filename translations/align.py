"""Pair the blocks of a translation with the blocks of its English source.

A translation has the English block structure: the same headings with the same ids,
the same markers, the same sequence of paragraphs, list items and code blocks. The
pairing is a global alignment: only blocks of the same signature may pair, and among
equally long pairings the one whose paired blocks share the most language-neutral
tokens (numbers, link targets, inline code, card suits) wins, so that a missing
paragraph is reported where it really is missing.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from translations.blocks import Block
from translations.findings import Finding

NEUTRAL = re.compile(r"\d+|`[^`]+`|\]\([^)]*\)|[♠♥♦♣]|https?://\S+")


@dataclass(frozen=True)
class Pair:
    """An English block and its translation; either may be None (a mismatch)."""

    en: Block | None
    tr: Block | None


def tokens(block: Block) -> Counter[str]:
    """The block's language-neutral tokens."""
    return Counter(NEUTRAL.findall(block.text))


def similarity(ta: Counter[str], tb: Counter[str]) -> float:
    """Shared neutral tokens over all neutral tokens, in [0, 1]."""
    union = sum((ta | tb).values())
    return sum((ta & tb).values()) / union if union else 0.0


def align(english: list[Block], translated: list[Block]) -> list[Pair]:
    """The best pairing of `translated` with `english`, in document order."""
    n, m = len(english), len(translated)
    en_tokens, tr_tokens = [tokens(b) for b in english], [tokens(b) for b in translated]
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    step = [[""] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            score[i][j], step[i][j] = score[i + 1][j], "en"
            if score[i][j + 1] > score[i][j]:
                score[i][j], step[i][j] = score[i][j + 1], "tr"
            if english[i].signature == translated[j].signature:
                paired = 1 + 0.5 * similarity(en_tokens[i], tr_tokens[j]) + score[i + 1][j + 1]
                if paired >= score[i][j]:
                    score[i][j], step[i][j] = paired, "pair"
    pairs: list[Pair] = []
    i = j = 0
    while i < n and j < m:
        if step[i][j] == "pair":
            pairs.append(Pair(english[i], translated[j]))
            i, j = i + 1, j + 1
        elif step[i][j] == "en":
            pairs.append(Pair(english[i], None))
            i += 1
        else:
            pairs.append(Pair(None, translated[j]))
            j += 1
    pairs.extend(Pair(block, None) for block in english[i:])
    pairs.extend(Pair(None, block) for block in translated[j:])
    return pairs


def mismatches(
    pairs: list[Pair], en_path: str, tr_path: str, lang: str, page: str
) -> list[Finding]:
    """Findings for every block without a counterpart, with the file and line of both sides.

    A missing block and an extra block of the same kind next to each other (a heading
    whose id changed, a marker with other attributes) are reported as one difference.
    """
    findings: list[Finding] = []
    last_en = last_tr = 0
    k = 0
    while k < len(pairs):
        pair = pairs[k]
        if pair.en and pair.tr:
            last_en, last_tr = pair.en.end, pair.tr.end
            k += 1
            continue
        run = []
        while k < len(pairs) and not (pairs[k].en and pairs[k].tr):
            run.append(pairs[k])
            k += 1
        missing = [p.en for p in run if p.en]
        extra = [p.tr for p in run if p.tr]
        for en, tr in _differing(missing, extra):
            findings.append(
                _finding(
                    lang,
                    page,
                    tr_path,
                    tr.line,
                    en_path,
                    en.line,
                    f"{tr.describe()} where {en_path}:{en.line} has {en.describe()}",
                )
            )
            missing.remove(en)
            extra.remove(tr)
        for en in missing:
            where = f"after line {last_tr}" if last_tr else "at the start"
            findings.append(
                _finding(
                    lang,
                    page,
                    tr_path,
                    last_tr,
                    en_path,
                    en.line,
                    f"missing {en.describe()} {en.id} of {en_path}:{en.line}; add it {where}",
                )
            )
        for tr in extra:
            where = f"after {en_path}:{last_en}" if last_en else f"at the start of {en_path}"
            findings.append(
                _finding(
                    lang,
                    page,
                    tr_path,
                    tr.line,
                    en_path,
                    last_en,
                    f"extra {tr.describe()}: the English has none {where}",
                )
            )
    return findings


def _differing(missing: list[Block], extra: list[Block]) -> list[tuple[Block, Block]]:
    """Missing and extra blocks of one kind and place: one block that differs."""
    found = []
    for en, tr in zip(missing, extra, strict=False):
        if en.kind == tr.kind:
            found.append((en, tr))
    return found


def _finding(
    lang: str, page: str, path: str, line: int, other: str, other_line: int, message: str
) -> Finding:
    return Finding("structure", lang, page, path, line, message, other, other_line)


def heading_findings(blocks: list[Block], path: str, lang: str, page: str) -> list[Finding]:
    """Headings without an explicit `{#id}` (their ids would differ between languages)."""
    return [
        Finding(
            "structure",
            lang,
            page,
            path,
            block.line,
            "heading without an explicit id: add {#id}, the same in every language",
        )
        for block in blocks
        if block.kind == "heading" and not block.anchor
    ]
