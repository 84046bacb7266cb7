"""POST /api/rummy/moves/ under a crowd: each process computes only so many moves at once."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django import Settings

from game.mahjong.api import views as mahjong_views
from game.rummy.api import views

from .conftest import post
from .held_work import computations_held
from .rummy import act, create, key_of, pin_codes, stored

pytestmark = pytest.mark.django_db

URL = "/api/rummy/moves/"
POSITION = {"table": [], "rack": ["R1", "B5", "K9"], "opened": False, "level": "hard", "pool": 10}


@pytest.mark.parametrize("bound", [1, 3])
def test_moves_beyond_the_bound_are_refused_at_once_while_the_others_run(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch, bound: int
) -> None:
    settings.MAX_CONCURRENT_SOLVES = bound
    with computations_held(monkeypatch, views, "choose_move", URL, POSITION, bound) as (gate, running):
        refused = post(client, URL, POSITION)
        assert not any(request.done() for request in running)
        assert refused.status_code == 503
        assert refused.json()["code"] == "busy"
        assert refused.json()["error"].startswith(
            f"the server is busy: it runs at most {bound} computer moves"
        )
        assert refused["Retry-After"] == "1"
        gate.opened.set()
        assert [request.result().json() for request in running] == [{"action": "draw"}] * bound
    assert views.MoveView.slots.in_use == 0
    assert post(client, URL, POSITION).json() == {"action": "draw"}


def test_the_bound_is_per_endpoint(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solves that fill their own slots leave the computer's moves free, and the reverse."""
    settings.MAX_CONCURRENT_SOLVES = 1
    board = {"layout": "L00", "tiles": [None] * 144}
    with computations_held(monkeypatch, mahjong_views, "solve_tiles", "/api/solve/", board, 1):
        assert post(client, "/api/solve/", board).status_code == 503
        assert post(client, URL, POSITION).json() == {"action": "draw"}


def test_a_turn_against_the_computer_takes_a_slot_of_its_moves_and_a_local_match_none(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Confirming a turn against Hard runs the computer's reply in the same request: bounded too."""
    settings.MAX_CONCURRENT_SOLVES = 1
    pin_codes(monkeypatch)
    versus = create(client, "computer", "hard")
    local = create(client, "local")
    assert views.COMPUTER_MOVES.try_acquire(), "one move under way fills the bound"
    try:
        before = stored(versus["match"])
        refused = act(client, versus["match"], key_of(versus), hand=1, number=0, type="draw")
        assert refused.status_code == 503 and refused.json()["code"] == "busy"
        assert refused["Retry-After"] == "1"
        assert stored(versus["match"]) == before, "nothing was played"
        played = act(client, local["match"], key_of(local), hand=1, number=0, type="draw")
        assert played.status_code == 200, "no computer moves in a local match"
    finally:
        views.COMPUTER_MOVES.release()
    answer = act(client, versus["match"], key_of(versus), hand=1, number=0, type="draw")
    assert answer.status_code == 200 and [e["seat"] for e in answer.json()["events"]] == [0, 1]
    assert views.COMPUTER_MOVES.in_use == 0
