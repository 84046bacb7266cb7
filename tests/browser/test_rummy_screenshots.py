"""Screenshots of the Tile Rummy table on a phone (upright and on its side), a laptop and full HD,
in English and Italian, to look at.

They go to the folder MIAOJONG_SHOTS names, else /tmp/rummy-shots/: the start of
a hand, a turn being drafted (a valid group, a set that is none with its reason
open, a tile selected), later in the hand (the computer's sets, a bigger rack),
the end of the hand, and pass and play's hand-over screen. Each scene is also
checked: nothing wider than the screen, no CSP violation.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from game.common.rng import seed_from_text
from game.rummy.engine import Action, LogEntry, apply, bot_move, format_log, new_hand, parse_table
from game.rummy.service import COMPUTER_BUDGET_S, COMPUTER_SEAT
from tests.api.rummy import set_log
from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage
from tests.browser.test_rummy_play import OPENING, OPENING_CODE, RummyTable, pinned  # noqa: F401
from tests.browser.test_rummy_rooms import Device, _short_lived_connections, devices  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES: dict[str, dict[str, Any]] = {
    "phone": PHONE,
    "phone-landscape": {**PHONE, "viewport": {"width": 844, "height": 390}},
    "laptop": {"viewport": {"width": 1280, "height": 720}, "locale": "en-GB"},
    "fullhd": {"viewport": {"width": 1920, "height": 1080}, "locale": "en-GB"},
}


def paths(language: str) -> tuple[str, str]:
    """The two pages' addresses in ``language`` (the parts are translated)."""
    with translation.override(language):
        return reverse("rummy:play"), reverse("rummy:local")


@pytest.fixture
def shots() -> Path:
    path = Path(os.environ.get("MIAOJONG_SHOTS") or "/tmp/rummy-shots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def hand_log(code: str) -> list[LogEntry]:
    """The hand the tests play: seat 0 opens with OPENING, then only draws and passes; the
    computer (Easy) replies as the server would, with the server's seeds."""
    state = new_hand(code, 0)
    state = apply(state, 0, Action.play(parse_table(OPENING)))
    while state.result is None:
        if state.turn == COMPUTER_SEAT:
            seed = seed_from_text(f"{code}|computer|{len(state.log)}")
            move = bot_move(state, "easy", seed=seed, budget_s=COMPUTER_BUDGET_S)
            state = apply(state, COMPUTER_SEAT, move.action())
        else:
            state = apply(state, 0, Action.draw() if state.pool else Action.pass_())
    return list(state.log)


def fits(table: RummyTable, width: int) -> None:
    assert table.page.evaluate("() => document.documentElement.scrollWidth") <= width
    widths = table.page.locator("#rummy-rack .rtile").evaluate_all("(els) => els.map((el) => el.offsetWidth)")
    assert all(w >= 30 for w in widths), widths
    table.no_csp_violations()


@pytest.mark.usefixtures("pinned")
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_the_table(
    shots: Path, new_play_page: Callable[..., PlayPage], size: str, language: str
) -> None:
    driver = new_play_page(**SIZES[size])
    table = RummyTable(driver.page, driver.origin, driver.problems)
    width = SIZES[size]["viewport"]["width"]
    computer, local = paths(language)
    name = f"{size}-{language}"

    start = table.open(computer)
    assert table.page.evaluate("() => document.documentElement.lang") == language
    fits(table, width)
    table.page.screenshot(path=shots / f"{name}-1-start.png")

    table.new_group("R2", "K2", "O2")
    table.new_group("B6", "K6")
    table.table_set(1).locator(".rset-mark").click()
    table.select("B9")
    fits(table, width)
    table.page.screenshot(path=shots / f"{name}-2-draft.png")

    table.press("reset")
    table.wait_until("!s.changed")
    table.lay_opening()
    table.press("confirm")
    state = table.wait_for_turn(0)
    for _ in range(6):
        table.press("draw")
        state = table.wait_for_turn(state["number"])
    table.select(state["rack"][0])
    fits(table, width)
    table.page.screenshot(path=shots / f"{name}-3-later.png")

    # The end: the position before the last pass, then the pass through the page.
    log = hand_log(OPENING_CODE)
    last_pass = max(i for i, entry in enumerate(log) if entry.seat == 0 and entry.action.kind.value == "pass")
    set_log(start["match"], format_log(log[:last_pass]))
    before = table.reload()
    assert before["poolSize"] == 0
    expect(table.button("pass")).to_be_visible()
    table.press("pass")
    table.wait_until("s.phase === 'over'")
    expect(table.page.locator("#rummy-end")).to_be_visible()
    fits(table, width)
    table.page.screenshot(path=shots / f"{name}-4-end.png")

    table.open(local)
    table.press("draw")
    table.wait_until("s.phase === 'handover'")
    fits(table, width)
    table.page.screenshot(path=shots / f"{name}-5-handover.png")


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_a_room(
    shots: Path,
    devices: Callable[..., Device],  # noqa: F811 (the rooms tests' fixture)
    size: str,
    language: str,
) -> None:
    """The lobby, a room waiting for its guest (the link to send), and the invitation as the
    guest first sees it (whose room, Take the second seat), then the menu of a room."""
    options = {k: v for k, v in SIZES[size].items() if k != "locale"}
    name = f"{size}-{language}"
    host = devices(**options).page()
    with translation.override(language):
        lobby = reverse("rummy:online")
    host.goto(lobby)
    host.page.screenshot(path=shots / f"{name}-6-lobby.png")
    host.page.locator("#rummy-lobby-create").click()
    host.wait_until("s.room && s.room.panel === 'invite' && s.phase === 'play'")
    host.page.screenshot(path=shots / f"{name}-7-room-invite.png")
    link = host.page.locator("#rummy-room-link").input_value()
    guest = devices(**options).page()
    guest.goto(link)
    guest.wait_until("s.room && s.room.panel === 'offer'")
    guest.page.screenshot(path=shots / f"{name}-8-room-offer.png")
    host.press("menu")
    expect(host.page.locator("#rummy-menu")).to_be_visible()
    host.page.screenshot(path=shots / f"{name}-9-room-menu.png")
