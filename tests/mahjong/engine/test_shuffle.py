"""Shuffles: same positions, same faces, solvable when possible, deterministic."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import Board, Face, MalformedError, deal, get_layout, shuffle_tiles

from .helpers import CODE, codes, position_index, replay_by_hand


def tiles_after_random_play(code: str, seed: int, pairs: int) -> list[Face | None]:
    """The tiles left after up to ``pairs`` random legal removals."""
    result = deal(code)
    board = Board(result.layout, result.tiles)
    rng = random.Random(seed)
    for _ in range(pairs):
        available = board.available_pairs()
        if not available:
            break
        board.remove(*rng.choice(available))
    return list(board.tiles)


def tiles_after_plan(code: str, pairs: int) -> list[Face | None]:
    result = deal(code)
    tiles: list[Face | None] = list(result.tiles)
    for a, b in result.plan[:pairs]:
        tiles[a] = tiles[b] = None
    return tiles


@given(codes(), st.integers(0, 2**32), st.integers(0, 80), st.integers(1, 5), st.integers(0, 10))
def test_a_shuffle_keeps_positions_and_faces_and_its_plan_clears_the_board(
    code: str, seed: int, pairs: int, level: int, number: int
) -> None:
    before = tiles_after_random_play(code, seed, pairs)
    result = shuffle_tiles(code, level, number, before)
    after = result.tiles
    assert len(after) == len(before)
    assert [face is None for face in after] == [face is None for face in before]
    assert Counter(f for f in after if f) == Counter(f for f in before if f)
    if result.plan is not None:
        replay_by_hand(get_layout(code[4:7]), after, result.plan)


@given(codes(), st.integers(0, 70))
def test_a_board_left_by_following_the_plan_always_gets_a_plan(code: str, pairs: int) -> None:
    before = tiles_after_plan(code, pairs)
    result = shuffle_tiles(code, 1, 0, before)
    assert result.plan is not None
    replay_by_hand(get_layout(code[4:7]), result.tiles, result.plan)


def test_shuffles_are_deterministic_from_code_level_number_and_tiles() -> None:
    tiles = tiles_after_plan(CODE, 10)
    first = shuffle_tiles(CODE, 1, 0, tiles)
    assert shuffle_tiles(CODE, 1, 0, list(tiles)) == first
    assert shuffle_tiles(CODE, 1, 0, tuple(tiles)) == first
    assert shuffle_tiles(CODE, 1, 1, tiles).tiles != first.tiles
    assert shuffle_tiles(CODE, 2, 0, tiles).tiles != first.tiles
    assert shuffle_tiles("MJ1-L00-ABCDEFH", 1, 0, tiles).tiles != first.tiles
    other = tiles_after_plan(CODE, 11)
    assert shuffle_tiles(CODE, 1, 0, other).tiles != first.tiles


def test_a_shuffle_actually_moves_faces() -> None:
    before = tiles_after_plan(CODE, 10)
    after = shuffle_tiles(CODE, 1, 0, before).tiles
    moved = sum(1 for x, y in zip(before, after, strict=True) if x != y)
    assert moved > 50


def test_shuffling_an_empty_board_gives_an_empty_board_and_an_empty_plan() -> None:
    result = shuffle_tiles(CODE, 1, 0, [None] * 144)
    assert result.tiles == (None,) * 144
    assert result.plan == ()


def stacked(faces: tuple[str, ...], spots: list[tuple[int, int, int]]) -> list[Face | None]:
    layout = get_layout("L00")
    tiles: list[Face | None] = [None] * len(layout)
    for face, spot in zip(faces, spots, strict=True):
        tiles[position_index(layout, *spot)] = Face(face)
    return tiles


def test_two_tiles_stacked_on_each_other_are_merely_permuted() -> None:
    spots = [(13, 7, 4), (12, 6, 3)]
    before = stacked(("F1", "F2"), spots)
    result = shuffle_tiles(CODE, 1, 0, before)
    assert result.plan is None
    assert [face is None for face in result.tiles] == [face is None for face in before]
    assert Counter(f for f in result.tiles if f) == Counter({"F1": 1, "F2": 1})


def test_the_top_and_three_tiles_under_it_cannot_be_cleared_either() -> None:
    spots = [(13, 7, 4), (12, 6, 3), (14, 6, 3), (12, 8, 3)]
    before = stacked(("F1", "F2", "S1", "S3"), spots)
    result = shuffle_tiles(CODE, 1, 0, before)
    assert result.plan is None
    assert Counter(f for f in result.tiles if f) == Counter(["F1", "F2", "S1", "S3"])
    assert {i for i, f in enumerate(result.tiles) if f} == {i for i, f in enumerate(before) if f}


def test_the_permutation_of_an_unsolvable_board_is_deterministic() -> None:
    before = stacked(("F1", "F2", "S1", "S3"), [(13, 7, 4), (12, 6, 3), (14, 6, 3), (12, 8, 3)])
    assert shuffle_tiles(CODE, 1, 0, before) == shuffle_tiles(CODE, 1, 0, before)
    seen = {shuffle_tiles(CODE, 1, n, before).tiles for n in range(12)}
    assert len(seen) > 1, "different shuffle numbers should permute differently"


def test_two_tiles_side_by_side_are_always_solvable() -> None:
    before = stacked(("F1", "F2"), [(2, 0, 0), (4, 0, 0)])
    result = shuffle_tiles(CODE, 1, 0, before)
    assert result.plan is not None
    assert sorted(result.plan[0]) == sorted(i for i, f in enumerate(before) if f)


def test_a_shuffle_needs_one_entry_per_position() -> None:
    with pytest.raises(MalformedError, match="expected 144 tiles"):
        shuffle_tiles(CODE, 1, 0, [Face("1B")] * 10)


def test_tiles_that_cannot_pair_up_are_refused() -> None:
    with pytest.raises(MalformedError, match="cannot all be paired"):
        shuffle_tiles(CODE, 1, 0, stacked(("R", "G"), [(2, 0, 0), (4, 0, 0)]))


def test_a_shuffle_needs_a_shipped_layout() -> None:
    with pytest.raises(MalformedError, match="there is no layout"):
        shuffle_tiles("MJ1-L99-ABCDEFG", 1, 0, [None] * 144)
