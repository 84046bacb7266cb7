"""POST /api/scores/ against the bots of issue 26: each one that topped a board now waits for review.

Every case is played through the API (deal, log, submission from a loopback
test client) and a handful of games at most.  A held entry is stored with its
reasons, on no board and with rank null; the people beside each bot, at 1.2 s
a pair and slower, are ranked at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from game.mahjong.api import submissions
from game.mahjong.api.timing import pace_floor_ms
from game.mahjong.engine import get_layout
from game.mahjong.models import Score
from tests.players import (
    Pace,
    bot_log,
    human_log,
    left_to_right,
    own_order,
    retimed_with_last_two_swapped,
    top_layer_first,
)

from .conftest import deal_long_ago, fresh_address, make_score, submit

pytestmark = pytest.mark.django_db

BOT_ADDRESS = "203.0.113.7"


def submitted(client: Client, dealt: dict[str, Any], log: list[dict[str, Any]], **how: Any) -> dict[str, Any]:
    response = submit(client, dealt["token"], log, **how)
    assert response.status_code == 201, response.content
    created: dict[str, Any] = response.json()
    return created


def reasons_of(created: dict[str, Any]) -> list[str]:
    return [reason["code"] for reason in Score.objects.get(pk=created["id"]).review_reasons]


def board(client: Client, query: str) -> list[str]:
    response = client.get(f"/api/leaderboards/?{query}")
    assert response.status_code == 200
    return [row["name"] for row in response.json()["entries"]]


def pairs_of(dealt: dict[str, Any], seed: int) -> list[tuple[int, int]]:
    """The deal's pairs in an order of a person's own."""
    layout = get_layout(dealt["layout"])
    rng = random.Random(seed)
    prefer = (left_to_right(layout), top_layer_first(layout), None)[seed % 3]
    return own_order(layout, dealt["tiles"], dealt["plan"], rng, prefer)


# -- the pace floor ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bot:
    id: str
    deal: dict[str, Any]
    mean_ms: int
    query: str


BOTS = [
    Bot("12.4 s on Crossroads", {"layout": "L09", "mode": "classic"}, 400, "layout=L09&mode=classic"),
    Bot("9.5 s on Crossroads", {"layout": "L09", "mode": "classic"}, 350, "layout=L09&mode=classic"),
    Bot("25 s on the daily Turtle", {"daily": "classic"}, 350, "daily={day}&mode=classic"),
    Bot("on the Gem", {"layout": "L06", "mode": "classic"}, 375, "layout=L06&mode=classic"),
    Bot("on the Pagoda", {"layout": "L08", "mode": "classic"}, 400, "layout=L08&mode=classic"),
]


@pytest.mark.parametrize("bot", BOTS, ids=[bot.id for bot in BOTS])
def test_the_bot_of_the_issue_is_held_for_its_pace_and_a_fast_person_beside_it_ranked(
    client: Client, monkeypatch: pytest.MonkeyPatch, bot: Bot
) -> None:
    dealt = deal_long_ago(client, monkeypatch, **bot.deal)
    query = bot.query.format(day=dealt["daily"])
    held = submitted(client, dealt, bot_log(dealt["plan"], bot.mean_ms, random.Random(26)), name="Bot")
    tiles = len(dealt["positions"])
    pace = Score.objects.get(pk=held["id"]).review_reasons[0]
    assert held["rank"] is None and pace["code"] == "pace"
    assert pace["ms_per_pair"] < bot.mean_ms * 1.15 < pace["limit"] == pace_floor_ms(tiles)
    person = deal_long_ago(client, monkeypatch, **bot.deal)
    log = human_log(pairs_of(person, 1), Pace(1_200), random.Random(1))
    assert submitted(client, person, log, name="Person")["rank"] == 1
    assert board(client, query) == ["Person"]


def test_every_floor_is_far_under_an_honest_fast_player_and_over_the_bot() -> None:
    for layout in ("L09", "L06", "L10", "L02", "L08", "L00"):
        floor = pace_floor_ms(len(get_layout(layout)))
        assert floor > 400 * 1.2 and 1_200 / floor >= 1.7, layout


# -- far ahead of what moderators approved --------------------------------------------------------------


def test_far_ahead_is_measured_from_the_approved_best_which_no_ranked_entry_lowers(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The halving bot: each entry just ranked lowered the bar for the next. Not any more."""
    make_score(name="Approved", time_ms=71 * 1_400, flagged=True, approved=True)  # 1.4 s a pair
    floor = pace_floor_ms(144)
    steps = [
        ("Just ranked", 960, True),  # 68 s: 68 * 1.5 > 99.4 s
        ("Halving", 900, False),  # 64 s: far ahead of 99.4 s, though close to the 68 s now first
        ("Next", 800, False),
    ]
    for name, step, ranked in steps:
        assert step > floor
        dealt = deal_long_ago(client, monkeypatch)
        log = human_log(pairs_of(dealt, len(name)), Pace(step, cv=0.3, long_look=0), random.Random(2))
        created = submitted(client, dealt, log, name=name)
        assert (created["rank"] is not None) is ranked, name
        if not ranked:
            reason = Score.objects.get(pk=created["id"]).review_reasons[-1]
            assert reason["code"] == "far_ahead" and reason["reference"] == 71 * 1_400
    assert board(client, "layout=L00&mode=classic") == ["Just ranked", "Approved"]


