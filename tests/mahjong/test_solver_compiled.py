"""The solver's compiled part (``_fastsolve.c``) against its pure-Python reference, and both ways.

The compiled functions are ports: ``relaxed`` of ``_Search._relaxed_py``,
``safe_moves`` of ``_Search._safe_moves_py``, ``shrink`` of
``_Search._shrink_py``, ``first_learnt`` of the scan of the learnt lists,
``playouts`` of ``leftover.playouts_py`` and ``relaxed_left`` of
``leftover._relaxed_left_py``.  Each is called side by side
with its reference on every call a search makes, and the two must give the
same answer.  Without the compiled part (``solver._fastsolve`` None, as on a
machine that could not build it) the solver must reach the same verdicts.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from game.common.rng import SplitMix64
from game.mahjong.engine import get_layout, leftover
from game.mahjong.engine import solver as solver_module
from game.mahjong.engine.layout import Layout, iter_bits
from game.mahjong.engine.solver import Budget, Verdict, solve_tiles
from game.mahjong.engine.tiles import MATCH_CLASS_OF, MATCH_CLASSES, Face, face_index
from tests.benchmarks import make_solver_sets as sets

from .helpers import replay_by_hand
from .test_solver_sets import check_the_frozen_verdicts
from .test_solver_small import (
    BOARDS_PER_LAYOUT,
    SMALL_LAYOUTS,
    assert_both_verdicts,
    check_against_brute_force,
    small_board,
)

compiled = pytest.mark.skipif(solver_module._fastsolve is None, reason="the compiled part is not built")
fast = solver_module._fastsolve


def classes_of(tiles: Sequence[Face | None]) -> list[int]:
    return [-1 if face is None else MATCH_CLASS_OF[face_index(face)] for face in tiles]


def small_boards(
    kinds: Sequence[str] = ("random faces", "solvable faces"),
) -> Iterator[tuple[Layout, list[Face | None]]]:
    for name, layout in SMALL_LAYOUTS.items():
        for k in range(BOARDS_PER_LAYOUT):
            for kind in kinds:
                rng = SplitMix64.from_text(f"{kind}|{name}|{k}")
                yield layout, small_board(layout, rng, solvable=kind == "solvable faces")


def some_turtles(count: int) -> Iterator[tuple[Layout, list[Face | None]]]:
    """The first positions of both benchmark sets."""
    for name in ("a", "b"):
        for layout_id, tiles in sets.read_set(name)[1][:count]:
            yield get_layout(layout_id), tiles


@pytest.fixture
def pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver as on a machine without the compiled part."""
    monkeypatch.setattr(solver_module, "_fastsolve", None)


@pytest.fixture
def search_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """No quick verdict (it decides most boards): the compiled search decides everything."""
    monkeypatch.setattr(
        solver_module, "_quick_verdict", lambda *_: solver_module.Solution(Verdict.UNKNOWN, None, 0)
    )


# -- the relaxed game ---------------------------------------------------------------------------


