"""Pass and play in Chromium: while the device goes to the other player, the page names no tile of
the rack it just hid, in any text or attribute, the screen reader's live region included."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from game.rummy.engine import Tile
from tests.browser.helpers import PageProblems
from tests.browser.test_rummy_play import LOCAL, RummyTable, pinned  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLOURS = {"R": "red", "B": "blue", "K": "black", "O": "orange"}
PAGE_WORDS = """() => {
  const words = [document.title, document.documentElement.textContent];
  for (const element of document.querySelectorAll("*")) {
    for (const attribute of element.attributes) words.push(attribute.value);
  }
  return words.join("\\n");
}"""


@pytest.fixture
def rummy(page: Page, live_server: Any, problems: PageProblems) -> RummyTable:
    return RummyTable(page, live_server.url, problems)


def names_of(tile: Tile) -> list[str]:
    """How the page could name ``tile``: its English name and its notation."""
    if tile.is_joker:
        return ["joker"]
    return [f"{COLOURS[str(tile)[0]]} {tile.number}", str(tile)]


def tiles_named(words: str, rack: tuple[Tile, ...], table: list[list[str]]) -> list[str]:
    """The tiles of ``rack`` that ``words`` name, but for faces also on the table (anyone's to see)."""
    public = {tile for tiles in table for tile in tiles}
    return sorted(
        {
            name
            for tile in rack
            if str(tile) not in public
            for name in names_of(tile)
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", words, re.IGNORECASE)
        }
    )


def hand_over_shown(rummy: RummyTable, to: str) -> str:
    rummy.wait_until("s.phase === 'handover'")
    expect(rummy.page.locator("#rummy-handover h2")).to_have_text(f"Hand the device to {to}")
    words: str = rummy.page.evaluate(PAGE_WORDS)
    return words


@pytest.mark.usefixtures("pinned")
def test_the_hand_over_screen_names_no_tile_of_the_rack_it_hid(rummy: RummyTable) -> None:
    rummy.open(LOCAL)
    # Player 1 draws: the screen reader was told which tile ("You drew ...").
    rummy.press("draw")
    words = hand_over_shown(rummy, "Player 2")
    server = rummy.server()
    assert server.log[-1].seat == 0 and rummy.page.locator("#rummy-live").text_content() == ""
    assert tiles_named(words, server.racks[0], server.table) == []

    # Player 2 draws in turn: nothing of their rack either.
    rummy.page.locator("#rummy-handover-continue").click()
    rummy.wait_until("s.phase === 'play' && s.seat === 1")
    rummy.press("draw")
    words = hand_over_shown(rummy, "Player 1")
    server = rummy.server()
    assert tiles_named(words, server.racks[1], server.table) == []
    # The check can fail: the page shown to a player names their own rack.
    rummy.page.locator("#rummy-handover-continue").click()
    rummy.wait_until("s.phase === 'play' && s.seat === 0")
    shown = rummy.page.evaluate(PAGE_WORDS)
    assert tiles_named(shown, rummy.server().racks[0], rummy.server().table) != []
    rummy.no_csp_violations()
