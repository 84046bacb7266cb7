"""Deals: solvable by construction, from the full set, deterministic."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import (
    FULL_SET,
    Deal,
    Face,
    GameCode,
    IllegalMoveError,
    MalformedError,
    all_layouts,
    deal,
    get_layout,
    verify_plan,
)

from .helpers import CODE, SPEC_FULL_SET, codes, replay_by_hand, spec_class


def check_deal(result: Deal) -> None:
    """Everything a deal promises, checked by hand."""
    layout = result.layout
    assert len(result.tiles) == len(layout)
    assert len(result.plan) == len(layout) // 2
    verify_plan(layout, result.tiles, result.plan)
    replay_by_hand(layout, result.tiles, result.plan)
    counts = Counter(result.tiles)
    assert all(counts[face] <= SPEC_FULL_SET[face] for face in counts), "more copies than a set holds"
    if len(layout) == 144:
        assert counts == SPEC_FULL_SET
    classes = Counter(spec_class(face) for face in result.tiles)
    assert all(n % 2 == 0 for n in classes.values()), classes
    removed = [i for pair in result.plan for i in pair]
    assert sorted(removed) == list(range(len(layout))), "the plan removes every position once"


@pytest.mark.slow
@given(codes())
def test_every_deal_is_cleared_by_its_plan(code: str) -> None:
    result = deal(code)
    assert str(result.code) == code
    assert result.level == 1
    assert result.layout is get_layout(GameCode.parse(code).layout_id)
    check_deal(result)


@given(codes(), st.integers(2, 1000))
def test_deals_at_any_level_are_cleared_by_their_plan(code: str, level: int) -> None:
    result = deal(code, level)
    assert result.level == level
    check_deal(result)


@given(codes(), st.integers(1, 50))
def test_the_same_code_and_level_give_the_same_deal(code: str, level: int) -> None:
    first, second = deal(code, level), deal(GameCode.parse(code), level)
    assert (first.tiles, first.plan) == (second.tiles, second.plan)
    assert first == second


@given(codes(), st.integers(1, 50))
def test_different_levels_give_different_deals(code: str, level: int) -> None:
    assert deal(code, level).tiles != deal(code, level + 1).tiles


@pytest.mark.parametrize("layout_id", list(all_layouts()))
def test_different_codes_give_different_deals(layout_id: str) -> None:
    tiles = {deal(f"MJ1-{layout_id}-{seed}").tiles for seed in ("AAAAAAA", "AAAAAAB", "BAAAAAA", "ZZZZZZZ")}
    assert len(tiles) == 4


def test_a_turtle_deal_uses_the_whole_set() -> None:
    assert sorted(deal(CODE).tiles) == sorted(FULL_SET)


def test_deals_spread_the_faces_around() -> None:
    # Over many deals, the top of the Turtle should carry many different faces.
    tops = {deal(f"MJ1-L00-{seed}AAAAAA").tiles[-1] for seed in "ABCDEFGHIJKLMNOPQRST"}
    assert len(tops) >= 8


@pytest.mark.parametrize("level", [0, -1, True, False, 1.0, "1", None])
def test_the_level_must_be_a_whole_number_from_1(level: object) -> None:
    with pytest.raises(MalformedError, match="the level must be a whole number from 1"):
        deal(CODE, level)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", ["MJ1-L00-abcdefg", "", "L00"])
def test_a_malformed_code_string_is_refused(code: str) -> None:
    with pytest.raises(MalformedError):
        deal(code)


def test_verify_plan_accepts_the_deals_plan_and_refuses_a_reordered_one() -> None:
    result = deal(CODE)
    verify_plan(result.layout, result.tiles, result.plan)
    with pytest.raises(IllegalMoveError, match="not free"):
        verify_plan(result.layout, result.tiles, tuple(reversed(result.plan)))


def test_verify_plan_refuses_a_plan_that_leaves_tiles() -> None:
    result = deal(CODE)
    with pytest.raises(IllegalMoveError, match="leaves tiles"):
        verify_plan(result.layout, result.tiles, result.plan[:-1])


def test_verify_plan_refuses_a_pair_taken_twice() -> None:
    result = deal(CODE)
    with pytest.raises(IllegalMoveError, match=r"plan step 1: .* not a pair of tiles on the board"):
        verify_plan(result.layout, result.tiles, (result.plan[0], result.plan[0]))


def test_verify_plan_refuses_the_same_tile_twice() -> None:
    result = deal(CODE)
    a = result.plan[0][0]
    with pytest.raises(IllegalMoveError, match="plan step 0"):
        verify_plan(result.layout, result.tiles, ((a, a),))


def test_verify_plan_refuses_non_matching_faces() -> None:
    result = deal(CODE)
    a, b = result.plan[0]
    tiles = list(result.tiles)
    tiles[a], tiles[b] = Face("R"), Face("G")
    with pytest.raises(IllegalMoveError, match="plan step 0: R and G do not match"):
        verify_plan(result.layout, tiles, result.plan)
