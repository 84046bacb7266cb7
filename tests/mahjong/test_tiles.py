"""The 144-tile set, its canonical labels and the match rule."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from game.mahjong import FACES, FULL_SET, MalformedError, parse_face, tiles_match
from game.mahjong.tiles import FACE_NAMES, faces_pair_up, is_sub_multiset_of_full_set, match_class

from .helpers import FLOWER_LABELS, SEASON_LABELS, SPEC_FULL_SET, spec_match


def test_the_set_has_144_tiles_of_42_faces() -> None:
    assert len(FULL_SET) == 144
    assert len(FACES) == 42
    assert len(set(FACES)) == 42


def test_the_full_set_holds_four_of_each_ordinary_face_and_one_of_each_flower_and_season() -> None:
    assert Counter(FULL_SET) == SPEC_FULL_SET


def test_faces_are_in_canonical_order_suits_winds_dragons_flowers_seasons() -> None:
    expected = [f"{rank}{suit}" for suit in "BCD" for rank in range(1, 10)]
    expected += ["N", "S", "E", "W", "R", "G", "Wh", "F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4"]
    assert list(FACES) == expected


def test_every_face_has_an_english_name() -> None:
    assert set(FACE_NAMES) == set(FACES)
    assert FACE_NAMES["5B"] == "5 of bamboo"
    assert FACE_NAMES["Wh"] == "white dragon"
    assert all(name for name in FACE_NAMES.values())


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("5B", "5B", True),
        ("5B", "5C", False),
        ("5B", "6B", False),
        ("N", "N", True),
        ("N", "S", False),
        ("R", "R", True),
        ("R", "G", False),
        ("G", "Wh", False),
        ("Wh", "Wh", True),
        ("F1", "F1", True),
        ("F1", "F3", True),
        ("S2", "S4", True),
        ("F1", "S1", False),
        ("F4", "S4", False),
        ("S", "S1", False),
        ("1B", "F1", False),
    ],
)
def test_the_match_rule(a: str, b: str, expected: bool) -> None:
    assert tiles_match(a, b) is expected
    assert tiles_match(b, a) is expected


def test_the_match_rule_agrees_with_the_written_rule_on_every_pair_of_faces() -> None:
    for a, b in product(FACES, repeat=2):
        assert tiles_match(a, b) == spec_match(a, b), (a, b)


def test_flowers_share_one_match_class_and_seasons_another() -> None:
    assert len({match_class(f) for f in FLOWER_LABELS}) == 1
    assert len({match_class(s) for s in SEASON_LABELS}) == 1
    assert match_class("F1") != match_class("S1")
    assert len({match_class(face) for face in FACES}) == 36


@pytest.mark.parametrize("label", ["1B", "9D", "N", "Wh", "F4", "S1"])
def test_parse_face_accepts_canonical_labels(label: str) -> None:
    assert parse_face(label) == label


@pytest.mark.parametrize("label", ["0B", "10B", "1b", "wh", "WH", "F5", "S0", "F", "", " 1B", None, 1, b"1B"])
def test_parse_face_rejects_anything_else(label: object) -> None:
    with pytest.raises(MalformedError, match="unknown tile label"):
        parse_face(label)


@pytest.mark.parametrize("function", [tiles_match, lambda a, b: match_class(a) == match_class(b)])
def test_matching_an_unknown_label_is_malformed(function: object) -> None:
    with pytest.raises(MalformedError):
        function("1B", "XX")  # type: ignore[operator]


def test_sub_multisets_of_the_full_set() -> None:
    assert is_sub_multiset_of_full_set(FULL_SET)
    assert is_sub_multiset_of_full_set([])
    assert is_sub_multiset_of_full_set(["1B"] * 4)
    assert not is_sub_multiset_of_full_set(["1B"] * 5)
    assert not is_sub_multiset_of_full_set(["F1", "F1"])
    assert not is_sub_multiset_of_full_set([*FULL_SET, "F1"])


def test_faces_pair_up_when_every_match_class_is_even() -> None:
    assert faces_pair_up(FULL_SET)
    assert faces_pair_up(["F1", "F2", "S3", "S4"])
    assert not faces_pair_up(["F1", "S1"])
    assert not faces_pair_up(["R", "G"])
    assert faces_pair_up([])
