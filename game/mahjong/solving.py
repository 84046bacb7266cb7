"""The work of ``POST /api/solve/``, done in the pool's processes (``game/core/heavy.py``).

Engine calls only, no Django: a pool process imports this module to run
:func:`solve_board`, and never sets Django up.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from game.mahjong.engine import Board, Face, Layout, get_layout, plan_json
from game.mahjong.engine.leftover import fewest_tiles_left
from game.mahjong.engine.solver import Budget, Solution, Verdict, solve_tiles, undos_to_winnable

SOLVE_BUDGET = Budget(nodes=20_000, seconds=1.0)
"""At most this much work per POST /api/solve/, so that one request cannot hold a processor long
(the verdict and the undos, with removals, share it)."""
LEFTOVER_BUDGET = Budget(nodes=2_000, seconds=0.25)
"""For a lost board, the search for the fewest tiles it can be played down to (positions and
seconds), within what the request has left of SOLVE_BUDGET's time."""


def _left_over(budget: Budget, spent: Solution, started: float) -> Budget:
    """What a request's budget leaves after ``spent`` (its units of work, the time since ``started``)."""
    seconds = None if budget.seconds is None else budget.seconds - (time.perf_counter() - started)
    return Budget(nodes=budget.nodes - spent.nodes, seconds=seconds)


def _fewest_left(layout: Layout, tiles: Sequence[Face | None], started: float) -> dict[str, Any] | None:
    """The fewest tiles a lost board can still be played down to, in what the request has left
    of its time (at most ``LEFTOVER_BUDGET``): {tiles, proven}, or None when no time is left."""
    seconds = min(
        LEFTOVER_BUDGET.seconds or 0.0, (SOLVE_BUDGET.seconds or 0.0) - (time.perf_counter() - started)
    )
    if seconds <= 0:
        return None
    found = fewest_tiles_left(
        layout, tiles, positions=LEFTOVER_BUDGET.nodes, seconds=seconds, known_lost=True
    )
    return {"tiles": found.tiles, "proven": found.proven}


def solve_board(
    layout_id: str,
    tiles: Sequence[Face | None],
    removals: Sequence[tuple[int, int, Face, Face]] | None,
) -> dict[str, Any]:
    """The answer's body: the verdict and plan, the undos when ``removals`` came, the leftover."""
    layout = get_layout(layout_id)
    started = time.perf_counter()
    solution = solve_tiles(layout, tiles, SOLVE_BUDGET)
    body: dict[str, Any] = {"winnable": solution.winnable, "plan": plan_json(solution.plan)}
    if removals is not None:
        body["undos"] = None
        if solution.verdict is Verdict.NOT_WINNABLE:
            rest = _left_over(SOLVE_BUDGET, solution, started)
            body["undos"] = undos_to_winnable(Board(layout, tiles), removals, rest)
    if solution.verdict is Verdict.NOT_WINNABLE:
        body["leftover"] = _fewest_left(layout, tiles, started)
    return body
