"""POST /api/rummy/rooms/: an online room, its host in seat 0 with the invitation to share."""

from __future__ import annotations

import pytest
from django.test import Client

from game.rummy.models import Match, Mode, key_digest

pytestmark = pytest.mark.django_db

URL = "/api/rummy/rooms/"


def test_the_host_gets_seat_0_its_credential_and_the_invitation(client: Client) -> None:
    response = client.post(URL, {}, content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    [credential] = body["credentials"]
    room = Match.objects.get(public_id=body["match"])
    assert room.mode == Mode.ONLINE and credential["seat"] == 0
    assert room.seat0_digest == key_digest(credential["key"]) and room.seat1_digest == ""
    state = body["state"]
    assert (state["seat"], state["joined"], state["invite"]) == (0, False, room.invite)
    assert state["mode"] == "online" and state["starting_seat"] == 0 and state["consents"] == [False, False]


@pytest.mark.parametrize(
    ("body", "code"),
    [({"mode": "online"}, "invalid"), ([], "invalid"), ('"x"', "invalid"), ("x", "malformed_json")],
)
def test_anything_in_the_body_is_refused_and_nothing_is_made(client: Client, body: object, code: str) -> None:
    response = client.post(URL, body, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert Match.objects.count() == 0


def test_an_online_room_cannot_be_made_as_a_match(client: Client) -> None:
    response = client.post("/api/rummy/matches/", {"mode": "online"}, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
