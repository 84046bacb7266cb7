"""The fewest tiles a lost board can still be played down to.

For a dead-end hint ("the best you can still do is leave N tiles"): a
depth-first search over real moves, with four things that keep it small.

* Safe moves are made at once: a face's last two tiles when both are free, and
  all four tiles of a face when all are free.  Taking them never makes the
  result worse: removing tiles only ever frees others, and those tiles could
  only have paired among themselves.
* A bound that no play can beat, counted per face from the layout: two tiles of
  a face where one lies (through others) on the other can never both go, nor
  can four tiles none of whose pairings has both pairs free at once (then two
  stay); and a board the solver finds lost keeps two at least (one it finds
  winnable is answered with its plan).  The search stops as soon as it
  reaches the bound.
* Positions already searched are remembered, as the best that follows from a
  position depends on which tiles are left, not on how it came about.
* Branch and bound: the solver's relaxed game (faces of four shed each tile
  once two were free together) from a position leaves no more tiles than any
  real play from there, so a position whose relaxed game leaves as many as the
  best play found so far is not searched.  Compiled (``_fastsolve.c``) when it
  could be built, else in pure Python.

Exponential in the worst case, like any exact answer here, so it runs within a
budget of positions (and optionally of seconds); the result says whether it is
proven the fewest.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from game.common.rng import SplitMix64

from .board import check_tiles
from .dealing import Pair
from .layout import Layout, iter_bits
from .solver import PLAYOUT_SEED, Budget, Verdict, _compiled_tables, _fastsolve, solve_tiles
from .tiles import MATCH_CLASS_OF, MATCH_CLASSES, Face, face_index

DEFAULT_POSITIONS: Final = 20_000
PLAYOUTS: Final = 200
"""Random games played first, the best of which the search has to beat (compiled; else a tenth)."""
SOLVER_NODES: Final = 20_000
"""The solver's budget for telling a board that can be cleared from one that keeps two tiles at least."""
_CLOCK_EVERY: Final = 64


@dataclass(frozen=True, slots=True)
class Leftover:
    tiles: int
    """The fewest tiles left by any play found (0: the board can be cleared)."""
    plan: tuple[Pair, ...]
    """Pairs in an order that leaves exactly that many."""
    proven: bool
    """True when no play leaves fewer; False when the budget ran out first."""
    positions: int
    """Positions searched (a machine-independent measure of the work)."""


class _OutOfPositions(Exception):
    pass


def _dead(layout: Layout, a: int, b: int) -> bool:
    """Two tiles that are never free at once: one lies (transitively) on the other."""
    up = layout.above_closure
    return bool((up[a] >> b) & 1 or (up[b] >> a) & 1)


def _pairings(group: list[int]) -> tuple[tuple[Pair, Pair], ...]:
    t0, t1, t2, t3 = group
    return (((t0, t1), (t2, t3)), ((t0, t2), (t1, t3)), ((t0, t3), (t1, t2)))


def _stuck_at_least(layout: Layout, members: Sequence[int]) -> int:
    """Tiles that no play can take away, counted face by face (see the module's docstring)."""
    stuck = 0
    for mask in members:
        tiles = list(iter_bits(mask))
        if len(tiles) == 2:
            never = _dead(layout, *tiles)
        else:
            never = len(tiles) == 4 and all(
                _dead(layout, *p) or _dead(layout, *q) for p, q in _pairings(tiles)
            )
        stuck += 2 * never
    return stuck


def _relaxed_left_py(layout: Layout, members: Sequence[int], occupied: int) -> int:
    """The tiles the relaxed game from ``occupied`` leaves, in rounds (the reference of the compiled one).

    A face with two tiles on the board is a pair: both go once both are free.
    Any other face, once two of its tiles were free at once, sheds each as soon
    as it is free.  Removing tiles only frees others and a face's free tiles
    stay until it opens, so the end does not depend on the order.
    """
    pairs = {c for c, mask in enumerate(members) if (mask & occupied).bit_count() == 2}
    opened = 0
    board = occupied
    while True:
        free = layout.free_mask(board)
        removed = 0
        for c, mask in enumerate(members):
            rest = mask & board
            loose = rest & free
            if c in pairs:
                if rest and loose == rest:
                    removed |= rest
            elif loose.bit_count() >= 2 or (opened >> c) & 1:
                opened |= 1 << c
                removed |= loose
        if not removed:
            return board.bit_count()
        board &= ~removed


