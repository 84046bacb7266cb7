"""Board: faces on positions, legal removals, put-backs, and the incrementally kept free mask."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import (
    Board,
    Face,
    GameCode,
    IllegalMoveError,
    MalformedError,
    check_tiles,
    deal,
    get_layout,
    tiles_match,
)
from game.mahjong.engine.board import undo_chain
from game.mahjong.engine.errors import UndoChainError

from .helpers import CODE, blocked_tile, codes, free_pair_not_matching, indices_of, spec_free_positions


def turtle_board(code: str = CODE) -> Board:
    result = deal(code)
    return Board(result.layout, result.tiles)


def test_a_new_board_holds_every_tile_and_knows_the_free_ones() -> None:
    board = turtle_board()
    assert len(board) == 144
    assert not board.is_empty
    assert all(board.has_tile(i) for i in range(144))
    assert set(board.free_tiles()) == spec_free_positions(board.layout, range(144))
    assert board.free == board.layout.free_mask(board.occupied)


def test_a_board_needs_one_entry_per_position() -> None:
    with pytest.raises(MalformedError, match="has 144 positions, not 143"):
        Board(get_layout("L00"), [Face("1B")] * 143)


def test_a_board_refuses_unknown_labels() -> None:
    with pytest.raises(MalformedError, match="unknown tile label"):
        Board(get_layout("L00"), [Face("1B")] * 143 + [Face("XX")])


def test_empty_spots_are_neither_occupied_nor_free() -> None:
    tiles: list[Face | None] = [None] * 144
    tiles[0] = tiles[1] = Face("5D")
    board = Board(get_layout("L00"), tiles)
    assert len(board) == 2
    assert not board.has_tile(2)
    assert not board.is_free(2)
    assert board.free_tiles() == [0, 1]
    assert board.available_pairs() == [(0, 1)]


def test_available_pairs_are_exactly_the_free_matching_pairs_in_index_order() -> None:
    board = turtle_board()
    free = board.free_tiles()
    expected = [(a, b) for a in free for b in free if a < b and board.matches(a, b)]
    assert board.available_pairs() == sorted(expected)
    assert board.has_moves() == bool(expected)


def test_remove_takes_a_legal_pair_and_returns_its_faces() -> None:
    board = turtle_board()
    a, b = deal(CODE).plan[0]
    faces = (board.tiles[a], board.tiles[b])
    assert board.remove(a, b) == faces
    assert board.tiles[a] is None and board.tiles[b] is None
    assert not board.has_tile(a) and not board.has_tile(b)
    assert len(board) == 142
    assert not board.matches(a, b), "empty spots match nothing"


def test_put_back_restores_the_board() -> None:
    board = turtle_board()
    before = (list(board.tiles), board.occupied, board.free)
    a, b = deal(CODE).plan[0]
    fa, fb = board.remove(a, b)
    board.put_back(a, b, fa, fb)
    assert (board.tiles, board.occupied, board.free) == before
    assert board.available_pairs() == turtle_board().available_pairs()


def illegal_pair(board: Board, kind: str) -> tuple[int, int]:
    if kind == "same tile twice":
        a = deal(CODE).plan[0][0]
        return a, a
    if kind == "blocked tile":
        blocked = blocked_tile(board)
        return blocked, next(i for i in range(144) if i != blocked and board.matches(i, blocked))
    return free_pair_not_matching(board)


@pytest.mark.parametrize(
    ("kind", "phrase"),
    [
        ("same tile twice", "two different tiles"),
        ("blocked tile", "is not free"),
        ("no match", "do not match"),
    ],
)
def test_remove_refuses_illegal_pairs_and_changes_nothing(kind: str, phrase: str) -> None:
    board = turtle_board()
    pair = illegal_pair(board, kind)
    before = (list(board.tiles), board.occupied, board.free)
    with pytest.raises(IllegalMoveError, match=phrase):
        board.remove(*pair)
    assert (board.tiles, board.occupied, board.free) == before


def test_remove_refuses_a_tile_that_is_gone() -> None:
    board = turtle_board()
    a, b = deal(CODE).plan[0]
    board.remove(a, b)
    with pytest.raises(IllegalMoveError, match=f"no tile on position {a}"):
        board.remove(a, b)


@pytest.mark.parametrize("index", [-1, 144, 10**9, True, "3", 3.0, None])
def test_check_index_refuses_anything_but_a_position_index(index: object) -> None:
    with pytest.raises(MalformedError, match="is not a position index from 0 to 143"):
        turtle_board().check_index(index)


def test_check_index_accepts_every_position() -> None:
    board = turtle_board()
    assert [board.check_index(i) for i in (0, 143)] == [0, 143]


def test_copy_is_independent() -> None:
    board = turtle_board()
    twin = board.copy()
    a, b = deal(CODE).plan[0]
    twin.remove(a, b)
    assert board.has_tile(a) and len(board) == 144
    assert len(twin) == 142


def test_replace_tiles_keeps_the_free_mask_and_swaps_the_faces() -> None:
    board = turtle_board()
    free = board.free
    other = deal("MJ1-L00-ZZZZZZZ").tiles
    board.replace_tiles(other)
    assert board.tiles == list(other)
    assert board.free == free
    assert board.available_pairs() == turtle_board("MJ1-L00-ZZZZZZZ").available_pairs()


def test_replace_tiles_must_keep_the_same_positions_occupied() -> None:
    board = turtle_board()
    tiles: list[Face | None] = list(board.tiles)
    tiles[0] = None
    with pytest.raises(MalformedError, match="same positions occupied"):
        board.replace_tiles(tiles)


@given(codes(), st.lists(st.integers(0, 2**32), min_size=1, max_size=120))
def test_the_free_mask_stays_right_through_random_removals_and_put_backs(
    code: str, choices: list[int]
) -> None:
    result = deal(code)
    board = Board(result.layout, result.tiles)
    removed: list[tuple[int, int, Face, Face]] = []
    for choice in choices:
        pairs = board.available_pairs()
        if removed and (choice % 4 == 0 or not pairs):
            a, b, fa, fb = removed.pop()
            board.put_back(a, b, fa, fb)
        elif pairs:
            a, b = pairs[choice % len(pairs)]
            fa, fb = board.remove(a, b)
            removed.append((a, b, fa, fb))
        else:
            break
        assert board.free == board.layout.free_mask(board.occupied)
        assert indices_of(board.free) == spec_free_positions(board.layout, indices_of(board.occupied))
        assert len(board) == len(result.layout) - 2 * len(removed)


@pytest.mark.parametrize(
    ("bad", "at", "named"),
    [
        ("XX", 7, "'XX'"),
        (["1B"], 0, "['1B']"),  # unhashable: JSON can send a list
        ({"face": "1B"}, 143, "{'face': '1B'}"),
        (1, 50, "1"),
        (b"1B", 3, "b'1B'"),
        ("", 99, "''"),
    ],
)
def test_check_tiles_names_the_first_item_that_is_no_tile(bad: object, at: int, named: str) -> None:
    tiles: list[object] = [None] * 144
    tiles[at] = bad
    tiles[(at + 1) % 144] = "XY"  # a later unknown label is not the one named, unless it comes first
    first = min(at, (at + 1) % 144)
    expected = f"item {first}: unknown tile label {named if first == at else repr('XY')}"
    with pytest.raises(MalformedError, match=re.escape(expected)):
        check_tiles(get_layout("L00"), tiles, must_pair=False)


def test_check_tiles_returns_a_good_board_as_it_came_and_counts_copies_and_pairs() -> None:
    tiles: list[str | None] = [None if face is None else str(face) for face in deal(CODE).tiles]
    tiles[5] = None
    checked = check_tiles(get_layout("L00"), tiles, must_pair=False)
    assert checked == tiles and checked is not tiles
    with pytest.raises(MalformedError, match="cannot all be paired"):
        check_tiles(get_layout("L00"), tiles, must_pair=True)
    assert check_tiles(get_layout("L00"), [None] * 144, must_pair=True) == [None] * 144
    five = [*tiles[:6], *[tiles[0]] * 4]
    with pytest.raises(MalformedError, match="occurs 5 times, but a set has 4"):
        check_tiles(get_layout("L00"), five + [None] * (144 - len(five)), must_pair=False)


# -- the undo chain: removals a player claims to be able to undo ---------------------------------------


def _played(layout_id: str, pairs: int) -> tuple[Board, list[tuple[int, int, str, str]]]:
    """A deal with the first ``pairs`` pairs of its plan taken, and those removals, oldest first."""
    dealt = deal(GameCode.parse(f"MJ1-{layout_id}-UNDOCHN"), 1)
    board = Board(dealt.layout, dealt.tiles)
    removals = []
    for a, b in (dealt.plan or ())[:pairs]:
        fa, fb = board.remove(a, b)
        removals.append((a, b, str(fa), str(fb)))
    return board, removals


def test_the_undo_chain_of_a_real_game_is_taken_with_its_faces() -> None:
    board, removals = _played("L09", 5)
    assert undo_chain(board, removals) == [(a, b, Face(fa), Face(fb)) for a, b, fa, fb in removals]
    assert undo_chain(board, []) == []


@pytest.mark.parametrize(
    ("forge", "index", "tile", "problem"),
    [
        (lambda r: [*r[:-1], (r[-1][0], 9_999, r[-1][2], r[-1][3])], 4, "b", "no position 9999"),
        (lambda r: [*r, r[0]], 0, "a", "is not empty before this removal is undone"),
        (lambda r: [(a, b, "1B", "1B") for a, b, _, _ in r], None, None, "the board they lead back to"),
    ],
)
def test_a_forged_undo_chain_is_refused_naming_the_removal_and_the_tile(
    forge: Any, index: int | None, tile: str | None, problem: str
) -> None:
    board, removals = _played("L09", 5)
    with pytest.raises(UndoChainError) as refused:
        undo_chain(board, forge(removals))
    assert (refused.value.index, refused.value.tile) == (index, tile)
    assert problem in refused.value.problem


def test_an_undo_chain_whose_faces_were_swapped_between_pairs_is_no_legal_way_to_the_board() -> None:
    board, removals = _played("L09", 5)
    (a0, b0, fa0, fb0), (a1, b1, fa1, fb1) = removals[:2]
    assert not tiles_match(Face(fb1), Face(fb0)), "the test needs two pairs of different faces"
    # The same faces in all (so the board they lead back to holds one set), paired otherwise.
    forged = [(a0, b0, fb1, fb0), (a1, b1, fa1, fa0), *removals[2:]]
    with pytest.raises(UndoChainError) as refused:
        undo_chain(board, forged)
    assert (refused.value.index, refused.value.tile) == (0, None)
    assert "not a legal move" in refused.value.problem
