"""POST /api/solve/: is a board winnable? Within a bounded budget."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from pytest_django import Settings

from game.core import heavy
from game.mahjong import solving
from game.mahjong.api import serializers as s
from game.mahjong.engine import (
    FACES,
    Board,
    Face,
    Game,
    Layout,
    deal,
    get_layout,
    solver,
    tiles_match,
    verify_plan,
)
from game.mahjong.engine.leftover import fewest_tiles_left
from game.mahjong.engine.solver import Budget, Solution, Verdict
from tests.benchmarks import make_solver_sets as sets
from tests.mahjong.helpers import code_number, played_until_stuck

from .conftest import post
from .held_work import computations_held, computed_here

__all__ = ["computed_here"]  # a fixture

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
        "leftover": {"tiles": 2, "proven": True},
    }


@pytest.mark.usefixtures("computed_here")
def test_an_undecided_board_answers_null_when_the_budget_runs_out(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solving, "SOLVE_BUDGET", Budget(nodes=1, seconds=1.0))
    _layout, tiles = board_in_play("MJ1-L00-ABCDEFG", 0)
    body = post(client, "/api/solve/", {"layout": "L00", "tiles": tiles}).json()
    assert body == {"winnable": None, "plan": None}


@pytest.mark.usefixtures("computed_here")
def test_the_view_hands_the_solver_its_bounded_budget(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    budgets: list[Budget] = []
    real = solver.solve_tiles

    def spy(layout: Layout, tiles: Sequence[Face | None], budget: Budget) -> Solution:
        budgets.append(budget)
        return real(layout, tiles, budget)

    monkeypatch.setattr(solving, "solve_tiles", spy)
    _layout, tiles = board_in_play("MJ1-L00-BBCDEFG", 0)
    response = post(client, "/api/solve/", {"layout": "L00", "tiles": tiles})
    assert response.status_code == 200
    assert response.json()["winnable"] in (True, None)  # never False: the deal is solvable
    assert budgets == [solving.SOLVE_BUDGET]
    assert budgets[0].seconds is not None, "every request must have a deadline"


@pytest.mark.usefixtures("computed_here")
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
    with computations_held(monkeypatch, "/api/solve/", EMPTY_BOARD, 2) as (
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


@pytest.mark.usefixtures("computed_here")
def test_a_solve_that_fails_gives_its_slot_back(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.MAX_CONCURRENT_SOLVES = 1

    def broken(*_: Any) -> Any:
        raise RuntimeError("a bug")

    with monkeypatch.context() as patch:
        patch.setattr(solving, "solve_tiles", broken)
        assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 500
    assert heavy.slots().in_use() == 0
    assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 200


def test_a_refused_board_takes_no_slot(client: Client, settings: Settings) -> None:
    """Validation comes first: malformed boards cost no solver time and cannot crowd out real ones."""
    settings.MAX_CONCURRENT_SOLVES = 1
    assert post(client, "/api/solve/", {"layout": "L99", "tiles": []}).status_code == 400
    assert heavy.slots().in_use() == 0


# -- undos back to a winnable board (removals) ----------------------------------------------------


def lost_game(layout_id: str = "L09", n: int = 0) -> Game:
    """A classic game played with random legal moves (seeded) until no pair is left, not cleared."""
    game = played_until_stuck(layout_id, n)
    assert not game.board.is_empty, "random play cleared this one"
    return game


def removals_json(removals: Sequence[tuple[int, int, Face, Face]]) -> list[dict[str, Any]]:
    return [{"a": a, "b": b, "fa": fa, "fb": fb} for a, b, fa, fb in removals]


def solve_body(game: Game, removals: Sequence[tuple[int, int, Face, Face]] | None = None) -> dict[str, Any]:
    taken = game.removals if removals is None else removals
    return {
        "layout": game.board.layout.id,
        "tiles": list(game.board.tiles),
        "removals": removals_json(taken[-s.MAX_REMOVALS :]),
    }


@pytest.mark.parametrize(("layout_id", "n"), [("L09", 0), ("L00", 3), ("L02", 1)])
def test_a_lost_board_sent_with_its_removals_gets_the_fewest_undos_back(
    client: Client, layout_id: str, n: int
) -> None:
    game = lost_game(layout_id, n)
    body = post(client, "/api/solve/", solve_body(game)).json()
    expected = solver.undos_to_winnable(game.board, game.removals[-s.MAX_REMOVALS :], Budget(nodes=200_000))
    assert expected is not None
    assert without_leftover(game, body) == {"winnable": False, "plan": None, "undos": expected}


def test_a_winnable_board_sent_with_removals_has_no_undos(client: Client) -> None:
    game = Game("MJ1-L00-ABCDEFG", "classic")
    assert game.plan is not None
    for t, (a, b) in enumerate(game.plan[:20], start=1):
        game.match(a, b, t * 1000)
    body = post(client, "/api/solve/", solve_body(game)).json()
    assert body["winnable"] is True and body["undos"] is None
    verify_plan(game.board.layout, game.board.tiles, [tuple(pair) for pair in body["plan"]])


def test_without_removals_a_lost_board_gets_no_undos(client: Client) -> None:
    game = lost_game()
    body = post(client, "/api/solve/", {"layout": "L09", "tiles": list(game.board.tiles)}).json()
    assert without_leftover(game, body) == {"winnable": False, "plan": None}


def test_a_lost_board_gets_the_fewest_tiles_it_can_be_played_down_to(client: Client) -> None:
    game = lost_game("L00", 3)
    body = post(client, "/api/solve/", solve_body(game)).json()
    best = fewest_tiles_left(game.board.layout, game.board.tiles)
    assert best.proven
    assert body["leftover"] == {"tiles": best.tiles, "proven": True}
    assert 2 <= best.tiles <= sum(face is not None for face in game.board.tiles)


def test_a_winnable_board_gets_no_leftover(client: Client) -> None:
    game = Game("MJ1-L00-ABCDEFG", "classic")
    assert "leftover" not in post(client, "/api/solve/", solve_body(game)).json()


def without_leftover(game: Game, body: dict[str, Any]) -> dict[str, Any]:
    """The answer less its leftover, which is checked to be a count the board can really be played down to."""
    rest = dict(body)
    leftover = rest.pop("leftover")
    assert leftover is None or 2 <= leftover["tiles"] <= sum(face is not None for face in game.board.tiles)
    return rest


def test_more_removals_than_a_turtle_has_pairs_are_refused_with_a_code(client: Client) -> None:
    game = lost_game()
    too_many = [{"a": 0, "b": 1, "fa": "1B", "fb": "1B"}] * (s.MAX_REMOVALS + 1)
    response = post(client, "/api/solve/", {**solve_body(game), "removals": too_many})
    assert response.status_code == 400
    cap = s.MAX_REMOVALS
    assert response.json() == {
        "error": f"removals: at most {cap} removals (send the last ones), not {cap + 1}",
        "code": "invalid",
    }


def forged(game: Game, how: str) -> list[dict[str, Any]]:
    """The game's removals with one thing a real game cannot have."""
    removals = removals_json(game.removals)
    last = removals[-1]
    if how == "faces that do not match":
        other = next(face for face in FACES if not tiles_match(face, last["fa"]))
        last["fb"] = other
    elif how == "a face more often than a set has it":
        # Put back the pair as a face the board holds all copies of already.
        held = Counter(face for face in game.board.tiles if face is not None)
        full = next(face for face, count in held.items() if count == 4)
        last["fa"] = last["fb"] = full
    elif how == "a tile put back where one lies":
        last["a"] = next(i for i, face in enumerate(game.board.tiles) if face is not None)
    elif how == "an order no game can take":
        removals.reverse()
    return removals


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("faces that do not match", "removals[8]: not a legal move: "),
        ("a face more often than a set has it", "removals: the board they lead back to: "),
        ("a tile put back where one lies", "removals[8].a: position "),
        ("an order no game can take", "removals[0]: not a legal move: "),
        ("a position off the board", "removals[8].a: no position 999"),
    ],
)
@pytest.mark.usefixtures("computed_here")
def test_forged_removals_are_refused_before_any_solving(
    client: Client, monkeypatch: pytest.MonkeyPatch, how: str, message: str
) -> None:
    game = Game(code_number("L09", 0), "classic")
    assert game.plan is not None
    # Nine pairs of the plan, then, for the reverse order to be illegal, ones lying on others.
    for t, (a, b) in enumerate(game.plan[:9], start=1):
        game.match(a, b, t * 1000)
    removals = forged(game, how)
    if how == "a position off the board":
        removals[-1]["a"] = 999

    def no_solving(*_: Any) -> Any:
        raise AssertionError("a forged history must not be solved")

    monkeypatch.setattr(solving, "solve_tiles", no_solving)
    monkeypatch.setattr(solver, "solve", no_solving)
    response = post(client, "/api/solve/", {**solve_body(game), "removals": removals})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert response.json()["error"].startswith(message)


