"""What tests, benchmarks and scripts share, none of it a test itself.

`build` runs the real strict site build, `chromium` serves a built site and
launches Debian's Chromium, `games` builds the example game and blocked games
with the engine. `make_example.py` is a script: it builds the example record.
"""
