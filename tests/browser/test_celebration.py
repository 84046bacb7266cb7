"""A cleared board is celebrated (a short burst over the board, none with reduced motion), and
the optional sounds make no AudioContext while they are off."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PlayPage, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_DEAL = "/en/mahjong/play/MJ1-L09-ABCDEFG/"
"""A Crossroads deal: 28 pairs, the quickest board to clear."""
SOUND_KEY = "miaojong:mahjong:prefs:sound"

# Counts the AudioContexts the page makes (window.audioContexts), before any of its scripts run.
COUNT_AUDIO_CONTEXTS = """
window.audioContexts = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.audioContexts += 1; }
};
"""
# Records each change of the board's data-celebrating attribute (window.celebrating), from now on.
WATCH_THE_BOARD = """() => {
  window.celebrating = [];
  const board = document.getElementById("play-canvas");
  new MutationObserver(() => window.celebrating.push(board.dataset.celebrating ?? null))
    .observe(board, { attributes: true, attributeFilter: ["data-celebrating"] });
}"""


def clear_all_but_the_last_pair(play: PlayPage) -> tuple[int, int]:
    start = play.open(SMALL_DEAL)
    plan = plan_of(start["code"])
    for a, b in plan[:-1]:
        play.match(a, b)
    return plan[-1]


def test_a_cleared_board_has_its_moment_then_the_dialog_opens(play: PlayPage) -> None:
    play.page.add_init_script(COUNT_AUDIO_CONTEXTS)
    last = clear_all_but_the_last_pair(play)
    play.page.evaluate(WATCH_THE_BOARD)
    play.match(*last)
    board = play.page.locator("#play-canvas")
    dialog = play.page.locator("#play-dialog")
    # Issue #30: the moment first, seen over the board (not under the dialog's backdrop).
    play.page.wait_for_function("() => window.celebrating.includes('true')")
    expect(dialog.locator("h2")).to_have_text("Board cleared!")
    assert play.page.evaluate("window.celebrating") == ["true", None], "the dialog opened once it was over"
    expect(board).not_to_have_attribute("data-celebrating", "true")
    expect(play.page.locator(".play-celebration")).to_have_count(0)
    expect(dialog).to_be_visible()
    # Sounds are off by default: no audio was ever set up, through a whole game.
    assert play.page.evaluate("window.audioContexts") == 0


def test_with_reduced_motion_a_cleared_board_does_not_burst(play: PlayPage) -> None:
    play.page.emulate_media(reduced_motion="reduce")
    last = clear_all_but_the_last_pair(play)
    play.page.evaluate(WATCH_THE_BOARD)
    play.match(*last)
    expect(play.page.locator("#play-dialog h2")).to_have_text("Board cleared!")
    # The dialog opened after the burst would have started: a burst would be on record by now.
    assert play.page.evaluate("window.celebrating") == []
    expect(play.page.locator(".play-celebration")).to_have_count(0)


def test_sounds_turned_on_set_up_audio_on_the_first_pair_and_only_once(play: PlayPage) -> None:
    play.page.add_init_script(COUNT_AUDIO_CONTEXTS)
    start = play.open(SMALL_DEAL)
    (a, b), (c, d) = plan_of(start["code"])[:2]
    play.match(a, b)
    assert play.page.evaluate("window.audioContexts") == 0
    play.page.evaluate("(key) => localStorage.setItem(key, 'on')", SOUND_KEY)
    play.match(c, d)
    play.page.wait_for_function("() => window.audioContexts === 1")
    play.click_tile(plan_of(start["code"])[2][0])  # another sound, the same audio
    play.wait_until("s.selected !== null")
    assert play.page.evaluate("window.audioContexts") == 1