def playouts_py(
    layout: Layout, classes: Sequence[int], occupied: int, seed: int, tries: int, best: bool = False
) -> tuple[list[Pair] | None, int]:
    """Random games, step for step as ``_fastsolve.playouts`` (see the comment above it in _fastsolve.c).

    Each move is two free tiles of a face of four whose other two can still be
    free together, drawn with SplitMix64; safe moves are made at once.  Returns
    the first game that clears the board and the games played, or with
    ``best`` the game that leaves fewest (None only when ``tries`` is 0).
    """
    members = [0] * MATCH_CLASSES
    for i in iter_bits(occupied):
        members[classes[i]] |= 1 << i
    rng = SplitMix64(seed)
    kept: tuple[int, list[int]] | None = None
    for attempt in range(tries):
        board, free = occupied, layout.free_mask(occupied)
        dirty = (1 << MATCH_CLASSES) - 1
        plan: list[int] = []
        while True:
            while dirty:
                c = (dirty & -dirty).bit_length() - 1
                dirty &= dirty - 1
                rest = members[c] & board
                if rest.bit_count() in (2, 4) and rest & free == rest:
                    plan += iter_bits(rest)
                    board, free, changed = _take(layout, classes, board, free, rest)
                    dirty |= changed
            if not board:
                return _as_pairs(plan), attempt + 1
            choices = []
            for c in range(MATCH_CLASSES):
                rest = members[c] & board
                if rest.bit_count() != 4:
                    continue
                loose = list(iter_bits(rest & free))
                for x, a in enumerate(loose):
                    for b in loose[x + 1 :]:
                        p, q = iter_bits(rest & ~((1 << a) | (1 << b)))
                        if not _dead(layout, p, q):
                            choices.append((a, b))
            if not choices:
                break
            a, b = choices[rng.next_u64() % len(choices)]
            plan += (a, b)
            board, free, changed = _take(layout, classes, board, free, (1 << a) | (1 << b))
            dirty |= changed
        if best and (kept is None or board.bit_count() < kept[0]):
            kept = (board.bit_count(), plan)
    return (None if kept is None else _as_pairs(kept[1])), tries


def _take(
    layout: Layout, classes: Sequence[int], board: int, free: int, removed: int
) -> tuple[int, int, int]:
    """The board and free tiles once ``removed`` left, and the faces whose counts changed (as bits)."""
    board &= ~removed
    now_free = layout.free_mask(board)
    changed = removed | (now_free & ~free)
    return board, now_free, sum({1 << classes[i] for i in iter_bits(changed)})


def _as_pairs(tiles: list[int]) -> list[Pair]:
    return list(zip(tiles[::2], tiles[1::2], strict=True))


