"""Runs, groups, jokers, and what a set is worth in an opening."""

from __future__ import annotations

import pytest

from game.rummy.engine import SetKind, is_set, readings, set_value
from game.rummy.engine.tiles import parse_tile_codes


def codes(text: str) -> list[int]:
    return parse_tile_codes(text.split())


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("R1 R2 R3", True),
        ("R11 R12 R13", True),
        ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", True),
        ("R12 R13 R1", False),  # 1 does not follow 13
        ("R13 R1 R2", False),
        ("R3 R2 R1", False),  # runs are written ascending
        ("R1 R2 B3", False),
        ("R1 R2", False),
        ("R5 B5 K5", True),
        ("K5 R5 B5 O5", True),  # groups in any order
        ("R5 R5 B5", False),  # a repeated colour
        ("R5 B5 K5 O5 R5", False),  # five is too many
        ("R5 B5 K6", False),
        ("J R12 R13", True),  # R11-R13
        ("R12 R13 J", False),  # would need R14
        ("J R1 R2", False),  # would need R0
        ("R1 J R3", True),
        ("R1 J J R4", True),
        ("R1 J R4", False),
        ("R5 J J", True),  # run R5-R7 or a group of 5s
        ("J J R13", True),  # R11-R13 or 13s
        ("J R13 J", True),  # only the group of 13s (R12-R14 is no run)
        ("J J R1", True),  # only the group of 1s
        ("R5 B5 J", True),
        ("R5 B5 J J", True),
        ("R5 J B5 J O5", False),
        ("J J", False),
        ("", False),
    ],
)
def test_sets(text: str, valid: bool) -> None:
    assert is_set(codes(text)) is valid


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("R10 B10 J", 30),
        ("R1 R2 J", 6),
        ("J R1 R2", None),
        ("J R12 R13", 36),
        ("R5 J J", 18),  # the run 5+6+7 beats the group 5+5+5
        ("J J R13", 39),  # the group 13*3 beats the run 11+12+13
        ("R1 J R3 R4", 10),
        ("K7 O7 B7 R7", 28),
    ],
)
def test_set_values_count_jokers_as_what_they_stand_for(text: str, value: int | None) -> None:
    assert set_value(codes(text)) == value


def test_a_set_with_one_tile_and_two_jokers_reads_both_ways() -> None:
    kinds = [reading.kind for reading in readings(codes("R5 J J"))]
    assert kinds == [SetKind.RUN, SetKind.GROUP]
    assert [reading.kind for reading in readings(codes("R5 B5 J"))] == [SetKind.GROUP]
    assert [reading.kind for reading in readings(codes("R5 R6 J"))] == [SetKind.RUN]
