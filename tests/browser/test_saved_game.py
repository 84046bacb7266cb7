"""The game in progress survives a reload or a closed tab; damaged saved data starts afresh."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import BOARD_DRAWN, STATE_KEY, PlayPage, occupied, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AWAY_MS = 60_000


def test_a_reload_restores_the_game_exactly(play: PlayPage) -> None:
    start = play.open()
    plan = plan_of(start["code"])
    play.play_pairs(plan[:3])
    before = play.state()

    # Leaving the page paused the started game, so it comes back paused.
    play.reload(drawn=False)
    after = play.wait_until("s.style !== null")  # the artwork, and with it the style, comes after the deal

    for key in ("code", "mode", "level", "tiles", "moves", "hints", "style"):
        assert after[key] == before[key], key
    assert after["elapsedMs"] >= before["elapsedMs"]
    expect(play.page.locator("#play-live")).to_have_text("Your game in progress is back.")
    expect(play.page.locator("#play-code-link code")).to_have_text(start["code"])
    # The restored game goes on where it stopped.
    play.press("p")
    play.page.wait_for_function(BOARD_DRAWN)
    assert play.play_pairs(plan[3:6])["moves"] == 6


def test_the_clock_goes_on_from_its_saved_value_after_the_tab_was_closed(play: PlayPage) -> None:
    start = play.open()
    plan = plan_of(start["code"])
    play.play_pairs(plan[:2])
    play.wait_until("s.stopwatchMs >= 300")

    # Leaving the page (pagehide) saves the game, paused; then pretend it stayed
    # closed for a minute by moving the saved wall-clock time back.
    play.page.goto(play.url("/en/mahjong/tiles/"))
    saved = play.saved()
    assert saved["state"]["pausedAt"] is not None, "leaving the page should pause a started game"
    stopwatch = saved["state"]["pausedAt"] - saved["state"]["pausedTotal"] - saved["state"]["clockStart"]
    play.page.evaluate(
        "([key, away]) => { const d = JSON.parse(localStorage.getItem(key)); d.wall -= away;"
        " localStorage.setItem(key, JSON.stringify(d)); }",
        [STATE_KEY, AWAY_MS],
    )

    back = play.open("/en/mahjong/play/", drawn=False)
    assert back["code"] == start["code"]
    assert back["moves"] == 2
    # The game clock (the log's time) counts the minute away; the stopwatch does not.
    assert back["elapsedMs"] >= saved["t"] + AWAY_MS
    assert back["stopwatchMs"] == stopwatch
    pause = play.page.locator(".play-toolbar button[data-action=pause]")
    expect(pause).to_have_attribute("aria-pressed", "true")
    play.press("p")
    expect(pause).to_have_attribute("aria-pressed", "false")
    going = play.wait_until("s.stopwatchMs > arg", stopwatch)
    assert going["stopwatchMs"] < stopwatch + AWAY_MS


@pytest.mark.parametrize(
    "damage",
    [
        "{not json",
        '{"state": {"version": 0}, "t": 5, "wall": 0}',
        '{"state": null}',
        "[1, 2, 3]",
    ],
    ids=["not-json", "old-version", "no-state", "wrong-shape"],
)
def test_damaged_saved_data_starts_a_fresh_game_with_a_notice(play: PlayPage, damage: str) -> None:
    first = play.open()
    play.match(*plan_of(first["code"])[0])
    # Damaged while the play page is closed (leaving it saves the game again).
    play.page.goto(play.url("/en/mahjong/tiles/"))
    play.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STATE_KEY, damage])

    fresh = play.open("/en/mahjong/play/")

    assert (fresh["moves"], fresh["status"], len(occupied(fresh["tiles"]))) == (0, "playing", 144)
    assert fresh["code"] != first["code"]
    notice = play.page.locator("#play-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("could not be read")
    expect(play.page.locator("#play-live")).to_contain_text("could not be read")
    assert play.saved()["state"]["code"] == fresh["code"]
    # The notice is about that game only: the next new game clears it.
    play.press("n")
    play.page.locator("#play-new-start").click()
    play.wait_until("s.code !== arg", fresh["code"])
    expect(notice).to_be_hidden()


def test_a_game_saved_under_the_old_keys_comes_back(play: PlayPage) -> None:
    """Saved games, records and the tile style from before the namespaced keys are not lost."""
    start = play.open()
    plan = plan_of(start["code"])
    play.play_pairs(plan[:2])
    play.page.goto(play.url("/en/mahjong/tiles/"))
    # As the client of before kept them.
    play.page.evaluate(
        "(key) => { localStorage.setItem('miaojong.play.v1', localStorage.getItem(key));"
        " localStorage.setItem('miaojong.records.v1', localStorage.getItem('miaojong:mahjong:records:v1'));"
        " localStorage.setItem('miaojong.style', 'numbers');"
        " for (const k of Object.keys(localStorage)) {"
        "   if (k.startsWith('miaojong:')) localStorage.removeItem(k); } }",
        STATE_KEY,
    )

    play.open("/en/mahjong/play/", drawn=False)
    back = play.wait_until("s.style !== null")  # the artwork, and with it the style, comes after the deal

    assert (back["code"], back["moves"], back["style"]) == (start["code"], 2, "numbers")
    keys = play.page.evaluate("() => Object.keys(localStorage).sort()")
    assert not {"miaojong.play.v1", "miaojong.records.v1", "miaojong.style"} & set(keys)
    assert {STATE_KEY, "miaojong:mahjong:records:v1", "miaojong:mahjong:prefs:style"} <= set(keys)