@pytest.mark.usefixtures("computed_here")
def test_the_verdict_and_every_undo_share_one_budget(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lost board whose undos need many solves: together they spend what one request may, no more."""
    game = lost_game("L00", 3)
    seconds = 1.0
    total = Budget(nodes=2_000, seconds=seconds)
    monkeypatch.setattr(solving, "SOLVE_BUDGET", total)
    spent: list[tuple[Budget, int]] = []

    def spying(real: Any) -> Any:
        def spy(*args: Any) -> Solution:
            solution: Solution = real(*args)
            spent.append((args[-1], solution.nodes))
            return solution

        return spy

    monkeypatch.setattr(solving, "solve_tiles", spying(solver.solve_tiles))
    monkeypatch.setattr(solver, "solve", spying(solver.solve))
    body = post(client, "/api/solve/", solve_body(game)).json()
    assert body["winnable"] is False
    assert len(spent) >= 2, "the undos were looked for"
    left = total.nodes
    for budget, nodes in spent:
        assert budget.nodes == left, "each solve gets what the ones before left"
        assert budget.seconds is not None and budget.seconds <= seconds
        left -= nodes
    assert sum(nodes for _, nodes in spent) <= total.nodes + len(spent)


@pytest.mark.usefixtures("computed_here")
def test_undos_the_shared_budget_cannot_decide_are_unknown(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = lost_game("L00", 3)
    real = solver.solve

    def undecided(board: Board, budget: Budget) -> Solution:
        solution = real(board, budget)
        return Solution(Verdict.UNKNOWN, None, solution.nodes) if solution.winnable else solution

    monkeypatch.setattr(solver, "solve", undecided)
    body = post(client, "/api/solve/", solve_body(game)).json()
    assert without_leftover(game, body) == {"winnable": False, "plan": None, "undos": None}
