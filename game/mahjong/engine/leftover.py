"""The fewest tiles a lost board can still be played down to.

For a dead-end hint ("the best you can still do is leave N tiles"): a
depth-first search over real moves, with three things that keep it small.

* Safe moves are made at once: a face's last two tiles when both are free, and
  all four tiles of a face when all are free.  Taking them never makes the
  result worse: removing tiles only ever frees others, and those tiles could
  only have paired among themselves.
* A bound that no play can beat, counted per face from the layout: two tiles of
  a face where one lies (through others) on the other can never both go, nor
  can four tiles none of whose pairings has both pairs free at once (then two
  stay).  The search stops as soon as it reaches the bound.
* Positions already searched are remembered, as the best that follows from a
  position depends on which tiles are left, not on how it came about.

Exponential in the worst case, like any exact answer here, so it runs within a
budget of positions; the result says whether it is proven the fewest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .board import check_tiles
from .dealing import Pair
from .layout import Layout, iter_bits
from .tiles import MATCH_CLASS_OF, MATCH_CLASSES, Face, face_index

DEFAULT_POSITIONS: Final = 20_000


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


def fewest_tiles_left(
    layout: Layout, tiles: Sequence[Face | None], positions: int = DEFAULT_POSITIONS
) -> Leftover:
    """The fewest tiles the board (``tiles[i]`` on ``layout.positions[i]``) can be played down to."""
    check_tiles(layout, tiles, must_pair=False)
    classes = [-1 if face is None else MATCH_CLASS_OF[face_index(face)] for face in tiles]
    members = [0] * MATCH_CLASSES
    for i, c in enumerate(classes):
        if c >= 0:
            members[c] |= 1 << i
    occupied = sum(members)
    # A face with an odd number of tiles keeps one whatever happens.
    bound = _stuck_at_least(layout, members) + sum(m.bit_count() % 2 for m in members)
    seen: set[int] = set()
    best_left = occupied.bit_count()
    best_plan: list[Pair] = []
    path: list[Pair] = []

    def safe_moves(occupied: int) -> int:
        progress = True
        while progress:
            progress = False
            free = layout.free_mask(occupied)
            for mask in members:
                rest = mask & occupied
                count = rest.bit_count()
                if count in (2, 4) and rest & free == rest:
                    group = list(iter_bits(rest))
                    path.extend(zip(group[::2], group[1::2], strict=True))
                    occupied &= ~rest
                    progress = True
        return occupied

    def search(occupied: int) -> bool:
        """Depth-first from ``occupied``; True once the bound is reached (nothing left to find)."""
        nonlocal best_left, best_plan
        start = len(path)
        occupied = safe_moves(occupied)
        left = occupied.bit_count()
        if left < best_left:
            best_left, best_plan = left, list(path)
            if best_left <= bound:
                return True
        if occupied in seen:
            del path[start:]
            return False
        if len(seen) >= positions:
            raise _OutOfPositions
        seen.add(occupied)
        by_class: dict[int, list[int]] = {}
        for i in iter_bits(layout.free_mask(occupied)):
            by_class.setdefault(classes[i], []).append(i)
        for group in by_class.values():
            for x, a in enumerate(group):
                for b in group[x + 1 :]:
                    path.append((a, b))
                    if search(occupied & ~((1 << a) | (1 << b))):
                        return True
                    path.pop()
        del path[start:]
        return False

    try:
        search(occupied)
        proven = True
    except _OutOfPositions:
        proven = False
    return Leftover(best_left, tuple(best_plan), proven, len(seen))
