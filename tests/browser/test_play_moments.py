"""The moments that make players come back (issue #30): the win's moment, the daily challenge on
the new-game dialog with the player's own results, the classic penalty shown, a restart of the
same deal, tiles left, the verdict hidden on request, and the sounds' volume remembered."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_DEAL = "MJ1-L09-ABCDEFG"
"""A Crossroads deal: 28 pairs, the quickest board to clear."""
# The order in which the moment and the end dialog come (window.moments), from now on.
WATCH_THE_END = """() => {
  window.moments = [];
  const board = document.getElementById("play-canvas");
  const dialog = document.getElementById("play-dialog");
  new MutationObserver(() => window.moments.push(board.dataset.celebrating ? "moment" : "moment over"))
    .observe(board, { attributes: true, attributeFilter: ["data-celebrating"] });
  new MutationObserver(() => { if (dialog.open) window.moments.push("dialog"); })
    .observe(dialog, { attributes: true, attributeFilter: ["open"] });
}"""


def clear_the_board(play: PlayPage) -> dict[str, Any]:
    start = play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    plan = plan_of(start["code"])
    for a, b in plan[:-1]:
        play.match(a, b)
    play.page.evaluate(WATCH_THE_END)
    return play.match(*plan[-1])


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_win_has_its_moment_over_the_board_then_the_result(new_play_page: Any, size: str) -> None:
    options = PHONE if size == "phone" else {"viewport": {"width": 1280, "height": 720}, "locale": "en-GB"}
    play = new_play_page(**options)
    clear_the_board(play)
    overlay = play.page.locator(".play-celebration")
    expect(overlay).to_have_count(1)
    box = overlay.bounding_box()
    viewport = play.page.viewport_size
    assert box is not None and viewport is not None
    assert box["width"] > 200 and box["height"] > 150, box
    assert box["y"] >= 0 and box["y"] + box["height"] / 2 < viewport["height"], "its middle is on screen"
    expect(play.page.locator("#play-dialog h2")).to_have_text("Board cleared!")
    assert play.page.evaluate("window.moments") == ["moment", "moment over", "dialog"]
    text = play.page.locator("#play-dialog-text").inner_text()
    assert "You cleared the board in" in text and "number 1 of your best times" in text
    expect(play.page.locator("#play-end-restart")).to_be_visible()
    expect(play.page.locator("#play-end-new")).to_be_visible()


def test_with_reduced_motion_the_result_comes_at_once(play: PlayPage) -> None:
    play.page.emulate_media(reduced_motion="reduce")
    clear_the_board(play)
    expect(play.page.locator("#play-dialog h2")).to_have_text("Board cleared!")
    assert play.page.evaluate("window.moments") == ["dialog"]


@pytest.mark.parametrize(("choice", "mode"), [("daily", "classic"), ("daily-arcade", "arcade")])
def test_the_daily_challenge_of_either_mode_is_on_the_new_game_dialog(
    play: PlayPage, choice: str, mode: str
) -> None:
    play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    dialog = play.page.locator("#play-new-dialog")
    play.page.locator("#play-new-button").click()
    expect(dialog.locator("#play-daily-results")).to_be_hidden()
    dialog.locator("#play-mode").select_option(choice)
    dialog.locator("#play-new-start").click()
    daily = play.wait_until("s.daily !== null && s.mode === arg", mode)
    assert daily["status"] == "playing"
    name = {"classic": "Classic", "arcade": "Arcade"}[mode]
    expect(play.page.locator("#play-info")).to_have_text(f"Turtle · Daily challenge · {name}")

    play.page.locator("#play-new-button").click()
    expect(dialog.locator("#play-mode")).to_have_value(choice)
    expect(dialog.locator("#play-daily-results")).to_have_text(
        f"Your daily challenges: {name}: played 1 time, a streak of 1 day."
    )


def test_classic_hints_show_their_penalty_as_they_are_taken(play: PlayPage) -> None:
    play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    expect(play.page.locator(".play-stat-penalty")).to_have_count(0)
    play.focus_board()
    play.press("h")
    play.wait_until("s.hints === 1")
    expect(play.page.locator(".play-stat-penalty")).to_have_text("Penalty: +0:15")


def test_the_end_dialog_gives_the_ranked_time_with_the_penalty(play: PlayPage) -> None:
    start = play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    play.focus_board()
    play.press("h")
    play.wait_until("s.hints === 1")
    play.play_pairs(plan_of(start["code"]))
    text = play.page.locator("#play-dialog-text")
    expect(text).to_contain_text("With 0:15 added for hints and shuffles, your ranked time is")


def test_restart_plays_the_same_deal_from_its_start(play: PlayPage) -> None:
    start = play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    played = play.play_pairs(plan_of(start["code"])[:2])
    assert played["moves"] == 2
    play.page.locator("#play-new-button").click()
    play.page.locator("#play-new-restart").click()
    again = play.wait_until("s.moves === 0")
    assert (again["code"], again["tiles"], again["status"]) == (start["code"], start["tiles"], "playing")
    expect(play.page.locator("#play-live")).to_have_text("The same deal, from the start.")


def test_tiles_left_stand_beside_the_pairs_available(play: PlayPage) -> None:
    start = play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    tiles = play.page.locator("#play-status .play-stat-tiles")
    expect(tiles).to_have_text("56 tiles left")
    play.match(*plan_of(start["code"])[0])
    expect(tiles).to_have_text("54 tiles left")


def test_the_verdict_can_be_hidden_and_stays_hidden(play: PlayPage) -> None:
    play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    verdict = play.page.locator("#play-status .play-stat-winnable")
    expect(verdict).to_have_count(1)
    play.page.locator(".play-toolbar button[data-action=settings]").click()
    settings = play.page.locator("#play-settings-dialog")
    settings.locator("input[name=verdict]").uncheck()
    settings.locator("#play-settings-close").click()
    expect(verdict).to_have_count(0)
    play.reload()
    expect(play.page.locator("#play-status .play-stat-pairs")).to_have_count(1)
    expect(verdict).to_have_count(0)


def test_the_sounds_volume_is_one_setting_remembered(play: PlayPage) -> None:
    play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    play.page.locator(".play-toolbar button[data-action=settings]").click()
    settings = play.page.locator("#play-settings-dialog")
    volume = settings.locator("input[name=volume]")
    expect(volume).to_have_value("70")
    expect(settings.locator("input[name=sound]")).not_to_be_checked()
    volume.fill("35")
    settings.locator("#play-settings-close").click()
    play.reload()
    play.page.locator(".play-toolbar button[data-action=settings]").click()
    expect(volume).to_have_value("35")
