"""POST /api/rummy/matches/<id>/hands/: the next hand, once the current one is over."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from game.rummy.engine import new_hand, view
from game.rummy.models import Hand, Match

from .rummy import act, auth, create, key_of, pin_codes, set_log, stored

pytestmark = pytest.mark.django_db

ALL_DRAWS = "\n".join(f"{n % 2} draw" for n in range(78))
SECOND = "RM1-SECONDS"


def url(match: str) -> str:
    return f"/api/rummy/matches/{match}/hands/"


def finish(match: str, starting_seat: int = 0) -> None:
    """End the current hand by drawing the pool dry and passing twice."""
    seats = [(starting_seat + n) % 2 for n in range(80)]
    lines = [f"{seat} draw" for seat in seats[:78]] + [f"{seats[78]} pass", f"{seats[79]} pass"]
    set_log(match, "\n".join(lines))


def next_hand(client: Client, match: str, key: str, hand: int) -> Any:
    return client.post(url(match), {"hand": hand}, content_type="application/json", headers=auth(key))


def test_the_next_hand_alternates_the_first_player_and_keeps_the_seats(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_codes(monkeypatch, "RM1-TESTING", SECOND, "RM1-THIRDAA")
    created = create(client, "local")
    match, keys = created["match"], [key_of(created, 0), key_of(created, 1)]
    finish(match)
    response = next_hand(client, match, keys[1], 1)
    assert response.status_code == 201, response.content
    state = response.json()
    # The new hand's code deals it: it stays on the server while the hand is in play.
    assert (state["hand"], state["code"], state["starting_seat"], state["number"]) == (2, None, 1, 0)
    assert state["seat"] == 1 and state["view"] == view(new_hand(SECOND, 1), 1).to_json()
    # Seats keep their credentials, hence their colours: seat 0 is still seat 0.
    assert client.get(f"/api/rummy/matches/{match}/", headers=auth(keys[0])).json()["seat"] == 0
    finish(match, starting_seat=1)
    third = next_hand(client, match, keys[0], 2).json()
    assert (third["hand"], third["starting_seat"]) == (3, 0)


def test_when_the_computer_starts_its_first_move_is_already_played(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_codes(monkeypatch, "RM1-TESTING", SECOND)
    created = create(client, "computer", "hard")
    match, key = created["match"], key_of(created)
    finish(match)
    state = next_hand(client, match, key, 1).json()
    assert state["starting_seat"] == 1 and state["number"] == 1 and state["view"]["turn"] == 0
    assert [event["seat"] for event in state["events"]] == [1]
    assert "tile" not in state["events"][0]


def test_each_hand_stands_alone_with_no_running_score(client: Client) -> None:
    created = create(client, "local")
    match, key = created["match"], key_of(created)
    # The hand ends with its last pass through the API; its result is the hand's, kept in its log.
    set_log(match, "\n".join([f"{n % 2} draw" for n in range(78)] + ["0 pass"]))
    last = act(client, match, key_of(created, 1), hand=1, number=79, type="pass").json()
    assert last["view"]["result"]["reason"] == "blocked" and "totals" not in last
    kept = Match.objects.get(public_id=match).hands.get(number=1)
    assert kept.finished and kept.log.endswith("1 pass")
    second = next_hand(client, match, key, 1).json()
    assert "totals" not in second and second["racks"] is None and second["view"]["result"] is None


def test_a_hand_in_progress_is_not_replaced(client: Client) -> None:
    created = create(client, "local")
    match = created["match"]
    before = stored(match)
    response = next_hand(client, match, key_of(created), 1)
    assert (response.status_code, response.json()["code"]) == (409, "hand_not_over")
    assert stored(match) == before


@pytest.mark.parametrize("hand", [2, 5])
def test_a_hand_number_that_is_not_the_current_one_is_refused(client: Client, hand: int) -> None:
    created = create(client, "local")
    match = created["match"]
    finish(match)
    response = next_hand(client, match, key_of(created), hand)
    assert (response.status_code, response.json()["code"]) == (409, "stale_turn")
    assert Hand.objects.filter(match__public_id=match).count() == 1


def test_asking_twice_for_the_next_hand_deals_it_once(client: Client) -> None:
    created = create(client, "local")
    match = created["match"]
    finish(match)
    assert next_hand(client, match, key_of(created, 0), 1).status_code == 201
    again = next_hand(client, match, key_of(created, 1), 1)
    assert (again.status_code, again.json()["code"]) == (409, "stale_turn")
    assert Match.objects.get(public_id=match).hands.count() == 2


@pytest.mark.parametrize(
    ("body", "fragment"),
    [({}, "hand"), ({"hand": "1"}, "hand"), ({"hand": 0}, "hand"), ({"hand": 1, "x": 1}, "x")],
)
def test_a_malformed_request_is_refused(client: Client, body: object, fragment: str) -> None:
    created = create(client, "local")
    finish(created["match"])
    response = client.post(
        url(created["match"]), body, content_type="application/json", headers=auth(key_of(created))
    )
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
    assert fragment in response.json()["error"]
    assert Hand.objects.filter(match__public_id=created["match"]).count() == 1
