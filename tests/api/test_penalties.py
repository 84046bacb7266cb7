"""Classic ranked times: the stopwatch plus HINT_PENALTY_MS a hint and SHUFFLE_PENALTY_MS a shuffle."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from game.mahjong import tokens
from game.mahjong.api import submissions
from game.mahjong.engine import Game, replay
from game.mahjong.engine.play import HINT_PENALTY_MS, SHUFFLE_PENALTY_MS, ranked_time, scoring_rules
from game.mahjong.models import Score

from .conftest import deal_long_ago, make_score, play, submit_ok

CODE = "MJ1-L00-ABCDEFG"


def test_the_penalties_are_worth_more_than_the_search_they_save_and_reach_the_client() -> None:
    assert (HINT_PENALTY_MS, SHUFFLE_PENALTY_MS) == (15_000, 30_000)
    assert scoring_rules()["hint_penalty_ms"] == HINT_PENALTY_MS
    assert scoring_rules()["shuffle_penalty_ms"] == SHUFFLE_PENALTY_MS
    assert ranked_time(60_000, 2, 1) == 60_000 + 2 * HINT_PENALTY_MS + SHUFFLE_PENALTY_MS


def test_the_engines_result_carries_the_ranked_time_in_classic_only() -> None:
    game = Game(CODE, "classic")
    assert game.plan is not None
    game.hint(500)
    t = 1000
    for a, b in game.plan:
        game.match(a, b, t)
        t += 1000
    result = game.result()
    assert result.ranked_ms == (result.time_ms or 0) + HINT_PENALTY_MS
    arcade = replay(CODE, "arcade", [{"t": 500, "type": "hint"}])
    assert arcade.ranked_ms is None
    assert replay(CODE, "classic", []).ranked_ms is None, "no time yet, no ranked time"


@pytest.mark.django_db
def test_the_database_works_out_the_ranked_time_of_every_classic_entry() -> None:
    classic = make_score(time_ms=70_000, hints=3, shuffles=2)
    arcade = make_score(mode="arcade", hints=3)
    assert classic.ranked_ms == 70_000 + 3 * HINT_PENALTY_MS + 2 * SHUFFLE_PENALTY_MS
    assert arcade.ranked_ms is None
    Score.objects.filter(pk=classic.pk).update(hints=0)
    classic.refresh_from_db()
    assert classic.ranked_ms == 70_000 + 2 * SHUFFLE_PENALTY_MS, "no writer can leave it stale"


@pytest.mark.django_db
def test_a_hinted_game_ranks_behind_a_slower_clean_one(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    clean = deal_long_ago(client, monkeypatch)
    clean_entry = submit_ok(client, clean["token"], play(clean["plan"], step_ms=1000), name="Clean")
    hinted = deal_long_ago(client, monkeypatch)
    log: list[dict[str, Any]] = play(hinted["plan"], step_ms=800)
    hints = [{"t": log[k]["t"] - 100, "type": "hint"} for k in (10, 20)]
    log = sorted([*log, *hints], key=lambda event: event["t"])
    created = submit_ok(client, hinted["token"], log, name="Hinted")
    # 71 x 0.8 s = 56.8 s on the stopwatch, 30 s of hints: 86.8 s, behind 71 s.
    assert (created["time_ms"], created["ranked_ms"], created["hints"]) == (56_800, 86_800, 2)
    assert (created["rank"], clean_entry["rank"], clean_entry["ranked_ms"]) == (2, 1, 71_000)
    detail = client.get(f"/api/scores/{created['id']}/").json()
    assert (detail["time_ms"], detail["ranked_ms"]) == (56_800, 86_800)
    html = client.get("/en/mahjong/scores/").content.decode()
    assert "1:26.8<br><small" in html and ">0:56.8 + 0:30 (2 hints)</span>" in html


@pytest.mark.django_db
def test_far_ahead_compares_ranked_times() -> None:
    make_score(time_ms=100_000, flagged=True, approved=True)
    token = tokens.DealToken(CODE, "classic", 0, "n", random_deal=True)
    fast = Game(CODE, "classic")
    assert fast.plan is not None
    t = 1000
    for a, b in fast.plan:
        if t == 1000:
            for _ in range(4):  # four hints, one minute: the ranked time is no longer far ahead
                fast.hint(500)
        fast.match(a, b, t)
        t += 500
    result = fast.result()
    assert result.time_ms is not None and result.time_ms * submissions.FAR_AHEAD < 100_000
    assert submissions._far_ahead(token, result) == []
    clean = replay(CODE, "classic", [e.to_json() for e in fast.events if e.type.value != "hint"])
    assert [reason["code"] for reason in submissions._far_ahead(token, clean)] == ["far_ahead"]
