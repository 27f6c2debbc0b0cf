"""MkDocs hook: Jinja compiles each template once, not once per language and build.

MkDocs gives every build a new Jinja environment, and static-i18n builds each language
with one of its own, so Material's templates were parsed and compiled again for every
language of every build (2 s of a 15 s five-language build). Jinja can keep what it
compiled in a bytecode cache; this one lives in the build cache
(`crescent_site.build_cache`), in a folder named by the versions that compile it.
"""

from __future__ import annotations

from functools import cache
from hashlib import sha256
from importlib.metadata import version
from pathlib import Path

from jinja2 import Environment, FileSystemBytecodeCache
from jinja2.bccache import Bucket
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

from crescent_site.build_cache import cache_folder, cache_key

COMPILERS = ("jinja2", "mkdocs", "mkdocs-material")
"""The packages whose versions decide what a template compiles to (Jinja, and the
extensions MkDocs and Material give their environments)."""


class SourceKeyedCache(FileSystemBytecodeCache):
    """A bytecode cache whose entries are named by a template's name and source, not by
    its file's path: the copies of the project the tests build share their entries, and
    an edited template gets a new entry instead of replacing the old one's."""

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        """The entry of the template `name` with `source`, its compiled code when cached."""
        checksum = self.get_source_checksum(source)
        key = sha256(f"{name}\0{checksum}".encode()).hexdigest()
        bucket = Bucket(environment, key, checksum)
        self.load_bytecode(bucket)
        return bucket


@cache
def _compilers() -> str:
    """The cache key of `COMPILERS`' versions (looked up once, not per language built)."""
    return cache_key("-".join(version(package) for package in COMPILERS).encode(), {})


def template_cache(base: Path | None = None) -> SourceKeyedCache:
    """The bytecode cache of this machine's builds (under `base` when given)."""
    folder = (base or cache_folder()) / f"templates-{_compilers()}"
    folder.mkdir(parents=True, exist_ok=True)
    return SourceKeyedCache(str(folder))


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    """Give the build's environment the build cache's compiled templates."""
    env.bytecode_cache = template_cache()
    return env
