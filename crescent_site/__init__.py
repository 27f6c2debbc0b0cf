"""The site build's own code: what only `mkdocs build` runs, never shipped to the browser.

The hooks (`hooks/`) read a page's marker and call in here; these modules draw
the static shells of the live boards (`demo`, `play_page`, `viewer`), the
diagrams as figures with their captions (`figure`), the card legend (`legend`),
and the Win rate page (`charts` and `study` draw the solver's results, which
`crescent.solver.results` reads). They use Material's CSS classes and the
engine's renderer (`crescent.render`); nothing in `crescent` imports them, and the browser's wheel
leaves them out.
"""
