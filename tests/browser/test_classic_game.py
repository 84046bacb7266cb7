"""A whole classic game of the Turtle played by clicking, submitted, found on the leaderboard, replayed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.mahjong.board_pages import format_time
from game.mahjong.engine import log_to_json, parse_log_text
from game.mahjong.models import Score
from tests.browser.helpers import PlayPage, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_won_turtle_game_is_ranked_and_replays_move_by_move(play: PlayPage) -> None:
    start = play.open("/en/mahjong/play/")
    assert (start["mode"], start["status"], start["moves"]) == ("classic", "playing", 0)
    assert start["code"].startswith("MJ1-L00-")
    plan = plan_of(start["code"])
    assert len(plan) == 72

    end = play.play_pairs(plan)

    assert end["status"] == "cleared"
    assert end["moves"] == 72
    assert all(face is None for face in end["tiles"])
    dialog = play.page.locator("#play-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Board cleared!")
    expect(dialog).to_contain_text("with 72 moves and 0 hints")

    dialog.locator("input[name=name]").fill("Ada")
    with play.page.expect_response(lambda r: r.url.endswith("/api/scores/")) as submitted:
        dialog.get_by_role("button", name="Submit the score").click()
    answer = submitted.value
    assert (answer.request.method, answer.status) == ("POST", 201)
    sent = answer.request.post_data_json
    assert sent is not None
    # The client sends the log's text form; the entry keeps the same events in JSON.
    sent_log = log_to_json(parse_log_text(sent["log"]))
    assert sent_log == [
        {"t": event["t"], "type": "match", "a": a, "b": b}
        for event, (a, b) in zip(sent_log, plan, strict=True)
    ]
    expect(dialog.locator("output")).to_contain_text("number 1")
    entry = Score.objects.get()
    assert answer.json()["id"] == entry.pk and answer.json()["rank"] == 1
    assert (entry.name, entry.code, entry.mode, entry.moves, entry.hints, entry.flagged) == (
        "Ada",
        start["code"],
        "classic",
        72,
        0,
        False,
    )
    assert entry.time_ms is not None and 0 < entry.time_ms <= end["elapsedMs"]
    assert entry.log == sent_log

    page = play.page
    page.goto(play.url("/en/mahjong/scores/?layout=L00&mode=classic&period=all"))
    row = page.locator(".board-table tbody tr").filter(has_text="Ada")
    expect(row).to_have_count(1)
    expect(row.locator(".board-rank")).to_have_text("1")
    expect(row.locator(".board-figure")).to_have_text(format_time(entry.time_ms))
    row.get_by_role("link", name="Ada").click()

    page.wait_for_url(play.url(f"/en/mahjong/scores/{entry.pk}/"))
    check_the_replay(page, len(entry.log))


def check_the_replay(page: Page, steps: int) -> None:
    """The replay of a 72-pair game without hints or undos: step, jump, play and pause."""
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-ready", "true")
    expect(replay).to_have_attribute("data-position", "0")
    expect(replay).to_have_attribute("data-tiles-left", "144")
    expect(page.locator("#replay-event")).to_have_text("The deal, before the first move.")

    page.locator("#replay-forward").click()
    expect(replay).to_have_attribute("data-position", "1")
    expect(replay).to_have_attribute("data-tiles-left", "142")
    expect(page.locator("#replay-event")).to_contain_text("Pair removed:")
    page.locator("#replay-back").click()
    expect(replay).to_have_attribute("data-tiles-left", "144")

    page.locator("#replay-end").click()
    expect(replay).to_have_attribute("data-position", str(steps))
    expect(replay).to_have_attribute("data-tiles-left", "0")
    expect(replay).to_have_attribute("data-status", "cleared")
    expect(page.locator("#replay-event")).to_contain_text("Board cleared!")
    expect(page.locator("#replay-forward")).to_be_disabled()

    page.locator("#replay-start").click()
    expect(replay).to_have_attribute("data-position", "0")
    page.locator("#replay-speed").select_option("8")
    play = page.locator("#replay-play")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => Number(document.getElementById('replay').dataset.position) >= 2")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    paused_at = int(replay.get_attribute("data-position") or "0")
    assert 2 <= paused_at < steps
    page.locator("#replay-forward").click()
    expect(replay).to_have_attribute("data-position", str(paused_at + 1))
