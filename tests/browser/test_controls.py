"""The buttons and their keys: hint, undo, shuffle, tile style, pause, new game."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import Locator, expect

from tests.browser.helpers import PlayPage, board_of, occupied, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STYLES = ["kittens", "classic", "numbers"]


def button(play: PlayPage, action: str) -> Locator:
    return play.page.locator(f".play-toolbar button[data-action={action}]")


@pytest.mark.parametrize("how", ["button", "key"])
def test_hint_highlights_a_free_matching_pair(play: PlayPage, how: str) -> None:
    start = play.open()
    if how == "button":
        button(play, "hint").click()
    else:
        play.press("h")
    state = play.wait_until("s.hint !== null")
    a, b = state["hint"]
    assert (min(a, b), max(a, b)) in board_of(state).available_pairs()
    assert state["hints"] == 1
    assert state["tiles"] == start["tiles"]
    expect(play.page.locator("#play-status .play-stat-hints b")).to_have_text("1")
    names = play.face_names()
    hint = f"Hint: {names[state['tiles'][a]]} and {names[state['tiles'][b]]}."
    expect(play.page.locator("#play-live")).to_have_text(hint)


@pytest.mark.parametrize("how", ["button", "key"])
def test_undo_puts_the_last_pair_back(play: PlayPage, how: str) -> None:
    start = play.open()
    a, b = plan_of(start["code"])[0]
    after = play.match(a, b)
    assert after["moves"] == 1
    if how == "button":
        button(play, "undo").click()
    else:
        play.press("u")
    undone = play.wait_until("s.tiles[arg[0]] !== null && s.tiles[arg[1]] !== null", [a, b])
    assert undone["tiles"] == start["tiles"]
    assert undone["selected"] is None
    expect(play.page.locator("#play-live")).to_have_text("Move undone.")
    expect(button(play, "undo")).to_be_disabled()


@pytest.mark.parametrize("how", ["button", "key"])
def test_shuffle_keeps_the_tiles_on_their_positions(play: PlayPage, how: str) -> None:
    start = play.open()
    a, b = plan_of(start["code"])[0]
    before = play.match(a, b)
    if how == "button":
        button(play, "shuffle").click()
    else:
        play.press("s")
    expect(play.page.locator("#play-live")).to_have_text("The tiles were shuffled.")
    after = play.state()
    assert after["tiles"] != before["tiles"]
    assert occupied(after["tiles"]) == occupied(before["tiles"])
    assert len(occupied(after["tiles"])) == 142
    assert Counter(f for f in after["tiles"] if f) == Counter(f for f in before["tiles"] if f)
    assert after["status"] == "playing"
    assert board_of(after).has_moves()


def test_the_style_key_cycles_the_tile_styles_and_the_choice_persists(play: PlayPage) -> None:
    state = play.open()
    assert state["style"] == "kittens"
    for expected in [*STYLES[1:], STYLES[0], STYLES[1]]:
        play.press("t")
        state = play.wait_until("s.style === arg", expected)
    assert state["style"] == "classic"
    assert play.reload()["style"] == "classic"
    button(play, "style").click()
    assert play.wait_until("s.style === 'numbers'")["style"] == "numbers"


def test_the_pause_key_hides_the_board_and_stops_the_clock(play: PlayPage) -> None:
    start = play.open()
    a, b = plan_of(start["code"])[0]
    play.match(a, b)
    play.wait_until("s.stopwatchMs >= 200")
    pause = button(play, "pause")
    pairs = play.page.locator("#play-status .play-stat-pairs")
    expect(pairs).to_contain_text("pairs available")

    play.press("p")
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(pause).to_contain_text("Resume")
    expect(pairs).to_have_text("Paused")
    stopped = play.state()["stopwatchMs"]
    later = play.wait_until("s.elapsedMs >= arg", play.state()["elapsedMs"] + 400)
    assert later["stopwatchMs"] == stopped
    # The hidden board gives nothing away: a tap on it only resumes.
    play.page.mouse.click(*_canvas_middle(play))
    expect(pause).to_have_attribute("aria-pressed", "false")
    assert play.state()["selected"] is None

    play.press("p")
    expect(pause).to_have_attribute("aria-pressed", "true")
    play.press("p")
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(pairs).to_contain_text("pairs available")
    assert play.wait_until("s.stopwatchMs > arg", stopped)["moves"] == 1


def test_the_new_game_key_asks_then_deals_a_new_board(play: PlayPage) -> None:
    start = play.open()
    a, b = plan_of(start["code"])[0]
    play.match(a, b)
    play.press("n")
    dialog = play.page.locator("#play-new-dialog")
    expect(dialog).to_be_visible()
    # A game in progress is not thrown away unasked.
    expect(dialog.locator("#play-new-warning")).to_be_visible()
    dialog.locator("#play-new-cancel").click()
    expect(dialog).to_be_hidden()
    assert play.state()["code"] == start["code"]

    play.press("n")
    expect(dialog).to_be_visible()
    dialog.locator("#play-new-start").click()
    fresh = play.wait_until("s.code !== arg", start["code"])
    assert (fresh["moves"], fresh["status"], len(occupied(fresh["tiles"]))) == (0, "playing", 144)
    assert (fresh["mode"], fresh["code"][:8]) == ("classic", "MJ1-L00-")
    expect(play.page.locator("#play-code-link code")).to_have_text(fresh["code"])
    assert play.page.url == play.url(f"/en/mahjong/play/{fresh['code']}/")


def test_the_arrow_keys_and_enter_select_without_a_pointer(play: PlayPage) -> None:
    play.open()
    names = play.face_names()
    play.focus_board()
    live = play.page.locator("#play-live")

    play.press("ArrowRight")
    expect(live).to_have_text(_ends_with(", free."))
    focused = live.inner_text().removesuffix(", free.")
    play.press("Enter")
    state = play.wait_until("s.selected !== null")
    first = state["selected"]
    assert names[state["tiles"][first]] == focused
    assert board_of(state).is_free(first)
    expect(live).to_have_text(f"Selected: {focused}.")

    play.press(" ")
    assert play.wait_until("s.selected === null")["moves"] == 0
    expect(live).to_have_text("Selection cancelled.")

    play.press("ArrowDown")
    expect(live).to_have_text(_ends_with(", free."))
    play.press("Enter")
    state = play.wait_until("s.selected !== null")
    second = state["selected"]
    assert second != first
    assert board_of(state).is_free(second)
    expect(live).to_have_text(f"Selected: {names[state['tiles'][second]]}.")


def _ends_with(suffix: str) -> re.Pattern[str]:
    return re.compile(".+" + re.escape(suffix) + "$")


def _canvas_middle(play: PlayPage) -> tuple[float, float]:
    box = play.page.locator("#play-canvas").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_the_view_key_switches_between_the_close_up_and_the_whole_board(play: PlayPage) -> None:
    start = play.open()
    assert (start["view"], start["zoom"]) == ("board", 1)
    view = button(play, "view")
    play.press("z")
    closeup = play.wait_until("s.view === 'closeup'")
    assert closeup["zoom"] > 1
    expect(view).to_contain_text("Whole board")
    play.press("z")
    assert play.wait_until("s.view === 'board'")["zoom"] == pytest.approx(1)
    expect(view).to_contain_text("Close-up")
