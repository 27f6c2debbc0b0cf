"""Game codes: numbered deals from the documented generator, layout codes, errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crescent.codes import DEAL_COUNT, GameCode, check_layout
from crescent.deal import SplitMix64, dealt_cards
from crescent.errors import CodeError, LayoutError

GOLDEN = {
    "CR1-N-AAAAAAA": [
        "JS QS 10D JC 8H 10S",
        "4C 3C 8C 2C 8D 3D",
        "KD 2C 2S 7D 2S 7C",
        "6C 6H 2D QC 6D 2H",
        "QD 5S 6C QH 9D 5D",
        "4H 4D 4D KH 9C 7H",
        "JH QD QH 6S 9H AC",
        "4C JD 10C 8S JH 6H",
        "3H 7D 8C 9D 3D 8S",
        "5H 6S 7S 9C 8H 10C",
        "QS 3S 10H AD 5C 2D",
        "AS 10S 8D JS AH 6D",
        "JD 5D 4S 9H 7C 4H",
        "5H 4S JC 3H 7S 9S",
        "10H 5S 10D 3C 2H QC",
        "9S KC 3S KS 7H 5C",
    ],
    "CR1-N-AAAAAAB": [
        "3H 9S JS 2H 10S 5H",
        "6C 10H 3C 9S KH QD",
        "3S JH QC 4H 3S 6C",
        "JS 7D 6S 3D 3H 8S",
        "9C 9H 7S 4S KC 6D",
        "2C 7D 3C 8S AH 9C",
        "2S 5D JC 3D 7S 5C",
        "4H 7H 10S 4S JD 8C",
        "5S 8H 2C 6H KS AC",
        "2D QS 8H 4C 8C 4D",
        "QH 2H 9D 10C 5H 6H",
        "5S KD 10C 6S 7C 9D",
        "10D 8D QD QC JC JH",
        "4D 7H 4C 2D AD 5D",
        "9H QS 5C AS JD QH",
        "2S 6D 10H 8D 7C 10D",
    ],
    "CR1-N-AAAASGV": [
        "2C JH 6H 6C 10C AH",
        "7D 7H 3S 8S AS 6C",
        "4C KS QD 7H 7D QC",
        "QH 9C 5S 8D QD AD",
        "8S 2S KH 3H JD QH",
        "JS 3D 4D 9D 5D 3S",
        "6D 10D 6S 5C 3D JD",
        "6D 9S 8H 5D 4S 8C",
        "2D 7C QC KC 3C 6H",
        "4C AC 10H 2H 4H 10S",
        "9H 10D 5S 5C 4D 8H",
        "JC 2H 9D 7S KD JH",
        "JS 2S 2D 6S 7C 4H",
        "9H JC 9S 10C 2C 3H",
        "10S 8D 3C 9C 10H 8C",
        "4S 5H 7S QS QS 5H",
    ],
    "CR1-N-ZZZZZZZ": [
        "QD 3C 4C JH AD 10H",
        "9D 4S 4H 2H 10C 5D",
        "2C 5S JC QS 2S 7S",
        "7D QD 6C 3D 4H 8C",
        "9C 9H 8D KD 10S 7C",
        "2D 10H 6D JC JD KS",
        "7S JH 5C 9S 8H 5C",
        "3C 10D 8S JD KH 3H",
        "3S 10C 2H 3S QH 4D",
        "6S 3H JS 9C 4S 8C",
        "AS 10S 2D 3D 6D 7D",
        "5S 2C QC 2S 6S 6H",
        "10D 5D 4D QH 8H 8D",
        "7H 5H 9D 9H JS 6C",
        "QC 7C AC KC 6H 7H",
        "QS 8S 9S 4C 5H AH",
    ],
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_layouts(code: str) -> None:
    piles = GameCode.parse(code).piles()
    assert [" ".join(str(card) for card in pile) for pile in piles] == GOLDEN[code]


def test_splitmix64_matches_the_published_reference_outputs() -> None:
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF
    generator = SplitMix64(1234567)
    assert [generator.next() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_bounded_integers_are_in_range_and_cover_it() -> None:
    generator = SplitMix64(7)
    draws = {generator.below(6) for _ in range(600)}
    assert draws == set(range(6))


def test_the_starting_order_is_96_cards_without_the_bases() -> None:
    cards = dealt_cards()
    assert len(cards) == 96
    assert [str(card) for card in cards[:5]] == ["AS", "2S", "2S", "3S", "3S"]
    assert str(cards[23]) == "KS" and str(cards[24]) == "AH"


@pytest.mark.parametrize(
    ("text", "number"),
    [("CR1-N-AAAAAAB", 1), (" cr1-n-aaaaaba ", 26), ("CR1-N-ZZZZZZZ", DEAL_COUNT - 1)],
)
def test_codes_are_base_26_and_case_insensitive(text: str, number: int) -> None:
    code = GameCode.parse(text)
    assert code.number == number
    assert GameCode.numbered(number).text == text.strip().upper()


@given(st.integers(0, DEAL_COUNT - 1))
def test_numbered_codes_round_trip(number: int) -> None:
    code = GameCode.numbered(number)
    assert GameCode.parse(code.text) == code


@given(st.integers(0, 10**6))
def test_layout_codes_round_trip_and_reproduce_the_deal(number: int) -> None:
    piles = GameCode.numbered(number).piles()
    layout = GameCode.for_layout(piles)
    assert layout.text.startswith("CR1-L-")
    again = GameCode.parse(layout.text.lower())
    assert again == layout
    assert again.piles() == piles


@pytest.mark.parametrize(
    ("text", "key", "detail"),
    [
        ("", "code.empty", "empty"),
        ("   ", "code.empty", "empty"),
        ("XR1-N-AAAAAAB", "code.bad-prefix", "XR1"),
        ("CR2-N-AAAAAAB", "code.bad-prefix", "CR2"),
        # The wrong start as typed: "not “HELLO”" answered "hello".
        ("hello", "code.bad-prefix", "not “hello”"),
        # A Cyrillic or Greek letter that looks Latin is named as such: "a code starts with
        # CR1-, not “СR1”" read as a contradiction (a QA run in Russian).
        ("\u0421R1-N-AAAAAAB", "code.not-latin", "character 1 (“\u0421”) is not a Latin"),
        ("CR1-N-AAA\u0410AAB", "code.not-latin", "character 10 (“\u0410”)"),
        ("CR1-\u039d-AAAAAAB", "code.not-latin", "character 5"),
        ("CR1", "code.too-short", "too early"),
        ("CR1-X-AAAAAAB", "code.bad-kind", "“X”"),
        # A hyphen where a letter goes: nothing to quote ("not “”" read as a broken message).
        ("-N-AAAAAAB", "code.hyphen-first", "not with a hyphen"),
        ("CR1--N-AAAAAAB", "code.hyphen-twice", "not a second hyphen"),
        ("CR1--", "code.hyphen-twice", "not a second hyphen"),
        ("CR1-N-AAAAAB", "code.bad-length", "has 6"),
        ("CR1-N-AAAAAAAB", "code.bad-length", "has 8"),
        ("CR1-N-AAA1AAB", "code.bad-letter", "character 10 (“1”)"),
        ("CR1-L-ASAS", "code.pile-count", "1"),
        ("CR1-L-", "code.pile-count", "this one has 0"),
        # Checked letter by letter first, so a length counts letters only.
        ("CR1-N-AAAA-AAB", "code.bad-letter", "character 11 (“-”)"),
        ("CR1-N-AAAAAAB-", "code.bad-letter", "character 14 (“-”)"),
        ("CR1-N-AAAAAA B", "code.bad-letter", "character 13 (“ ”)"),
        ("CR1-N-12345678", "code.bad-letter", "character 7 (“1”)"),
        # Only a–z change case: ß would become SS, one character more than typed.
        ("CR1-N-ßAAAA1", "code.bad-letter", "character 7 (“ß”)"),
        ("CR1-N-ßAAAAA", "code.bad-letter", "character 7 (“ß”)"),
    ],
)
def test_malformed_codes_say_what_is_wrong(text: str, key: str, detail: str) -> None:
    with pytest.raises(CodeError) as raised:
        GameCode.parse(text)
    assert raised.value.key == key
    assert detail in str(raised.value).replace("\u00a0", " ")


def test_stray_hyphens_between_a_layout_s_piles_are_ignored() -> None:
    layout = GameCode.numbered(1).piles()
    code = GameCode.for_layout(layout).text
    assert GameCode.parse(code + "-").piles() == layout
    assert GameCode.parse(code[:6] + code[6:].replace("-", "--", 3)).piles() == layout


def _layout_text(piles: list[str]) -> str:
    return "CR1-L-" + "-".join(piles)


def test_layout_code_errors_name_the_pile_and_card() -> None:
    good = GameCode.for_layout(GameCode.numbered(5).piles()).text.split("-")[2:]
    short = [*good[:3], good[3][:10], *good[4:]]
    with pytest.raises(CodeError) as raised:
        GameCode.parse(_layout_text(short))
    assert raised.value.key == "code.pile-length" and raised.value.values["pile"] == 4
    bad_card = [*good[:2], "XX" + good[2][2:], *good[3:]]
    with pytest.raises(CodeError) as raised:
        GameCode.parse(_layout_text(bad_card))
    assert raised.value.values == {
        "text": _layout_text(bad_card),
        "pile": 3,
        "card": "XX",
        "place": 1,
    }


def test_layouts_with_wrong_card_counts_are_refused() -> None:
    piles = [list(pile) for pile in GameCode.numbered(5).piles()]
    piles[0][0] = piles[0][1]
    counts = {card: sum(pile.count(card) for pile in piles) for pile in piles for card in pile}
    with pytest.raises(LayoutError) as raised:
        check_layout(tuple(tuple(pile) for pile in piles))
    assert raised.value.key in {"layout.too-many", "layout.missing"}
    assert max(counts.values()) >= 2
    with pytest.raises(LayoutError, match="Cards in pile 2: 5;"):
        check_layout((piles[0], piles[1][:5], *piles[2:]))  # type: ignore[arg-type]


def test_a_long_or_right_to_left_input_is_quoted_short_and_isolated() -> None:
    text = "\u202e" + "X" * 5000
    with pytest.raises(CodeError) as raised:
        GameCode.parse(text)
    plain, shown = raised.value.message("he"), raised.value.message("he", isolate=True)
    assert len(plain) < 300 and "X" * 38 + "…" in plain
    start, end = shown.index("\u2068"), shown.index("\u2069")
    assert start < shown.index("\u202e") < end, "the override stays inside its isolate"
