"""The fewest tiles a lost board can be played down to (:func:`fewest_tiles_left`), vs exhaustive play."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pytest

from game.common.rng import SplitMix64
from game.mahjong.engine import Face, Layout, get_layout
from game.mahjong.engine import leftover as leftover_module
from game.mahjong.engine import solver as solver_module
from game.mahjong.engine.leftover import fewest_tiles_left
from game.mahjong.engine.solver import Verdict, solve_tiles
from tests.benchmarks import make_solver_sets as sets

from .helpers import mask_of, replay_by_hand, spec_blockers, spec_class
from .test_solver_small import BOARDS_PER_LAYOUT, SMALL_LAYOUTS, late_game, small_board


def spec_fewest_left(layout: Layout, tiles: Sequence[str | None]) -> int:
    """Every legal move from every position, with the rules as written: slow, right by construction."""
    above, left, right = spec_blockers(layout)
    classes = [None if face is None else spec_class(face) for face in tiles]

    @cache
    def fewest(occupied: int) -> int:
        free = [
            i
            for i in range(len(tiles))
            if occupied >> i & 1
            and not occupied & above[i]
            and not (occupied & left[i] and occupied & right[i])
        ]
        best = occupied.bit_count()
        for x, a in enumerate(free):
            for b in free[x + 1 :]:
                if classes[a] == classes[b]:
                    best = min(best, fewest(occupied & ~(1 << a) & ~(1 << b)))
        return best

    return fewest(mask_of(i for i, face in enumerate(tiles) if face is not None))


def replay_by_hand_with_blockers(
    layout: Layout, tiles: Sequence[Face | None], plan: Sequence[tuple[int, int]]
) -> None:
    """Replay a plan that need not clear the board, with the rules as written."""
    above, left, right = spec_blockers(layout)
    occupied = mask_of(i for i, face in enumerate(tiles) if face is not None)
    for a, b in plan:
        for i in (a, b):
            assert occupied >> i & 1, f"{i} is not on the board"
            assert not occupied & above[i], f"{i} is covered"
            assert not (occupied & left[i] and occupied & right[i]), f"{i} is flanked"
        assert a != b and spec_class(tiles[a] or "") == spec_class(tiles[b] or "")
        occupied &= ~(1 << a) & ~(1 << b)


def check(layout: Layout, tiles: Sequence[Face | None]) -> int:
    result = fewest_tiles_left(layout, tiles)
    assert result.proven
    assert result.tiles == spec_fewest_left(layout, tiles), " ".join(f or "-" for f in tiles)
    replay_by_hand_with_blockers(layout, tiles, result.plan)
    assert sum(face is not None for face in tiles) - 2 * len(result.plan) == result.tiles
    assert (result.tiles == 0) is (solve_tiles(layout, tiles).verdict is Verdict.WINNABLE)
    if result.tiles == 0:
        replay_by_hand(layout, tiles, result.plan)
    return result.tiles


@pytest.mark.parametrize("name", list(SMALL_LAYOUTS))
def test_the_fewest_tiles_left_are_those_of_exhaustive_play_on_small_boards(name: str) -> None:
    layout = SMALL_LAYOUTS[name]
    for k in range(BOARDS_PER_LAYOUT // 3):
        check(layout, small_board(layout, SplitMix64.from_text(f"random faces|{name}|{k}"), solvable=False))


@pytest.mark.parametrize("name", list(SMALL_LAYOUTS))
def test_without_the_compiled_part_the_fewest_tiles_left_are_those_of_exhaustive_play(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leftover_module, "_fastsolve", None)
    monkeypatch.setattr(solver_module, "_fastsolve", None)
    layout = SMALL_LAYOUTS[name]
    for k in range(BOARDS_PER_LAYOUT // 6):
        check(layout, small_board(layout, SplitMix64.from_text(f"random faces|{name}|{k}"), solvable=False))


def test_the_fewest_tiles_left_in_the_turtles_late_game_are_those_of_exhaustive_play() -> None:
    lefts = []
    for k in range(30):
        layout, _played, redistributed = late_game("L00", k)
        lefts.append(check(layout, redistributed))
    assert 0 in lefts and any(lefts), lefts


def test_a_pair_stacked_on_itself_leaves_both_and_says_so_at_once() -> None:
    layout = get_layout("L00")
    top = len(layout) - 1
    below = next(i for i in range(len(layout)) if layout.above[i] >> top & 1)
    tiles: list[Face | None] = [None] * len(layout)
    tiles[top] = tiles[below] = Face("Wh")
    result = fewest_tiles_left(layout, tiles)
    assert (result.tiles, result.plan, result.proven) == (2, (), True)
    assert result.positions <= 1, "the bound is reached without searching"


def test_an_empty_board_leaves_nothing() -> None:
    layout = get_layout("L00")
    assert fewest_tiles_left(layout, [None] * len(layout)).tiles == 0


def test_a_budget_of_positions_gives_the_best_found_unproven() -> None:
    _, positions = sets.read_set("a")
    layout_id, tiles = positions[4]  # 108 tiles, lost, not settled within 2,000 positions
    layout = get_layout(layout_id)
    cut = fewest_tiles_left(layout, tiles, positions=50)
    assert not cut.proven and cut.positions == 50
    assert 0 < cut.tiles < sum(face is not None for face in tiles)
    replay_by_hand_with_blockers(layout, tiles, cut.plan)
    assert sum(face is not None for face in tiles) - 2 * len(cut.plan) == cut.tiles
    more = fewest_tiles_left(layout, tiles, positions=500)
    assert more.tiles <= cut.tiles, "more work never finds worse"
