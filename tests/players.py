"""Games as people and as the bots of issue 26 play them: logs for the review rules' tests and bench.

A person takes the pairs of a deal in an order of his own (:func:`own_order`:
any free pair of the deal's plan, as he comes upon it, so every order is a
cleared game) at a pace of his own, uneven (:func:`human_log`: lognormal
gaps around his mean, a longer look now and then, a pause for a break). The
bot of the issue (:func:`bot_log`) plays the plan in order, with lognormal
gaps of a mean of 350 to 400 ms, none under 160 ms, never three short gaps
in a row.  Pure: no Django, no requests.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.mahjong.engine import Board, Layout

Pair = tuple[int, int]


def own_order(
    layout: Layout,
    tiles: Sequence[Any],
    plan: Sequence[Sequence[int]],
    rng: random.Random,
    prefer: Callable[[Pair], float] | None = None,
) -> list[Pair]:
    """The plan's pairs in another order that clears the board, as one person comes upon them.

    At each step any pair of the plan whose two tiles are free may be taken
    (taking tiles only frees others, so the rest of the plan stays playable):
    the one ``prefer`` ranks first, with a person's noise, or any at random.
    """
    board = Board(layout, list(tiles))
    left = [(a, b) for a, b in plan]
    taken: list[Pair] = []
    while left:
        free = set(board.free_tiles())
        ready = [pair for pair in left if pair[0] in free and pair[1] in free]
        # A person's noise on top of his way of scanning (6 half-tile units, about three tiles).
        pair = rng.choice(ready) if prefer is None else min(ready, key=lambda p: prefer(p) + rng.gauss(0, 6))
        board.remove(*pair)
        left.remove(pair)
        taken.append(pair)
    return taken


def left_to_right(layout: Layout) -> Callable[[Pair], float]:
    """A person who scans the board from the left."""
    return lambda pair: (layout.positions[pair[0]][0] + layout.positions[pair[1]][0]) / 2


def top_layer_first(layout: Layout) -> Callable[[Pair], float]:
    """A person who clears the upper layers first, then reads from the top row down."""
    return lambda pair: -8 * max(layout.positions[p][2] for p in pair) + layout.positions[pair[0]][1]


@dataclass(frozen=True)
class Pace:
    """A person's pace: the mean gap between pairs, how uneven, and how often he stops."""

    mean_ms: int
    cv: float = 0.45
    """Standard deviation over mean of the gaps: a person searching the board for every pair."""
    long_look: float = 0.08
    """The chance that a pair takes a long look (two to five times the mean)."""
    pause_every: int = 0
    """A pause (the board hidden) after this many pairs, 0 for none."""


def lognormal_gaps(rng: random.Random, mean_ms: float, cv: float, count: int) -> list[float]:
    """``count`` lognormal gaps of mean ``mean_ms`` and coefficient of variation ``cv``."""
    sigma = math.sqrt(math.log(1 + cv * cv))
    mu = math.log(mean_ms) - sigma * sigma / 2
    return [rng.lognormvariate(mu, sigma) for _ in range(count)]


def human_log(
    pairs: Sequence[Pair], pace: Pace, rng: random.Random, start_ms: int = 2_500
) -> list[dict[str, Any]]:
    """A classic game of ``pairs`` at a person's ``pace``; its average pace is close to the mean."""
    gaps = lognormal_gaps(rng, pace.mean_ms, pace.cv, len(pairs))
    log: list[dict[str, Any]] = []
    t = start_ms
    for k, (a, b) in enumerate(pairs):
        if k:
            gap = max(350.0, gaps[k])
            if rng.random() < pace.long_look:
                gap = pace.mean_ms * rng.uniform(2, 5)
            if pace.pause_every and k % pace.pause_every == 0:
                # A break: the board is hidden, and back from it the player looks for a pair anew.
                paused = t + 400
                resumed = paused + rng.randint(20_000, 90_000)
                log += [{"t": paused, "type": "pause"}, {"t": resumed, "type": "resume"}]
                t = resumed + max(1_200, round(gap))
            else:
                t += round(gap)
        log.append({"t": t, "type": "match", "a": a, "b": b})
    return log


def bot_log(
    pairs: Sequence[Pair], mean_ms: float, rng: random.Random, start_ms: int = 1_500
) -> list[dict[str, Any]]:
    """The bot of issue 26: lognormal gaps of mean ``mean_ms``, none under 160 ms, never three short
    gaps (under the mean) in a row, which is what the server's burst and cadence checks look for."""
    log: list[dict[str, Any]] = []
    t = start_ms
    short_run = 0
    for k, (a, b) in enumerate(pairs):
        if k:
            while True:
                gap = max(160.0, lognormal_gaps(rng, mean_ms, 0.45, 1)[0])
                short = gap < mean_ms
                if not (short and short_run == 2):
                    break
            short_run = short_run + 1 if short else 0
            t += round(gap)
        log.append({"t": t, "type": "match", "a": a, "b": b})
    return log


def retimed_with_last_two_swapped(
    log: Sequence[dict[str, Any]], layout: Layout, tiles: Sequence[Any], rng: random.Random
) -> list[dict[str, Any]]:
    """A stored game's log copied: the last two of its pairs that may change places swapped
    (the very last two, unless one of them lies on a tile of the other), every time moved a little.
    """
    matches = [dict(event) for event in log if event["type"] == "match"]
    for k in range(len(matches) - 1, 0, -1):
        swapped = [*matches[: k - 1], matches[k], matches[k - 1], *matches[k + 1 :]]
        if _clears(layout, tiles, swapped):
            matches = swapped
            break
    else:
        raise AssertionError("no two pairs of this game can change places")
    t = matches[0]["t"] + rng.randint(100, 900)
    copied = []
    for k, event in enumerate(matches):
        if k:
            t += max(400, round((log_gap(log, k)) * rng.uniform(0.85, 1.15)))
        copied.append({**event, "t": t})
    return copied


def _clears(layout: Layout, tiles: Sequence[Any], matches: Sequence[dict[str, Any]]) -> bool:
    board = Board(layout, list(tiles))
    for event in matches:
        free = set(board.free_tiles())
        if event["a"] not in free or event["b"] not in free:
            return False
        board.remove(event["a"], event["b"])
    return True


def log_gap(log: Sequence[dict[str, Any]], k: int) -> int:
    """The time between the k-th match of ``log`` and the one before."""
    times = [event["t"] for event in log if event["type"] == "match"]
    return int(times[k] - times[k - 1])
