"""Drawing positions: the horseshoe SVG, its text equivalent, the words of steps and controls.

Pure functions of (position, language): no MkDocs, no I/O, the same in Pyodide.
Used by the browser's views (`crescent.browser`) and by the site build
(`crescent_site`); imports only the engine.
"""

from crescent.render.svg import render_svg
from crescent.render.text import text_equivalent

__all__ = ["render_svg", "text_equivalent"]
