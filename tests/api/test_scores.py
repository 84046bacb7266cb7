"""POST /api/scores/: a finished game, verified by the server, in the documented order."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.core import signing
from django.test import Client

from game.mahjong import tokens
from game.mahjong.api import submissions
from game.mahjong.api.submissions import MAX_EVENTS, MAX_HINTS
from game.mahjong.engine import Board, GameCode, deal
from game.mahjong.models import Score

from .conftest import altered, deal_long_ago, play, post, submit, submit_ok

pytestmark = pytest.mark.django_db


def refused(response: Any, status: int = 400, code: str | None = None) -> str:
    """The error message of a refusal, after checking its status, shape and (if given) code."""
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error", "code"}
    if code is not None:
        assert body["code"] == code, body
    message: str = body["error"]
    return message


# -- accepted games ------------------------------------------------------------------------------


def test_a_cleared_classic_game_is_accepted_with_the_figures_the_server_computed(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    created = submit_ok(client, dealt["token"], play(dealt["plan"]), name="Anna")
    assert created == {
        "id": created["id"],
        "rank": 1,
        "random_deal": True,
        "mode": "classic",
        "time_ms": 71_000,  # the stopwatch runs from the first pair (1 s) to the last (72 s)
        "ranked_ms": 71_000,  # no hint, no shuffle: no penalty
        "moves": 72,
        "hints": 0,
        "shuffles": 0,
    }
    entry = Score.objects.get(pk=created["id"])
    assert (entry.code, entry.layout, entry.mode, entry.name) == (dealt["code"], "L00", "classic", "Anna")
    assert (entry.time_ms, entry.score, entry.duration_ms, entry.daily) == (71_000, None, 72_000, None)
    assert not entry.flagged and entry.token_digest == tokens.verify(dealt["token"]).digest


def test_a_cleared_arcade_board_is_accepted_with_its_score(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    created = submit_ok(client, dealt["token"], play(dealt["plan"]))
    # 72 pairs at 100 points plus the full speed bonus of 100, and 2,000 + 500 for the board.
    assert created == {
        "id": created["id"],
        "rank": 1,
        "random_deal": True,
        "mode": "arcade",
        "score": 72 * 200 + 2_500,
        "level": 1,
        "moves": 72,
        "hints": 0,
        "shuffles": 0,
    }


def test_an_arcade_game_may_be_submitted_when_the_player_stops(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, code="MJ1-L04-ABCDEFG", mode="arcade")
    log = [*play(dealt["plan"][:5]), {"t": 9_000, "type": "hint"}, {"t": 20_000, "type": "shuffle"}]
    created = submit_ok(client, dealt["token"], log)
    assert (created["score"], created["moves"], created["hints"], created["shuffles"]) == (
        5 * 200 - 50,
        5,
        1,
        1,
    )


def test_an_arcade_game_over_several_levels_counts_the_level_reached(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, code="MJ1-L11-ABCDEFG", mode="arcade")
    second = client.get(f"/api/deals/{dealt['code']}/?level=2&mode=arcade").json()
    assert second["tiles"] == list(deal(GameCode.parse(dealt["code"]), 2).tiles)
    second_plan = deal(GameCode.parse(dealt["code"]), 2).plan  # the answer has none
    first_level = play(dealt["plan"])
    t = first_level[-1]["t"] + 1000
    log = [*first_level, {"t": t, "type": "next_level"}, *play(second_plan[:3], start_ms=t + 1000)]
    created = submit_ok(client, dealt["token"], log)
    assert created["level"] == 2
    assert created["moves"] == len(dealt["plan"]) + 3


def test_a_game_with_pauses_hints_shuffles_and_undo_is_replayed_exactly(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    plan = dealt["plan"]
    log = [
        *play(plan[:2]),
        {"t": 2_500, "type": "undo"},
        {"t": 3_000, "type": "match", "a": plan[1][0], "b": plan[1][1]},
        {"t": 4_000, "type": "pause"},
        {"t": 64_000, "type": "resume"},
        {"t": 65_000, "type": "hint"},
        *play(plan[2:], start_ms=66_000),
    ]
    created = submit_ok(client, dealt["token"], log)
    # Active time: from the first pair at 1 s to the last, minus the minute of pause.
    last = 66_000 + 1000 * (len(plan) - 3)
    assert created["time_ms"] == last - 1_000 - 60_000
    assert (created["moves"], created["hints"]) == (73, 1)


def test_a_time_just_within_the_slack_is_accepted(client: Client) -> None:
    body = post(client, "/api/deals/", {"layout": "L00", "mode": "arcade"}).json()
    plan = deal(GameCode.parse(body["code"]), 1).plan  # the answer has none
    log: list[dict[str, Any]] = [
        {"t": 1_000 + 1_500 * k, "type": "match", "a": a, "b": b} for k, (a, b) in enumerate(plan[:3])
    ]
    assert log[-1]["t"] <= 5_000  # a fresh token: only the 5 s of slack for clock differences
    submit_ok(client, body["token"], log)


def test_the_name_is_stored_trimmed_with_runs_of_spaces_made_one(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, mode="arcade", layout="L00")
    created = submit_ok(client, dealt["token"], play(dealt["plan"][:1]), name="  Anna   Maria \u3000")
    assert Score.objects.get(pk=created["id"]).name == "Anna Maria"


@pytest.mark.parametrize(
    "name",
    ["Zoë", "Дмитрий", "李小龍", "नमस्ते", "ผู้เล่น", "O'Brien-Smith", "x_y.z!?", "Player 1", "A" * 24, "ٱلْعَرَبِيَّة"],
)
def test_names_in_any_script_are_welcome(client: Client, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    dealt = deal_long_ago(client, monkeypatch, mode="arcade", layout="L00")
    created = submit_ok(client, dealt["token"], play(dealt["plan"][:1]), name=name)
    assert client.get(f"/api/scores/{created['id']}/").json()["name"] == name


def test_a_daily_game_is_ranked_on_its_daily_board(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch, daily="classic")
    created = submit_ok(client, dealt["token"], play(dealt["plan"]))
    assert created["rank"] == 1
    entry = Score.objects.get(pk=created["id"])
    assert entry.daily is not None and entry.daily.isoformat() == dealt["daily"]
    board = client.get(f"/api/leaderboards/?daily={dealt['daily']}&mode=classic").json()["entries"]
    assert [row["id"] for row in board] == [created["id"]]
    assert client.get("/api/leaderboards/?layout=L00&mode=classic").json()["entries"] == []


def test_the_rank_is_the_place_on_the_all_time_board(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = deal_long_ago(client, monkeypatch, layout="L02")
    fast = deal_long_ago(client, monkeypatch, layout="L02")
    medium = deal_long_ago(client, monkeypatch, layout="L02")
    assert submit_ok(client, slow["token"], play(slow["plan"], step_ms=3000))["rank"] == 1
    fast_entry = submit_ok(client, fast["token"], play(fast["plan"], step_ms=1000))
    assert fast_entry["rank"] == 1
    assert submit_ok(client, medium["token"], play(medium["plan"], step_ms=2000))["rank"] == 2
    other_layout = deal_long_ago(client, monkeypatch, layout="L03")
    assert submit_ok(client, other_layout["token"], play(other_layout["plan"], step_ms=5000))["rank"] == 1


def test_a_log_of_exactly_2000_events_within_the_caps_is_accepted(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    hints = [{"t": 2_000 + k, "type": "hint"} for k in range(MAX_HINTS - 1)]
    pauses = [{"t": 3_000 + k // 2, "type": ("pause", "resume")[k % 2]} for k in range(1500)]
    log = [*play(dealt["plan"][:1]), *hints, *pauses]
    assert len(log) == MAX_EVENTS
    created = submit_ok(client, dealt["token"], log)
    assert (created["hints"], created["score"]) == (MAX_HINTS - 1, 0)


# Plausibility (what a person could not have done, and what a moderator should see first) has
# modules of its own: test_bots.py (the bots' scripts), test_review.py (held entries).


# -- the token (check 1) and its single use (check 2) ------------------------------------------


def test_a_forged_token_is_refused(client: Client) -> None:
    forged = signing.dumps({"c": "MJ1-L00-ABCDEFG", "m": "classic", "i": 0, "n": "x" * 22}, salt="other")
    message = refused(submit(client, forged, []), code="token_invalid")
    assert message.startswith("token: not a valid deal token (forged, altered or not from this server)")


def test_an_altered_token_is_refused(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    earlier = tokens.verify(dealt["token"]).issued_ms - 3_600_000  # trying to claim more time
    message = refused(
        submit(client, altered(dealt["token"], i=earlier), play(dealt["plan"])), code="token_invalid"
    )
    assert message.startswith("token: not a valid deal token")


def test_an_expired_token_is_refused(client: Client) -> None:
    code = "MJ1-L00-ABCDEFG"
    expired = tokens.issue(code, "classic", now=time.time() - tokens.MAX_AGE_S - 60)
    message = refused(submit(client, expired, play(deal(code).plan)), code="token_expired")
    assert (
        message == "token: the deal token has expired: a game must be submitted within 24 hours of its deal"
    )


def test_a_reused_token_is_a_conflict(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    log = play(dealt["plan"])
    submit_ok(client, dealt["token"], log)
    message = refused(submit(client, dealt["token"], log, name="Again"), status=409, code="already_submitted")
    assert message.startswith("token: a score was already submitted for this deal")
    assert Score.objects.count() == 1


def test_a_reused_token_is_a_conflict_even_with_another_log(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    submit_ok(client, dealt["token"], play(dealt["plan"][:2]))
    refused(submit(client, dealt["token"], play(dealt["plan"])), status=409)


# -- sizes and shapes (check 3) -------------------------------------------------------------------


def test_an_oversize_body_is_refused_before_it_is_read(client: Client) -> None:
    body = {"token": "x", "name": "n" * 70_000, "log": []}
    message = refused(post(client, "/api/scores/", body), status=413, code="too_large")
    assert message.startswith("body: the request has ")
    assert message.endswith("bytes; at most 65536 are accepted")


def test_too_many_events_are_refused(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode="classic")
    log = [{"t": k, "type": "undo"} for k in range(2001)]
    assert (
        refused(submit(client, dealt["token"], log), code="log_too_long")
        == "log: at most 2000 events in a classic game, not 2001"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "name: a name is needed"),
        ("   ", "name: a name is needed"),
        ("A" * 25, "name: at most 24 characters, not 25"),
        ("<script>alert(1)</script>", "name: '<' is not allowed"),
        ("Tom & Jerry", "name: '&' is not allowed"),
        ("evil\u202etxt", "name: U+202E is not allowed"),
        ("line\nbreak", "name: U+000A is not allowed"),
        ("smile 😀", "name: '😀' is not allowed"),
        ("\u0301accent", "name: misplaced combining mark U+0301"),
        ("Za" + "\u0301" * 5 + "lgo", "name: misplaced combining mark U+0301"),
        (123, "name: must be a string, not a number"),
        (None, "name: this field may not be null."),
    ],
)
def test_a_bad_name_is_refused(
    client: Client, monkeypatch: pytest.MonkeyPatch, name: Any, message: str
) -> None:
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    assert refused(submit(client, dealt["token"], play(dealt["plan"][:1]), name=name)).startswith(message)
    assert not Score.objects.exists()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": "Anna", "log": []}, "token: this field is required."),
        ({"token": 5, "name": "Anna", "log": []}, "token: must be a string, not a number"),
        (
            {"token": "t", "name": "Anna", "log": {}},
            "log: must be an array of events or their text form, not an object",
        ),
        (
            {"token": "t", "name": "Anna", "log": 5},
            "log: must be an array of events or their text form, not a number",
        ),
        ({"token": "t", "name": ["Anna"], "log": []}, "name: must be a string, not an array"),
        ({"token": "t", "name": "Anna", "log": [], "time_ms": 1}, "body: unexpected field 'time_ms'"),
        ([{"token": "t"}], "body: must be a JSON object, not an array"),
    ],
)
def test_wrong_json_types_are_refused_naming_the_field(client: Client, body: Any, message: str) -> None:
    assert refused(post(client, "/api/scores/", body)).startswith(message)


def test_a_body_that_is_not_json_is_refused(client: Client) -> None:
    response = client.post("/api/scores/", "{token: x}", content_type="application/json")
    assert refused(response).startswith("body: JSON parse error")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
def test_a_wrong_content_type_is_refused(client: Client, content_type: str) -> None:
    response = client.post("/api/scores/", "token=x&name=y", content_type=content_type)
    assert refused(response, status=415) == (
        f"body: unsupported media type '{content_type}': send JSON with 'Content-Type: application/json'"
    )


# -- the replay (check 4) ---------------------------------------------------------------------------


def test_an_illegal_move_is_refused_naming_the_event_and_the_tile(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    board = Board(deal(dealt["code"]).layout, dealt["tiles"])
    for a, b in dealt["plan"][:12]:
        board.remove(a, b)
    blocked = next(i for i, face in enumerate(board.tiles) if face is not None and not board.is_free(i))
    partner = board.free_tiles()[0]
    log = [*play(dealt["plan"][:12]), {"t": 20_000, "type": "match", "a": blocked, "b": partner}]
    message = refused(submit(client, dealt["token"], log))
    face = dealt["tiles"][blocked]
    assert message == f"log event 12 is an illegal move: the tile on position {blocked} ({face}) is not free"


def test_taking_a_pair_twice_is_an_illegal_move(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    a, b = dealt["plan"][0]
    log = [*play(dealt["plan"][:3]), {"t": 9_000, "type": "match", "a": a, "b": b}]
    assert refused(submit(client, dealt["token"], log)) == (
        f"log event 3 is an illegal move: there is no tile on position {a} any more"
    )


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"t": 1000, "type": "match", "a": 1}, "log event 1 is malformed: a match event has keys"),
        ({"t": 1000, "type": "jump"}, "log event 1 is malformed: unknown event type 'jump'"),
        ({"t": 1000.5, "type": "hint"}, "log event 1 is malformed: t must be whole milliseconds"),
        (
            {"t": 1000, "type": "match", "a": 500, "b": 1},
            "log event 1 is malformed: 500 is not a position index",
        ),
        ({"t": 1000, "type": "hint", "cheat": True}, "log event 1 is malformed: a hint event has keys"),
        ("hint", "log event 1 is malformed: an event must be an object, not str"),
    ],
)
def test_a_malformed_event_is_refused_naming_the_event(
    client: Client, monkeypatch: pytest.MonkeyPatch, event: Any, message: str
) -> None:
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    log = [{"t": 500, "type": "hint"}, event]
    assert refused(submit(client, dealt["token"], log)).startswith(message)


def test_decreasing_times_are_refused(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    log = play(dealt["plan"])
    log[5]["t"] = log[3]["t"] - 1
    assert refused(submit(client, dealt["token"], log)) == (
        f"log event 5 is malformed: time goes back from {log[4]['t']} to {log[5]['t']} ms"
    )


def test_a_classic_game_must_end_with_the_board_cleared(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    searched: list[object] = []
    monkeypatch.setattr(submissions, "find_dead_end_if_free", searched.append)
    message = refused(submit(client, dealt["token"], play(dealt["plan"][:-1])))
    assert searched == []  # a refusal does not pay for the search for the dead end
    assert message == (
        "log: a classic game is submitted once the board is cleared, but this log ends with tiles "
        "on the board (status playing)"
    )


# -- the time bound (check 5) ------------------------------------------------------------------------


def test_a_classic_time_beyond_the_time_since_the_deal_is_refused(client: Client) -> None:
    dealt = post(client, "/api/deals/", {"layout": "L00", "mode": "classic"}).json()
    plan = deal(GameCode.parse(dealt["code"]), 1).plan  # the answer has none
    message = refused(submit(client, dealt["token"], play(plan)))
    assert message.startswith("log: the game claims a time of 71.0 s, but only 0.")
    assert message.endswith(" s passed since it was dealt")


def test_an_arcade_log_longer_than_the_time_since_the_deal_is_refused(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, age_s=60, layout="L00", mode="arcade")
    log = [*play(dealt["plan"][:3]), {"t": 66_000, "type": "hint"}]  # 66 s > 60 s + 5 s of slack
    message = refused(submit(client, dealt["token"], log))
    assert message.startswith("log: its last event comes 66.0 s after the deal, but only 60.")


def test_pauses_count_towards_the_time_bound(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch, age_s=100)
    plan = dealt["plan"]
    log = [*play(plan[:1]), {"t": 2_000, "type": "pause"}, {"t": 200_000, "type": "resume"}]
    log += play(plan[1:], start_ms=201_000, step_ms=10)  # 0.7 s of active time, 200 s of wall time
    assert refused(submit(client, dealt["token"], log)).startswith("log: its last event comes 201.")