@pytest.fixture
def relaxed_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every relaxed game the search plays, played both ways and compared."""
    assert fast is not None
    counts: Counter[str] = Counter()

    def both(self: solver_module._Search, occupied: int, designated: int) -> object:
        self._spend()
        assert self.tables is not None
        reference = self._relaxed_py(occupied, designated)
        assert fast.relaxed(self.tables, occupied, designated, self.activity) == reference
        counts["calls"] += 1
        counts["lost" if reference is None else "critical" if reference[1] else "won"] += 1
        return reference

    monkeypatch.setattr(solver_module._Search, "_relaxed", both)
    return counts


@compiled
@pytest.mark.usefixtures("search_only")
def test_the_compiled_relaxed_game_answers_as_the_python_one_on_small_boards(
    relaxed_calls: Counter[str],
) -> None:
    for layout, tiles in small_boards():
        solve_tiles(layout, tiles)
    assert relaxed_calls["calls"] > 1000, relaxed_calls
    assert min(relaxed_calls["lost"], relaxed_calls["critical"], relaxed_calls["won"]) > 50, relaxed_calls


@compiled
@pytest.mark.slow
@pytest.mark.usefixtures("search_only")
def test_the_compiled_relaxed_game_answers_as_the_python_one_on_turtles(relaxed_calls: Counter[str]) -> None:
    for layout, tiles in some_turtles(60):
        solve_tiles(layout, tiles, Budget(nodes=3_000))
    assert relaxed_calls["calls"] > 5000, relaxed_calls
    assert min(relaxed_calls["lost"], relaxed_calls["critical"]) > 100, relaxed_calls


# -- safe moves ---------------------------------------------------------------------------------


@compiled
@pytest.mark.usefixtures("search_only")
def test_the_compiled_safe_moves_are_the_python_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    assert fast is not None
    counts: Counter[str] = Counter()

    def both(self: solver_module._Search, occupied: int, free: int, designated: int) -> object:
        assert self.tables is not None
        made = fast.safe_moves(self.tables, occupied, free, designated)
        start = len(self.path)
        reference = self._safe_moves_py(occupied, free, designated)
        if reference is None:
            assert made is None
            counts["lost"] += 1
        else:
            assert made == (self.path[start:], *reference)
            counts["moved" if made[0] else "none"] += 1
        return reference

    monkeypatch.setattr(solver_module._Search, "_safe_moves", both)
    for layout, tiles in [*small_boards(), *some_turtles(10)]:
        solve_tiles(layout, tiles, Budget(nodes=2_000))
    assert min(counts.values()) > 50 and len(counts) == 3, counts


# -- conflict shrinking and learnt sets -----------------------------------------------------------


@pytest.fixture
def shrink_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Learning from the first unit of work, every shrink made both ways and compared."""
    assert fast is not None
    counts: Counter[str] = Counter()
    monkeypatch.setattr(solver_module, "LEARN_AFTER", 0)

    def both(self: solver_module._Search, chosen: int) -> int:
        if not self.learning or not chosen:
            return chosen
        assert self.tables is not None
        shrunk, games = fast.shrink(self.tables, self.root[0], self.forced, chosen, self.trail)
        before = self.nodes
        reference = self._shrink_py(chosen)
        assert (chosen if shrunk is None else shrunk) == reference
        assert games == self.nodes - before
        counts["calls"] += 1
        counts["shrunk"] += reference != chosen
        return reference

    monkeypatch.setattr(solver_module._Search, "_shrink", both)
    return counts


@compiled
@pytest.mark.usefixtures("search_only")
def test_the_compiled_shrinking_answers_as_the_python_one(shrink_calls: Counter[str]) -> None:
    for layout, tiles in small_boards():
        solve_tiles(layout, tiles)
    for layout, tiles in some_turtles(15):
        solve_tiles(layout, tiles, Budget(nodes=2_000))
    assert shrink_calls["calls"] > 200, shrink_calls
    assert shrink_calls["shrunk"] > 50, shrink_calls


@compiled
def test_the_compiled_check_of_learnt_sets_finds_the_first_one_made() -> None:
    assert fast is not None
    rng = SplitMix64.from_text("learnt sets")
    for _ in range(300):
        learnt = []
        for _ in range(rng.below(12)):
            faces = [rng.below(MATCH_CLASSES) for _ in range(1 + rng.below(4))]
            bits = sum((1 + rng.below(3)) << (2 * c) for c in set(faces))
            learnt.append((solver_module._faces(bits), bits))
        entries = b"".join(mask.to_bytes(16, "little") + bits.to_bytes(16, "little") for mask, bits in learnt)
        chosen = sum((1 + rng.below(3)) << (2 * c) for c in range(MATCH_CLASSES) if rng.below(3))
        if learnt and rng.below(2):
            chosen = (chosen & ~learnt[-1][0]) | learnt[-1][1]  # make sure one is made
        expected = next((bits for mask, bits in learnt if chosen & mask == bits), None)
        assert fast.first_learnt(entries, chosen) == expected


# -- playouts -----------------------------------------------------------------------------------


@compiled
@pytest.mark.parametrize("best", [False, True], ids=["first that clears", "fewest left"])
def test_the_compiled_playouts_play_the_reference_games(best: bool) -> None:
    assert fast is not None
    outcomes: Counter[bool] = Counter()
    for k, (layout, tiles) in enumerate([*small_boards(), *some_turtles(10)]):
        classes = classes_of(tiles)
        occupied = sum(1 << i for i, c in enumerate(classes) if c >= 0)
        tables = solver_module._compiled_tables(layout, classes)
        tries = 1 + k % 7
        played, games = fast.playouts(tables, occupied, k, tries, best)
        assert (played, games) == leftover.playouts_py(layout, classes, occupied, k, tries, best)
        if played is None:
            assert games == tries and not best, "only a search for a game that clears can find none"
        cleared = played is not None and 2 * len(played) == occupied.bit_count()
        if cleared:
            replay_by_hand(layout, tiles, played or ())
        outcomes[cleared] += 1
    assert min(outcomes.values()) > 100, outcomes


