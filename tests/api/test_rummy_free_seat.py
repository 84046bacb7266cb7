"""POST /api/rummy/matches/<id>/free-seat/: the host of a room frees the second seat of a guest
who cannot come back: the old guest's key and the old invitation stop working, a new invitation
takes its place, and the hand in play is dealt again (nothing of the old racks is kept)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from game.rummy.engine import new_hand
from game.rummy.models import Hand, Match

from .rummy import auth

pytestmark = pytest.mark.django_db

ROOMS = "/api/rummy/rooms/"


def room_with_guest(client: Client) -> tuple[dict[str, Any], str, str]:
    """A room, its host's credential and its guest's (who then played one draw)."""
    created = client.post(ROOMS, {}, content_type="application/json").json()
    host = created["credentials"][0]["key"]
    invite = created["state"]["invite"]
    joined = client.post(f"{ROOMS}{invite}/seat/", {}, content_type="application/json").json()
    return created, host, joined["credentials"][0]["key"]


def free(client: Client, match: str, key: str) -> Any:
    return client.post(
        f"/api/rummy/matches/{match}/free-seat/", {}, content_type="application/json", headers=auth(key)
    )


def test_the_host_frees_an_away_guests_seat_and_the_hand_is_dealt_again(client: Client) -> None:
    created, host, guest = room_with_guest(client)
    match = created["match"]
    old_invite = created["state"]["invite"]
    # The game went on a little before the guest vanished.
    Match.objects.filter(public_id=match).update(channel0="host", channel1="")
    before = Hand.objects.get(match__public_id=match, number=1)
    Hand.objects.filter(pk=before.pk).update(log="0 draw", actions=1)

    response = free(client, match, host)
    assert response.status_code == 200, response.content
    state = response.json()
    room = Match.objects.get(public_id=match)
    assert room.seat1_digest == "" and room.invite == state["invite"] and state["invite"] != old_invite
    assert state["joined"] is False and state["number"] == 0 and state["events"] == []
    hand = Hand.objects.get(pk=before.pk)
    assert hand.code != before.code and hand.log == "" and hand.actions == 0 and not hand.finished
    assert state["hand"] == 1 and sorted(state["view"]["rack"]) != sorted(first_rack(before.code))

    # The old guest's key is refused, the old link takes nothing, the new link gives the seat.
    refused = client.get(f"/api/rummy/matches/{match}/", headers=auth(guest))
    assert refused.status_code == 403
    assert client.post(f"{ROOMS}{old_invite}/seat/", {}, content_type="application/json").status_code == 404
    again = client.post(f"{ROOMS}{state['invite']}/seat/", {}, content_type="application/json")
    assert again.status_code == 201


def test_a_guest_whose_server_process_is_gone_is_away(client: Client) -> None:
    """Its connection is still named on the room, but no process renews its lease: a ghost, whose
    seat the host may free."""
    created, host, _guest = room_with_guest(client)
    match = created["match"]
    ran_out = timezone.now() - dt.timedelta(seconds=1)
    Match.objects.filter(public_id=match).update(channel1="gone-socket", lease1=ran_out)
    response = free(client, match, host)
    assert response.status_code == 200, response.content
    room = Match.objects.get(public_id=match)
    assert (room.seat1_digest, room.channel1, room.lease1) == ("", "", None)


def first_rack(code: str) -> list[str]:
    """Seat 0's rack of the hand ``code`` deals, as the host first saw it."""
    return [str(tile) for tile in new_hand(code, 0).racks[0]]


@pytest.mark.parametrize("who", ["guest", "host-while-here", "host-seat-free"])
def test_only_the_host_and_only_while_the_guest_is_away(client: Client, who: str) -> None:
    created, host, guest = room_with_guest(client)
    match = created["match"]
    if who == "guest":
        expected, key = (403, "not_host"), guest
    elif who == "host-while-here":
        # A live connection: named, under a lease that has not run out (game.rummy.rooms).
        leased = timezone.now() + dt.timedelta(seconds=10)
        Match.objects.filter(public_id=match).update(channel1="guest-socket", lease1=leased)
        expected, key = (409, "opponent_here"), host
    else:
        Match.objects.filter(public_id=match).update(seat1_digest="")
        expected, key = (409, "seat_free"), host
    before = Match.objects.values("seat1_digest", "invite").get(public_id=match)
    code = Hand.objects.get(match__public_id=match).code
    response = free(client, match, key)
    assert (response.status_code, response.json()["code"]) == expected
    assert Match.objects.values("seat1_digest", "invite").get(public_id=match) == before
    assert Hand.objects.get(match__public_id=match).code == code


def test_a_match_against_the_computer_has_no_seat_to_free(client: Client) -> None:
    created = client.post(
        "/api/rummy/matches/", {"mode": "computer", "level": "easy"}, content_type="application/json"
    )
    body = created.json()
    response = free(client, body["match"], body["credentials"][0]["key"])
    assert (response.status_code, response.json()["code"]) == (403, "not_host")
