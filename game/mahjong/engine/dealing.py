"""Deals that are solvable by construction, and shuffles that stay solvable.

A deal is built backwards: starting from an empty layout, pairs of tiles are
put down on two positions that would both be free at that moment.  Taking the
pairs away in the opposite order is then a legal game that clears the board,
so every deal comes with its *plan*, and the plan is replayed through the
rules before the deal is handed out.

Putting tiles down carelessly can paint the filling into a corner, so two kinds
of placement are never made:

* a tile over an empty spot (the spot could never be filled later, because a
  covered tile is never free), and
* a tile that closes a gap in a row: if an empty spot has a filled tile
  somewhere to its left (through empty spots) and one to its right, it can
  never become free again.  This is checked by walking from the new tile's
  empty neighbours away from it.

What remains can still fail (the last two spots stacked one on the other, say);
such attempts are retried a bounded number of times with the same generator,
so the result stays deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from game.common.rng import SplitMix64

from .codes import GameCode
from .errors import IllegalMoveError, MahjongError, MalformedError
from .layout import Layout, get_layout, iter_bits
from .tiles import FLOWER_CLASS, FULL_SET, MATCH_CLASS_OF, MATCH_CLASSES, Face, face_index

Pair = tuple[int, int]


def plan_json(plan: Sequence[Pair] | None) -> list[list[int]] | None:
    """A plan (pairs of positions to take, in order) as JSON arrays; None stays None."""
    return None if plan is None else [[a, b] for a, b in plan]


"""Two position indices removed together."""

MAX_ATTEMPTS: Final = 100
NODES_PER_PAIR: Final = 8
LOOKAHEAD_SPOTS: Final = 24


class DealError(MahjongError):
    """No solvable filling was found within the attempt bound (should never happen for shipped layouts)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """One dealt board: ``tiles[i]`` lies on ``layout.positions[i]``; ``plan`` clears it."""

    code: GameCode
    level: int
    layout: Layout
    tiles: tuple[Face, ...]
    plan: tuple[Pair, ...]


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Tiles redistributed over the same positions (``None`` where no tile lies).

    ``plan`` clears the new board; it is ``None`` only when the remaining
    positions admit no solvable arrangement at all (two tiles stacked on each
    other, for instance), in which case the tiles are merely permuted.
    """

    tiles: tuple[Face | None, ...]
    plan: tuple[Pair, ...] | None


class _Relations:
    """The layout's relations restricted to a region (the positions to fill)."""

    __slots__ = ("above", "below", "left", "right")

    def __init__(self, layout: Layout, region: int) -> None:
        self.above = [m & region for m in layout.above]
        self.below = [m & region for m in layout.below]
        self.left = [m & region for m in layout.left]
        self.right = [m & region for m in layout.right]


def _closes_gap(rel: _Relations, p: int, filled: int) -> bool:
    """Whether putting a tile on ``p`` (already in ``filled``) leaves an empty spot trapped."""
    for near, far in ((rel.left, rel.left), (rel.right, rel.right)):
        # Each empty neighbour of p on this side must later become free through
        # its far side, so nothing filled may be reachable that way.
        frontier = near[p] & ~filled
        seen = frontier
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            onward = far[low.bit_length() - 1]
            if onward & filled:
                return True
            onward &= ~seen
            seen |= onward
            frontier |= onward
    return False


def _placeable_after(rel: _Relations, region: int, filled: int, placeable: int, p: int) -> int:
    """Update the mask of placeable spots after a tile went down on ``p``.

    A spot is placeable when it is empty, everything under it is filled and it
    would be free if filled now.  Only ``p`` and the spots above it or beside it
    can change, so the update is local.
    """
    below, left, right = rel.below, rel.left, rel.right
    placeable &= ~(1 << p)
    touched = (rel.above[p] | left[p] | right[p]) & ~filled
    while touched:
        low = touched & -touched
        touched ^= low
        i = low.bit_length() - 1
        if not below[i] & ~filled and not (left[i] & filled and right[i] & filled):
            placeable |= low
        else:
            placeable &= ~low
    return placeable


