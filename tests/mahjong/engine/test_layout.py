"""Shipped layouts, the Turtle above all, and the Layout object itself."""

from __future__ import annotations

from importlib import resources

import pytest

from game.mahjong.engine import Layout, MalformedError, Position, all_layouts, get_layout

from .helpers import indices_of, position_index, spec_free_positions

TURTLE = get_layout("L00")


def test_the_turtle_has_144_positions_in_five_layers() -> None:
    assert len(TURTLE) == 144
    assert TURTLE.layer_sizes == (87, 36, 16, 4, 1)
    assert TURTLE.name == "Turtle"
    assert TURTLE.about


def test_exactly_35_turtle_tiles_are_free_at_the_start() -> None:
    assert TURTLE.free_mask(TURTLE.full).bit_count() == 35


def test_the_turtles_free_tiles_at_the_start_follow_the_written_rule() -> None:
    assert indices_of(TURTLE.free_mask(TURTLE.full)) == spec_free_positions(TURTLE, range(144))


@pytest.mark.parametrize(
    "position",
    [
        (0, 7, 0),
        (26, 7, 0),
        (28, 7, 0),
        (2, 0, 0),
        (24, 14, 0),
        (8, 2, 1),
        (10, 4, 2),
        (12, 6, 3),
        (13, 7, 4),
    ],
)
def test_turtle_positions_include(position: tuple[int, int, int]) -> None:
    assert Position(*position) in TURTLE.positions


@pytest.mark.parametrize("position", [(0, 6, 0), (0, 0, 0), (13, 7, 3), (12, 7, 4), (14, 7, 4), (2, 7, 0)])
def test_turtle_positions_exclude(position: tuple[int, int, int]) -> None:
    assert Position(*position) not in TURTLE.positions


def test_the_top_of_the_turtle_is_its_last_position() -> None:
    assert TURTLE.positions[-1] == Position(13, 7, 4)
    assert TURTLE.width == 30
    assert TURTLE.height == 16


@pytest.mark.parametrize(
    ("position", "free"),
    [
        ((0, 7, 0), True),  # the left wing: nothing to its left
        ((28, 7, 0), True),  # the outer right wing
        ((26, 7, 0), False),  # the inner right wing: rows y=6 and 8 on its left, the outer wing on its right
        ((2, 6, 0), False),  # row ends next to the wings are blocked by them
        ((2, 8, 0), False),
        ((24, 6, 0), False),
        ((24, 8, 0), False),
        ((2, 0, 0), True),  # ordinary row ends are free
        ((24, 14, 0), True),
        ((4, 0, 0), False),  # the middle of a row is not
        ((10, 4, 1), False),  # covered by layer 2
        ((8, 4, 1), True),
        ((13, 7, 4), True),
    ],
)
def test_turtle_freedom_at_the_start(position: tuple[int, int, int], free: bool) -> None:
    assert TURTLE.is_free(position_index(TURTLE, *position), TURTLE.full) is free


def test_the_top_tile_blocks_all_four_tiles_of_layer_3() -> None:
    top = position_index(TURTLE, 13, 7, 4)
    layer3 = [i for i, p in enumerate(TURTLE.positions) if p.z == 3]
    assert len(layer3) == 4
    assert not any(TURTLE.is_free(i, TURTLE.full) for i in layer3)
    without_top = TURTLE.full & ~(1 << top)
    assert all(TURTLE.is_free(i, without_top) for i in layer3)
    assert indices_of(TURTLE.below[top]) == set(layer3)


def test_taking_the_outer_wing_frees_the_inner_wing() -> None:
    inner, outer = position_index(TURTLE, 26, 7, 0), position_index(TURTLE, 28, 7, 0)
    assert TURTLE.is_free(inner, TURTLE.full & ~(1 << outer))


def test_the_left_wing_blocks_both_row_ends_beside_it() -> None:
    wing = position_index(TURTLE, 0, 7, 0)
    assert indices_of(TURTLE.right[wing]) == {
        position_index(TURTLE, 2, 6, 0),
        position_index(TURTLE, 2, 8, 0),
    }
    occupied = TURTLE.full & ~(1 << wing)
    assert TURTLE.is_free(position_index(TURTLE, 2, 6, 0), occupied)
    assert TURTLE.is_free(position_index(TURTLE, 2, 8, 0), occupied)


@pytest.mark.parametrize("layout_id", list(all_layouts()))
def test_every_shipped_layout_is_well_formed(layout_id: str) -> None:
    layout = all_layouts()[layout_id]
    assert layout.id == layout_id
    assert 2 <= len(layout) <= 144
    assert len(layout) % 2 == 0
    assert len(set(layout.positions)) == len(layout)
    assert layout.name
    assert get_layout(layout_id) is layout
    assert layout.free_mask(layout.full), "a layout must have free tiles at the start"


@pytest.mark.parametrize("layout_id", list(all_layouts()))
def test_every_shipped_layout_file_is_in_canonical_form(layout_id: str) -> None:
    text = resources.files("game.mahjong.engine").joinpath("layouts", f"{layout_id}.txt").read_text("utf-8")
    assert all_layouts()[layout_id].to_text() == text


def test_all_layouts_are_in_id_order() -> None:
    ids = list(all_layouts())
    assert ids == sorted(ids)
    assert "L00" in ids


@pytest.mark.parametrize("layout_id", ["L99", "X00", "L0", "l00", "", None, 0])
def test_get_layout_rejects_unknown_or_malformed_ids(layout_id: object) -> None:
    with pytest.raises(MalformedError):
        get_layout(layout_id)


def test_index_of_finds_a_position_and_rejects_others() -> None:
    assert TURTLE.index_of(Position(13, 7, 4)) == 143
    assert TURTLE.index_of(Position(2, 0, 0)) == 0
    with pytest.raises(MalformedError, match="not a position of layout L00"):
        TURTLE.index_of(Position(1, 1, 1))


def test_layout_positions_must_be_sorted_by_layer_row_and_column() -> None:
    with pytest.raises(MalformedError, match="sorted"):
        Layout("L01", "x", (Position(2, 0, 0), Position(0, 0, 0)))


def test_layout_positions_must_be_distinct() -> None:
    with pytest.raises(MalformedError, match="twice"):
        Layout("L01", "x", (Position(0, 0, 0), Position(0, 0, 0)))


def test_layout_ids_look_like_l_and_two_digits() -> None:
    with pytest.raises(MalformedError, match="layout id"):
        Layout("Turtle", "x", (Position(0, 0, 0), Position(2, 0, 0)))


def test_relations_are_symmetric_in_every_shipped_layout() -> None:
    for layout in all_layouts().values():
        for i in range(len(layout)):
            for j in indices_of(layout.above[i]):
                assert i in indices_of(layout.below[j])
            for j in indices_of(layout.left[i]):
                assert i in indices_of(layout.right[j])


@pytest.mark.parametrize("layout_id", sorted(all_layouts()))
def test_the_graph_lists_the_relations_the_free_rule_uses(layout_id: str) -> None:
    layout = get_layout(layout_id)
    graph = layout.graph()
    assert set(graph) == {"above", "left", "right"}
    for i in range(len(layout)):
        # A left neighbour has this tile as its right neighbour, and whatever lies above is one layer up.
        assert all(i in graph["right"][j] for j in graph["left"][i])
        assert all(layout.positions[j].z == layout.positions[i].z + 1 for j in graph["above"][i])
        assert graph["above"][i] == sorted(graph["above"][i])
        assert sum(1 << j for j in graph["left"][i]) == layout.left[i]
