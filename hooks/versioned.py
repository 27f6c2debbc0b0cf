"""MkDocs hook: the site's own scripts and styles under a content-named folder
(`crescent_site.versioned`), and every page's references to them."""

from __future__ import annotations

import os

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from crescent_site.versioned import folder_name, published, rewritten, versioned

_paths: dict[str, str] = {}
"""Each versioned file's path in the site and where it is published, for this build."""


@event_priority(-150)  # after static-i18n's (-100) and the runtime's, which drop files
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Publish the versioned files under the folder named by their content."""
    styles = {str(style) for style in config["extra_css"]}
    chosen = [file for file in files if versioned(file.src_uri, styles)]
    folder = folder_name({file.src_uri: file.content_bytes for file in chosen})
    _paths.clear()
    for file in chosen:
        target = published(file.src_uri, folder)
        _paths[file.src_uri] = target
        file.dest_uri = target
        file.url = target
        # static-i18n remakes each File with its dest_dir wrong, and sets abs_dest_path itself
        file.abs_dest_path = os.path.normpath(os.path.join(config["site_dir"], target))
    return files


@event_priority(-260)  # after the page scripts' (-250), before the policy's (-300)
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Point the page at the published scripts and styles."""
    return rewritten(output, _paths)


@event_priority(-260)
def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """The 404 page too."""
    return rewritten(output, _paths) if template_name.endswith(".html") else output
