"""How ``dead_end`` reasons about boards the solver leaves undecided.

The solver is replaced here by a table of verdicts (by the number of tiles on
the board), so that each case of the backward walk can be set up exactly; the
real solver's verdicts are checked in ``test_hints.py``.
"""

from __future__ import annotations

import pytest

from game.mahjong.engine import Board, Game
from game.mahjong.engine import solver as solver_module
from game.mahjong.engine.solver import Budget, Solution, Verdict, dead_end

W, L, U = Verdict.WINNABLE, Verdict.NOT_WINNABLE, Verdict.UNKNOWN
CODE = "MJ1-L00-DEADEND"


def game_with(moves: int, undo_after: int | None = None) -> Game:
    game = Game(CODE, "classic")
    t = 0
    for step, (a, b) in enumerate(game.deal.plan[:moves]):
        t += 1000
        game.match(a, b, t)
        if step == undo_after:
            t += 1000
            game.undo(t)
            t += 1000
            game.match(a, b, t)
    return game


def verdicts_by_tiles(monkeypatch: pytest.MonkeyPatch, table: dict[int, Verdict]) -> None:
    def fake_solve(board: Board, budget: Budget | None = None) -> Solution:
        return Solution(table[len(board)], None, 0)

    monkeypatch.setattr(solver_module, "solve", fake_solve)


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        # tiles:  144 142 140 138 136 134 132  (the start, then after each of six matches)
        ((W, W, L, U, U, L, L), 1),  # undecided boards after a lost one are lost too
        ((W, W, W, W, W, W, L), 5),  # the last move was the fatal one
        ((W, L, L, L, L, L, L), 0),  # the very first move was
        ((W, W, U, L, L, L, L), None),  # the fatal move is event 1 or 2: no certain answer
        ((W, W, W, W, W, W, W), None),  # still winnable
        ((W, W, W, W, W, W, U), None),  # the end itself is undecided
    ],
)
def test_dead_end_finds_the_fatal_move_only_when_it_is_certain(
    monkeypatch: pytest.MonkeyPatch, verdicts: tuple[Verdict, ...], expected: int | None
) -> None:
    verdicts_by_tiles(monkeypatch, dict(zip((144, 142, 140, 138, 136, 134, 132), verdicts, strict=True)))
    assert dead_end(game_with(6)) == expected


def test_undecided_boards_after_removals_from_a_lost_board_count_as_lost_across_an_undo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Boards after: m0 142 W, m1 140 L, m2 138 U, undo 140 L, m2 138 U, m3 136 U, m4 134 L.
    # Each undecided board follows a lost one by removals only, so event 1 was fatal.
    verdicts_by_tiles(monkeypatch, {144: W, 142: W, 140: L, 138: U, 136: U, 134: L})
    game = game_with(5, undo_after=2)
    assert [event.type.value for event in game.events].count("undo") == 1
    assert dead_end(game) == 1


def test_an_undecided_board_right_after_an_undo_leaves_no_certain_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Boards after: m0 142 W, m1 140 U, m2 138 L, undo 140 U, m2 138 L, m3 136 L, m4 134 L.
    # The undo put tiles back, so the lost board before it says nothing about the one after.
    verdicts_by_tiles(monkeypatch, {144: W, 142: W, 140: U, 138: L, 136: L, 134: L})
    assert dead_end(game_with(5, undo_after=2)) is None
