"""Bugs of the play page found by playing it (issue #17): each as a player meets it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Route, expect

from tests.browser.helpers import PlayPage, plan_of
from tests.paths import mahjong_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = "L09"
"""The smallest layout (56 tiles): a whole board is played in a few seconds."""
CLASSIC_CODE = f"MJ1-{SMALL}-BUGSONE"
OTHER_CODE = f"MJ1-{SMALL}-FRIENDS"
ARCADE_CODE = f"MJ1-{SMALL}-ARCADEP"
LEVEL_TWO = re.compile(r"/api/deals/[^/]+/\?level=2&")
"""The request for the next level's deal after level 1 (GET /api/deals/<code>/?level=2&mode=arcade)."""


def test_a_submitted_game_does_not_come_back_to_be_submitted_again(play: PlayPage) -> None:
    start = play.open(f"/en/mahjong/play/{CLASSIC_CODE}/")
    assert play.play_pairs(plan_of(start["code"]))["status"] == "cleared"
    dialog = play.page.locator("#play-dialog")
    dialog.locator("input[name=name]").fill("Ada")
    with play.page.expect_response(lambda r: r.url.endswith("/api/scores/")) as submitted:
        dialog.get_by_role("button", name="Submit the score").click()
    assert submitted.value.status == 201
    expect(dialog.locator("output")).to_contain_text("Score saved")

    # Leaving the page saves the game on the board (pagehide); the submitted one must not be.
    play.page.goto(play.url("/en/mahjong/tiles/"))
    assert play.saved() is None
    back = play.open("/en/mahjong/play/")

    assert (back["status"], back["moves"]) == ("playing", 0)
    assert back["code"] != start["code"]
    expect(dialog).to_be_hidden()


def test_a_link_to_another_game_asks_before_the_game_in_progress_ends(play: PlayPage) -> None:
    mine = play.open(f"/en/mahjong/play/{CLASSIC_CODE}/")
    play.play_pairs(plan_of(mine["code"])[:2])

    # A friend's code: asked first, and "Keep my game" keeps it, at its own address.
    asked = play.open(f"/en/mahjong/play/{OTHER_CODE}/", drawn=False)
    dialog = play.page.locator("#play-dialog")
    expect(dialog.locator("h2")).to_have_text("Leave your game in progress?")
    assert (asked["code"], asked["moves"]) == (CLASSIC_CODE, 2)
    dialog.get_by_role("button", name="Keep my game").click()
    expect(dialog).to_be_hidden()
    assert play.page.url.endswith(f"/en/mahjong/play/{CLASSIC_CODE}/")
    assert (play.state()["code"], play.saved()["state"]["moves"]) == (CLASSIC_CODE, 2)

    # Asked again, the player takes the friend's game this time.
    play.open(f"/en/mahjong/play/{OTHER_CODE}/", drawn=False)
    dialog.get_by_role("button", name="Play the new game").click()
    other = play.wait_until("s.code === arg", OTHER_CODE)
    assert (other["moves"], other["status"]) == (0, "playing")
    assert play.page.url.endswith(f"/en/mahjong/play/{OTHER_CODE}/")
    expect(dialog).to_be_hidden()


def _clear_level_one(play: PlayPage) -> None:
    start = play.open(f"/en/mahjong/play/{ARCADE_CODE}/?mode=arcade")
    assert play.play_pairs(plan_of(start["code"]))["status"] == "cleared"
    expect(play.page.locator("#play-dialog h2")).to_have_text("Level 1 cleared!")


def _pause_the_cleared_level(play: PlayPage) -> None:
    dialog = play.page.locator("#play-dialog")
    dialog.get_by_role("button", name="Close").click()
    play.focus_board()
    play.press("p")
    pause = play.page.locator(".play-toolbar button[data-action=pause]")
    expect(pause).to_have_attribute("aria-pressed", "true")


def test_next_level_works_on_a_paused_cleared_level(play: PlayPage) -> None:
    _clear_level_one(play)
    _pause_the_cleared_level(play)
    dialog = play.page.locator("#play-dialog")
    expect(dialog.locator("h2")).to_have_text("Level 1 cleared!")
    dialog.get_by_role("button", name="Next level").click()

    level_two = play.wait_until("s.level === 2 && s.status === 'playing'")
    assert level_two["code"] == ARCADE_CODE
    expect(play.page.locator("#play-notice")).to_be_hidden()


