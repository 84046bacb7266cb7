"""The solver's benchmark sets are what their generator makes, so anyone can make them again."""

from __future__ import annotations

from collections import Counter

import pytest

from game.mahjong.engine import FULL_SET, Board, get_layout
from game.mahjong.engine.solver import Budget, Verdict, solve_tiles
from tests.benchmarks import bench_solver
from tests.benchmarks import make_solver_sets as sets

from .helpers import SPEC_FULL_SET, replay_by_hand, spec_class


@pytest.mark.slow
@pytest.mark.parametrize("name", ["a", "b"])
def test_the_committed_benchmark_set_is_reproduced_by_its_generator(name: str) -> None:
    committed = sets.set_path(name).read_text(encoding="utf-8")
    assert committed == sets.set_text(name), f"run {sets.__file__} again, or find what changed"


@pytest.mark.parametrize("name", ["a", "b"])
def test_a_benchmark_set_is_a_header_line_and_a_thousand_turtle_positions(name: str) -> None:
    header, positions = sets.read_set(name)
    assert header.startswith("# ") and "make_solver_sets.py" in header
    assert len(positions) == sets.POSITIONS == 1000
    size = len(get_layout("L00"))
    for layout_id, tiles in positions:
        assert layout_id == "L00"
        assert len(tiles) == size
        faces = Counter(face for face in tiles if face is not None)
        assert all(count <= SPEC_FULL_SET[face] for face, count in faces.items())
        classes = Counter(spec_class(face) for face in tiles if face is not None)
        assert all(count % 2 == 0 for count in classes.values())


def test_set_a_holds_played_positions_some_stuck() -> None:
    _, positions = sets.read_set("a")
    sizes = [sum(face is not None for face in tiles) for _, tiles in positions]
    assert all(144 - 2 * sets.MAX_MOVES <= size <= 144 - 2 * sets.MIN_MOVES for size in sizes)
    assert len(set(sizes)) > 40, "the number of moves varies"
    stuck = sum(not Board(get_layout(layout_id), tiles).has_moves() for layout_id, tiles in positions)
    assert 0 < stuck < len(positions), "random play gets stuck now and then"


def test_set_b_holds_whole_sets_in_different_orders() -> None:
    _, positions = sets.read_set("b")
    assert all(Counter(tiles) == Counter(FULL_SET) for _, tiles in positions)
    assert len({tuple(tiles) for _, tiles in positions}) == len(positions)


def test_a_position_reads_back_as_written() -> None:
    tiles = sets.position_a(7)
    assert sets.parse_position(sets.format_position(tiles)) == ("L00", tiles)
    with pytest.raises(ValueError, match="tokens"):
        sets.parse_position("L00 1B 1B")


# Boards of set B (index k is line k + 2 of the file) that once took the solver tens of thousands
# of units of work or more (#368 went undecided at 120,000), with the verdicts it finds now.
HARD_B = [
    (16, Verdict.WINNABLE),
    (371, Verdict.WINNABLE),
    (368, Verdict.NOT_WINNABLE),
    (945, Verdict.NOT_WINNABLE),
]


@pytest.mark.slow
@pytest.mark.parametrize(("k", "verdict"), HARD_B, ids=[f"b{k}" for k, _ in HARD_B])
def test_hard_random_turtles_are_decided_within_a_few_thousand_units(k: int, verdict: Verdict) -> None:
    _, positions = sets.read_set("b")
    layout_id, tiles = positions[k]
    solution = solve_tiles(get_layout(layout_id), tiles, Budget(nodes=5_000))
    assert solution.verdict is verdict
    if solution.plan is not None:
        replay_by_hand(get_layout(layout_id), tiles, solution.plan)


def test_the_frozen_verdicts_name_every_position_of_both_sets_once() -> None:
    frozen = bench_solver.frozen_verdicts()
    assert sorted(frozen) == [(name, k) for name in ("a", "b") for k in range(sets.POSITIONS)]
    assert Verdict.UNKNOWN not in frozen.values()
    lost_b = sum(frozen["b", k] is Verdict.NOT_WINNABLE for k in range(sets.POSITIONS))
    low, high = bench_solver.wilson(lost_b, sets.POSITIONS)
    assert low <= bench_solver.PUBLISHED_NOT_WINNABLE <= high, (
        "random Turtles are lost about 2.95 % of the time"
    )
    for k, verdict in HARD_B:
        assert frozen["b", k] is verdict


FROZEN_STRIDE = 20
"""Every this many positions of each set are solved again in the tests; ``make bench`` solves them all."""


def check_the_frozen_verdicts(name: str, stride: int) -> None:
    """Every ``stride``-th position of set ``name`` gets its frozen verdict, and its plan replays."""
    frozen = bench_solver.frozen_verdicts()
    _, positions = sets.read_set(name)
    for k in range(0, sets.POSITIONS, stride):
        layout_id, tiles = positions[k]
        solution = solve_tiles(get_layout(layout_id), tiles, Budget(nodes=30_000))
        assert solution.verdict is frozen[name, k], f"position {k} of set {name}"
        if solution.plan is not None:
            replay_by_hand(get_layout(layout_id), tiles, solution.plan)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["a", "b"])
def test_the_solver_reaches_the_frozen_verdicts(name: str) -> None:
    check_the_frozen_verdicts(name, FROZEN_STRIDE)
