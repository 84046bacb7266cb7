"""Game codes MJ1-Lnn-XXXXXXX."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import GameCode, MalformedError, deal


@given(
    st.text(alphabet=string.digits, min_size=2, max_size=2),
    st.text(alphabet=string.ascii_uppercase, min_size=7, max_size=7),
)
def test_codes_round_trip_through_their_text(digits: str, seed: str) -> None:
    text = f"MJ1-L{digits}-{seed}"
    code = GameCode.parse(text)
    assert str(code) == text
    assert (code.layout_id, code.seed) == (f"L{digits}", seed)
    assert GameCode.parse(str(code)) == code


def test_codes_are_values() -> None:
    assert GameCode.parse("MJ1-L00-ABCDEFG") == GameCode("L00", "ABCDEFG")
    assert hash(GameCode.parse("MJ1-L00-ABCDEFG")) == hash(GameCode("L00", "ABCDEFG"))
    assert GameCode("L00", "ABCDEFG") != GameCode("L00", "ABCDEFH")


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("MJ2-L00-ABCDEFG", "is not a game code"),
        ("XX1-L00-ABCDEFG", "is not a game code"),
        ("L00-ABCDEFG", "is not a game code"),
        ("mj1-l00-abcdefg", "is not a game code"),
        ("MJ1-L00-abcdefg", "is not a game code"),
        ("MJ1-l00-ABCDEFG", "is not a game code"),
        ("MJ1-L00-ABCDEF", "is not a game code"),
        ("MJ1-L00-ABCDEFGH", "is not a game code"),
        ("MJ1-L00-ABC1EFG", "is not a game code"),
        ("MJ1-L00-1234567", "is not a game code"),
        ("MJ1-L0-ABCDEFG", "is not a game code"),
        ("MJ1-L000-ABCDEFG", "is not a game code"),
        ("MJ1-LAB-ABCDEFG", "is not a game code"),
        ("MJ1_L00_ABCDEFG", "is not a game code"),
        ("", "is not a game code"),
        (" MJ1-L00-ABCDEFG", "is not a game code"),
        ("MJ1-L00-ABCDEFG ", "is not a game code"),
        ("MJ1-L00-ABCDEFG\n", "is not a game code"),
        ("MJ1 L00 ABCDEFG", "is not a game code"),
        ("MJ1-L00-ABC DEF", "is not a game code"),
        ("MJ1-L00-ÀBCDEFG", "is not a game code"),
        (None, "must be text, not NoneType"),
        (12345, "must be text, not int"),
        (b"MJ1-L00-ABCDEFG", "must be text, not bytes"),
        (["MJ1-L00-ABCDEFG"], "must be text, not list"),
    ],
)
def test_malformed_codes_are_refused_with_a_reason(text: object, phrase: str) -> None:
    with pytest.raises(MalformedError) as caught:
        GameCode.parse(text)
    assert phrase in str(caught.value)


def test_the_message_shows_the_expected_shape() -> None:
    with pytest.raises(MalformedError, match=r"expected MJ1-Lnn-XXXXXXX"):
        GameCode.parse("MJ1-L00-ABC")


def test_a_very_long_bad_code_is_cut_short_in_the_message() -> None:
    with pytest.raises(MalformedError) as caught:
        GameCode.parse("Z" * 10_000)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("layout_id", "seed"),
    [("L00", "ABCDEF"), ("L00", "abcdefg"), ("L00", "ABCDEF1"), ("X00", "ABCDEFG"), ("L0", "ABCDEFG")],
)
def test_constructing_a_bad_code_directly_is_refused(layout_id: str, seed: str) -> None:
    with pytest.raises(MalformedError):
        GameCode(layout_id, seed)


def test_a_non_text_seed_is_malformed() -> None:
    with pytest.raises(MalformedError):
        GameCode("L00", 1234567)  # type: ignore[arg-type]


def test_layout_digits_must_be_ascii() -> None:
    with pytest.raises(MalformedError):
        GameCode.parse("MJ1-L\u0660\u0660-ABCDEFG")


def test_random_codes_are_valid_and_vary() -> None:
    codes = {GameCode.random("L00") for _ in range(20)}
    assert len(codes) > 1
    for code in codes:
        assert GameCode.parse(str(code)) == code
        assert code.layout_id == "L00"


def test_seed_text_names_the_code_the_purpose_and_the_parts() -> None:
    code = GameCode.parse("MJ1-L00-ABCDEFG")
    assert code.seed_text("deal", 1) == "MJ1-L00-ABCDEFG|deal|1"
    assert code.seed_text("shuffle", 2, 0) == "MJ1-L00-ABCDEFG|shuffle|2|0"


def test_an_unknown_layout_is_refused_when_dealing() -> None:
    code = GameCode.parse("MJ1-L99-ABCDEFG")
    with pytest.raises(MalformedError, match="there is no layout 'L99'"):
        deal(code)
    with pytest.raises(MalformedError, match="there is no layout"):
        deal("MJ1-L99-ABCDEFG")
