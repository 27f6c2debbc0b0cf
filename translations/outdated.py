"""Which blocks of a translation lag behind their English source.

`translations/state/<lang>.json` records, page by page and in page order, each English
block as it was when the translation was last brought up to date: its id, a hash of
its text and the text itself (so the report can show the English before and after).
The file is committed; `python -m translations mark` rewrites it.

A block is outdated when its English text no longer matches what was recorded. The
current English blocks are matched to the recorded ones by hash in order (not by
id), so adding a paragraph upstream does not make every later block of the section
look changed.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from translations.blocks import Block
from translations.files import FileProblem, read_text

Entry = dict[str, str | None]
State = dict[str, list[Entry]]


def fingerprint(block: Block) -> str:
    """A short hash of the block's text; reflowing the lines of prose does not change it."""
    text = block.text if block.kind == "code" else " ".join(block.text.split())
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def entry(block: Block) -> Entry:
    """The record of an English block, as a translation was synced with it."""
    return {"block": block.id, "sha": fingerprint(block), "en": block.text}


def load(state_dir: Path, lang: str) -> State:
    """The recorded state of `lang` (empty when there is none)."""
    path = state_dir / f"{lang}.json"
    if not path.is_file():
        return {}
    try:
        data = json.loads(read_text(path))
    except json.JSONDecodeError as error:
        said = f"not JSON ({error.msg}, column {error.colno}): {REDO}"
        raise FileProblem(path, error.lineno, said) from None
    if not _is_state(data):
        raise FileProblem(path, 1, f"not the marks of a language ({SHAPE}): {REDO}")
    return cast(State, data)


SHAPE = 'an object of pages, each a list of {"block", "sha", "en"}'
"""What a state file holds, as `save` writes it."""
REDO = (
    "`python -m translations mark` writes this file; after a merge, keep either side "
    "whole, then mark the blocks again"
)


def _is_state(data: object) -> bool:
    """Whether `data` has the shape `save` writes (a block never marked has no hash and no
    English: `synced`)."""
    return isinstance(data, dict) and all(
        isinstance(page, str)
        and isinstance(rows, list)
        and all(
            isinstance(row, dict)
            and isinstance(row.get("block"), str)
            and all(isinstance(row.get(k), str | None) for k in ("sha", "en"))
            for row in rows
        )
        for page, rows in data.items()
    )


def save(state_dir: Path, lang: str, state: State) -> Path:
    """Write the state of `lang`, pages sorted, one block per line for readable diffs."""
    path = state_dir / f"{lang}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    pages = []
    for page in sorted(state):
        rows = ",\n".join("    " + json.dumps(e, ensure_ascii=False) for e in state[page])
        pages.append(f"  {json.dumps(page)}: [\n{rows}\n  ]")
    path.write_text("{\n" + ",\n".join(pages) + "\n}\n", encoding="utf-8")
    return path


@dataclass(frozen=True)
class Status:
    """One current English block and how its translation stands."""

    block: Block
    state: str
    """`current`, `changed` (English edited since the sync) or `new` (never synced)."""
    before: str | None = None
    """The English text the translation was synced with, for `changed` blocks."""


def compare(recorded: list[Entry], blocks: list[Block]) -> list[Status]:
    """The status of each current English block against the recorded entries."""
    old = [e.get("sha") or "" for e in recorded]
    new = [fingerprint(b) for b in blocks]
    statuses: list[Status] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for offset, j in enumerate(range(j1, j2)):
            block = blocks[j]
            if tag == "equal" and old[i1 + offset]:
                statuses.append(Status(block, "current"))
            elif tag == "replace" and i1 + offset < i2 and recorded[i1 + offset].get("en"):
                statuses.append(Status(block, "changed", recorded[i1 + offset]["en"]))
            else:
                statuses.append(Status(block, "new"))
    return statuses


def synced(statuses: list[Status], ids: set[str] | None = None) -> list[Entry]:
    """The entries after marking the blocks `ids` (all when None) as up to date."""
    entries = []
    for status in statuses:
        if ids is None or status.block.id in ids or status.state == "current":
            entries.append(entry(status.block))
        elif status.state == "changed":
            before = status.before or ""
            entries.append(
                {
                    "block": status.block.id,
                    "sha": text_fingerprint(before, status.block.kind),
                    "en": before,
                }
            )
        else:
            entries.append({"block": status.block.id, "sha": None, "en": None})
    return entries


def text_fingerprint(text: str, kind: str) -> str:
    return fingerprint(Block(kind, 0, 0, text, 0))


def word_diff(before: str, after: str) -> list[tuple[str, str]]:
    """The words of `before` -> `after` as (tag, text): tag is ' ', '-' or '+'."""
    a, b = before.split(), after.split()
    parts: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            parts.append((" ", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            parts.append(("-", " ".join(a[i1:i2])))
        if j2 > j1:
            parts.append(("+", " ".join(b[j1:j2])))
    return parts
