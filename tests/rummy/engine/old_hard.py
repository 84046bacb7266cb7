"""Today's Hard before it looked ahead, kept as an opponent for tests and benchmarks (not a level).

It plays the most tiles it can every turn (the exact turn search, which Hard
still uses for its first candidate), opening as soon as it can: see
:func:`game.rummy.engine.bots.most_tiles_move`.
"""

from __future__ import annotations

from game.rummy.engine import Move, State
from game.rummy.engine.bots import DEFAULT_BUDGET_S, most_tiles_move
from game.rummy.engine.tiles import rack_json, table_json


def old_hard_move(state: State, seed: int = 0, budget_s: float = DEFAULT_BUDGET_S) -> Move:
    """The old Hard's move for the seat to play, from that seat's view (it has no use for a seed)."""
    seat = state.turn
    return most_tiles_move(
        table_json(state.table), rack_json(state.racks[seat]), state.opened[seat], len(state.pool), budget_s
    )
