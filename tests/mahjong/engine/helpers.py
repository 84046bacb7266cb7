"""Small factories and independent re-implementations of the rules, shared by the tests.

Everything here is written from the rules themselves (not from the engine's
bit masks), so that a test comparing the two can catch a mistake in either.
"""

from __future__ import annotations

import random
import string
import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from game.common.rng import SplitMix64
from game.mahjong.engine import (
    FULL_SET,
    Board,
    Face,
    Game,
    GameCode,
    IllegalMoveError,
    Layout,
    Pair,
    Position,
    all_layouts,
    verify_plan,
)
from game.mahjong.engine.solver import Budget, Verdict, solve, undos_to_winnable

SUIT_LABELS = [f"{rank}{suit}" for suit in "BCD" for rank in range(1, 10)]
HONOUR_LABELS = ["N", "S", "E", "W", "R", "G", "Wh"]
FLOWER_LABELS = ["F1", "F2", "F3", "F4"]
SEASON_LABELS = ["S1", "S2", "S3", "S4"]

SPEC_FULL_SET = Counter(
    {
        **dict.fromkeys(SUIT_LABELS + HONOUR_LABELS, 4),
        **dict.fromkeys(FLOWER_LABELS + SEASON_LABELS, 1),
    }
)
"""The 144-tile set as the rules describe it: label -> number of copies."""

CODE = "MJ1-L00-ABCDEFG"
"""A fixed Turtle game code for example-based tests."""


def spec_class(label: str) -> str:
    """The match class by the rules: flowers together, seasons together, else the label."""
    if label in FLOWER_LABELS:
        return "flower"
    if label in SEASON_LABELS:
        return "season"
    return label


def spec_match(a: str, b: str) -> bool:
    return spec_class(a) == spec_class(b)


def layout_from(text: str, source: str = "<test>") -> Layout:
    """A layout from an indented inline text."""
    return Layout.parse(textwrap.dedent(text).lstrip("\n"), source)


def spec_is_free(position: Position, occupied: Iterable[Position]) -> bool:
    """The free rule straight from the geometry.

    Blocked when a tile of the layer directly above overlaps it (even by half a
    tile), or when both its left and its right side touch a tile of its own
    layer (a tile two units over whose row overlaps it).
    """
    x, y, z = position
    others = set(occupied) - {position}
    if any(p.z == z + 1 and abs(p.x - x) <= 1 and abs(p.y - y) <= 1 for p in others):
        return False
    left = any(p.z == z and p.x == x - 2 and abs(p.y - y) <= 1 for p in others)
    right = any(p.z == z and p.x == x + 2 and abs(p.y - y) <= 1 for p in others)
    return not (left and right)


def spec_free_positions(layout: Layout, occupied: Iterable[int]) -> set[int]:
    """Indices of the free tiles among ``occupied``, by :func:`spec_is_free`."""
    indices = set(occupied)
    positions = [layout.positions[i] for i in indices]
    return {i for i in indices if spec_is_free(layout.positions[i], positions)}


def mask_of(indices: Iterable[int]) -> int:
    return sum(1 << i for i in set(indices))


def indices_of(mask: int) -> set[int]:
    return {i for i in range(mask.bit_length()) if mask >> i & 1}


def replay_by_hand(layout: Layout, tiles: Sequence[str | None], plan: Iterable[Sequence[int]]) -> None:
    """Replay ``plan`` with the rules as written; AssertionError at the first bad step."""
    on_board = {i for i, face in enumerate(tiles) if face is not None}
    for step, (a, b) in enumerate(plan):
        assert a != b, f"step {step}: the same tile twice"
        assert a in on_board and b in on_board, f"step {step}: ({a}, {b}) is not on the board"
        positions = [layout.positions[i] for i in on_board]
        for i in (a, b):
            assert spec_is_free(layout.positions[i], positions), f"step {step}: {i} is not free"
        fa, fb = tiles[a], tiles[b]
        assert fa is not None and fb is not None
        assert spec_match(fa, fb), f"step {step}: {fa} and {fb} do not match"
        on_board -= {a, b}
    assert not on_board, f"{len(on_board)} tiles are left"


def position_index(layout: Layout, x: int, y: int, z: int) -> int:
    return layout.positions.index(Position(x, y, z))


def codes(layout_ids: Sequence[str] | None = None) -> st.SearchStrategy[str]:
    """Game codes over the shipped layouts (or the given ids) with random seeds."""
    ids = list(all_layouts()) if layout_ids is None else list(layout_ids)
    seeds = st.text(alphabet=string.ascii_uppercase, min_size=7, max_size=7)
    return st.builds(lambda layout_id, seed: f"MJ1-{layout_id}-{seed}", st.sampled_from(ids), seeds)


