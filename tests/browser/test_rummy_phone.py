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

from tests.api.rummy import set_log
from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage
from tests.browser.test_rummy_play import RummyTable, pinned  # noqa: F401
from tests.browser.test_rummy_screen import ALL_DRAWS

FINGER_LIFT_PX = 28
"""How far above the finger a lifted tile floats (drag.js)."""

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


def lifted_above(table: RummyTable, target: tuple[float, float], tile: Locator) -> tuple[float, float]:
    """Where the finger goes for the lifted ``tile`` to be drawn with its middle on ``target``:
    it floats above the finger by its height and FINGER_LIFT_PX (drag.js)."""
    box = tile.bounding_box()
    assert box is not None
    return target[0], target[1] + box["height"] / 2 + FINGER_LIFT_PX


@pytest.mark.usefixtures("pinned")
def test_a_touch_drag_drops_where_the_lifted_tile_is_drawn(phone_table: RummyTable) -> None:
    table = phone_table
    table.open()
    for tile in ("R2", "K2"):
        table.page.touchscreen.tap(*centre(table.rack_tile(tile)))
    table.wait_until("s.selected.length === 2")
    table.page.touchscreen.tap(*centre(table.button("group")))
    table.wait_until("s.table.length === 1")
    make_room(table)
    before = scroll_y(table)

    finger = Finger(table)
    source = table.rack_tile("O2")
    x, y = centre(source)
    finger.down((x, y))
    table.wait_until("s.dragging")  # the long press lifted the tile
    # Straight up first, as a scroll would go, then to where the lifted tile shows over the set.
    finger.move_to((x, y - 150))
    assert scroll_y(table) == before, "the page scrolled under the dragging finger"
    at = lifted_above(table, centre(table.table_set(0)), source)
    finger.move_to(at)
    assert scroll_y(table) == before, "the page scrolled under the dragging finger"
    # The finger itself is below the set: only the set the tile is drawn over lights up.
    assert table.page.evaluate("([x, y]) => !document.elementFromPoint(x, y).closest('.rset')", list(at))
    expect(table.table_set(0)).to_have_class("rset rset--invalid rummy-drop-target")
    assert table.page.locator(".rummy-drop-target").count() == 1
    finger.up()
    after = table.wait_until("!s.dragging && s.table.length === 1 && s.table[0].length === 3")
    assert after["table"] == [["R2", "K2", "O2"]]
    assert scroll_y(table) == before
    assert table.page.evaluate("() => window.visualViewport.scale") == 1


@pytest.mark.usefixtures("pinned")
def test_a_vertical_swipe_over_the_tiles_drags_nothing(phone_table: RummyTable) -> None:
    table = phone_table
    start = table.open()
    table.new_group("R2", "K2", "O2")
    laid = table.state()
    table.page.evaluate(WATCH_DRAGS)
    swipe(table, centre(table.page.locator("#rummy-table .rtile").first), -220)
    after = table.state()
    assert after["table"] == laid["table"] and after["rack"] == laid["rack"]
    x, y = centre(table.rack_tile("B6"))
    swipe(table, (x, y), min(HEIGHT - 5 - y, 300))
    assert table.state()["rack"] == laid["rack"] and start["number"] == table.state()["number"]
    assert not table.page.evaluate("() => window.__dragSeen"), "a swipe lifted a tile"


def pile_up_sets(table: RummyTable, count: int) -> None:
    """Lay ``count`` tiles of the rack one by one as sets of their own, till the table overflows."""
    for _ in range(count):
        sets = len(table.state()["table"])
        table.page.locator("#rummy-rack .rtile").first.click()
        table.page.keyboard.press("g")
        table.wait_until("s.table.length === arg + 1", sets)


@pytest.mark.usefixtures("pinned")
def test_the_table_scrolls_within_its_area_and_under_a_dragged_tile_near_its_edge(
    phone_table: RummyTable,
) -> None:
    table = phone_table
    match = table.open()["match"]
    set_log(match, ALL_DRAWS)
    table.reload()
    table.wait_until("s.rackTiles === 53")
    pile_up_sets(table, 30)
    felt = table.page.locator("#rummy-table")
    sizes = felt.evaluate("(el) => [el.scrollHeight, el.clientHeight]")
    assert sizes[0] > sizes[1] + 100, "the table does not overflow its area"
    felt.evaluate("(el) => { el.scrollTop = 0; }")
    assert scroll_y(table) == 0

    # A tile lifted and held near the table's bottom edge scrolls the table, not the page.
    finger = Finger(table)
    source = table.rack_tile(table.state()["rack"][0])
    finger.down(centre(source))
    table.wait_until("s.dragging")
    box = felt.bounding_box()
    assert box is not None
    finger.move_to(lifted_above(table, (box["x"] + box["width"] / 2, box["y"] + box["height"] - 8), source))
    table.page.wait_for_function("() => document.getElementById('rummy-table').scrollTop > 60")
    assert scroll_y(table) == 0
    finger.up()
    table.wait_until("!s.dragging")


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
