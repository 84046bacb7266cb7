"""POST /api/scores/ against the bots of issue 16: each trick that once topped a board now fails.

Impossible play (below the floors of game.mahjong.api.timing) is refused with
400 ``impossible_timing``; implausible play is stored but held for review (rank
null, on no board, not readable through the API); copied games are refused; a
daily challenge closes with its day.  Honest fast play is ranked at once.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from typing import Any

import pytest
from django.test import Client

from game.core.api.errors import ApiError
from game.mahjong import tokens
from game.mahjong.api import submissions, timing
from game.mahjong.api.daily import daily_code
from game.mahjong.api.submissions import check_token, daily_closes
from game.mahjong.engine import Game, get_layout
from game.mahjong.models import Score
from tests.players import left_to_right, own_order

from .conftest import deal_long_ago, make_score, play, post, submit, submit_ok

pytestmark = pytest.mark.django_db

HONEST_GAPS_MS = (640, 910, 720, 1_050, 580, 830, 990, 700)
"""A fast, honest player's gaps between pairs: well above every floor, and uneven."""


def timed(
    plan: list[list[int]], gaps: list[int] | tuple[int, ...], start_ms: int = 1_000
) -> list[dict[str, Any]]:
    """The plan's matches, the k-th one ``gaps[k - 1]`` ms after the one before (cycling)."""
    log, t = [], start_ms
    for k, (a, b) in enumerate(plan):
        if k:
            t += gaps[(k - 1) % len(gaps)]
        log.append({"t": t, "type": "match", "a": a, "b": b})
    return log


