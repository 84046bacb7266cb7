"""The free rule on tiny hand-built layouts, and against the written rule everywhere."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import Board, Face, Layout, all_layouts

from .helpers import indices_of, layout_from, mask_of, position_index, spec_free_positions


def free_positions(layout: Layout, occupied: int | None = None) -> set[tuple[int, int, int]]:
    mask = layout.full if occupied is None else occupied
    positions = (layout.positions[i] for i in indices_of(layout.free_mask(mask)))
    return {(p.x, p.y, p.z) for p in positions}


def test_a_tile_covered_by_half_a_tile_sideways_is_blocked() -> None:
    layout = layout_from(
        """
        id L01
        name Bridge
        layer 0
        row 0: 0 2
        row 4: 0
        layer 1
        row 0: 1
        """
    )
    assert free_positions(layout) == {(1, 0, 1), (0, 4, 0)}


def test_a_tile_covered_by_half_a_tile_lengthwise_is_blocked() -> None:
    layout = layout_from(
        """
        id L01
        name Bridge
        layer 0
        row 0: 0
        row 2: 0
        row 6: 0
        layer 1
        row 1: 0
        """
    )
    assert free_positions(layout) == {(0, 1, 1), (0, 6, 0)}


def test_a_tile_covered_by_a_quarter_of_a_tile_is_blocked() -> None:
    layout = layout_from(
        """
        id L01
        name Corner
        layer 0
        row 0: 0
        layer 1
        row 1: 1
        """
    )
    assert free_positions(layout) == {(1, 1, 1)}


def test_a_tile_on_the_layer_above_two_units_over_does_not_cover() -> None:
    layout = layout_from(
        """
        id L01
        name Step
        layer 0
        row 0: 0 2
        row 4: 0
        layer 1
        row 0: 2
        """
    )
    # (0, 0, 0) has (2, 0, 0) on its right only, and nothing above it.
    assert free_positions(layout) == {(0, 0, 0), (2, 0, 1), (0, 4, 0)}


ROW_OF_THREE = """
id L01
name Row
layer 0
row 0: 0 2 4
row 4: 0
"""


def test_in_a_row_of_three_the_ends_are_free_and_the_middle_is_blocked() -> None:
    assert free_positions(layout_from(ROW_OF_THREE)) == {(0, 0, 0), (4, 0, 0), (0, 4, 0)}


def test_neighbours_half_a_row_off_count_as_neighbours() -> None:
    layout = layout_from(
        """
        id L01
        name Zigzag
        layer 0
        row 0: 2
        row 1: 0 4
        row 8: 0
        """
    )
    assert (2, 0, 0) not in free_positions(layout)
    assert free_positions(layout) == {(0, 1, 0), (4, 1, 0), (0, 8, 0)}


def test_neighbours_a_whole_row_off_are_not_neighbours() -> None:
    layout = layout_from(
        """
        id L01
        name Stairs
        layer 0
        row 0: 2
        row 2: 0 4
        row 8: 0
        """
    )
    assert free_positions(layout) == {(2, 0, 0), (0, 2, 0), (4, 2, 0), (0, 8, 0)}


def test_a_tile_with_a_neighbour_on_one_side_only_is_free() -> None:
    layout = layout_from(
        """
        id L01
        name Pair
        layer 0
        row 0: 0 2
        """
    )
    assert free_positions(layout) == {(0, 0, 0), (2, 0, 0)}


def test_neighbours_above_and_below_on_the_same_layer_never_block() -> None:
    layout = layout_from(
        """
        id L01
        name Column
        layer 0
        row 0: 0
        row 2: 0
        row 4: 0
        row 8: 0
        """
    )
    assert free_positions(layout) == {(0, 0, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0)}


def test_a_tile_on_top_is_free_even_between_neighbours_one_layer_down() -> None:
    layout = layout_from(
        """
        id L01
        name Tower
        layer 0
        row 0: 0 2 4
        row 4: 0
        layer 1
        row 0: 2
        row 4: 0
        """
    )
    assert (2, 0, 1) in free_positions(layout)
    assert (0, 4, 0) not in free_positions(layout)


def test_removing_a_row_end_frees_the_middle() -> None:
    layout = layout_from(ROW_OF_THREE)
    left, middle, right, alone = (
        position_index(layout, *p) for p in ((0, 0, 0), (2, 0, 0), (4, 0, 0), (0, 4, 0))
    )
    tiles: list[Face | None] = [None] * 4
    tiles[left], tiles[alone], tiles[middle], tiles[right] = map(Face, ("1B", "1B", "2B", "2B"))
    board = Board(layout, tiles)
    assert not board.is_free(middle)
    assert board.available_pairs() == [(left, alone)]
    assert board.has_moves()
    assert board.remove(left, alone) == ("1B", "1B")
    assert board.is_free(middle)
    assert set(board.free_tiles()) == {middle, right}
    assert board.available_pairs() == [(middle, right)]
    board.remove(middle, right)
    assert board.is_empty
    assert not board.has_moves()
    assert board.available_pairs() == []


def test_removing_the_covering_tile_frees_the_tiles_under_it() -> None:
    layout = layout_from(
        """
        id L01
        name Bridge
        layer 0
        row 0: 0 2
        row 4: 0
        layer 1
        row 0: 1
        """
    )
    under = [position_index(layout, 0, 0, 0), position_index(layout, 2, 0, 0)]
    bridge, alone = position_index(layout, 1, 0, 1), position_index(layout, 0, 4, 0)
    tiles: list[Face | None] = [None] * 4
    tiles[under[0]], tiles[under[1]], tiles[bridge], tiles[alone] = map(Face, ("F1", "F2", "S1", "S3"))
    board = Board(layout, tiles)
    assert set(board.free_tiles()) == {bridge, alone}
    assert board.available_pairs() == [tuple(sorted((bridge, alone)))]
    board.remove(bridge, alone)
    assert set(board.free_tiles()) == set(under)
    assert board.available_pairs() == [tuple(under)]


@pytest.mark.parametrize("layout_id", list(all_layouts()))
def test_every_shipped_layout_follows_the_written_free_rule_when_full(layout_id: str) -> None:
    layout = all_layouts()[layout_id]
    assert indices_of(layout.free_mask(layout.full)) == spec_free_positions(layout, range(len(layout)))


@given(st.data())
def test_the_free_mask_follows_the_written_rule_on_any_subset(data: st.DataObject) -> None:
    layout = data.draw(st.sampled_from(list(all_layouts().values())))
    occupied = data.draw(st.sets(st.integers(0, len(layout) - 1)))
    mask = mask_of(occupied)
    assert indices_of(layout.free_mask(mask)) == spec_free_positions(layout, occupied)
    candidates = data.draw(st.sets(st.sampled_from(sorted(occupied)))) if occupied else set()
    assert indices_of(layout.free_among(mask_of(candidates), mask)) == (
        spec_free_positions(layout, occupied) & candidates
    )
