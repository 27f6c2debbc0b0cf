"""MkDocs hook: Jinja compiles each template once, not once per language and build
(`crescent_site.template_cache`)."""

from __future__ import annotations

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

from crescent_site.template_cache import template_cache


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    """Give the build's environment the build cache's compiled templates."""
    env.bytecode_cache = template_cache()
    return env