def refused_as(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.content
    body: dict[str, Any] = response.json()
    assert body["code"] == code
    assert Score.objects.count() == 0 or code in ("copied_log",), "a refusal stores nothing"
    return str(body["error"])


def board_names(client: Client, query: str = "layout=L00&mode=classic") -> list[str]:
    response = client.get(f"/api/leaderboards/?{query}")
    assert response.status_code == 200
    return [row["name"] for row in response.json()["entries"]]


# -- refused: no person plays like this -------------------------------------------------------------


def test_matching_right_after_a_resume_is_refused_though_the_stopwatch_was_stopped(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot of the issue: match, pause 1 ms later, resume much later, match 5 ms after it."""
    dealt = deal_long_ago(client, monkeypatch)
    log: list[dict[str, Any]] = []
    t = 1_000
    for a, b in dealt["plan"]:
        log += [
            {"t": t, "type": "match", "a": a, "b": b},
            {"t": t + 1, "type": "pause"},
            {"t": t + 20_000, "type": "resume"},
        ]
        t += 20_005
    error = refused_as(submit(client, dealt["token"], log), 400, "impossible_timing")
    assert error == (
        f"log event 3: a match 5 ms after the game was resumed (the board was hidden during the "
        f"pause); a person needs at least {timing.SHOWN_FLOOR_MS} ms to see the board and tap two tiles"
    )


def test_matches_closer_than_two_taps_are_refused(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine matches within the same millisecond, as the burst bot sent them."""
    dealt = deal_long_ago(client, monkeypatch)
    log = timed(dealt["plan"], [0, 0, 0, 0, 0, 0, 0, 0, 2_000])
    error = refused_as(submit(client, dealt["token"], log), 400, "impossible_timing")
    assert error.startswith("log event 1: a match 0 ms after the one before; a person needs at least")


def test_a_burst_of_pairs_each_just_above_the_tap_floor_is_refused(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four pairs in a row need one look at each tile: 150 ms apart passes the taps, not the looks."""
    dealt = deal_long_ago(client, monkeypatch)
    gap = timing.PAIR_FLOOR_MS + 7
    assert (timing.BURST_MATCHES - 1) * gap < timing.BURST_WINDOW_MS
    log = timed(dealt["plan"], [gap, gap, gap, 1_500])
    error = refused_as(submit(client, dealt["token"], log), 400, "impossible_timing")
    assert error.startswith(f"log events 0 to 3: {timing.BURST_MATCHES} matches within {3 * gap} ms;")


def test_a_maxed_arcade_bot_is_refused(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty-one levels in 23 s is about 15 ms a pair: far under the floor from its first pairs."""
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    log = timed(dealt["plan"], [15])
    refused_as(submit(client, dealt["token"], log), 400, "impossible_timing")


def test_an_honest_player_at_his_quickest_is_ranked_at_once(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The figures timing.py keeps clear of its floors: two adjacent tiles in 350 ms, back from a
    pause with a remembered pair in 500 ms, three quick pairs after a first in 1,050 ms."""
    dealt = deal_long_ago(client, monkeypatch)
    gaps = [350, *HONEST_GAPS_MS, 350, 350, 350, *HONEST_GAPS_MS * 8]
    log = timed(dealt["plan"], gaps)
    pause_after = 12
    t = log[pause_after]["t"]
    resumed = [{"t": t + 100, "type": "pause"}, {"t": t + 30_000, "type": "resume"}]
    later = [
        {**event, "t": event["t"] - log[pause_after + 1]["t"] + t + 30_500}
        for event in log[pause_after + 1 :]
    ]
    log = [*log[: pause_after + 1], *resumed, *later]
    assert log[pause_after + 3]["t"] - log[pause_after + 2]["t"] == 500
    created = submit_ok(client, dealt["token"], log, name="Quickest")
    assert created["rank"] == 1
    assert Score.objects.get(pk=created["id"]).review_reasons == []


# -- held: possible, but not what people do -------------------------------------------------------------


def test_a_metronome_is_held_for_review_off_every_board_and_out_of_the_api(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """200 ms a pair, every pair: above each floor, yet no person keeps such a beat (and on a board
    no moderator approved a game of yet, far ahead of the pace floor's time, issue 26)."""
    dealt = deal_long_ago(client, monkeypatch)
    response = submit(client, dealt["token"], timed(dealt["plan"], [200]), name="Metronome")
    assert response.status_code == 201, response.content
    created = response.json()
    assert created["rank"] is None
    entry = Score.objects.get(pk=created["id"])
    assert entry.awaits_review and not entry.is_public
    assert [reason["code"] for reason in entry.review_reasons] == ["regular_cadence", "pace", "far_ahead"]
    assert entry.timing["interval_cv"] == 0.0 and entry.timing["interval_median_ms"] == 200
    assert board_names(client) == []
    assert client.get(f"/api/scores/{entry.pk}/").status_code == 404
    Score.objects.filter(pk=entry.pk).approve()
    assert board_names(client) == ["Metronome"], "a moderator's approval ranks it"


def test_matches_that_keep_coming_soon_after_resumes_are_held(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    log: list[dict[str, Any]] = []
    t = 1_000
    for k, (a, b) in enumerate(dealt["plan"]):
        log.append({"t": t, "type": "match", "a": a, "b": b})
        t += HONEST_GAPS_MS[k % len(HONEST_GAPS_MS)]
        if k < submissions.QUICK_RESUMES:
            log += [{"t": t, "type": "pause"}, {"t": t + 60_000, "type": "resume"}]
            t += 60_000 + timing.SHOWN_FLOOR_MS + 100
    created = submit(client, dealt["token"], log).json()
    reasons = Score.objects.get(pk=created["id"]).review_reasons
    assert created["rank"] is None
    assert reasons == [{"code": "quick_resumes", "count": 5, "limit": submissions.QUICK_RESUMES}]


def test_a_time_far_ahead_of_the_layouts_approved_best_is_held_and_a_close_one_ranked(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: measured from what a moderator approved on the layout, from its first entry on."""
    make_score(name="approved", time_ms=150_000, flagged=True, approved=True)
    far = deal_long_ago(client, monkeypatch)
    far_entry = submit(client, far["token"], play(far["plan"], step_ms=1_000)).json()  # 71 s
    close = deal_long_ago(client, monkeypatch)
    close_entry = submit(client, close["token"], play(close["plan"], step_ms=1_500)).json()  # 106.5 s
    assert far_entry["rank"] is None
    assert Score.objects.get(pk=far_entry["id"]).review_reasons == [
        {"code": "far_ahead", "figure": 71_000, "reference": 150_000, "factor": submissions.FAR_AHEAD}
    ]
    assert close_entry["rank"] == 1


def test_honest_fast_play_is_ranked_at_once_with_its_statistics_kept(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    created = submit_ok(client, dealt["token"], timed(dealt["plan"], HONEST_GAPS_MS), name="Quick")
    entry = Score.objects.get(pk=created["id"])
    assert created["rank"] == 1 and entry.review_reasons == []
    assert entry.timing["matches"] == 72 and entry.timing["interval_min_ms"] == min(HONEST_GAPS_MS)
    assert board_names(client) == ["Quick"]


# -- copies ------------------------------------------------------------------------------------------


def test_a_public_entrys_log_replayed_on_a_fresh_deal_of_its_code_is_refused(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = deal_long_ago(client, monkeypatch)
    original = submit_ok(client, first["token"], play(first["plan"]), name="Original")
    copied_log = client.get(f"/api/scores/{original['id']}/").json()["log"]
    again = deal_long_ago(client, monkeypatch, code=first["code"], mode="classic")
    error = refused_as(submit(client, again["token"], copied_log, name="Copycat"), 409, "copied_log")
    assert "a copied game is not taken" in error
    retimed = [{**event, "t": event["t"] + 3_000} for event in copied_log]
    swapped = [{**event, "a": event["b"], "b": event["a"]} for event in retimed]
    refused_as(submit(client, again["token"], swapped, name="Copycat"), 409, "copied_log")
    assert Score.objects.count() == 1


def test_the_same_deal_played_another_way_is_not_a_copy_but_an_undo_added_to_a_copy_is(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: the same pairs taken in the same order are a copy, whatever undos were added."""
    first = deal_long_ago(client, monkeypatch)
    submit_ok(client, first["token"], play(first["plan"]), name="Original")
    again = deal_long_ago(client, monkeypatch, code=first["code"], mode="classic")
    plan = [list(pair) for pair in again["plan"]]
    log = play(plan)
    detour = [
        log[0],
        {"t": log[0]["t"] + 600, "type": "undo"},
        {**log[0], "t": log[0]["t"] + 1_200},
        *({**event, "t": event["t"] + 1_200} for event in log[1:]),
    ]
    held = submit(client, again["token"], detour, name="Undo added").json()
    assert held["rank"] is None
    assert [r["code"] for r in Score.objects.get(pk=held["id"]).review_reasons] == ["near_copy"]
    layout = get_layout("L00")
    own = own_order(layout, first["tiles"], first["plan"], random.Random(5), left_to_right(layout))
    third = deal_long_ago(client, monkeypatch, code=first["code"], mode="classic")
    assert submit_ok(client, third["token"], play(own), name="Own way")["rank"] == 2


# -- the daily challenge closes with its day ---------------------------------------------------------


def test_a_daily_token_is_taken_until_its_day_ends_plus_the_grace_and_not_after() -> None:
    issued = time.time() - 60
    day = dt.datetime.fromtimestamp(issued, dt.UTC).date()
    token = tokens.issue(str(daily_code(day, "classic")), "classic", daily=day, now=issued)
    closes_ms = int(daily_closes(day).timestamp() * 1000)
    assert daily_closes(day) == dt.datetime.combine(day + dt.timedelta(days=1), dt.time(0, 15), dt.UTC)
    assert check_token(token, now_ms=closes_ms).daily == day
    with pytest.raises(ApiError) as closed:
        check_token(token, now_ms=closes_ms + 1)
    assert closed.value.error_code == "daily_closed"
    assert f"the daily challenge of {day.isoformat()} closed at" in str(closed.value.detail)


def test_the_api_refuses_a_daily_game_sent_after_its_day_closed(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    issued = time.time() - 60
    day = dt.datetime.fromtimestamp(issued, dt.UTC).date()
    token = tokens.issue(str(daily_code(day, "classic")), "classic", daily=day, now=issued)
    after = daily_closes(day).timestamp() + 60
    monkeypatch.setattr(tokens, "clock", lambda: after)
    plan = Game(str(daily_code(day, "classic")), "classic").plan
    assert plan is not None
    response = post(client, "/api/scores/", {"token": token, "name": "Late", "log": play(plan)})
    refused_as(response, 400, "daily_closed")
