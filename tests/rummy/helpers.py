"""Helpers shared by the Rummy tests."""

from __future__ import annotations

from collections.abc import Callable

from game.rummy.engine import Level, State, apply, bot_move, new_hand


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
