"""The messages the seed documents quote are the engine's, word for word, in their language.

Each seed (/work/shared/seeds) quotes the reasons a move is refused and the redeal
button's last words, as its app shows them. The engine's catalogs must say exactly
that: a "better" wording is a change of the user's content (a native read once turned
the Turkish "Temel başlangıç kartı kilitli" into "Temelin ...", and the pages quoted the
new words, so no check of pages against catalogs could see it).
"""

from __future__ import annotations

import re

import pytest

from crescent.i18n import catalog
from tests.translations.test_glossary import SEED_FILES, SEEDS

QUOTED = {
    "bg": {
        "reason.pile-full": "Тази колона е пълна; изберете друго място",
        "reason.same-suit": "Трябва да е от същата боя",
        "reason.adjacent-rank": "Трябва да е със стойност по-висока или по-ниска",
        "reason.empty-pile": "Не може да се постави върху празна колона",
        "reason.base-locked": "Базата на основата е заключена",
        "redeal.none": "Няма преразпределения",
    },
    "he": {
        "reason.pile-full": "הערימה הזו מלאה; בחרו יעד אחר",
        "reason.same-suit": "חייב להיות מאותו סמל",
        "reason.adjacent-rank": "חייב להיות בדרגה גבוהה או נמוכה יותר",
        "reason.empty-pile": "אי אפשר להניח על ערימה ריקה",
        "reason.base-locked": "בסיס הקרן נעול",
        "redeal.none": "אין חלוקות מחדש",
    },
    "tr": {
        "reason.pile-full": "Bu sütun dolu; başka bir hedef seçin",
        "reason.same-suit": "Aynı takımdan olmalı",
        "reason.adjacent-rank": "Bir üst veya bir alt değerde olmalı",
        "reason.empty-pile": "Boş sütuna yerleştirilemez",
        "reason.base-locked": "Temel başlangıç kartı kilitli",
        "redeal.none": "Yeniden dağıtım kalmadı",
    },
}
"""What each seed quotes, by the catalog key of the message it quotes."""
QUOTE = re.compile(r"„([^“]+)“|\"([^\"]+)\"|«([^»]+)»|“([^”]+)”")
"""A quotation in a seed, in any of the marks the seeds use."""
NOT_MESSAGES = {"Crescent"}
"""Quoted words that are no message: the game's name."""


@pytest.mark.parametrize("lang", sorted(QUOTED))
def test_the_catalogs_say_what_the_seeds_quote(lang: str) -> None:
    words = catalog(lang)
    assert {key: words.text(key) for key in QUOTED[lang]} == QUOTED[lang]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not on this machine")
@pytest.mark.parametrize("lang", sorted(SEED_FILES))
def test_every_quotation_of_a_seed_is_a_message_listed_here(lang: str) -> None:
    text = (SEEDS / SEED_FILES[lang]).read_text(encoding="utf-8")
    quoted = {next(filter(None, found.groups())) for found in QUOTE.finditer(text)}
    assert quoted - NOT_MESSAGES == set(QUOTED.get(lang, {}).values())