def fewest_tiles_left(
    layout: Layout,
    tiles: Sequence[Face | None],
    positions: int = DEFAULT_POSITIONS,
    seconds: float | None = None,
    known_lost: bool = False,
) -> Leftover:
    """The fewest tiles the board (``tiles[i]`` on ``layout.positions[i]``) can be played down to.

    Stops, unproven, after ``positions`` positions or ``seconds`` seconds, whichever comes first.
    ``known_lost``: the solver has already proved the board cannot be cleared (the API's
    case), so two tiles at least stay and it need not be asked again.
    """
    check_tiles(layout, tiles, must_pair=False)
    classes = [-1 if face is None else MATCH_CLASS_OF[face_index(face)] for face in tiles]
    members = [0] * MATCH_CLASSES
    for i, c in enumerate(classes):
        if c >= 0:
            members[c] |= 1 << i
    occupied = sum(members)
    relaxed_left: Callable[[int], int]
    if _fastsolve is not None:
        tables = _compiled_tables(layout, classes)
        fast = _fastsolve
        relaxed_left = lambda board: fast.relaxed_left(tables, board)  # noqa: E731
        played, _games = fast.playouts(tables, occupied, PLAYOUT_SEED, PLAYOUTS, True)
    else:
        relaxed_left = lambda board: _relaxed_left_py(layout, members, board)  # noqa: E731
        played, _games = playouts_py(layout, classes, occupied, PLAYOUT_SEED, PLAYOUTS // 10, True)
    deadline = None if seconds is None else time.perf_counter() + seconds
    best_left = occupied.bit_count()
    best_plan: list[Pair] = []
    if played:
        best_left, best_plan = best_left - 2 * len(played), played
    # A face with an odd number of tiles keeps one whatever happens.
    bound = _stuck_at_least(layout, members) + sum(m.bit_count() % 2 for m in members)
    bound = max(bound, relaxed_left(occupied))
    if known_lost:
        bound = max(bound, 2)
    if best_left > bound == 0:
        # Tiles go in pairs: a board that cannot be cleared keeps two at least.
        solution = solve_tiles(layout, tiles, Budget(nodes=SOLVER_NODES))
        if solution.plan is not None:
            return Leftover(0, solution.plan, True, 0)
        if solution.verdict is Verdict.NOT_WINNABLE:
            bound = 2
    if best_left <= bound:
        return Leftover(best_left, tuple(best_plan), True, 0)
    seen: set[int] = set()
    path: list[Pair] = []

    near = [layout.below[i] | layout.left[i] | layout.right[i] for i in range(len(layout))]

    def take(occupied: int, free: int, removed: int) -> tuple[int, int]:
        """The board and its free tiles once ``removed`` left: only their neighbours can come free."""
        occupied &= ~removed
        around = 0
        for i in iter_bits(removed):
            around |= near[i]
        return occupied, (free & ~removed) | layout.free_among(around & occupied & ~free, occupied)

    def safe_moves(occupied: int, free: int) -> tuple[int, int]:
        progress = True
        while progress:
            progress = False
            for mask in members:
                rest = mask & occupied
                count = rest.bit_count()
                if count in (2, 4) and rest & free == rest:
                    group = list(iter_bits(rest))
                    path.extend(zip(group[::2], group[1::2], strict=True))
                    occupied, free = take(occupied, free, rest)
                    progress = True
        return occupied, free

    def search(occupied: int, free: int) -> bool:
        """Depth-first from ``occupied`` (``free`` its free tiles); True once the bound is reached."""
        nonlocal best_left, best_plan
        start = len(path)
        occupied, free = safe_moves(occupied, free)
        left = occupied.bit_count()
        if left < best_left:
            best_left, best_plan = left, list(path)
            if best_left <= bound:
                return True
        if occupied in seen:
            del path[start:]
            return False
        if len(seen) >= positions or (
            deadline is not None and len(seen) % _CLOCK_EVERY == 0 and time.perf_counter() > deadline
        ):
            raise _OutOfPositions
        seen.add(occupied)
        if relaxed_left(occupied) >= best_left:
            del path[start:]  # no play from here leaves fewer than the best found
            return False
        by_class: dict[int, list[int]] = {}
        for i in iter_bits(free):
            by_class.setdefault(classes[i], []).append(i)
        for group in by_class.values():
            for x, a in enumerate(group):
                for b in group[x + 1 :]:
                    path.append((a, b))
                    if search(*take(occupied, free, (1 << a) | (1 << b))):
                        return True
                    path.pop()
        del path[start:]
        return False

    try:
        search(occupied, layout.free_mask(occupied))
        proven = True
    except _OutOfPositions:
        proven = False
    return Leftover(best_left, tuple(best_plan), proven, len(seen))
