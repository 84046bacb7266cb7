"""How alike two games of the same deal are: the measure that catches a copied log with a pair moved.

A copy of an entry's log with its times changed is caught by its moves digest
(``models.moves_digest``); one with the last two pairs swapped, or a few
neighbouring pairs swapped, or the four tiles of a face paired the other way,
is not.  Yet each of those takes the same tiles at nearly the same points of
the game.  So a game is described by *when each tile was taken*: for every
position (and level, in arcade), the number of the pair, counting the pairs
that stayed taken (an undone pair is not one), that took it
(:func:`removal_steps`).  Two games are alike (:func:`likeness`) in the share
of tiles they both took within :data:`STEP_WINDOW` pairs of each other, over
the tiles of the longer game: 1 for a copy whose pairs were swapped with their
neighbours or paired anew within their faces, about 0.35 for two random ways
of playing a deal.

The threshold, :data:`NEAR_COPY`, is measured (``tests/mahjong/test_likeness.py``
keeps the figures): games of one deal that take the very same pairs (the
deal's own plan, the worst case: people who pair a face's four tiles otherwise
are less alike still) in orders of their own, at random, scanning the board
from the left or clearing the top layers first with a person's noise, are at
most 0.60 and 0.63 alike on two Turtle deals (the daily's layout) and 0.72 on
the Gem (72 tiles), over 630 pairs of games each (0.18 to 0.33 on average).  A
copy with its last two pairs swapped, with every other pair swapped with its
neighbour, or with a face's tiles paired anew, is 1.0 alike.
:data:`NEAR_COPY` = 0.9 sits between, nearer the copies.

Its cost: a submission is compared with every stored game of its deal and
mode; on a daily board of 1,000 Turtle games that took 48 ms (measured on a
busy machine), the logs' reading most of it.

Its limit: on a small board with few ways to play it (Crossroads, 56 tiles)
two people can play the very same game, so a near copy is held for a
moderator (who sees both replays), not refused.  Nothing here stops a cheater
who plays the deal another way, in an order of his own: that is no copy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

STEP_WINDOW: Final = 1
"""A tile taken one pair earlier or later counts as taken at the same point."""
NEAR_COPY: Final = 0.9
"""At least this alike to a stored game of the same deal and mode: held as a near copy."""

Tile = tuple[int, int]
"""A level and a position index."""


def removal_steps(log: Iterable[Mapping[str, Any]]) -> dict[Tile, int]:
    """For each tile a game took, the number of the pair that took it (undone pairs left out).

    ``log`` is the engine's JSON form of a game that replayed: only match,
    undo and next-level events change what is counted.
    """
    level = 1
    taken: list[tuple[Tile, Tile]] = []
    for event in log:
        kind = event.get("type")
        if kind == "match":
            taken.append(((level, int(event["a"])), (level, int(event["b"]))))
        elif kind == "undo" and taken:
            taken.pop()
        elif kind == "next_level":
            level += 1
    return {tile: step for step, pair in enumerate(taken) for tile in pair}


def likeness(one: Mapping[Tile, int], other: Mapping[Tile, int]) -> float:
    """The share of tiles both games took within STEP_WINDOW pairs of each other, over the longer game."""
    longest = max(len(one), len(other))
    if not longest:
        return 0.0
    close = sum(
        1
        for tile, step in one.items()
        if (their := other.get(tile)) is not None and abs(their - step) <= STEP_WINDOW
    )
    return close / longest
