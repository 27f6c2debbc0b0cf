"""MkDocs hook: the same commit builds the same bytes.

MkDocs stamps the sitemap (and its gzip header) with the build time unless
`SOURCE_DATE_EPOCH` is set. This hook sets it, when the caller has not, to the
time of the last git commit, so that two builds of one commit are identical and
the sitemap's dates say when the content last changed.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority


def commit_time(folder: Path) -> str | None:
    """The Unix time of the last commit of the repository holding `folder`."""
    try:
        done = subprocess.run(
            ["git", "log", "-1", "--format=%ct"],
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    value = done.stdout.strip()
    return value if value.isdigit() else None


@event_priority(100)
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Fix the build time before anything reads it."""
    if "SOURCE_DATE_EPOCH" not in os.environ:
        stamp = commit_time(Path(config.config_file_path).resolve().parent)
        if stamp is not None:
            os.environ["SOURCE_DATE_EPOCH"] = stamp
    return config
