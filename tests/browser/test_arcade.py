"""Arcade: clearing a level leads to the next one with the score carried over."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game.mahjong.engine import deal
from tests.browser.helpers import PlayPage, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_clearing_level_one_leads_to_level_two_with_the_score_kept(play: PlayPage) -> None:
    start = play.open("/en/mahjong/play/?mode=arcade")
    assert (start["mode"], start["level"], start["score"]) == ("arcade", 1, 0)
    expect(play.page.locator("#play-status .play-stat-shufflesLeft b")).to_have_text("3")

    cleared = play.play_pairs(plan_of(start["code"]))

    assert cleared["status"] == "cleared"
    score = cleared["score"]
    assert score > 72 * 100  # every pair scores, and the cleared board adds its bonus
    dialog = play.page.locator("#play-dialog")
    expect(dialog.locator("h2")).to_have_text("Level 1 cleared!")
    expect(dialog.locator(".play-dialog-text")).to_contain_text(f"{score:,}")  # grouped, as English writes it
    dialog.get_by_role("button", name="Next level").click()

    level_two = play.wait_until("s.level === 2 && s.status === 'playing'")
    assert level_two["score"] == score
    assert level_two["code"] == start["code"]
    assert level_two["tiles"] == list(deal(start["code"], 2).tiles)
    expect(dialog).not_to_be_visible()
    expect(play.page.locator("#play-status .play-stat-level b")).to_have_text("2")
    expect(play.page.locator("#play-status .play-stat-score b")).to_have_text(f"{score:,}")
    # And level two is played like the first: its own plan's first pair comes off.
    a, b = plan_of(start["code"], 2)[0]
    assert play.match(a, b)["score"] > score
