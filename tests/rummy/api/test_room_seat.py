"""POST /api/rummy/rooms/<invite>/seat/: the guest takes seat 1 with the invitation, once."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from game.rummy.models import Match

from .helpers import auth

pytestmark = pytest.mark.django_db


def room(client: Client) -> dict[str, Any]:
    created: dict[str, Any] = client.post("/api/rummy/rooms/", {}, content_type="application/json").json()
    return created


def take_seat(client: Client, invite: str) -> Any:
    return client.post(f"/api/rummy/rooms/{invite}/seat/", {}, content_type="application/json")


def test_the_guest_gets_seat_1_and_sees_only_its_own_rack(client: Client) -> None:
    host = room(client)
    response = take_seat(client, host["state"]["invite"])
    assert response.status_code == 201, response.content
    body = response.json()
    [credential] = body["credentials"]
    assert credential["seat"] == 1 and body["match"] == host["match"]
    state = body["state"]
    assert state["seat"] == 1 and state["joined"] and "invite" not in state
    assert state["view"]["rack"] != host["state"]["view"]["rack"]
    # The host now sees the guest arrived.
    seen = client.get(f"/api/rummy/matches/{host['match']}/", headers=auth(host["credentials"][0]["key"]))
    assert seen.json()["joined"] is True


def test_a_full_room_says_so_and_keeps_its_guest(client: Client) -> None:
    host = room(client)
    first = take_seat(client, host["state"]["invite"]).json()["credentials"][0]["key"]
    again = take_seat(client, host["state"]["invite"])
    assert (again.status_code, again.json()["code"]) == (409, "room_full")
    seen = client.get(f"/api/rummy/matches/{host['match']}/", headers=auth(first))
    assert seen.status_code == 200 and seen.json()["seat"] == 1


def test_an_expired_room_is_gone(client: Client) -> None:
    host = room(client)
    Match.objects.filter(public_id=host["match"]).update(updated=timezone.now() - dt.timedelta(days=8))
    response = take_seat(client, host["state"]["invite"])
    assert (response.status_code, response.json()["code"]) == (410, "room_expired")
    seen = client.get(f"/api/rummy/matches/{host['match']}/", headers=auth(host["credentials"][0]["key"]))
    assert (seen.status_code, seen.json()["code"]) == (410, "room_expired")


@pytest.mark.parametrize("invite", ["A" * 16, "short"])
def test_an_unknown_or_malformed_invitation_is_not_found(client: Client, invite: str) -> None:
    response = take_seat(client, invite)
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