def test_far_ahead_holds_from_a_boards_first_entry_and_a_person_at_1_2_s_is_not_far_ahead(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old rule waited for ten entries; the reference of a new board is the pace floor's time."""
    metronome = deal_long_ago(client, monkeypatch)
    timed = [
        {**event, "t": 1_000 + 300 * k}
        for k, event in enumerate(human_log(metronome["plan"], Pace(1_000), random.Random(3)))
    ]
    assert "far_ahead" in reasons_of(submitted(client, metronome, timed))
    person = deal_long_ago(client, monkeypatch)
    created = submitted(client, person, human_log(pairs_of(person, 4), Pace(1_200), random.Random(4)))
    assert created["rank"] == 1 and reasons_of(created) == []


# -- near copies ----------------------------------------------------------------------------------------


def test_the_daily_first_places_log_with_its_last_two_pairs_swapped_is_held_and_other_players_ranked(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = deal_long_ago(client, monkeypatch, daily="classic")
    original = submitted(
        client, first, human_log(pairs_of(first, 0), Pace(1_300), random.Random(5)), name="First"
    )
    assert original["rank"] == 1
    copied_from = client.get(f"/api/scores/{original['id']}/").json()["log"]
    copy_deal = deal_long_ago(client, monkeypatch, daily="classic")
    copy = submitted(
        client,
        copy_deal,
        retimed_with_last_two_swapped(
            copied_from, get_layout(first["layout"]), first["tiles"], random.Random(6)
        ),
        name="Copy",
    )
    assert copy["rank"] is None
    (reason,) = Score.objects.get(pk=copy["id"]).review_reasons
    assert reason["code"] == "near_copy" and reason["of"] == original["id"] and reason["likeness"] == 1.0
    for seed in (1, 2, 3):
        other = deal_long_ago(client, monkeypatch, daily="classic")
        log = human_log(pairs_of(other, seed), Pace(1_400 + 300 * seed), random.Random(seed))
        created = submitted(client, other, log, name=f"Player {seed}")
        assert created["rank"] is not None and reasons_of(created) == [], seed
    assert len(board(client, f"daily={first['daily']}&mode=classic")) == 4


# -- games at once --------------------------------------------------------------------------------------


def games_dealt_together(
    client: Client, monkeypatch: pytest.MonkeyPatch, count: int, stagger_s: float
) -> list[Any]:
    """``count`` deals, each ``stagger_s`` after the one before, all played at a person's pace."""
    games = []
    for k in range(count):
        dealt = deal_long_ago(client, monkeypatch, age_s=3_600 - k * stagger_s, layout="L09", mode="classic")
        games.append((dealt, human_log(pairs_of(dealt, k), Pace(1_300), random.Random(k))))
    return games


def test_five_deals_played_at_once_from_one_address_are_all_held(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = [
        submitted(client, dealt, log, name=f"At once {k}", address=BOT_ADDRESS)
        for k, (dealt, log) in enumerate(games_dealt_together(client, monkeypatch, 5, stagger_s=2))
    ]
    assert created[1]["rank"] is None and all(entry["rank"] is None for entry in created[1:])
    entries = Score.objects.filter(pk__in=[entry["id"] for entry in created])
    assert all(entry.awaits_review for entry in entries), "the first one too, once the second came"
    assert all(entry.review_reasons[-1]["code"] == "at_once" for entry in entries)
    assert board(client, "layout=L09&mode=classic") == []


@pytest.mark.parametrize(
    ("case", "stagger_s", "address"),
    [
        ("one after another, one address", 120, lambda k: BOT_ADDRESS),
        ("at once, five people", 2, lambda k: fresh_address()),
    ],
)
def test_games_one_after_another_or_of_different_people_are_ranked(
    client: Client,
    monkeypatch: pytest.MonkeyPatch,
    case: str,
    stagger_s: float,
    address: Callable[[int], str],
) -> None:
    games = games_dealt_together(client, monkeypatch, 5, stagger_s=stagger_s)
    for k, (dealt, log) in enumerate(games):
        created = submitted(client, dealt, log, name=f"Game {k}", address=address(k))
        assert created["rank"] is not None, (case, k)
    assert len(board(client, "layout=L09&mode=classic")) == 5


def test_an_ipv6_client_is_one_client_across_its_64_network() -> None:
    one = submissions.client_digest("2001:db8:1:2::1")
    assert (
        one
        == submissions.client_digest("2001:db8:1:2:ffff::9")
        != submissions.client_digest("2001:db8:1:3::1")
    )
    assert submissions.client_digest("198.51.100.1") != submissions.client_digest("198.51.100.2")
    assert submissions.client_digest("not an address") == ""
    assert "198.51.100.1" not in submissions.client_digest("198.51.100.1")
