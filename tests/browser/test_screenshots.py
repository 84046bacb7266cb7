"""Screenshots of every screen of Mahjong Solitaire, to look at: the play page in each tile
style on the issue's four screens (a phone upright and sideways, a laptop, full HD), in two
languages, with its dialogs, a won and a lost board, the replay and the leaderboard.

Written only when MIAOJONG_SHOTS names a folder (skipped otherwise), e.g.
``MIAOJONG_SHOTS=/tmp/shots CI=true .venv/bin/pytest tests/browser/test_screenshots.py``.
A board shot shows a hint pair and a selected tile, so the highlights can be judged too.
Each shot is also checked for what a person would notice first: nothing scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import expect

from game.mahjong.engine import Pair
from game.mahjong.engine.solver import Verdict
from game.mahjong.models import Score
from tests.browser.helpers import PlayPage, board_of, plan_of
from tests.browser.test_hints import CODE as LOSABLE_CODE
from tests.browser.test_hints import OFF_PLAN_PAIRS, off_plan_pairs, verdict_after
from tests.browser.test_play_layout import SCREENS
from tests.paths import mahjong_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STYLES = ["kittens", "classic", "numbers"]
LANGUAGES = ["en", "ru"]
SMALL_DEAL = "MJ1-L09-ABCDEFG"
"""A Crossroads deal: 28 pairs, the quickest board to clear."""


def open_screen(new_play_page: Callable[..., PlayPage], screen: str, language: str) -> PlayPage:
    return new_play_page(**{**SCREENS[screen], "locale": language})


def shoot(play: PlayPage, shots: Path, name: str) -> None:
    play.page.screenshot(path=shots / f"{name}.png")
    wide = play.page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
    assert not wide, f"{name}: the page scrolls sideways"


@cache
def losing_line() -> tuple[Pair, ...]:
    """Pairs that keep the Turtle deal winnable, then one that loses it."""
    pairs, board = off_plan_pairs(OFF_PLAN_PAIRS)
    losing = next(p for p in board.available_pairs() if verdict_after(board, p) is Verdict.NOT_WINNABLE)
    return (*pairs, losing)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
def test_screenshots_of_the_board_in_every_style(
    shots: Path, new_play_page: Callable[..., PlayPage], screen: str, language: str
) -> None:
    play = open_screen(new_play_page, screen, language)
    play.open(mahjong_path(language, "play"))
    for style in STYLES:
        play.page.evaluate("(style) => localStorage.setItem('miaojong:mahjong:prefs:style', style)", style)
        state = play.reload()
        assert state["style"] == style
        play.focus_board()
        play.press("h")
        state = play.wait_until("s.hint !== null")
        hinted = set(state["hint"])
        other = next(i for i in board_of(state).free_tiles() if i not in hinted)
        play.select(other)
        shoot(play, shots, f"{screen}-{language}-{style}")
        play.press("z")
        play.wait_until("s.view === 'closeup'")
        shoot(play, shots, f"{screen}-{language}-{style}-closeup")
        play.press("z")
        play.wait_until("s.view !== 'closeup'")
        play.click_tile(other)  # a selection outlives a reload: the next style starts without one
        play.wait_until("s.selected === null")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
def test_screenshots_of_the_dialogs_a_won_game_its_replay_and_the_leaderboard(
    shots: Path, new_play_page: Callable[..., PlayPage], screen: str, language: str
) -> None:
    play = open_screen(new_play_page, screen, language)
    page = play.page
    name = f"{screen}-{language}"
    play.open(mahjong_path(language, "play"))
    for action, opened in (
        ("new", "#play-new-dialog[open]"),
        ("settings", "#play-settings-dialog[open]"),
        ("records", "#play-records-dialog[open]"),
    ):
        page.locator(f'[data-action="{action}"]').click()
        page.locator(opened).wait_for()
        shoot(play, shots, f"{name}-dialog-{action}")
        page.keyboard.press("Escape")
        expect(page.locator(opened)).to_have_count(0)
    play.focus_board()
    pause = page.locator(".play-toolbar button[data-action=pause]")
    play.press("p")
    expect(pause).to_have_attribute("aria-pressed", "true")
    shoot(play, shots, f"{name}-paused")
    play.press("p")
    expect(pause).to_have_attribute("aria-pressed", "false")

    # A lost board: the hint says so and offers the undos back.
    play.open(mahjong_path(language, "play", LOSABLE_CODE))
    play.play_pairs(losing_line())
    play.focus_board()
    play.press("h")
    expect(page.locator("#play-hint-undo")).to_be_visible()
    shoot(play, shots, f"{name}-lost")

    # A won board, its dialog, then the score submitted, its replay and the leaderboard.
    # (On a page of its own: this one would ask before leaving the game in progress.)
    play = open_screen(new_play_page, screen, language)
    page = play.page
    play.open(mahjong_path(language, "play", SMALL_DEAL))
    play.play_pairs(plan_of(SMALL_DEAL))
    dialog = page.locator("#play-dialog")
    expect(dialog).to_be_visible()
    page.wait_for_function("() => !document.getElementById('play-canvas').dataset.celebrating")
    shoot(play, shots, f"{name}-won")
    dialog.locator("input[name=name]").fill("Аня" if language == "ru" else "Ada")
    with page.expect_response(lambda r: r.url.endswith("/api/scores/")) as submitted:
        dialog.locator("button[type=submit]").first.click()
    assert submitted.value.status == 201
    expect(dialog.locator("output")).not_to_be_empty()
    shoot(play, shots, f"{name}-submitted")
    entry = Score.objects.latest("pk")

    page.goto(play.url(mahjong_path(language, "scores", entry.pk)))
    expect(page.locator("#replay")).to_have_attribute("data-ready", "true")
    page.locator("#replay-forward").click()
    expect(page.locator("#replay")).to_have_attribute("data-position", "1")
    shoot(play, shots, f"{name}-replay")
    page.goto(play.url(mahjong_path(language, "scores") + f"?code={SMALL_DEAL}&period=all"))
    expect(page.locator(".board-table tbody tr")).not_to_have_count(0)
    shoot(play, shots, f"{name}-leaderboard")
    page.goto(play.url(f"/{language}/"))
    shoot(play, shots, f"{name}-home")


# Holds the moment still for its picture: from about half a second into it, the page's frames
# wait (window.heldFrames) until THAW_THE_MOMENT lets them run (a loaded machine would
# otherwise let the moment pass before the shot).
HOLD_THE_MOMENT = """() => {
  const board = document.getElementById("play-canvas");
  const real = window.requestAnimationFrame.bind(window);
  window.realFrame = real;
  new MutationObserver(() => {
    if (board.dataset.celebrating !== "true") return;
    const start = performance.now();
    let frames = 0;
    window.requestAnimationFrame = (callback) => {
      frames += 1;
      if (performance.now() - start < 450 && frames < 20) return real(callback);
      (window.heldFrames ??= []).push(callback);
      return 0;
    };
  }).observe(board, { attributes: true, attributeFilter: ["data-celebrating"] });
}"""
MOMENT_HELD = "() => (window.heldFrames || []).length > 0 || document.getElementById('play-dialog').open"
THAW_THE_MOMENT = """() => {
  window.requestAnimationFrame = window.realFrame;
  for (const callback of window.heldFrames || []) window.realFrame(callback);
}"""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
def test_screenshots_of_the_win_and_the_play_screen_of_issue_30(
    shots: Path, new_play_page: Callable[..., PlayPage], screen: str, language: str
) -> None:
    """The win's moment and its result, the status line, the toolbar, the new-game dialog
    (the daily of both modes, restart), the settings (verdict, volume), the replay."""
    play = open_screen(new_play_page, screen, language)
    start = play.open(mahjong_path(language, "play", SMALL_DEAL))
    plan = plan_of(start["code"])
    play.play_pairs(plan[:2])
    play.focus_board()
    play.press("h")
    play.wait_until("s.hints === 1")
    shoot(play, shots, f"i30-{screen}-{language}-status")
    play.page.locator("#play-new-button").click()
    shoot(play, shots, f"i30-{screen}-{language}-new-game")
    play.page.locator("#play-new-cancel").click()
    play.page.locator(".play-toolbar button[data-action=settings]").click()
    shoot(play, shots, f"i30-{screen}-{language}-settings")
    play.page.locator("#play-settings-close").click()
    play.play_pairs(plan[2:-1])
    a, b = plan[-1]
    play.select(a)
    play.page.evaluate(HOLD_THE_MOMENT)
    play.click_tile(b)
    play.page.wait_for_function(MOMENT_HELD, polling=100)
    shoot(play, shots, f"i30-{screen}-{language}-win-moment")
    play.page.evaluate(THAW_THE_MOMENT)
    expect(play.page.locator("#play-dialog")).to_be_visible()
    shoot(play, shots, f"i30-{screen}-{language}-win-result")
