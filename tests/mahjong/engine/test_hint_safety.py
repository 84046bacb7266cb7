"""Hint safety: following H from a winnable position never loses the board.

The play page's hint (js/hints.js, js/winnability_watcher.js) is the first pair
of a winning plan from the current board: what is left of a plan known already
(the deal's, or the last one the solver gave) if it still replays by the rules,
else the plan POST /api/solve/ answers for this very board.  Here that
mechanism is followed, in Python, from many seeded off-plan positions that are
still winnable, with the player now and then leaving the plan again; after
every hinted pair the engine, with a far larger budget, must not prove the
board lost.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from game.common.rng import SplitMix64
from game.mahjong.api.views import SOLVE_BUDGET
from game.mahjong.engine import Board, IllegalMoveError, Pair, deal, verify_plan
from game.mahjong.engine.solver import Budget, Verdict, solve, solve_tiles

from .helpers import code_number

CHECK_BUDGET = Budget(nodes=200_000)
"""The judge's budget: ten times the API's, and no deadline."""
GAMES = [(layout_id, n) for layout_id in ("L00", "L02", "L05", "L09", "L10") for n in range(3)]


def remaining_plan(board: Board, plan: Sequence[Pair] | None) -> list[Pair] | None:
    """As hints.js remainingPlan: the plan's pairs still to take, if they clear the board."""
    if not plan:
        return None
    left = [(a, b) for a, b in plan if board.has_tile(a) or board.has_tile(b)]
    try:
        verify_plan(board.layout, board.tiles, left)
    except IllegalMoveError:
        return None
    return left


class ClientHints:
    """The client's hint mechanism: known plans first, else the solver's answer for the board."""

    def __init__(self, dealt_plan: Sequence[Pair]) -> None:
        self.plans: list[Sequence[Pair] | None] = [dealt_plan, None]
        self.questions = 0

    def hint(self, board: Board) -> Pair:
        for plan in self.plans:
            left = remaining_plan(board, plan)
            if left:
                return left[0]
        self.questions += 1
        solution = solve_tiles(board.layout, board.tiles, SOLVE_BUDGET)  # what /api/solve/ answers
        assert solution.verdict is Verdict.WINNABLE, "a winnable board the API's budget cannot decide"
        assert solution.plan
        self.plans[1] = solution.plan
        return solution.plan[0]


def still_winnable(board: Board) -> bool:
    return solve(board, CHECK_BUDGET).verdict is not Verdict.NOT_WINNABLE


def off_plan_move(board: Board, rng: SplitMix64, plans: Sequence[Sequence[Pair] | None]) -> Pair | None:
    """A random available pair of no known plan that keeps the board winnable (one of the first few tried)."""
    planned = {tuple(sorted(pair)) for plan in plans for pair in plan or ()}
    pairs = [pair for pair in board.available_pairs() if pair not in planned]
    for _ in range(4):
        if not pairs:
            return None
        pair = pairs.pop(rng.below(len(pairs)))
        after = board.copy()
        after.remove(*pair)
        if solve(after, CHECK_BUDGET).verdict is Verdict.WINNABLE:
            return pair
    return None


@pytest.mark.parametrize(("layout_id", "n"), GAMES)
def test_following_the_hints_from_an_off_plan_position_clears_the_board(layout_id: str, n: int) -> None:
    dealt = deal(code_number(layout_id, n))
    board = Board(dealt.layout, dealt.tiles)
    rng = SplitMix64.from_text(f"hint safety|{layout_id}|{n}")
    off, target = 0, 5 + rng.below(20)
    while off < target and not board.is_empty:  # off the plan: random pairs that keep it winnable
        pair = off_plan_move(board, rng, [dealt.plan])
        if pair is None:  # none now: along the plan until there is one
            left = remaining_plan(board, dealt.plan)
            if left is None:
                break
            pair = left[0]
        else:
            off += 1
        board.remove(*pair)
    assert off >= 1 and remaining_plan(board, dealt.plan) is None, "off the deal's plan"
    hints = ClientHints(dealt.plan)
    while not board.is_empty:
        hinted = hints.hint(board)
        board.remove(*hinted)  # raises unless free and matching
        assert still_winnable(board), f"the hint {hinted} lost the board with {len(board)} tiles left"
        if rng.below(6) == 0 and (other := off_plan_move(board, rng, hints.plans)) is not None:
            board.remove(*other)  # the player leaves the plan again
