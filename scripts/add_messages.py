"""Append translations of new catalog keys to the language catalogs.

    .venv/bin/python scripts/add_messages.py FILE.json

FILE.json maps key -> {lang: text}; keys already present in a catalog are left
alone, so the script can be run again safely.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[1] / "crescent" / "locale"


def quote(text: str) -> str:
    """A PO string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main() -> None:
    """Append the missing entries."""
    entries: dict[str, dict[str, str]] = json.loads(Path(sys.argv[1]).read_text("utf-8"))
    for lang_dir in sorted(LOCALE.iterdir()):
        path = lang_dir / "LC_MESSAGES" / "crescent.po"
        text = path.read_text(encoding="utf-8")
        added = []
        for key, translations in entries.items():
            if f'msgid "{key}"' in text or lang_dir.name not in translations:
                continue
            added.append(f"\nmsgid {quote(key)}\nmsgstr {quote(translations[lang_dir.name])}\n")
        if added:
            path.write_text(text.rstrip("\n") + "\n" + "".join(added), encoding="utf-8")
        print(f"{lang_dir.name}: {len(added)} added")


if __name__ == "__main__":
    main()