def _steps_needed(rel: _Relations, empty: int, filled: int) -> int:
    """A lower bound on the pair steps needed to fill ``empty``: its longest chain of prerequisites.

    A spot must wait for the spots under it; and a spot with a filled tile on
    one side must be filled before the empty spots on its other side, which then
    wait in turn (filling them first would trap it).  Two spots in one chain
    can never go down in the same pair step.
    """
    depth: dict[int, int] = {}
    waits_for: dict[int, int] = {}
    frontier: list[tuple[int, list[int]]] = []
    for i in iter_bits(empty):
        waits_for[i] = rel.below[i] & empty
        if rel.left[i] & filled:
            frontier.append((i, rel.right))
        if rel.right[i] & filled:
            frontier.append((i, rel.left))
    while frontier:
        i, onward = frontier.pop()
        for j in iter_bits(onward[i] & empty):
            if not (waits_for[j] >> i) & 1:
                waits_for[j] |= 1 << i
                frontier.append((j, onward))

    def chain(i: int) -> int:
        known = depth.get(i)
        if known is None:
            depth[i] = 0  # guards against cycles, which only doomed fillings have
            known = 1 + max((chain(j) for j in iter_bits(waits_for[i])), default=0)
            depth[i] = known
        return known

    return max((chain(i) for i in waits_for), default=0)


def _is_free(rel: _Relations, i: int, occupied: int) -> bool:
    return not (occupied & rel.above[i]) and (not (occupied & rel.left[i]) or not (occupied & rel.right[i]))


class _Filler:
    """Depth-first search over placements, with a bound on the nodes it may visit.

    Candidates are drawn at random one at a time (a lazy Fisher-Yates), since
    the first draw nearly always succeeds and a full shuffle per step would cost
    more than the rest of the work.
    """

    def __init__(self, rel: _Relations, region: int, rng: SplitMix64, budget: int) -> None:
        self.rel = rel
        self.region = region
        self.rng = rng
        self.budget = budget
        self.placed: list[Pair] = []

    def run(self, filled: int, placeable: int) -> bool:
        if filled == self.region:
            return True
        rel, region, rng = self.rel, self.region, self.rng
        firsts = list(iter_bits(placeable))
        n = len(firsts)
        while n:
            k = rng.below(n)
            a = firsts[k]
            n -= 1
            firsts[k] = firsts[n]
            with_a = filled | (1 << a)
            if _closes_gap(rel, a, with_a):
                continue
            after_a = _placeable_after(rel, region, with_a, placeable, a)
            seconds = list(iter_bits(after_a))
            m = len(seconds)
            while m:
                j = rng.below(m)
                b = seconds[j]
                m -= 1
                seconds[j] = seconds[m]
                with_both = with_a | (1 << b)
                if not _is_free(rel, a, with_both) or _closes_gap(rel, b, with_both):
                    continue
                empty = region & ~with_both
                if (
                    empty.bit_count() <= LOOKAHEAD_SPOTS
                    and _steps_needed(rel, empty, with_both) > empty.bit_count() // 2
                ):
                    continue
                self.budget -= 1
                if self.budget < 0:
                    return False
                self.placed.append((a, b))
                if self.run(with_both, _placeable_after(rel, region, with_both, after_a, b)):
                    return True
                self.placed.pop()
                if self.budget < 0:
                    return False
        return False


def fill_order(layout: Layout, region: int, rng: SplitMix64) -> list[Pair] | None:
    """Position pairs in placing order that fill ``region``, or None after the attempt bound.

    Reversed, the list is a removal order that clears the region whatever faces
    the pairs carry, as long as each pair's two faces match.
    """
    rel = _Relations(layout, region)
    placeable = 0
    for i in iter_bits(region):
        if not rel.below[i]:
            placeable |= 1 << i
    pairs = region.bit_count() // 2
    for _ in range(MAX_ATTEMPTS):
        filler = _Filler(rel, region, rng, budget=NODES_PER_PAIR * pairs)
        if filler.run(0, placeable):
            return filler.placed
    return None


def _pair_faces(faces: Sequence[Face], rng: SplitMix64) -> list[tuple[Face, Face]]:
    """Group faces into matching pairs at random (flowers with flowers...)."""
    by_class: list[list[Face]] = [[] for _ in range(MATCH_CLASSES)]
    for face in faces:
        by_class[MATCH_CLASS_OF[face_index(face)]].append(face)
    pairs: list[tuple[Face, Face]] = []
    for members in by_class:
        if len(members) % 2:
            raise MalformedError(f"{members[0]} tiles cannot all be paired: there is an odd number")
        if members and MATCH_CLASS_OF[face_index(members[0])] >= FLOWER_CLASS:
            rng.shuffle(members)
        pairs.extend(zip(members[::2], members[1::2], strict=True))
    rng.shuffle(pairs)
    return pairs


