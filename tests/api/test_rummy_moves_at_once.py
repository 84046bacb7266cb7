"""POST /api/rummy/moves/ under a crowd: the machine computes only so many moves (and solves) at once."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django import Settings

from game.core import heavy

from .conftest import post
from .held_work import computations_held, slots_taken
from .rummy import act, create, key_of, pin_codes, stored

pytestmark = pytest.mark.django_db

URL = "/api/rummy/moves/"
POSITION = {"table": [], "rack": ["R1", "B5", "K9"], "opened": False, "level": "hard", "pool": 10}


@pytest.mark.parametrize("bound", [1, 3])
def test_moves_beyond_the_bound_are_refused_at_once_while_the_others_run(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch, bound: int
) -> None:
    settings.MAX_CONCURRENT_SOLVES = bound
    with computations_held(monkeypatch, URL, POSITION, bound) as (gate, running):
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
    assert heavy.slots().in_use() == 0
    assert post(client, URL, POSITION).json() == {"action": "draw"}


def test_solves_and_moves_share_the_one_bound(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solves that fill the slots leave none for the computer's moves, and the reverse: the machine
    has so many processors, whatever the kind of computation."""
    settings.MAX_CONCURRENT_SOLVES = 1
    board = {"layout": "L00", "tiles": [None] * 144}
    with computations_held(monkeypatch, "/api/solve/", board, 1):
        assert post(client, "/api/solve/", board).status_code == 503
        assert post(client, URL, POSITION).status_code == 503
    with computations_held(monkeypatch, URL, POSITION, 1):
        assert post(client, "/api/solve/", board).status_code == 503


def test_a_turn_against_the_computer_takes_a_slot_of_its_moves_and_a_local_match_none(
    client: Client, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Confirming a turn against Hard runs the computer's reply in the same request: bounded too."""
    settings.MAX_CONCURRENT_SOLVES = 1
    pin_codes(monkeypatch)
    versus = create(client, "computer", "hard")
    local = create(client, "local")
    with slots_taken(1):  # one computation under way fills the bound
        before = stored(versus["match"])
        refused = act(client, versus["match"], key_of(versus), hand=1, number=0, type="draw")
        assert refused.status_code == 503 and refused.json()["code"] == "busy"
        assert refused["Retry-After"] == "1"
        assert stored(versus["match"]) == before, "nothing was played"
        played = act(client, local["match"], key_of(local), hand=1, number=0, type="draw")
        assert played.status_code == 200, "no computer moves in a local match"
    answer = act(client, versus["match"], key_of(versus), hand=1, number=0, type="draw")
    assert answer.status_code == 200 and [e["seat"] for e in answer.json()["events"]] == [0, 1]
    assert heavy.slots().in_use() == 0
