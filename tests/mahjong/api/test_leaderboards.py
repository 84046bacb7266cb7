"""GET /api/leaderboards/: layout boards by period, daily boards; who ranks first, and ties."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client

from game.mahjong.models import Score

from .conftest import make_score, minutes_ago

pytestmark = pytest.mark.django_db


def board(client: Client, query: str) -> list[dict[str, Any]]:
    response = client.get(f"/api/leaderboards/?{query}")
    assert response.status_code == 200, response.content
    entries: list[dict[str, Any]] = response.json()["entries"]
    return entries


def names(client: Client, query: str) -> list[str]:
    return [row["name"] for row in board(client, query)]


def test_classic_ranks_by_ranked_time_then_fewer_hints_then_the_earlier_entry(client: Client) -> None:
    # Ranked times: the stopwatch plus 15 s a hint and 30 s a shuffle.
    make_score(name="slow", time_ms=90_000, created=minutes_ago(50))
    make_score(name="tie-late", time_ms=45_000, hints=1, created=minutes_ago(10))
    make_score(name="tie-early", time_ms=45_000, hints=1, created=minutes_ago(20))
    make_score(name="tie-no-hints", time_ms=60_000, hints=0, created=minutes_ago(5))
    make_score(name="fastest", time_ms=5_000, hints=3, created=minutes_ago(1))
    make_score(name="quick-but-rescued", time_ms=50_000, shuffles=1, created=minutes_ago(2))
    assert names(client, "layout=L00&mode=classic") == [
        "fastest",
        "tie-no-hints",
        "tie-early",
        "tie-late",
        "quick-but-rescued",
        "slow",
    ]


def test_arcade_ranks_by_score_then_the_earlier_entry(client: Client) -> None:
    make_score(name="low", mode="arcade", score=1_000, created=minutes_ago(30))
    make_score(name="tie-late", mode="arcade", score=9_000, hints=0, created=minutes_ago(2))
    make_score(name="tie-early", mode="arcade", score=9_000, hints=5, created=minutes_ago(3))
    make_score(name="best", mode="arcade", score=12_000, created=minutes_ago(1))
    assert names(client, "layout=L00&mode=arcade") == ["best", "tie-early", "tie-late", "low"]


def test_an_entry_shows_its_rank_figure_hints_shuffles_and_creation_time(client: Client) -> None:
    entry = make_score(name="Ada", time_ms=61_234, hints=2, shuffles=1)
    arcade = make_score(name="Bo", mode="arcade", score=4_321)
    assert board(client, "layout=L00&mode=classic") == [
        {
            "rank": 1,
            "id": entry.pk,
            "name": "Ada",
            "time_ms": 61_234,
            "ranked_ms": 61_234 + 2 * 15_000 + 30_000,
            "hints": 2,
            "shuffles": 1,
            "created": entry.created.isoformat().replace("+00:00", "Z"),
        }
    ]
    (row,) = board(client, "layout=L00&mode=arcade")
    assert (row["score"], "time_ms" in row, "ranked_ms" in row) == (4_321, False, False)
    assert row["id"] == arcade.pk


def test_ranks_run_from_one_in_board_order(client: Client) -> None:
    for k in range(5):
        make_score(name=f"p{k}", time_ms=100_000 - k)
    assert [row["rank"] for row in board(client, "layout=L00&mode=classic")] == [1, 2, 3, 4, 5]
    assert names(client, "layout=L00&mode=classic")[0] == "p4"


def test_boards_are_kept_apart_by_layout_and_mode(client: Client) -> None:
    make_score(name="turtle")
    make_score(name="other", layout="L01", code="MJ1-L01-ABCDEFG")
    make_score(name="arcade", mode="arcade")
    assert names(client, "layout=L00&mode=classic") == ["turtle"]
    assert names(client, "layout=L01&mode=classic") == ["other"]
    assert names(client, "layout=L00&mode=arcade") == ["arcade"]


def test_the_mode_defaults_to_classic(client: Client) -> None:
    make_score(name="classic")
    make_score(name="arcade", mode="arcade")
    assert names(client, "layout=L00") == ["classic"]


def test_flagged_entries_stay_off_until_approved_and_hidden_ones_always(client: Client) -> None:
    make_score(name="fair", time_ms=80_000)
    make_score(name="flagged", time_ms=1_000, flagged=True)
    make_score(name="approved", time_ms=2_000, flagged=True, approved=True)
    make_score(name="hidden", time_ms=3_000, hidden=True)
    make_score(name="hidden-approved", time_ms=3_000, flagged=True, approved=True, hidden=True)
    assert names(client, "layout=L00&mode=classic") == ["approved", "fair"]


def test_periods_take_the_last_day_or_week_or_everything(client: Client) -> None:
    make_score(name="today", time_ms=90_000, created=minutes_ago(60))
    make_score(name="this-week", time_ms=80_000, created=minutes_ago(60 * 24 * 3))
    make_score(name="long-ago", time_ms=70_000, created=minutes_ago(60 * 24 * 30))
    assert names(client, "layout=L00&mode=classic&period=day") == ["today"]
    assert names(client, "layout=L00&mode=classic&period=week") == ["this-week", "today"]
    assert names(client, "layout=L00&mode=classic&period=all") == ["long-ago", "this-week", "today"]
    assert names(client, "layout=L00&mode=classic") == ["long-ago", "this-week", "today"]


def test_a_daily_board_holds_that_days_games_of_that_mode_only(client: Client) -> None:
    day = dt.date(2026, 11, 30)
    make_score(name="daily-slow", daily=day, time_ms=90_000)
    make_score(name="daily-fast", daily=day, time_ms=50_000)
    make_score(name="next-day", daily=day + dt.timedelta(days=1), time_ms=10_000)
    make_score(name="daily-arcade", daily=day, mode="arcade", score=3_000)
    make_score(name="not-daily", time_ms=20_000)
    assert names(client, "daily=2026-11-30&mode=classic") == ["daily-fast", "daily-slow"]
    assert names(client, "daily=2026-11-30&mode=arcade") == ["daily-arcade"]
    assert names(client, "daily=2026-12-01") == ["next-day"]
    assert names(client, "layout=L00&mode=classic") == ["not-daily"]  # daily games have their own board


def test_a_code_board_holds_every_game_of_that_code_and_a_layout_board_the_random_deals_only(
    client: Client,
) -> None:
    make_score(name="dealt at random", code="MJ1-L00-ABCDEFG", time_ms=80_000)
    make_score(name="chosen", code="MJ1-L00-ABCDEFG", random_deal=False, time_ms=70_000)
    make_score(name="other code", code="MJ1-L00-GFEDCBA", random_deal=False, time_ms=10_000)
    make_score(name="daily", code="MJ1-L00-ABCDEFG", random_deal=False, daily=dt.date(2026, 12, 1))
    assert names(client, "code=MJ1-L00-ABCDEFG") == ["chosen", "dealt at random"]
    assert names(client, "layout=L00") == ["dealt at random"]
    assert names(client, "code=MJ1-L00-ABCDEFG&mode=arcade") == []
    response = client.get("/api/leaderboards/?code=MJ1-L77-ABCDEFG")
    assert response.status_code == 400 and response.json()["error"].startswith("code: ")


def test_the_board_is_limited_to_the_top_100_by_default_and_to_the_limit_asked(client: Client) -> None:
    Score.objects.bulk_create(
        [
            Score(
                code="MJ1-L00-ABCDEFG", layout="L00", mode="classic", time_ms=10_000 + k, moves=72, hints=0,
                shuffles=0, name=f"p{k:03}", log=[], token_digest=f"bulk-{k:059d}", random_deal=True,
            )
            for k in range(105)
        ]
    )  # fmt: skip
    top = board(client, "layout=L00&mode=classic")
    assert len(top) == 100
    assert (top[0]["name"], top[-1]["name"], top[-1]["rank"]) == ("p000", "p099", 100)
    assert names(client, "layout=L00&mode=classic&limit=3") == ["p000", "p001", "p002"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "layout: give exactly one of layout, code or daily"),
        ("mode=classic", "layout: give exactly one of layout, code or daily"),
        ("layout=L00&daily=2026-12-01", "layout: give exactly one of layout, code or daily"),
        ("layout=L99", 'layout: "L99" is not a valid choice.'),
        ("layout=L00&mode=zen", 'mode: "zen" is not a valid choice.'),
        ("layout=L00&period=month", 'period: "month" is not a valid choice.'),
        ("code=MJ1-L00-ABCDEFG&layout=L00", "layout: give exactly one of layout, code or daily"),
        ("daily=2026-12-01&period=day", "period: only layout and code boards have periods"),
        ("daily=yesterday", "daily: date has wrong format. Use one of these formats instead: YYYY-MM-DD."),
        ("daily=2026-02-30", "daily: date has wrong format. Use one of these formats instead: YYYY-MM-DD."),
        ("layout=L00&limit=101", "limit: ensure this value is less than or equal to 100."),
        ("layout=L00&limit=0", "limit: ensure this value is greater than or equal to 1."),
        ("layout=L00&limit=ten", "limit: a valid integer is required."),
    ],
)
def test_bad_parameters_are_refused_naming_the_parameter(client: Client, query: str, message: str) -> None:
    response = client.get(f"/api/leaderboards/?{query}")
    assert response.status_code == 400
    assert response.json() == {"error": message, "code": "invalid"}
