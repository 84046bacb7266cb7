"""What each seat sees of a hand's log: boardgame.io's ``playerView``, for the log.

:func:`~.game.view` tells a seat its rack, the table and the counts; this
module tells it what happened, action by action (:func:`events_seen`), and
what the last play put down (:func:`last_play`).  A seat sees the tile of its
own draws and never the tile of the other seat's: the pool is the hand's
secret while it is in play.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from .codes import deal
from .game import ActionKind, LogEntry, State
from .tiles import TILES, Tile, counts_of, rack_json, table_json


@functools.lru_cache(maxsize=1024)
def pool_of(code: str) -> tuple[Tile, ...]:
    """The hand's pool in drawing order. Every view names its seat's drawn tiles, and shuffling
    the box again for each was half of what a server's whole answer cost (profiled)."""
    return deal(code).pool


def events_seen(state: State, seat: int, since: int = 0) -> list[dict[str, Any]]:
    """The log after its first ``since`` actions as ``seat`` may see it, each numbered from 1.

    A draw names its tile for the seat that drew it only; a play gives the
    table after it and the tiles it put down from the rack.
    """
    pool = pool_of(str(state.code))
    draws = 0
    table: Sequence[Sequence[Tile]] = ()
    events: list[dict[str, Any]] = []
    for index, entry in enumerate(state.log):
        event: dict[str, Any] | None = None
        if index >= since:
            event = {"n": index + 1, "seat": entry.seat, "type": entry.action.kind.value}
        if entry.action.kind is ActionKind.DRAW:
            if event is not None and entry.seat == seat:
                event["tile"] = str(pool[draws])
            draws += 1
        elif entry.action.kind is ActionKind.PLAY:
            if event is not None:
                event["after"] = table_json(entry.action.after)
                event["played"] = played_tiles(table, entry)
            table = entry.action.after
        if event is not None:
            events.append(event)
    return events


def played_tiles(before: Sequence[Sequence[Tile]], entry: LogEntry) -> list[str]:
    """The tiles a play put down from the rack: on the table after it, not before (in tile order)."""
    had = counts_of(tile.code for tiles in before for tile in tiles)
    now = counts_of(tile.code for tiles in entry.action.after for tile in tiles)
    return rack_json(TILES[code] for code in range(len(now)) for _ in range(now[code] - had[code]))


def last_play(state: State) -> dict[str, Any] | None:
    """Who made the hand's last play and what it put down (the same for both seats), or None."""
    for index in range(len(state.log) - 1, -1, -1):
        entry = state.log[index]
        if entry.action.kind is ActionKind.PLAY:
            before: Sequence[Sequence[Tile]] = ()
            for earlier in reversed(state.log[:index]):
                if earlier.action.kind is ActionKind.PLAY:
                    before = earlier.action.after
                    break
            return {"seat": entry.seat, "played": played_tiles(before, entry)}
    return None