def code_number(layout_id: str, n: int) -> str:
    """The n-th code of a layout, for deterministic searches over many codes."""
    letters = string.ascii_uppercase
    return str(GameCode(layout_id, "".join(letters[(n // 26**k) % 26] for k in range(7))))


def played_until_stuck(layout_id: str, n: int) -> Game:
    """A classic game of the n-th code played with random legal moves (seeded) until no pair is left."""
    game = Game(code_number(layout_id, n), "classic")
    rng = SplitMix64.from_text(f"stuck game|{layout_id}|{n}")
    t = 0
    while pairs := game.board.available_pairs():
        t += 1000
        game.match(*pairs[rng.below(len(pairs))], t)
    return game


def free_pair_not_matching(board: Board) -> tuple[int, int]:
    """Two free tiles that do not match."""
    free = board.free_tiles()
    for a in free:
        for b in free:
            if a < b and not spec_match(board.tiles[a] or "", board.tiles[b] or ""):
                return a, b
    raise AssertionError("every free tile matches every other")


def blocked_tile(board: Board) -> int:
    """A tile on the board that is not free."""
    return next(i for i, face in enumerate(board.tiles) if face is not None and not board.is_free(i))


def play_randomly_until_stuck(game: Game, rng: random.Random, t: int = 0, step: int = 1000) -> int:
    """Take random available pairs until no pair is left; returns the time of the last move."""
    while True:
        pairs = game.board.available_pairs()
        if not pairs:
            return t
        t += step
        game.match(*rng.choice(pairs), t)


def stuck_game(mode: str = "classic", shuffles_first: int = 0) -> tuple[Game, int]:
    """A game that random play left with tiles but no free pair (searched deterministically).

    ``shuffles_first`` shuffles are made at the start, before playing.
    """
    for seed in range(500):
        game = Game(code_number("L00", seed), mode)
        for k in range(shuffles_first):
            game.shuffle(k)
        t = play_randomly_until_stuck(game, random.Random(seed), t=shuffles_first)
        if not game.board.is_empty:
            return game, t
    raise AssertionError("random play never got stuck")


# -- an exhaustive solver, for cross-checking the real one -------------------------------------


class TooHardError(Exception):
    """The exhaustive search visited more states than it was allowed to."""


def spec_blockers(layout: Layout) -> tuple[list[int], list[int], list[int]]:
    """For each position, from the geometry alone (as in :func:`spec_is_free`): bit masks of the
    positions that would cover it, and of its neighbours on its left and on its right."""
    positions = layout.positions
    above = [0] * len(positions)
    left = [0] * len(positions)
    right = [0] * len(positions)
    for i, (x, y, z) in enumerate(positions):
        for j, (u, v, w) in enumerate(positions):
            if abs(v - y) > 1:
                continue
            if w == z + 1 and abs(u - x) <= 1:
                above[i] |= 1 << j
            elif w == z and u == x - 2:
                left[i] |= 1 << j
            elif w == z and u == x + 2:
                right[i] |= 1 << j
    return above, left, right


def brute_force_plan(
    layout: Layout, tiles: Sequence[str | None], limit: int | None = None
) -> list[tuple[int, int]] | None:
    """A plan that clears the board, or None when none exists, by trying every legal move.

    Depth-first over all pairs of free matching tiles, remembering the sets of
    occupied positions already known to be lost.  Correct by construction and
    slow: meant for boards of a few dozen tiles.  :class:`TooHardError` when more
    than ``limit`` states would have to be visited.
    """
    above, left, right = spec_blockers(layout)
    classes = [None if face is None else spec_class(face) for face in tiles]
    lost: set[int] = set()
    visited = 0

    def search(occupied: int) -> list[tuple[int, int]] | None:
        nonlocal visited
        if not occupied:
            return []
        if occupied in lost:
            return None
        visited += 1
        if limit is not None and visited > limit:
            raise TooHardError
        free = [
            i
            for i in range(len(tiles))
            if occupied >> i & 1
            and not occupied & above[i]
            and not (occupied & left[i] and occupied & right[i])
        ]
        for x, a in enumerate(free):
            for b in free[x + 1 :]:
                if classes[a] == classes[b]:
                    rest = search(occupied & ~(1 << a) & ~(1 << b))
                    if rest is not None:
                        return [(a, b), *rest]
        lost.add(occupied)
        return None

    return search(mask_of(i for i, face in enumerate(tiles) if face is not None))


def brute_force_winnable(layout: Layout, tiles: Sequence[str | None], limit: int | None = None) -> bool:
    plan = brute_force_plan(layout, tiles, limit)
    if plan is not None:
        replay_by_hand(layout, tiles, plan)
    return plan is not None


def faces_that_pair_up(count: int, rng: SplitMix64, palette: int | None = None) -> list[Face]:
    """``count`` faces (even) from one set in which every match class occurs an even number of times.

    Drawn from ``palette`` match classes at most (all 36 by default), two tiles
    at a time, so a small palette gives many four-of-a-kinds, where the choice
    of which tile pairs with which matters.
    """
    assert count % 2 == 0
    by_class: dict[str, list[Face]] = {}
    for face in FULL_SET:
        by_class.setdefault(spec_class(face), []).append(face)
    names = list(by_class)
    rng.shuffle(names)
    names = names[: palette or len(names)]
    assert 4 * len(names) >= count, "the palette is too small for this many tiles"
    left = {name: list(by_class[name]) for name in names}
    for stock in left.values():
        rng.shuffle(stock)
    faces: list[Face] = []
    while len(faces) < count:
        open_classes = [name for name in names if left[name]]
        name = open_classes[rng.below(len(open_classes))]
        faces.extend((left[name].pop(), left[name].pop()))
    return faces


def random_clearing_order(layout: Layout, rng: SplitMix64) -> list[tuple[int, int]]:
    """Position pairs that clear the full layout whatever faces they carry, if each pair matches.

    Peels the layout at random: two positions free (by the geometry) at each
    step; an attempt that paints itself into a corner starts again.
    """
    above, left, right = spec_blockers(layout)
    for _ in range(1000):
        occupied = layout.full
        order: list[tuple[int, int]] = []
        while occupied:
            free = [
                i
                for i in indices_of(occupied)
                if not occupied & above[i] and not (occupied & left[i] and occupied & right[i])
            ]
            if len(free) < 2:
                break
            free.sort()
            a = free.pop(rng.below(len(free)))
            b = free[rng.below(len(free))]
            order.append((a, b))
            occupied &= ~(1 << a) & ~(1 << b)
        if not occupied:
            return order
    raise AssertionError(f"layout {layout.id} could not be peeled")


def solvable_faces(layout: Layout, faces: Sequence[Face], rng: SplitMix64) -> list[Face | None]:
    """``faces`` (which pair up) laid on the layout so that the board can be cleared."""
    tiles: list[Face | None] = [None] * len(layout)
    by_class: dict[str, list[Face]] = {}
    for face in faces:
        by_class.setdefault(spec_class(face), []).append(face)
    pairs = [(group[k], group[k + 1]) for group in by_class.values() for k in range(0, len(group), 2)]
    rng.shuffle(pairs)
    for (a, b), (fa, fb) in zip(random_clearing_order(layout, rng), pairs, strict=True):
        tiles[a], tiles[b] = fa, fb
    return tiles


@dataclass(frozen=True, slots=True)
class Hint:
    """What the hint button says about the current board."""

    pair: Pair | None
    """A pair to take now: the first of a winning plan when there is one."""
    winnable: bool | None
    """Whether the board can still be cleared (None: undecided within the budget)."""
    undos: int | None = None
    """When it cannot: how many undos bring back a winnable board (None if no undo does)."""


class Hinter:
    """Hints that keep the board winnable, reusing one plan while the player follows it: the play
    page's hint (js/hints.js) with the undo count of POST /api/solve, as the engine gives them.

    A winning plan stays a winning plan when the player takes any of its pairs
    early (taking tiles away never blocks a tile), so the cached plan only has to
    be recomputed when the player pairs tiles differently or the board changes
    in another way (undo, shuffle).
    """

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self._plan: list[Pair] = []

    def _cached_plan(self, board: Board) -> list[Pair] | None:
        remaining = [(a, b) for a, b in self._plan if board.has_tile(a) or board.has_tile(b)]
        if not remaining:
            return None
        try:
            verify_plan(board.layout, board.tiles, remaining)
        except IllegalMoveError:
            return None
        return remaining

    def hint(self, board: Board, removals: Sequence[tuple[int, int, Face, Face]] = ()) -> Hint:
        """The hint for ``board``; ``removals`` (a game's undo history) lets it count undos."""
        if board.is_empty:
            return Hint(None, True)
        plan = self._cached_plan(board)
        if plan is None:
            solution = solve(board, self.budget)
            if solution.plan is not None:
                plan = list(solution.plan)
            elif solution.verdict is Verdict.UNKNOWN:
                pairs = board.available_pairs()
                return Hint(pairs[0] if pairs else None, None)
            else:
                pairs = board.available_pairs()
                undos = undos_to_winnable(board, removals, self.budget)
                return Hint(pairs[0] if pairs else None, False, undos)
        self._plan = plan
        return Hint(plan[0], True)
