"""The translators' toolkit: structure alignment, outdated blocks, glossaries, catalogs.

Run `python -m translations` for the status report (see `translations.cli`). The
MkDocs adapter is `hooks/translators.py`. Nothing here is imported by the engine
(`crescent/`), which stays standard-library only.
"""
