"""The near-copy measure (game.mahjong.api.likeness): copies with pairs moved are alike, people are not.

The figures behind NEAR_COPY: games of the same deal played by different
people, who take the very same pairs (the deal's plan: the worst case) in
orders of their own, stay well under it; copies of a game with a pair or
several moved, or the tiles of a face paired the other way, are over it.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from game.mahjong.api.likeness import NEAR_COPY, likeness, removal_steps
from game.mahjong.engine import GameCode, deal
from tests.players import left_to_right, own_order, top_layer_first

DEALS = ("MJ1-L00-DAILYAB", "MJ1-L00-QWERTYU", "MJ1-L06-ABCDEFG")
"""Two Turtles (the daily's layout) and the Gem, a small board."""
PEOPLE = 12
"""Per way of scanning the board: 36 games a deal, 630 pairs of games compared."""


def matches(pairs: list[tuple[int, int]]) -> list[dict[str, Any]]:
    return [{"t": 1_000 * k, "type": "match", "a": a, "b": b} for k, (a, b) in enumerate(pairs)]


def games_of_people(code: str, seed: int) -> list[list[tuple[int, int]]]:
    dealt = deal(GameCode.parse(code), 1)
    rng = random.Random(seed)
    layout = dealt.layout
    games = []
    for prefer in (None, left_to_right(layout), top_layer_first(layout)):
        games += [own_order(layout, dealt.tiles, dealt.plan, rng, prefer) for _ in range(PEOPLE)]
    return games


@pytest.mark.parametrize("code", DEALS)
def test_people_playing_the_same_deal_in_their_own_order_are_not_near_copies(code: str) -> None:
    games = [removal_steps(matches(game)) for game in games_of_people(code, seed=26)]
    alike = [likeness(one, other) for one, other in itertools.combinations(games, 2)]
    assert max(alike) < NEAR_COPY - 0.1, f"the most alike of {len(alike)} pairs of games: {max(alike):.3f}"


def copies(pairs: list[tuple[int, int]]) -> dict[str, list[tuple[int, int]]]:
    last_two = [*pairs[:-2], pairs[-1], pairs[-2]]
    every_other = list(pairs)
    for k in range(0, len(pairs) - 1, 2):
        every_other[k], every_other[k + 1] = every_other[k + 1], every_other[k]
    (a, b), (c, d) = pairs[10], pairs[11]
    paired_anew = [*pairs[:10], (a, c), (b, d), *pairs[12:]]
    return {"last two swapped": last_two, "every other swapped": every_other, "paired anew": paired_anew}


@pytest.mark.parametrize("code", DEALS)
def test_a_copy_with_pairs_moved_is_a_near_copy(code: str) -> None:
    original = games_of_people(code, seed=7)[0]
    for name, copy in copies(original).items():
        assert likeness(removal_steps(matches(original)), removal_steps(matches(copy))) >= NEAR_COPY, name


def test_undone_pairs_are_left_out_and_levels_kept_apart() -> None:
    log = [
        {"t": 1, "type": "match", "a": 1, "b": 2},
        {"t": 2, "type": "match", "a": 3, "b": 4},
        {"t": 3, "type": "undo"},
        {"t": 4, "type": "match", "a": 5, "b": 6},
        {"t": 5, "type": "next_level"},
        {"t": 6, "type": "match", "a": 1, "b": 2},
    ]
    assert removal_steps(log) == {(1, 1): 0, (1, 2): 0, (1, 5): 1, (1, 6): 1, (2, 1): 2, (2, 2): 2}


def test_the_measure_is_over_the_longer_game() -> None:
    game = removal_steps(matches([(1, 2), (3, 4), (5, 6), (7, 8)]))
    half = removal_steps(matches([(1, 2), (3, 4)]))
    assert likeness(game, half) == likeness(half, game) == 0.5
    assert likeness({}, {}) == 0.0
