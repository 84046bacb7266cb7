"""POST /api/rummy/matches/: a match against the computer or pass and play, its first hand dealt."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from game.rummy.engine import new_hand, view
from game.rummy.models import Hand, Match, key_digest

from .rummy import CODE, create, pin_codes

pytestmark = pytest.mark.django_db

URL = "/api/rummy/matches/"


def test_a_match_against_the_computer_gives_seat_0_its_rack_and_nothing_else(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_codes(monkeypatch)
    created = create(client, "computer", "medium")
    assert [c["seat"] for c in created["credentials"]] == [0]
    state = created["state"]
    assert state["view"] == view(new_hand(CODE, 0), 0).to_json()
    assert (state["mode"], state["level"], state["hand"], state["number"]) == ("computer", "medium", 1, 0)
    assert state["players"] == [{"seat": 0, "kind": "human"}, {"seat": 1, "kind": "computer"}]
    assert state["racks"] is None and state["events"] == [] and "totals" not in state
    # The pool and the other rack never leave the server.
    assert "pool" not in state["view"] and "racks" not in state["view"]


def test_pass_and_play_gives_two_credentials_each_stored_only_as_a_digest(client: Client) -> None:
    created = create(client, "local")
    keys = [c["key"] for c in created["credentials"]]
    assert [c["seat"] for c in created["credentials"]] == [0, 1]
    assert len(set(keys)) == 2 and all(len(key) >= 40 for key in keys)
    match = Match.objects.get(public_id=created["match"])
    assert (match.seat0_digest, match.seat1_digest) == (key_digest(keys[0]), key_digest(keys[1]))
    assert keys[0] not in repr(Match.objects.filter(pk=match.pk).values().get())
    assert created["state"]["level"] is None
    assert Hand.objects.filter(match=match, number=1, starting_seat=0).count() == 1


def test_each_match_deals_its_own_hand_and_keeps_its_code_to_itself(client: Client) -> None:
    created = [create(client) for _ in range(3)]
    assert [match["state"]["code"] for match in created] == [None, None, None]
    codes = {Hand.objects.get(match__public_id=match["match"]).code for match in created}
    assert len(codes) == 3


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"mode": "computer"}, "level: is required"),
        ({"mode": "local", "level": "easy"}, "level: a pass-and-play match has no computer level"),
        ({"mode": "online"}, "mode"),
        ({"mode": "computer", "level": "expert"}, "level"),
        ({"mode": "computer", "level": "easy", "seat": 1}, "unexpected field 'seat'"),
        ({"mode": 1}, "mode: must be a string"),
        ({}, "mode: this field is required"),
    ],
)
def test_a_bad_request_is_refused_and_stores_nothing(client: Client, body: Any, fragment: str) -> None:
    response = client.post(URL, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert fragment in response.json()["error"]
    assert Match.objects.count() == 0


def test_creating_matches_is_rate_limited(client: Client, settings: Any) -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "rummy_matches": "2/min"},
    }
    for _ in range(2):
        create(client)
    response = client.post(URL, {"mode": "local"}, content_type="application/json")
    assert response.status_code == 429 and response.json()["code"] == "throttled"
    assert Match.objects.count() == 2
