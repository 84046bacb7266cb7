"""Helpers shared by the Rummy tests."""

from __future__ import annotations

from collections.abc import Callable

from game.rummy.engine import Level, State, apply, bot_move, new_hand
from game.rummy.engine.tiles import counts_of, full_box


def play_hand(
    code: str,
    levels: tuple[Level | str, Level | str],
    starting_seat: int = 0,
    seed: int = 0,
    watch: Callable[[State], None] | None = None,
) -> State:
    """A whole hand between two computer players (seat 0 plays ``levels[0]``)."""
    state = new_hand(code, starting_seat)
    while state.result is None:
        if watch is not None:
            watch(state)
        move = bot_move(state, levels[state.turn], seed=seed)
        state = apply(state, state.turn, move.action())
    return state


def state_tiles_are_the_box(state: State) -> bool:
    """Racks, table and pool together are exactly the box (the engine's invariant)."""
    codes = [tile.code for rack in state.racks for tile in rack]
    codes += [tile.code for tiles in state.table for tile in tiles]
    codes += [tile.code for tile in state.pool]
    return counts_of(codes) == counts_of(tile.code for tile in full_box())
