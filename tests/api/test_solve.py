"""POST /api/solve/: is a board winnable? Within a bounded budget."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from pytest_django import Settings

from game.mahjong.api import views
from game.mahjong.engine import Board, Face, Layout, deal, get_layout, solver, verify_plan
from game.mahjong.engine.solver import Budget, Solution
from tests.benchmarks import make_solver_sets as sets

from .conftest import post
from .held_work import computations_held

pytestmark = pytest.mark.django_db


def board_in_play(code: str, pairs_taken: int) -> tuple[Layout, list[Any]]:
    dealt = deal(code)
    board = Board(dealt.layout, dealt.tiles)
    for a, b in dealt.plan[:pairs_taken]:
        board.remove(a, b)
    return dealt.layout, list(board.tiles)


# Boards part-way through a game: the solver decides them quickly (a full
# 144-tile board may take longer than the budget while the solver is improved).
@pytest.mark.parametrize(("code", "pairs_taken"), [("MJ1-L00-ABCDEFG", 20), ("MJ1-L05-QWERTYU", 30)])
def test_a_board_in_play_is_winnable_with_a_plan_that_clears_it(
    client: Client, code: str, pairs_taken: int
) -> None:
    layout, tiles = board_in_play(code, pairs_taken)
    response = post(client, "/api/solve/", {"layout": layout.id, "tiles": tiles})
    assert response.status_code == 200
    body = response.json()
    assert body["winnable"] is True
    verify_plan(layout, tiles, [tuple(pair) for pair in body["plan"]])


def test_an_empty_board_is_won_already(client: Client) -> None:
    body = post(client, "/api/solve/", {"layout": "L00", "tiles": [None] * 144}).json()
    assert body == {"winnable": True, "plan": []}


def test_a_pair_stacked_on_itself_is_not_winnable(client: Client) -> None:
    layout = get_layout("L00")
    top = len(layout) - 1
    below = next(i for i in range(len(layout)) if layout.above[i] >> top & 1)
    tiles: list[Any] = [None] * len(layout)
    tiles[top] = tiles[below] = "Wh"
    assert post(client, "/api/solve/", {"layout": "L00", "tiles": tiles}).json() == {
        "winnable": False,
        "plan": None,
    }


def test_an_undecided_board_answers_null_when_the_budget_runs_out(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "SOLVE_BUDGET", Budget(nodes=1, seconds=1.0))
    _layout, tiles = board_in_play("MJ1-L00-ABCDEFG", 0)
    body = post(client, "/api/solve/", {"layout": "L00", "tiles": tiles}).json()
    assert body == {"winnable": None, "plan": None}


def test_the_view_hands_the_solver_its_bounded_budget(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    budgets: list[Budget] = []
    real = solver.solve_tiles

    def spy(layout: Layout, tiles: Sequence[Face | None], budget: Budget) -> Solution:
        budgets.append(budget)
        return real(layout, tiles, budget)

    monkeypatch.setattr(views, "solve_tiles", spy)
    _layout, tiles = board_in_play("MJ1-L00-BBCDEFG", 0)
    response = post(client, "/api/solve/", {"layout": "L00", "tiles": tiles})
    assert response.status_code == 200
    assert response.json()["winnable"] in (True, None)  # never False: the deal is solvable
    assert budgets == [views.SOLVE_BUDGET]
    assert budgets[0].seconds is not None, "every request must have a deadline"


def test_a_hard_board_is_left_undecided_once_the_deadline_has_passed(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The solver reads the clock as it works: a clock that jumps past the deadline right after
    the search starts makes it give up at its next look (no real time passes in this test)."""
    _, positions = sets.read_set("b")
    _layout_id, tiles = positions[329]  # lost, proven after thousands of units of work
    readings = iter([0.0])
    # The solver's clock only: the site's middleware reads time.perf_counter too.
    clock = SimpleNamespace(perf_counter=lambda: next(readings, 1_000.0))
    monkeypatch.setattr("game.mahjong.engine.solver.time", clock)
    body = post(client, "/api/solve/", {"layout": "L00", "tiles": tiles}).json()
    assert body == {"winnable": None, "plan": None}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"layout": "L00"}, "tiles: this field is required."),
        ({"layout": "L99", "tiles": []}, "layout: there is no layout 'L99'"),
        ({"layout": "L00", "tiles": [None] * 143}, "tiles: layout L00 has 144 positions"),
        (
            {"layout": "L00", "tiles": ["S1", "S1"] + [None] * 142},
            "tiles: S1 occurs 2 times, but a set has 1",
        ),
        ({"layout": "L00", "tiles": ["5b"] + [None] * 143}, 'tiles[0]: "5b" is not a valid choice.'),
        ({"layout": "L00", "tiles": {"0": "5B"}}, "tiles: must be an array of face labels, not an object"),
    ],
)
def test_a_bad_board_is_refused_naming_the_field(client: Client, body: dict[str, Any], message: str) -> None:
    response = post(client, "/api/solve/", body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)


# -- how many at once ------------------------------------------------------------------------------

EMPTY_BOARD = {"layout": "L00", "tiles": [None] * 144}


def test_solves_beyond_the_bound_are_refused_at_once_while_the_others_run(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.MAX_CONCURRENT_SOLVES = 2
    with computations_held(monkeypatch, views, "solve_tiles", "/api/solve/", EMPTY_BOARD, 2) as (
        gate,
        running,
    ):
        refused = post(client, "/api/solve/", EMPTY_BOARD)
        # Answered while both solves are still held: the refusal waited for neither.
        assert not any(request.done() for request in running)
        assert refused.status_code == 503
        assert refused.json() == {
            "error": "the server is busy: it runs at most 2 solves at once and all are under way; "
            "try again in 1 second",
            "code": "busy",
        }
        assert refused["Retry-After"] == "1"
        gate.opened.set()
        assert [request.result().status_code for request in running] == [200, 200]
    assert post(client, "/api/solve/", EMPTY_BOARD).json() == {"winnable": True, "plan": []}


def test_a_solve_that_fails_gives_its_slot_back(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.MAX_CONCURRENT_SOLVES = 1

    def broken(*_: Any) -> Any:
        raise RuntimeError("a bug")

    with monkeypatch.context() as patch:
        patch.setattr(views, "solve_tiles", broken)
        assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 500
    assert views.SolveView.slots.in_use == 0
    assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 200


def test_a_refused_board_takes_no_slot(client: Client, settings: Settings) -> None:
    """Validation comes first: malformed boards cost no solver time and cannot crowd out real ones."""
    settings.MAX_CONCURRENT_SOLVES = 1
    assert post(client, "/api/solve/", {"layout": "L99", "tiles": []}).status_code == 400
    assert views.SolveView.slots.in_use == 0
