"""Arcade undo on the play page: the score shown while playing is the one the server gives the log.

Issue 26's second attack played by clicks and keys: a pair, a hint, undo, the pair again, the
hinted pair.  The status line's score must be what ``POST /api/scores/`` makes of the log the
page kept, and the hint must have cost its 50 points.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import expect

from game.mahjong.engine import replay
from game.mahjong.engine.play import HINT_COST
from tests.browser.helpers import PlayPage, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def saved_events(play: PlayPage, count: int) -> dict[str, Any]:
    """The saved game once it holds ``count`` events."""
    play.page.wait_for_function(
        "(n) => { const s = JSON.parse(localStorage.getItem('miaojong:mahjong:save:v1') || 'null');"
        " return Boolean(s) && s.state.events.length === n; }",
        arg=count,
    )
    state: dict[str, Any] = play.saved()["state"]
    return state


def test_the_score_shown_after_an_undo_is_the_servers_and_the_hint_stays_paid(play: PlayPage) -> None:
    start = play.open("/en/mahjong/play/?mode=arcade")
    first, second = plan_of(start["code"])[:2]
    played = play.play_pairs([first])
    play.press("h")
    hinted = play.wait_until("s.hints === 1")
    assert hinted["score"] == played["score"] - HINT_COST
    play.press("u")
    undone = play.wait_until("s.tiles[arg[0]] !== null", first)
    assert undone["score"] == 0, "the hint was paid from the pair undone: the score shows 0"
    shown = play.play_pairs([first, second])
    expect(play.page.locator("#play-status .play-stat-score b")).to_have_text(f"{shown['score']:,}")

    state = saved_events(play, 5)
    assert [event["type"] for event in state["events"]] == ["match", "hint", "undo", "match", "match"]
    response = Client().post(
        "/api/scores/",
        {"token": state["token"], "name": "Undoer", "log": state["events"]},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["score"] == shown["score"]
    # The two pairs taken after the undo, scored alone (the first from the deal, as the undo set
    # the clock back), less the hint: it stayed paid.
    pairs_alone = replay(start["code"], "arcade", state["events"][3:]).score
    assert shown["score"] == pairs_alone - HINT_COST
