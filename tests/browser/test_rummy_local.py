"""Pass and play in Chromium: both seats in one browser, each rack out of the page while the other plays."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import PageProblems
from tests.browser.test_rummy_play import LOCAL, OPENING, RummyTable, pinned  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RACK_TILES_IN_PAGE = (
    "() => document.querySelectorAll('#rummy-dock .rtile, #rummy-rack *, #rummy-end .rtile').length"
)


@pytest.fixture
def rummy(page: Page, live_server: Any, problems: PageProblems) -> RummyTable:
    return RummyTable(page, live_server.url, problems)


def rack_is_out_of_the_page(table: RummyTable) -> None:
    """No tile of any rack is in the document, and the page's source never had one."""
    assert table.page.evaluate(RACK_TILES_IN_PAGE) == 0
    expect(table.page.locator("#rummy-dock")).to_be_hidden()
    expect(table.page.locator("#rummy-handover")).to_be_visible()


@pytest.mark.usefixtures("pinned")
def test_pass_and_play_hides_the_rack_between_the_players(rummy: RummyTable) -> None:
    start = rummy.open(LOCAL)
    server = rummy.server()
    assert (start["mode"], start["seat"], start["phase"], start["level"]) == ("local", 0, "play", None)
    assert sorted(start["rack"]) == sorted(str(t) for t in server.racks[0])
    expect(rummy.page.locator("#rummy-rack-label")).to_contain_text("Player 1's rack · 14 tiles")
    # The racks come from the API, never in the page's source.
    source = rummy.page.request.get(rummy.origin + LOCAL).text()
    assert "data-tile" not in source and "rtile" not in source

    # Player 1 opens: the device goes to Player 2, and no rack is in the page meanwhile.
    rummy.lay_opening()
    rummy.press("confirm")
    handover = rummy.wait_until("s.phase === 'handover'")
    assert handover["rackTiles"] == 0 and handover["confirmed"]["rack"] is None
    rack_is_out_of_the_page(rummy)
    expect(rummy.page.locator("#rummy-handover h2")).to_have_text("Hand the device to Player 2")
    told = "Player 1 played. New sets: red 2, black 2, orange 2;"
    expect(rummy.page.locator("#rummy-handover")).to_contain_text(told)
    assert rummy.state()["table"] == OPENING  # the table is for everyone to see

    # A reload does not show a rack either: the hand-over screen comes back.
    again = rummy.reload()
    assert again["phase"] == "handover"
    rack_is_out_of_the_page(rummy)

    rummy.page.locator("#rummy-handover-continue").click()
    second = rummy.wait_until("s.phase === 'play' && s.seat === 1")
    assert sorted(second["rack"]) == sorted(str(t) for t in rummy.server().racks[1])
    assert second["turn"] == 1 and second["opponentTiles"] == 5
    expect(rummy.page.locator("#rummy-rack-label")).to_contain_text("Player 2's rack")
    turn = rummy.page.locator("#rummy-status .rummy-stat-turn")
    # Player 2 can act: "Player 2 to play", in their colour, marked as the go-ahead.
    expect(turn).to_have_class("rummy-stat rummy-stat-turn rummy-seat-1 rummy-stat-go")
    # Player 1's tiles just laid are marked for Player 2.
    expect(rummy.page.locator("#rummy-table .rtile--new")).to_have_count(9)

    # Player 2 draws: back to Player 1, whose rack (and only it) comes back.
    rummy.press("draw")
    rummy.wait_until("s.phase === 'handover'")
    rack_is_out_of_the_page(rummy)
    expect(rummy.page.locator("#rummy-handover h2")).to_have_text("Hand the device to Player 1")
    expect(rummy.page.locator("#rummy-handover")).to_contain_text("Player 2 drew a tile.")
    rummy.page.locator("#rummy-handover-continue").click()
    third = rummy.wait_until("s.phase === 'play' && s.seat === 0")
    assert sorted(third["rack"]) == sorted(str(t) for t in rummy.server().racks[0])
    assert third["opponentTiles"] == 15 and third["number"] == 2
    rummy.no_csp_violations()
