"""A page in a language that has not translated it yet: the English page, marked as such.

static-i18n serves the English page at the language's address (`/de/about/`). Its
content is English and says so (`lang="en" dir="ltr"`), so that screen readers read
it as English, and its diagrams and live boards are English too, like its text
(`crescent_site.pages.text_language`). Above it, a notice says that the
page is not translated yet, in the page's language where its site catalog has the
words, else in English, with a link to the translators' guide; above a page that is
never translated (`translate: false`: the translators' report), that it is kept in
English only.
"""

from __future__ import annotations

import html

from crescent.languages import SOURCE, Language
from translations.ui import Words

GUIDE_SECTION = "add-language"
"""The translators' guide's section on adding and filling a language."""


def english_content(content: str) -> str:
    """The English page's content, marked English."""
    return f'<div lang="{SOURCE}" dir="ltr">{content}</div>'


def english_only(words: Words) -> str:
    """The notice above a page that is never translated: it is kept in English only."""
    key = "untranslated.english-only"
    where = fell_back(words, key)
    return f'<p class="tb-untranslated" role="note"{where}>{html.escape(words[key])}</p>'


def notice(words: Words, language: Language, guide: str | None) -> str:
    """The notice above an untranslated page; `guide` is the translators' guide's address."""
    own = f' lang="{language.code}" dir="{language.direction}"'
    name = f"<bdi{own}>{html.escape(language.name)}</bdi>"
    text = html.escape(words["untranslated.notice"]).replace("{language}", name)
    where = fell_back(words, "untranslated.notice")
    link = ""
    if guide is not None:
        link_words = fell_back(words, "untranslated.link")
        link = (
            f' <a href="{html.escape(guide)}#{GUIDE_SECTION}"'
            f"{'' if link_words == where else link_words or own}>"
            f"{html.escape(words['untranslated.link'])}</a>"
        )
    return f'<p class="tb-untranslated" role="note"{where}>{text}{link}</p>'


def fell_back(words: Words, key: str) -> str:
    """The attributes of `key`'s words: English's where the language has not translated
    them yet (`lang="en" dir="ltr"`), else none (the page's)."""
    return f' lang="{SOURCE}" dir="ltr"' if key in words.english else ""
