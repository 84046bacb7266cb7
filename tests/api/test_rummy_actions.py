"""POST /api/rummy/matches/<id>/actions/: every action a seat may take, and every refusal.

Each refusal is a 4xx with a code and leaves the stored hand exactly as it was.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from game.rummy.engine import format_log, new_hand
from game.rummy.models import Match

from .rummy import CODE, act, auth, create, hard_play, key_of, pin_codes, server_state, set_log, stored

pytestmark = pytest.mark.django_db

# Seat 0 of CODE opens with these two sets (35 + 21 points) from its own rack.
OPENING = [["R11", "J", "R13"], ["B6", "B7", "B8"]]
ALL_DRAWS = "\n".join(f"{n % 2} draw" for n in range(78))
"""Both seats draw until the pool (78 tiles) is empty: seat 0 to move, passing allowed."""


@pytest.fixture(autouse=True)
def _pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    pin_codes(monkeypatch)


def local(client: Client) -> tuple[str, list[str]]:
    created = create(client, "local")
    return created["match"], [key_of(created, 0), key_of(created, 1)]


def assert_refused(
    response: Any, status: int, code: str, match: str, before: tuple[Any, ...]
) -> dict[str, Any]:
    assert response.status_code == status, response.content
    body: dict[str, Any] = response.json()
    assert body["code"] == code and body["error"]
    assert stored(match) == before, "a refusal must store nothing"
    return body


def test_a_draw_adds_the_pools_next_tile_and_the_computer_replies_at_once(client: Client) -> None:
    created = create(client, "computer", "easy")
    match, key = created["match"], key_of(created)
    response = act(client, match, key, hand=1, number=0, type="draw")
    assert response.status_code == 200, response.content
    state = response.json()
    drawn = state["events"][0]
    assert drawn == {"n": 1, "seat": 0, "type": "draw", "tile": drawn["tile"]}
    assert sorted(state["view"]["rack"]) == sorted([*created["state"]["view"]["rack"], drawn["tile"]])
    # The computer's reply is already played: it is seat 0's turn again.
    assert [e["seat"] for e in state["events"]] == [0, 1] and state["view"]["turn"] == 0
    assert state["number"] == 2 and stored(match)[1] == 2
    assert server_state(match).racks[0] == tuple(sorted(server_state(match).racks[0]))


def test_a_legal_opening_moves_the_tiles_from_the_rack_to_the_table(client: Client) -> None:
    match, keys = local(client)
    response = act(client, match, keys[0], hand=1, number=0, type="play", after=OPENING)
    assert response.status_code == 200, response.content
    state = response.json()
    assert state["view"]["table"] == OPENING and state["view"]["opened"] == [True, False]
    assert state["events"] == [
        {"n": 1, "seat": 0, "type": "play", "after": OPENING, "played": ["R11", "R13", "B6", "B7", "B8", "J"]}
    ]
    assert state["last_play"] == {"seat": 0, "played": ["R11", "R13", "B6", "B7", "B8", "J"]}
    assert len(state["view"]["rack"]) == 14 - 6 and state["view"]["turn"] == 1
    assert stored(match)[0] == "0 play R11 J R13 | B6 B7 B8"


def test_turn_after_turn_each_play_becomes_the_table_and_leaves_the_rack(client: Client) -> None:
    match, keys = local(client)
    number, plays = 0, 0
    while plays < 4 and number < 60:
        state = server_state(match)
        seat, after = state.turn, hard_play(state, state.turn)
        body: dict[str, Any] = {"type": "play", "after": after} if after else {"type": "draw"}
        response = act(client, match, keys[seat], hand=1, number=number, **body)
        assert response.status_code == 200, response.content
        seen = response.json()
        if after is not None:
            plays += 1
            assert seen["view"]["table"] == after
            assert len(seen["view"]["rack"]) == len(state.racks[seat]) - len(seen["events"][-1]["played"])
        number = seen["number"]
    assert plays == 4


def test_passing_once_the_pool_is_empty_and_two_passes_end_the_hand(client: Client) -> None:
    match, keys = local(client)
    set_log(match, ALL_DRAWS)
    first = act(client, match, keys[0], hand=1, number=78, type="pass")
    assert first.status_code == 200 and first.json()["view"]["result"] is None
    second = act(client, match, keys[1], hand=1, number=79, type="pass").json()
    result = second["view"]["result"]
    racks = second["racks"]
    points = [sum(30 if t == "J" else int(t[1:]) for t in rack) for rack in racks]
    assert result["rack_points"] == points and result["reason"] == "blocked"
    if points[0] == points[1]:
        assert (result["winner"], result["score"]) == (None, 0)
    else:
        winner = 0 if points[0] < points[1] else 1
        assert (result["winner"], result["score"]) == (winner, abs(points[0] - points[1]))
    assert second["view"]["turn"] is None
    assert Match.objects.get(public_id=match).hands.get().finished


def test_acting_out_of_turn_is_refused(client: Client) -> None:
    match, keys = local(client)
    before = stored(match)
    response = act(client, match, keys[1], hand=1, number=0, type="draw")
    assert_refused(response, 409, "not_your_turn", match, before)


@pytest.mark.parametrize(("hand", "number"), [(1, 1), (1, 5), (2, 0), (0, 0)])
def test_a_stale_or_future_turn_number_is_refused(client: Client, hand: int, number: int) -> None:
    match, keys = local(client)
    before = stored(match)
    response = act(client, match, keys[0], hand=hand, number=number, type="draw")
    if hand == 0:
        assert_refused(response, 400, "invalid", match, before)
    else:
        assert_refused(response, 409, "stale_turn", match, before)


def test_replaying_an_action_already_confirmed_is_refused(client: Client) -> None:
    created = create(client, "computer", "easy")
    match, key = created["match"], key_of(created)
    assert act(client, match, key, hand=1, number=0, type="draw").status_code == 200
    before = stored(match)
    assert_refused(act(client, match, key, hand=1, number=0, type="draw"), 409, "stale_turn", match, before)


@pytest.mark.parametrize(
    "header", [None, "Seat not-a-key-of-this-match-at-all-not-a-key-of-it", "Basic dXNlcjpwYXNz"]
)
def test_a_forged_or_missing_credential_is_refused(client: Client, header: str | None) -> None:
    match, _keys = local(client)
    before = stored(match)
    extra = {} if header is None else {"Authorization": header}
    response = client.post(
        f"/api/rummy/matches/{match}/actions/",
        {"hand": 1, "number": 0, "type": "draw"},
        content_type="application/json",
        headers=extra,
    )
    code = "credential_invalid" if header and header.startswith("Seat") else "credential_missing"
    assert_refused(response, 403 if code == "credential_invalid" else 401, code, match, before)


def test_a_credential_of_another_match_is_refused(client: Client) -> None:
    match, _keys = local(client)
    _other, other_keys = local(client)
    before = stored(match)
    response = act(client, match, other_keys[0], hand=1, number=0, type="draw")
    assert_refused(response, 403, "credential_invalid", match, before)


@pytest.mark.parametrize(
    ("after", "reason", "set_index"),
    [
        ([["R11", "J", "R13"], ["B6", "B7", "B12"]], "invalid_set", 1),
        ([["R11", "R13", "J"]], "invalid_set", 0),
        ([["R3", "R4", "R5"]], "not_from_rack", None),
        ([["J", "J", "J"]], "not_from_rack", None),
        ([], "nothing_played", None),
        ([["B6", "B7", "B8"]], "opening_too_low", None),
    ],
)
def test_an_illegal_table_is_refused_with_the_rule_it_breaks(
    client: Client, after: list[list[str]], reason: str, set_index: int | None
) -> None:
    match, keys = local(client)
    before = stored(match)
    response = act(client, match, keys[0], hand=1, number=0, type="play", after=after)
    body = assert_refused(response, 400, "illegal_table", match, before)
    assert (body["reason"], body["set"]) == (reason, set_index)


def test_table_tiles_cannot_go_back_to_a_rack(client: Client) -> None:
    match, keys = local(client)
    act(client, match, keys[0], hand=1, number=0, type="play", after=OPENING)
    act(client, match, keys[1], hand=1, number=1, type="draw")
    before = stored(match)
    response = act(client, match, keys[0], hand=1, number=2, type="play", after=[OPENING[1]])
    assert assert_refused(response, 400, "illegal_table", match, before)["reason"] == "tile_left_table"


def test_drawing_from_an_empty_pool_and_passing_with_tiles_left_are_refused(client: Client) -> None:
    match, keys = local(client)
    before = stored(match)
    assert_refused(
        act(client, match, keys[0], hand=1, number=0, type="pass"), 409, "pool_not_empty", match, before
    )
    set_log(match, ALL_DRAWS)
    before = stored(match)
    assert_refused(
        act(client, match, keys[0], hand=1, number=78, type="draw"), 409, "pool_empty", match, before
    )


def test_nothing_is_accepted_once_the_hand_is_over(client: Client) -> None:
    match, keys = local(client)
    set_log(match, ALL_DRAWS + "\n0 pass\n1 pass")
    before = stored(match)
    assert_refused(
        act(client, match, keys[0], hand=1, number=80, type="pass"), 409, "hand_over", match, before
    )


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"hand": 1, "number": 0, "type": "play", "after": [["Z9", "R1", "R2"]]}, "unknown tile 'Z9'"),
        ({"hand": 1, "number": 0, "type": "play"}, "after: is required for a play"),
        ({"hand": 1, "number": 0, "type": "draw", "after": []}, "after: a draw has no table"),
        ({"hand": 1, "number": 0, "type": "discard"}, "type"),
        ({"hand": 1, "number": "0", "type": "draw"}, "number: must be a whole number"),
        ({"hand": 1, "number": 0, "type": "draw", "seat": 1}, "unexpected field 'seat'"),
        ({"hand": 1, "number": 0, "type": "play", "after": [["R1"] * 14]}, "after"),
    ],
)
def test_a_malformed_action_is_refused(client: Client, body: dict[str, Any], fragment: str) -> None:
    match, keys = local(client)
    before = stored(match)
    response = client.post(
        f"/api/rummy/matches/{match}/actions/",
        body,
        content_type="application/json",
        headers=auth(keys[0]),
    )
    error = assert_refused(response, 400, "invalid", match, before)["error"]
    assert fragment in error


def test_no_answer_ever_holds_the_pool_or_the_computers_rack(client: Client) -> None:
    created = create(client, "computer", "hard")
    match, key = created["match"], key_of(created)
    state = created["state"]
    for _ in range(6):
        if state["view"]["result"] is not None:
            break
        after = hard_play(server_state(match), 0)
        body: dict[str, Any] = {"type": "play", "after": after} if after else {"type": "draw"}
        response = act(client, match, key, hand=1, number=state["number"], **body)
        assert response.status_code == 200, response.content
        state = response.json()
        assert set(state["view"]) == {
            "seat",
            "rack",
            "table",
            "pool_size",
            "turn",
            "opened",
            "opponent_tiles",
            "result",
        }
        assert all("tile" not in event for event in state["events"] if event["seat"] == 1)
        assert state["racks"] is None


@pytest.mark.django_db(transaction=True)
def test_two_requests_racing_for_one_turn_land_exactly_once() -> None:
    client = Client()
    match, keys = local(client)
    start = threading.Barrier(2)
    statuses: list[int] = []
    lock = threading.Lock()

    def racer(body: dict[str, Any]) -> None:
        try:
            start.wait(timeout=30)
            response = act(Client(), match, keys[0], hand=1, number=0, **body)
            with lock:
                statuses.append(response.status_code)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=racer, args=({"type": "draw"},)),
        threading.Thread(target=racer, args=({"type": "play", "after": OPENING},)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(statuses) == [200, 409]
    log, actions, _codes = stored(match)
    assert actions == 1 and log in ("0 draw", "0 play R11 J R13 | B6 B7 B8")
    assert format_log(server_state(match).log) == log and new_hand(CODE).code == server_state(match).code
