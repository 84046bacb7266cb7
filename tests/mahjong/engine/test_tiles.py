"""The 144-tile set, its canonical labels and the match rule."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from game.mahjong.engine import (
    FACES,
    FULL_SET,
    Face,
    MalformedError,
    check_tiles,
    get_layout,
    parse_face,
    tiles_match,
)
from game.mahjong.engine.tiles import FACE_NAMES, match_class

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
    assert FACE_NAMES[Face("5B")] == "5 of bamboo"
    assert FACE_NAMES[Face("Wh")] == "white dragon"
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


def on_turtle(faces: list[str]) -> list[str | None]:
    """The faces on the first positions of the Turtle, the rest empty."""
    return [*faces, *[None] * (144 - len(faces))]


@pytest.mark.parametrize(
    "faces",
    [list(FULL_SET), [], ["1B"] * 4, ["F1", "F2", "S3", "S4"]],
    ids=["full", "empty", "4x1B", "bonus"],
)
def test_faces_that_come_from_one_set_and_pair_up_are_a_board(faces: list[str]) -> None:
    assert check_tiles(get_layout("L00"), on_turtle(faces), must_pair=True) == on_turtle(faces)


@pytest.mark.parametrize(
    ("faces", "problem"),
    [
        (["1B"] * 5, "1B occurs 5 times, but a set has 4"),
        (["F1", "F1"], "F1 occurs 2 times, but a set has 1"),
        ([*FULL_SET[:-1], "F1"], "F1 occurs 2 times"),
    ],
)
def test_faces_no_set_holds_are_malformed(faces: list[str], problem: str) -> None:
    with pytest.raises(MalformedError, match=problem):
        check_tiles(get_layout("L00"), on_turtle(faces), must_pair=False)


@pytest.mark.parametrize(
    ("faces", "what"),
    [(["F1", "S1"], r"flowers \(F1-F4\)"), (["R", "G"], "R tiles"), (["5B"] * 3, "5B tiles")],
)
def test_a_match_class_with_an_odd_count_cannot_pair_up(faces: list[str], what: str) -> None:
    check_tiles(get_layout("L00"), on_turtle(faces), must_pair=False)  # fine when pairing is not asked
    with pytest.raises(MalformedError, match=f"the {what} cannot all be paired"):
        check_tiles(get_layout("L00"), on_turtle(faces), must_pair=True)