def test_next_level_works_on_a_paused_cleared_level_after_a_reload(play: PlayPage) -> None:
    _clear_level_one(play)
    _pause_the_cleared_level(play)
    play.reload(drawn=False)
    dialog = play.page.locator("#play-dialog")
    expect(dialog.locator("h2")).to_have_text("Level 1 cleared!")
    dialog.get_by_role("button", name="Next level").click()
    assert play.wait_until("s.level === 2 && s.status === 'playing'")["code"] == ARCADE_CODE


def test_a_next_level_that_fails_says_so_in_the_pages_language_and_can_be_tried_again(play: PlayPage) -> None:
    start = play.open(mahjong_path("fr", "play", ARCADE_CODE) + "?mode=arcade")
    assert play.play_pairs(plan_of(start["code"]))["status"] == "cleared"

    def busy(route: Route) -> None:
        body = json.dumps({"error": "the server is busy", "code": "busy"})
        route.fulfill(status=503, content_type="application/json", body=body)

    play.page.route(LEVEL_TWO, busy)
    dialog = play.page.locator("#play-dialog")
    dialog.locator(".play-dialog-buttons button").first.click()  # Niveau suivant

    translated = play.page.evaluate(
        "() => gettext('The server is busy right now. Please try again in a moment.')"
    )
    assert translated != "The server is busy right now. Please try again in a moment."
    notice = play.page.locator("#play-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_text(translated)
    expect(dialog).to_be_visible()
    expect(dialog.locator(".play-dialog-text")).to_contain_text(translated)
    assert "busy" not in (dialog.text_content() or "")
    assert play.state()["level"] == 1

    play.page.unroute(LEVEL_TWO, busy)
    play.problems.all.clear()  # the refused request, on purpose
    dialog.locator(".play-dialog-buttons button").first.click()
    assert play.wait_until("s.level === 2 && s.status === 'playing'")["code"] == ARCADE_CODE
    expect(notice).to_be_hidden()


def test_the_daily_address_opens_the_daily_for_whoever_follows_it(
    play: PlayPage, new_play_page: Callable[..., PlayPage]
) -> None:
    daily = play.open("/en/mahjong/play/?daily=classic")
    assert daily["daily"]
    assert play.page.url.endswith("/en/mahjong/play/?daily=classic")
    link = play.page.locator("#play-code-link")
    expect(link.locator("code")).to_have_text(daily["code"])
    href = link.get_attribute("href") or ""
    assert href.endswith("/en/mahjong/play/?daily=classic")
    play.play_pairs(plan_of(daily["code"])[:1])

    # A friend follows the address (or the copied link): today's challenge, not a classic game.
    friend = new_play_page()
    theirs = friend.open(href)
    assert (theirs["daily"], theirs["code"], theirs["moves"]) == (daily["daily"], daily["code"], 0)
    # And the player's own reload of it brings back their daily game.
    again = play.reload(drawn=False)
    assert (again["daily"], again["moves"]) == (daily["daily"], 1)


def test_the_best_times_are_kept_layout_by_layout_and_old_records_still_read(play: PlayPage) -> None:
    play.open()
    # Records as the client of before kept them: one list of best times for all layouts.
    old = {
        "version": 1,
        "arcadeBest": None,
        "classicBest": [
            {"timeMs": 61_000, "layout": "L09", "date": "2026-11-29", "code": CLASSIC_CODE},
            {"timeMs": 95_000, "layout": "L00", "date": "2026-11-30", "code": "MJ1-L00-ABCDEFG"},
            {"timeMs": 99_000, "layout": "L09", "date": "2026-12-01", "code": OTHER_CODE},
        ],
        "stats": {"games": 3, "wins": 3, "hints": 0},
    }
    play.page.evaluate(
        "(records) => localStorage.setItem('miaojong:mahjong:records:v1', JSON.stringify(records))", old
    )
    play.reload(drawn=False)
    play.page.locator(".play-toolbar button[data-action=records]").click()

    dialog = play.page.locator("#play-records-dialog")
    expect(dialog).to_be_visible()
    layouts = play.page.evaluate(
        "() => JSON.parse(document.getElementById('play-config').textContent).layouts"
    )
    expect(dialog.locator("h4")).to_have_text([layouts["L00"], layouts["L09"]])
    tables = dialog.locator("table.play-records-times")
    expect(tables.nth(0).locator("tbody tr")).to_have_count(1)
    expect(tables.nth(1).locator("tbody tr")).to_have_count(2)
    expect(tables.nth(1).locator("tbody tr").first).to_contain_text("1:01")
