"""The Tile Rummy table on a 390-px-wide touch screen: long-press drags, swipes that scroll, the layout.

Fingers are real touch input into Chromium through the DevTools protocol
(``Input.dispatchTouchEvent``), which the page sees as pointer events of type
touch, as from a finger.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import CDPSession, Locator, expect

from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage
from tests.browser.test_rummy_play import RummyTable, pinned  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = PHONE["viewport"]["width"]
HEIGHT = PHONE["viewport"]["height"]
STEPS = 8


@pytest.fixture
def phone_table(new_play_page: Callable[..., PlayPage]) -> RummyTable:
    phone = new_play_page(**PHONE)
    return RummyTable(phone.page, phone.origin, phone.problems)


def centre(locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


class Finger:
    """One finger on the screen, through the DevTools protocol."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.cdp: CDPSession = table.page.context.new_cdp_session(table.page)
        self.at = (0.0, 0.0)

    def down(self, point: tuple[float, float]) -> None:
        self.at = point
        self._send("touchStart", [point])

    def move_to(self, point: tuple[float, float], steps: int = STEPS) -> None:
        (x, y), (tx, ty) = self.at, point
        for k in range(1, steps + 1):
            self._send("touchMove", [(x + (tx - x) * k / steps, y + (ty - y) * k / steps)])
        self.at = point

    def up(self) -> None:
        self._send("touchEnd", [])
        self.cdp.detach()

    def _send(self, kind: str, points: list[tuple[float, float]]) -> None:
        touch_points = [{"x": x, "y": y} for x, y in points]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points})


WATCH_DRAGS = """() => {
  window.__dragSeen = false;
  new MutationObserver(() => { window.__dragSeen ||= Boolean(document.querySelector(".rummy-drag")); })
    .observe(document.getElementById("rummy"), { childList: true });
}"""
"""Notes in the page whether a drag ever started (its floating copy of the tiles appeared)."""


def swipe(table: RummyTable, start: tuple[float, float], distance: float) -> float:
    """A quick one-finger swipe from ``start`` (up for a negative ``distance``); where the page
    came to rest. Its first move is past the tap's slop at once, so no long press can begin."""
    finger = Finger(table)
    finger.down(start)
    finger.move_to((start[0], start[1] + distance), steps=4)
    finger.up()
    return settled_scroll(table)


def settled_scroll(table: RummyTable) -> float:
    """window.scrollY once the page stopped moving (a fling may carry it on after the finger)."""
    script = """() => new Promise((resolve) => {
      let last = -1;
      const timer = setInterval(() => {
        if (window.scrollY === last) { clearInterval(timer); resolve(last); }
        last = window.scrollY;
      }, 120);
    })"""
    return float(table.page.evaluate(script))


def scroll_y(table: RummyTable) -> float:
    return float(table.page.evaluate("() => window.scrollY"))


def make_room(table: RummyTable) -> None:
    """Room below the footer, so that the page can scroll both ways whatever the menu holds.

    (Without content pages in the test database the page is barely taller than the screen.)
    """
    table.page.evaluate("() => document.body.style.setProperty('padding-bottom', '900px')")


@pytest.mark.usefixtures("pinned")
def test_a_long_press_drags_a_tile_into_a_set_without_scrolling(phone_table: RummyTable) -> None:
    table = phone_table
    table.open()
    for tile in ("R2", "K2"):
        table.page.touchscreen.tap(*centre(table.rack_tile(tile)))
    table.wait_until("s.selected.length === 2")
    table.page.touchscreen.tap(*centre(table.button("group")))
    table.wait_until("s.table.length === 1")
    make_room(table)
    table.page.evaluate("() => window.scrollTo(0, 120)")
    table.page.wait_for_function("() => window.scrollY === 120")
    before = scroll_y(table)

    finger = Finger(table)
    x, y = centre(table.rack_tile("O2"))
    finger.down((x, y))
    table.wait_until("s.dragging")  # the long press lifted the tile
    # Straight up first, as a scroll would go, then onto the set.
    finger.move_to((x, y - 150))
    assert scroll_y(table) == before, "the page scrolled under the dragging finger"
    target = centre(table.table_set(0))
    finger.move_to(target)
    assert scroll_y(table) == before, "the page scrolled under the dragging finger"
    expect(table.table_set(0)).to_have_class("rset rset--invalid rummy-drop-target")
    finger.up()
    after = table.wait_until("!s.dragging && s.table.length === 1 && s.table[0].length === 3")
    assert after["table"] == [["R2", "K2", "O2"]]
    assert scroll_y(table) == before
    assert table.page.evaluate("() => window.visualViewport.scale") == 1


@pytest.mark.usefixtures("pinned")
def test_a_vertical_swipe_over_the_tiles_scrolls_and_drags_nothing(phone_table: RummyTable) -> None:
    table = phone_table
    start = table.open()
    table.new_group("R2", "K2", "O2")
    laid = table.state()
    make_room(table)
    table.page.evaluate(WATCH_DRAGS)
    assert scroll_y(table) == 0
    down = swipe(table, centre(table.page.locator("#rummy-table .rtile").first), -220)
    assert down > 50, "the swipe over a table tile did not scroll the page"
    after = table.state()
    assert after["table"] == laid["table"] and after["rack"] == laid["rack"]
    # A swipe over the rack scrolls back, and no tile moved either.
    x, y = centre(table.rack_tile("B6"))
    back = swipe(table, (x, y), min(HEIGHT - 5 - y, 300))
    assert back < down - 50, "the swipe over the rack did not scroll the page"
    assert table.state()["rack"] == laid["rack"] and start["number"] == table.state()["number"]
    assert not table.page.evaluate("() => window.__dragSeen"), "a swipe lifted a tile"


@pytest.mark.usefixtures("pinned")
def test_the_table_fits_a_phone(phone_table: RummyTable) -> None:
    table = phone_table
    table.open()
    assert table.page.evaluate("() => document.documentElement.scrollWidth") <= WIDTH
    tiles: list[dict[str, Any]] = table.page.locator("#rummy-rack .rtile").evaluate_all(
        "(els) => els.map((el) => el.getBoundingClientRect().toJSON())"
    )
    assert len(tiles) == 14
    assert min(t["width"] for t in tiles) >= 30
    assert len({round(t["top"]) for t in tiles}) == 2, "the rack wraps into two rows"
    assert all(t["left"] >= 0 and t["right"] <= WIDTH for t in tiles)
    for action in ("undo", "reset", "group", "confirm", "draw"):
        box = table.button(action).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, action
        assert box["y"] + box["height"] <= HEIGHT, f"{action} is below the screen"
        assert box["height"] >= 40, f"{action} is too small for a thumb"
