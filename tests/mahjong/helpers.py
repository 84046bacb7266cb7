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

from hypothesis import strategies as st

from game.mahjong import Board, Game, GameCode, Layout, Position, all_layouts

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