@compiled
def test_the_compiled_relaxed_game_leaves_as_many_tiles_as_the_python_one() -> None:
    assert fast is not None
    lefts: Counter[bool] = Counter()
    for layout, tiles in [*small_boards(), *some_turtles(30)]:
        classes = classes_of(tiles)
        members = [0] * MATCH_CLASSES
        for i, c in enumerate(classes):
            if c >= 0:
                members[c] |= 1 << i
        tables = solver_module._compiled_tables(layout, classes)
        board = sum(members)
        rng = SplitMix64(board)
        while board:
            left = fast.relaxed_left(tables, board)
            assert left == leftover._relaxed_left_py(layout, members, board)
            lefts[left > 0] += 1
            on_board = list(iter_bits(board))
            board &= ~(1 << on_board[rng.below(len(on_board))])  # any board, not only real positions
    assert min(lefts.values()) > 500, lefts


# -- both ways ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "solver_kind",
    [
        pytest.param("pure_python", id="without-the-compiled-part"),
        pytest.param("search_only", id="the-compiled-search-alone", marks=compiled),
    ],
)
def test_the_solver_agrees_with_exhaustive_search_on_small_boards(
    solver_kind: str, request: pytest.FixtureRequest
) -> None:
    request.getfixturevalue(solver_kind)
    verdicts: Counter[Verdict | None] = Counter()
    for layout, tiles in small_boards():
        verdicts[check_against_brute_force(layout, tiles)] += 1
    assert verdicts[None] == 0
    assert_both_verdicts(verdicts, at_least=50)


@compiled
@pytest.mark.slow
def test_the_compiled_search_takes_the_same_steps_as_the_pure_python_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Same verdicts, same units of work, same plans: the ports answer exactly as their references."""
    monkeypatch.setattr(
        solver_module, "_quick_verdict", lambda *_: solver_module.Solution(Verdict.UNKNOWN, None, 0)
    )
    boards = list(some_turtles(25))
    with_compiled = [solve_tiles(layout, tiles, Budget(nodes=3_000)) for layout, tiles in boards]
    monkeypatch.setattr(solver_module, "_fastsolve", None)
    without = [solve_tiles(layout, tiles, Budget(nodes=3_000)) for layout, tiles in boards]
    assert with_compiled == without
    assert sum(s.nodes for s in without) > 5_000


FROZEN_STRIDE = 50


@pytest.mark.slow
@pytest.mark.usefixtures("pure_python")
@pytest.mark.parametrize("name", ["a", "b"])
def test_without_the_compiled_part_the_solver_reaches_the_frozen_verdicts(name: str) -> None:
    check_the_frozen_verdicts(name, FROZEN_STRIDE)


# -- the interpreter lock -------------------------------------------------------------------------


def a_hard_turtle() -> tuple[bytes, int]:
    """The tables and tiles of the first position of benchmark set B that 300 random games do not
    clear: each call of playouts on it plays hundreds of whole games."""
    for layout, tiles in some_turtles(1000):
        classes = classes_of(tiles)
        occupied = sum(1 << i for i, c in enumerate(classes) if c >= 0)
        tables = solver_module._compiled_tables(layout, classes)
        assert fast is not None
        if occupied.bit_count() == len(layout) and fast.playouts(tables, occupied, 1, 300)[0] is None:
            return tables, occupied
    raise AssertionError("some deals of set B need more than 300 random games")


@compiled
def test_the_compiled_games_let_the_other_threads_run_while_they_play() -> None:
    """A server process runs requests on other threads: a solve must not stop them all.

    With no forced switches between threads (a switch interval of 100 s), the
    counting thread can only count while this one is inside the compiled playouts
    if the call lets go of the interpreter lock (holding it, not one count in any
    call). The counter gives the lock back at every count (``sleep(0)``), so this
    thread takes it back once the games are over.
    """
    assert fast is not None
    tables, occupied = a_hard_turtle()
    counted = [0]
    stop = threading.Event()

    def count() -> None:
        while not stop.is_set():
            counted[0] += 1
            time.sleep(0)

    switch_interval = sys.getswitchinterval()
    counter = threading.Thread(target=count)
    counter.start()
    while not counted[0]:  # counting, or waiting for the lock: not still being started
        time.sleep(0)
    sys.setswitchinterval(100.0)
    counts = []
    try:
        for _ in range(5):
            before = counted[0]
            fast.playouts(tables, occupied, 1, 300, True)
            counts.append(counted[0] - before)
    finally:
        sys.setswitchinterval(switch_interval)
        stop.set()
        counter.join()
    assert any(counts), f"no other thread ran while the games were played: {counts}"
