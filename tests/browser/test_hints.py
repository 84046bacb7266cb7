"""Hints that never mislead, in the browser: off the deal's plan, H still gives a pair that keeps
the board winnable (the solver's plan for the board as it stands); the same hint asked for again
is not counted again; a lost board's hint offers the undos back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game.mahjong.engine import Board, IllegalMoveError, Pair, deal, verify_plan
from game.mahjong.engine.solver import Budget, Verdict, solve
from tests.browser.helpers import PlayPage, board_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CODE = "MJ1-L00-ERBAGOJ"
"""The deal of issue 17: after 13 off-plan pairs, the old hint (the first pair available) lost it."""
OFF_PLAN_PAIRS = 13
BUDGET = Budget(nodes=200_000)


def verdict_after(board: Board, pair: Pair) -> Verdict:
    after = board.copy()
    after.remove(*pair)
    return solve(after, BUDGET).verdict


def off_plan_pairs(count: int) -> tuple[list[Pair], Board]:
    """``count`` pairs that keep the board winnable, of none of the deal's plan's pairs where one does."""
    dealt = deal(CODE)
    board = Board(dealt.layout, dealt.tiles)
    planned = {tuple(sorted(pair)) for pair in dealt.plan}
    taken: list[Pair] = []
    while len(taken) < count:
        pairs = sorted(board.available_pairs(), key=lambda p: p in planned)  # off the plan first
        pair = next(p for p in pairs if verdict_after(board, p) is Verdict.WINNABLE)
        board.remove(*pair)
        taken.append(pair)
    return taken, board


def hint_events(play: PlayPage) -> int:
    return sum(event["type"] == "hint" for event in play.saved()["state"]["events"])


def test_off_the_plan_the_hint_keeps_the_board_winnable_and_asking_again_is_free(play: PlayPage) -> None:
    pairs, board = off_plan_pairs(OFF_PLAN_PAIRS)
    left = [(a, b) for a, b in deal(CODE).plan if board.has_tile(a) or board.has_tile(b)]
    with pytest.raises(IllegalMoveError):
        verify_plan(board.layout, board.tiles, left)  # the deal's plan no longer serves: the solver's must
    play.open(f"/en/mahjong/play/{CODE}/")
    state = play.play_pairs(pairs)
    assert board_of(state).tiles == board.tiles
    play.focus_board()
    play.press("h")
    state = play.wait_until("s.hint !== null")
    hinted = (min(state["hint"]), max(state["hint"]))
    assert hinted in board.available_pairs()
    assert verdict_after(board, hinted) is Verdict.WINNABLE, f"the hint {hinted} loses the board"
    names = play.face_names()
    faces = [board.tiles[i] or "" for i in hinted]
    said = f"Hint: {names[faces[0]]} and {names[faces[1]]}."
    live = play.page.locator("#play-live")
    expect(live).to_have_text(said)
    expect(play.page.locator("#play-status .play-stat-hints b")).to_have_text("1")
    assert state["hints"] == 1 and hint_events(play) == 1

    play.page.evaluate("() => { document.getElementById('play-live').textContent = ''; }")
    play.press("h")
    expect(live).to_have_text(said)  # read out again...
    state = play.state()
    assert state["hints"] == 1 and hint_events(play) == 1, "...but neither counted nor logged again"
    assert (min(state["hint"]), max(state["hint"])) == hinted

    play.match(*hinted)
    play.press("h")
    state = play.wait_until("s.hint !== null")
    assert state["hints"] == 2 and hint_events(play) == 2, "a new board's hint counts"


def test_on_a_lost_board_the_hint_says_so_and_undoes_the_way_back(play: PlayPage) -> None:
    pairs, board = off_plan_pairs(OFF_PLAN_PAIRS)
    losing = next(p for p in board.available_pairs() if verdict_after(board, p) is Verdict.NOT_WINNABLE)
    play.open(f"/en/mahjong/play/{CODE}/")
    play.play_pairs([*pairs, losing])
    play.focus_board()
    play.press("h")
    dialog = play.page.locator("#play-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("This board can no longer be cleared")
    expect(dialog).to_contain_text("Undo 1 move to get back to a board that can be cleared.")
    expect(play.page.locator("#play-status .play-stat-winnable")).to_have_attribute("data-winnable", "false")
    assert play.state()["hints"] == 0, "saying the board is lost is no hint to pay for"
    dialog.locator("#play-hint-undo").click()
    state = play.wait_until("s.tiles[arg[0]] !== null && s.tiles[arg[1]] !== null", list(losing))
    assert board_of(state).tiles == board.tiles
    expect(play.page.locator("#play-live")).to_have_text("1 move undone.")
