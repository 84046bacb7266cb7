"""GET and PATCH /api/rummy/matches/<id>/: a seat's view, and the computer's level."""

from __future__ import annotations

import pytest
from django.test import Client

from game.rummy.models import Match

from .helpers import act, auth, create, key_of, pin_codes, server_state

pytestmark = pytest.mark.django_db


def url(match: str) -> str:
    return f"/api/rummy/matches/{match}/"


def test_each_seat_sees_its_own_rack_and_only_the_count_of_the_other(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_codes(monkeypatch)
    created = create(client, "local")
    state = server_state(created["match"])
    for seat in (0, 1):
        seen = client.get(url(created["match"]), headers=auth(key_of(created, seat))).json()
        assert seen["seat"] == seat
        assert seen["view"]["rack"] == [str(t) for t in state.racks[seat]]
        assert seen["view"]["opponent_tiles"] == len(state.racks[1 - seat])
        assert seen["racks"] is None


def test_events_since_a_number_hide_the_other_seats_drawn_tile(client: Client) -> None:
    created = create(client, "local")
    match, keys = created["match"], [key_of(created, 0), key_of(created, 1)]
    assert act(client, match, keys[0], hand=1, number=0, type="draw").status_code == 200
    assert act(client, match, keys[1], hand=1, number=1, type="draw").status_code == 200
    mine = client.get(url(match) + "?since=0", headers=auth(keys[0])).json()["events"]
    theirs = client.get(url(match) + "?since=0", headers=auth(keys[1])).json()["events"]
    state = server_state(match)
    assert [e["n"] for e in mine] == [1, 2]
    assert mine[0]["tile"] in [str(t) for t in state.racks[0]] and "tile" not in mine[1]
    assert "tile" not in theirs[0] and theirs[1]["tile"] in [str(t) for t in state.racks[1]]
    assert client.get(url(match) + "?since=1", headers=auth(keys[0])).json()["events"] == mine[1:]
    assert client.get(url(match), headers=auth(keys[0])).json()["events"] == []


@pytest.mark.parametrize(
    ("headers", "status", "code"),
    [
        ({}, 401, "credential_missing"),
        ({"Authorization": "Bearer abc"}, 401, "credential_missing"),
        ({"Authorization": "Seat "}, 401, "credential_missing"),
        (
            {"Authorization": "Seat forged-key-forged-key-forged-key-forged-key"},
            403,
            "credential_invalid",
        ),
    ],
)
def test_without_a_valid_credential_nothing_is_shown(
    client: Client, headers: dict[str, str], status: int, code: str
) -> None:
    created = create(client)
    response = client.get(url(created["match"]), headers=headers)
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert "view" not in response.json()


def test_another_matchs_credential_is_refused(client: Client) -> None:
    first, second = create(client), create(client)
    response = client.get(url(first["match"]), headers=auth(key_of(second)))
    assert (response.status_code, response.json()["code"]) == (403, "credential_invalid")


def test_an_unknown_match_is_a_404_and_a_malformed_address_too(client: Client) -> None:
    created = create(client)
    response = client.get(url("A" * 16), headers=auth(key_of(created)))
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
    assert client.get(url("short"), headers=auth(key_of(created))).json()["code"] == "not_found"


@pytest.mark.parametrize("since", ["-1", "x", "", "99999"])
def test_a_bad_since_is_refused(client: Client, since: str) -> None:
    created = create(client)
    response = client.get(url(created["match"]) + f"?since={since}", headers=auth(key_of(created)))
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
    assert "since" in response.json()["error"]


def test_changing_the_level_keeps_the_position(client: Client) -> None:
    created = create(client, "computer", "easy")
    match, key = created["match"], key_of(created)
    assert act(client, match, key, hand=1, number=0, type="draw").status_code == 200
    before = client.get(url(match), headers=auth(key)).json()
    response = client.patch(url(match), {"level": "hard"}, content_type="application/json", headers=auth(key))
    assert response.status_code == 200
    after = response.json()
    assert after["level"] == "hard" and Match.objects.get(public_id=match).level == "hard"
    assert {k: v for k, v in after.items() if k != "level"} == {
        k: v for k, v in before.items() if k != "level"
    }


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"level": "expert"}, 400, "invalid"),
        ({"level": "hard", "x": 1}, 400, "invalid"),
        ({}, 400, "invalid"),
    ],
)
def test_a_bad_level_change_changes_nothing(client: Client, body: object, status: int, code: str) -> None:
    created = create(client, "computer", "medium")
    response = client.patch(
        url(created["match"]), body, content_type="application/json", headers=auth(key_of(created))
    )
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert Match.objects.get(public_id=created["match"]).level == "medium"


def test_a_pass_and_play_match_has_no_level(client: Client) -> None:
    created = create(client, "local")
    response = client.patch(
        url(created["match"]),
        {"level": "hard"},
        content_type="application/json",
        headers=auth(key_of(created)),
    )
    assert (response.status_code, response.json()["code"]) == (400, "not_vs_computer")
    assert Match.objects.get(public_id=created["match"]).level == ""
