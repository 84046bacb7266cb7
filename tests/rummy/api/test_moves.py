"""POST /api/rummy/moves/: the computer's move in a Rummy position, at each level."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from game.rummy.engine import check_turn
from tests.api_limits import post

pytestmark = pytest.mark.django_db

URL = "/api/rummy/moves/"

POSITION: dict[str, Any] = {
    "table": [["K5", "K6", "K7"], ["R9", "B9", "O9"]],
    "rack": ["R10", "B10", "K10", "O10", "K8", "R3", "J"],
    "opened": True,
    "pool": 40,
}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_play_is_a_legal_turn_from_the_position(client: Client, level: str) -> None:
    response = post(client, URL, {**POSITION, "level": level, "seed": 7})
    assert response.status_code == 200, response.content
    move = response.json()
    if move["action"] == "play":
        verdict = check_turn(POSITION["table"], POSITION["rack"], move["after"], POSITION["opened"])
        assert verdict.legal, verdict.message
        assert move["played"] == [str(tile) for tile in verdict.played]
    else:
        assert move == {"action": "draw"}


def test_hard_places_every_tile_it_can(client: Client) -> None:
    move = post(client, URL, {**POSITION, "level": "hard"}).json()
    # K8 extends the black run, the four tens are a group; R3 cannot go anywhere, the joker can.
    assert move["action"] == "play"
    assert sorted(move["played"]) == sorted(["R10", "B10", "K10", "O10", "K8", "J"])


def test_the_same_position_and_seed_give_the_same_move(client: Client) -> None:
    body = {**POSITION, "level": "easy", "seed": 12345}
    assert post(client, URL, body).json() == post(client, URL, body).json()


def test_with_nothing_to_play_it_draws_or_with_an_empty_pool_passes(client: Client) -> None:
    stuck = {"table": [], "rack": ["R1", "B5", "K9"], "opened": False, "level": "hard"}
    assert post(client, URL, {**stuck, "pool": 10}).json() == {"action": "draw"}
    assert post(client, URL, {**stuck, "pool": 0}).json() == {"action": "pass"}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"level": "expert"}, "level"),
        ({"pool": -1}, "pool"),
        ({"pool": "many"}, "pool"),
        ({"rack": ["Q1"]}, "Q1"),
        ({"seed": 1.5}, "seed"),
        ({"opened": None}, "opened"),
    ],
)
def test_a_malformed_body_is_a_400_naming_the_problem(
    client: Client, change: dict[str, Any], fragment: str
) -> None:
    response = post(client, URL, {**POSITION, "level": "hard", **change})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert fragment in response.json()["error"]


def test_it_is_rate_limited_like_the_solver(client: Client, settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "rummy_moves": "2/min",
        },
    }
    body = {**POSITION, "level": "easy"}
    assert [post(client, URL, body).status_code for _ in range(3)] == [200, 200, 429]