def _assign(size: int, placed: list[Pair], pairs: list[tuple[Face, Face]]) -> list[Face | None]:
    tiles: list[Face | None] = [None] * size
    for (a, b), (fa, fb) in zip(placed, pairs, strict=True):
        tiles[a] = fa
        tiles[b] = fb
    return tiles


def verify_plan(layout: Layout, tiles: Sequence[Face | None], plan: Sequence[Pair]) -> None:
    """Replay ``plan`` on the board; :class:`IllegalMoveError` unless it clears it."""
    occupied = sum(1 << i for i, face in enumerate(tiles) if face is not None)
    for step, (a, b) in enumerate(plan):
        if a == b or not (occupied >> a) & 1 or not (occupied >> b) & 1:
            raise IllegalMoveError(f"plan step {step}: ({a}, {b}) is not a pair of tiles on the board")
        if not layout.is_free(a, occupied) or not layout.is_free(b, occupied):
            raise IllegalMoveError(f"plan step {step}: ({a}, {b}) is not free")
        fa, fb = tiles[a], tiles[b]
        assert fa is not None and fb is not None
        if MATCH_CLASS_OF[face_index(fa)] != MATCH_CLASS_OF[face_index(fb)]:
            raise IllegalMoveError(f"plan step {step}: {fa} and {fb} do not match")
        occupied &= ~((1 << a) | (1 << b))
    if occupied:
        raise IllegalMoveError("the plan leaves tiles on the board")


def deal(code: GameCode | str, level: int = 1) -> Deal:
    """The board for ``code`` at ``level`` (1 for classic games), with its verified plan.

    The same arguments give the same deal forever: everything random comes
    from :class:`SplitMix64` seeded from the code's canonical text.
    """
    if isinstance(code, str):
        code = GameCode.parse(code)
    if isinstance(level, bool) or not isinstance(level, int) or level < 1:
        raise MalformedError(f"the level must be a whole number from 1, not {level!r}")
    return _deal(code, level)


@lru_cache(maxsize=512)
def _deal(code: GameCode, level: int) -> Deal:
    # A game's deal is made again when its log is replayed, usually minutes after
    # it was first dealt; deals are immutable, so one process may keep recent ones.
    layout = get_layout(code.layout_id)
    rng = SplitMix64.from_text(code.seed_text("deal", level))
    placed = fill_order(layout, layout.full, rng)
    if placed is None:
        raise DealError(f"no deal found for {code} level {level}")
    pairs = _pair_faces(FULL_SET, rng)[: len(placed)]
    tiles = _assign(len(layout), placed, pairs)
    plan = tuple(reversed(placed))
    verify_plan(layout, tiles, plan)
    return Deal(code, level, layout, tuple(f for f in tiles if f is not None), plan)


def shuffle_tiles(code: GameCode | str, level: int, number: int, tiles: Sequence[Face | None]) -> Shuffle:
    """Redeal the tiles still on the board over the same positions, solvably.

    Deterministic from (code, level, shuffle number, current tiles), so the
    server can recompute any shuffle when it replays a game.
    """
    if isinstance(code, str):
        code = GameCode.parse(code)
    layout = get_layout(code.layout_id)
    if len(tiles) != len(layout):
        raise MalformedError(f"expected {len(layout)} tiles (one per position), got {len(tiles)}")
    faces = [face for face in tiles if face is not None]
    region = sum(1 << i for i, face in enumerate(tiles) if face is not None)
    text = code.seed_text("shuffle", level, number) + "|" + ",".join(f or "-" for f in tiles)
    rng = SplitMix64.from_text(text)
    pairs = _pair_faces(faces, rng)
    placed = fill_order(layout, region, rng) if region else []
    if placed is None:
        permuted: list[Face] = list(faces)
        rng.shuffle(permuted)
        spots = list(iter_bits(region))
        out: list[Face | None] = [None] * len(layout)
        for spot, face in zip(spots, permuted, strict=True):
            out[spot] = face
        return Shuffle(tuple(out), None)
    new_tiles = _assign(len(layout), placed, pairs)
    plan = tuple(reversed(placed))
    verify_plan(layout, new_tiles, plan)
    return Shuffle(tuple(new_tiles), plan)
