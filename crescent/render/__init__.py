"""Drawing positions: the horseshoe SVG, its text equivalent, and the figure around them.

Pure functions of (position, language): no MkDocs, no I/O, the same in Pyodide.
"""

from crescent.render.figure import render_figure
from crescent.render.svg import render_svg
from crescent.render.text import text_equivalent

__all__ = ["render_figure", "render_svg", "text_equivalent"]
