"""The Tile Rummy table is the screen: at a phone's, a laptop's and a full-HD window's sizes,
upright and on its side, the table and the rack are both on screen without scrolling the page,
never over each other, on load and with a crowded rack; notices float and never move them; the
keyboard stays in the game after New group and Confirm.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.api.rummy import set_log
from tests.browser.helpers import PageProblems, PlayPage
from tests.browser.test_rummy_play import RummyTable, pinned  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (844, 390), (1280, 720), (1920, 1080)]
PHONES = {(390, 844), (844, 390)}
ALL_DRAWS = "\n".join(f"{n % 2} draw" for n in range(78))
"""Both players drew until the pool ran out: each holds 14 + 39 = 53 tiles, and it is seat 0's turn
(the biggest rack a hand of draws alone reaches)."""

BOXES = """() => {
  const box = (selector) => {
    const el = document.querySelector(selector);
    return el ? el.getBoundingClientRect().toJSON() : null;
  };
  const tiles = [...document.querySelectorAll("#rummy-rack .rtile")]
    .map((el) => el.getBoundingClientRect().toJSON());
  return {
    table: box("#rummy-table"),
    rack: box("#rummy-rack"),
    dock: box("#rummy-dock"),
    bar: box(".rummy-bar"),
    tiles,
    scrollY: window.scrollY,
    height: window.innerHeight,
    width: window.innerWidth,
  };
}"""


@pytest.fixture
def rummy(page: Page, live_server: Any, problems: PageProblems) -> RummyTable:
    return RummyTable(page, live_server.url, problems)


def table_on(new_play_page: Callable[..., PlayPage], width: int, height: int) -> RummyTable:
    phone = (width, height) in PHONES
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if phone:
        options |= {"has_touch": True, "is_mobile": True, "device_scale_factor": 2}
    opened = new_play_page(**options)
    return RummyTable(opened.page, opened.origin, opened.problems)


def check_screen(table: RummyTable, phone: bool) -> dict[str, Any]:
    boxes: dict[str, Any] = table.page.evaluate(BOXES)
    size = f"{boxes['width']}x{boxes['height']}"
    table_box, rack, dock, bar = boxes["table"], boxes["rack"], boxes["dock"], boxes["bar"]
    assert boxes["scrollY"] == 0, size
    for name, box in (("bar", bar), ("table", table_box), ("rack", rack), ("dock", dock)):
        off = f"{size}: the {name} is off the screen"
        assert box["top"] >= 0 and box["bottom"] <= boxes["height"] + 0.5, off
        assert box["left"] >= 0 and box["right"] <= boxes["width"] + 0.5, off
    # They share the screen: the table ends where the dock begins, and has real room.
    assert table_box["bottom"] <= dock["top"] + 0.5, f"{size}: the rack covers the table"
    assert table_box["height"] >= 0.3 * boxes["height"], f"{size}: the table got {table_box['height']} px"
    # Every tile of the rack is inside it (it scrolls within itself when it must), and readable.
    tiles = boxes["tiles"]
    assert tiles, size
    assert all(t["left"] >= rack["left"] - 0.5 and t["right"] <= rack["right"] + 0.5 for t in tiles), size
    assert min(t["height"] for t in tiles) >= (44 if phone else 40), f"{size}: rack tiles too small"
    # The first row of the rack is on screen, not hidden below the dock.
    assert tiles[0]["bottom"] <= rack["bottom"] + 0.5, size
    return boxes


@pytest.mark.usefixtures("pinned")
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_table_and_the_rack_share_the_screen(
    new_play_page: Callable[..., PlayPage], width: int, height: int
) -> None:
    table = table_on(new_play_page, width, height)
    table.open()
    phone = (width, height) in PHONES
    loaded = check_screen(table, phone)
    assert len(loaded["tiles"]) == 14

    # A refusal floats over the table: neither the table nor the rack move.
    table.press("sort-colour")
    table.page.keyboard.press("g")
    table.wait_until("s.notice !== ''")
    assert table.page.evaluate(BOXES)["table"] == loaded["table"]
    assert table.page.evaluate(BOXES)["rack"] == loaded["rack"]

    # A crowded rack still leaves the table its room.
    set_log(table.state()["match"], ALL_DRAWS)
    table.reload()
    crowded = table.wait_until("s.rackTiles === 53 && s.phase === 'play'")
    assert crowded["poolSize"] == 0
    check_screen(table, phone)


@pytest.mark.usefixtures("pinned")
def test_the_level_is_on_the_bar_and_a_change_is_said_on_screen(rummy: RummyTable) -> None:
    rummy.open()
    chip = rummy.page.locator("#rummy-level")
    expect(chip).to_have_text("Computer: Easy")
    chip.click()
    rummy.page.locator("#rummy-menu input[value=hard]").check(force=True)
    rummy.page.locator("#rummy-menu-done").click()
    expect(chip).to_have_text("Computer: Hard")
    expect(rummy.page.locator("#rummy-notice")).to_contain_text("The computer now plays at level Hard.")


@pytest.mark.usefixtures("pinned")
def test_focus_stays_in_the_game_after_new_group_and_confirm(rummy: RummyTable) -> None:
    rummy.open()
    focused = """() => {
      const el = document.activeElement;
      return el.closest("#rummy-table") ? "table" : el.closest("#rummy-rack") ? "rack" : el.tagName;
    }"""
    rummy.select("R2", "K2", "O2")
    rummy.button("group").focus()
    rummy.page.keyboard.press("Enter")
    rummy.wait_until("s.table.length === 1")
    assert rummy.page.evaluate(focused) == "table", "focus left the game after New group"
    # The focus is on the new set's first tile: + there would add to it.
    assert rummy.page.evaluate("() => document.activeElement.closest('.rset').dataset.index") == "0"
    # Undo, pressed from the keyboard, undoes the group and has nothing left to undo: the focus
    # goes back to the tiles, not to the page.
    rummy.button("undo").focus()
    rummy.page.keyboard.press("Enter")
    rummy.wait_until("s.table.length === 0")
    assert rummy.page.evaluate(focused) in ("table", "rack"), "focus left the game after Undo"
    for tiles in (("R2", "K2", "O2"), ("B6", "K6", "O6"), ("B9", "K9", "O9")):
        rummy.new_group(*tiles)
    rummy.button("confirm").focus()
    rummy.page.keyboard.press("Enter")
    rummy.wait_for_turn(0)
    assert rummy.page.evaluate(focused) in ("table", "rack"), "focus fell to the page after Confirm"


@pytest.mark.usefixtures("pinned")
def test_the_hand_over_shows_only_the_hand_over(rummy: RummyTable) -> None:
    rummy.open("/en/rummy/pass-and-play/")
    rummy.press("draw")
    rummy.wait_until("s.phase === 'handover'")
    expect(rummy.page.locator("#rummy-status")).to_have_text("")
    assert rummy.page.locator("#rummy-rack .rtile").count() == 0
    # The menu of pass and play has nothing to apply: it only closes.
    rummy.press("menu")
    expect(rummy.page.locator("#rummy-menu-done")).to_have_count(0)
    expect(rummy.page.locator("#rummy-menu-cancel")).to_have_text("Close")


@pytest.mark.usefixtures("pinned")
def test_a_rack_arranged_by_hand_keeps_its_order_over_a_reload_and_a_draw(rummy: RummyTable) -> None:
    start = rummy.open()
    rack = start["rack"]
    last = rummy.page.locator("#rummy-rack .rtile").last
    first = rummy.page.locator("#rummy-rack .rtile").first
    # The last tile dragged onto the left half of the first: it goes first.
    box, target = last.bounding_box(), first.bounding_box()
    assert box is not None and target is not None
    rummy.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    rummy.page.mouse.down()
    for k in range(1, 11):
        x = box["x"] + box["width"] / 2 + (target["x"] + 4 - box["x"] - box["width"] / 2) * k / 10
        rummy.page.mouse.move(x, target["y"] + target["height"] / 2)
    rummy.page.wait_for_function("() => window.miaojong.state().dragging")
    rummy.page.mouse.up()
    moved = rummy.wait_until("!s.dragging && s.rack[0] === arg", rack[-1])
    order = moved["rack"]
    assert order == [rack[-1], *rack[:-1]] and not moved["changed"]
    assert rummy.reload()["rack"] == order
    # A drawn tile goes to the end, marked; the rest keep the player's order.
    rummy.press("draw")
    after = rummy.wait_for_turn(start["number"] + 1)
    assert after["rack"][: len(order)] == order and len(after["rack"]) == len(order) + 1
    expect(rummy.page.locator("#rummy-rack .rtile").last).to_have_class(re.compile(r"\brtile--drawn\b"))


SMALL_CONTROLS = """(root) => [...root.querySelectorAll("button, a, summary, input, .rummy-level")]
  .filter((el) => !el.matches(".rtile") && !el.closest(".rummy-level") || el.matches(".rummy-level"))
  .filter((el) => !el.matches(".rummy-level input"))
  .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
  .map((el) => ({
    what: el.id || el.dataset.action || el.className || el.textContent,
    box: el.getBoundingClientRect().toJSON(),
  }))
  .filter(({ box }) => box.width < 44 || box.height < 44)
  .map(({ what, box }) => `${what}: ${Math.round(box.width)}x${Math.round(box.height)}`)"""
"""Every visible control of the game (but the tiles, which are 45 px tall and as wide as the rack
allows) smaller than 44 x 44 px."""


@pytest.mark.usefixtures("pinned")
@pytest.mark.parametrize(("width", "height"), sorted(PHONES))
def test_every_control_is_a_finger_wide_on_a_phone(
    new_play_page: Callable[..., PlayPage], width: int, height: int
) -> None:
    table = table_on(new_play_page, width, height)
    table.open()
    # A set that is none, with the selection on: its cross and its + are both there, side by side.
    for tile in ("R2", "K2"):
        table.page.touchscreen.tap(*centre_of(table, table.rack_tile(tile)))
    table.page.touchscreen.tap(*centre_of(table, table.button("group")))
    table.wait_until("s.table.length === 1")
    table.page.touchscreen.tap(*centre_of(table, table.rack_tile("O2")))
    table.wait_until("s.selected.length === 1")
    mark = table.page.locator(".rset-mark").bounding_box()
    add = table.page.locator(".rset-add").bounding_box()
    assert mark is not None and add is not None
    overlap_x = min(mark["x"] + mark["width"], add["x"] + add["width"]) - max(mark["x"], add["x"])
    overlap_y = min(mark["y"] + mark["height"], add["y"] + add["height"]) - max(mark["y"], add["y"])
    assert overlap_x <= 0 or overlap_y <= 0, "the cross covers the +"
    assert table.page.locator(".rset-mark").text_content() == "✕"
    assert table.page.locator("#rummy").evaluate(SMALL_CONTROLS) == []
    table.press("menu")
    expect(table.page.locator("#rummy-menu")).to_be_visible()
    assert table.page.locator("#rummy-menu").evaluate(SMALL_CONTROLS) == []


def centre_of(table: RummyTable, locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
