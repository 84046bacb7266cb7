"""The play page on a 390-px-wide phone: taps, pinch zoom, drag, double tap, the close-up, landscape.

Gestures are real touch input into Chromium through the DevTools protocol
(``Input.dispatchTouchEvent`` for fingers down, moving and up), which the page sees
as pointer events of type touch, exactly as from a finger. A double tap's events
carry their own timestamps, so that a busy test machine cannot stretch the two taps
apart.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from game.mahjong.engine import get_layout
from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage, board_of, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COMFORTABLE_TOUCH_PX = 44
MOVE_STEPS = 8
WIDTH = PHONE["viewport"]["width"]
HEIGHT = PHONE["viewport"]["height"]


def pinch(play: PlayPage, center: tuple[float, float], start_gap: float, end_gap: float) -> None:
    """Two fingers on a horizontal line through ``center``, moved from ``start_gap`` to ``end_gap`` apart."""
    x, y = center

    def fingers(gap: float) -> list[dict[str, float]]:
        return [{"x": x - gap / 2, "y": y, "id": 0}, {"x": x + gap / 2, "y": y, "id": 1}]

    cdp = play.page.context.new_cdp_session(play.page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(start_gap)})
        for k in range(1, MOVE_STEPS + 1):
            gap = start_gap + (end_gap - start_gap) * k / MOVE_STEPS
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(gap)})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def drag(play: PlayPage, start: tuple[float, float], end: tuple[float, float]) -> None:
    """One finger down at ``start``, moved in small steps to ``end``, lifted."""
    cdp = play.page.context.new_cdp_session(play.page)
    try:
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]},
        )
        for k in range(1, MOVE_STEPS + 1):
            x = start[0] + (end[0] - start[0]) * k / MOVE_STEPS
            y = start[1] + (end[1] - start[1]) * k / MOVE_STEPS
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def double_tap(play: PlayPage, point: tuple[float, float], apart: float = 0.1) -> None:
    """Two taps by one finger, each 30 ms down, starting ``apart`` seconds apart (a quick double tap).

    The page times a double tap by the events' own timestamps, and Chromium keeps the
    ones given here however late the events arrive (its synthesized double tap is timed
    by frames, which a loaded machine delays past the page's limit).
    """
    touch = [{"x": point[0], "y": point[1]}]
    cdp = play.page.context.new_cdp_session(play.page)
    try:
        start = time.time()
        for down in (0.0, apart):
            for kind, points, at in (("touchStart", touch, down), ("touchEnd", [], down + 0.03)):
                event = {"type": kind, "touchPoints": points, "timestamp": start + at}
                cdp.send("Input.dispatchTouchEvent", event)
    finally:
        cdp.detach()


def canvas_box(play: PlayPage) -> dict[str, float]:
    box = play.page.locator("#play-canvas").bounding_box()
    assert box is not None
    return {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}


def neighbours(state: dict[str, Any]) -> tuple[int, int]:
    """Two tiles side by side on the table (same row, same layer): their centres are one tile apart."""
    positions = get_layout("L00").positions
    where = {tuple(p): i for i, p in enumerate(positions)}
    for i, (x, y, z) in enumerate(positions):
        j = where.get((x + 2, y, z))
        if j is not None and z == 0 and state["tiles"][i] and state["tiles"][j]:
            return i, j
    raise AssertionError("no two neighbouring tiles")


def well_inside(play: PlayPage, i: int) -> bool:
    """Tile i's centre is on the canvas and on screen, with half a finger's width to spare."""
    c = play.page.evaluate("(i) => window.miaojong.tileCenter(i)", i)
    if c is None:
        return False
    box = canvas_box(play)
    left, top = max(box["x"], 0), max(box["y"], 0)
    right, bottom = min(box["x"] + box["width"], WIDTH), min(box["y"] + box["height"], HEIGHT)
    margin = COMFORTABLE_TOUCH_PX / 2
    inside: bool = left + margin < c["x"] < right - margin and top + margin < c["y"] < bottom - margin
    return inside


def tile_width(play: PlayPage, pair: tuple[int, int]) -> float:
    a, b = (play.page.evaluate("(i) => window.miaojong.tileCenter(i)", i) for i in pair)
    assert a is not None and b is not None, "both tiles must be visible"
    return float(b["x"] - a["x"])


def page_zoom(play: PlayPage) -> float:
    return float(play.page.evaluate("() => window.visualViewport.scale"))


def test_taps_select_and_remove_a_pair_on_a_phone(phone: PlayPage) -> None:
    start = phone.open()
    assert start["view"] == "board"
    a, b = plan_of(start["code"])[0]
    phone.page.touchscreen.tap(*phone.tile_center(a))
    phone.wait_until("s.selected === arg", a)
    phone.page.touchscreen.tap(*phone.tile_center(b))
    after = phone.wait_until("s.tiles[arg[0]] === null && s.tiles[arg[1]] === null", [a, b])
    assert after["moves"] == 1


def test_the_whole_board_fits_a_phone_screen(phone: PlayPage) -> None:
    state = phone.open()
    box = canvas_box(phone)
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH
    for i, face in enumerate(state["tiles"]):
        assert face is not None
        x, y = phone.tile_center(i)  # asserts it is within the screen
        assert box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]
    assert phone.page.evaluate("() => document.documentElement.scrollWidth") <= WIDTH


def test_a_double_tap_switches_to_the_close_up_and_back(phone: PlayPage) -> None:
    state = phone.open()
    pair = neighbours(state)
    board_width = tile_width(phone, pair)
    assert board_width < COMFORTABLE_TOUCH_PX  # the whole Turtle on a phone has small tiles
    point = phone.tile_center(pair[0])

    double_tap(phone, point)
    closeup = phone.wait_until("s.view === 'closeup'")
    assert closeup["zoom"] > 1
    assert closeup["tiles"] == state["tiles"]
    assert tile_width(phone, pair) >= COMFORTABLE_TOUCH_PX
    assert page_zoom(phone) == 1

    double_tap(phone, point)
    back = phone.wait_until("s.view === 'board'")
    assert back["zoom"] == pytest.approx(1)
    assert tile_width(phone, pair) == pytest.approx(board_width)


def test_two_taps_slower_than_a_double_tap_are_two_taps_of_play(phone: PlayPage) -> None:
    state = phone.open()
    a = plan_of(state["code"])[0][0]
    double_tap(phone, phone.tile_center(a), apart=0.5)
    phone.wait_until("document.getElementById('play-live').textContent.includes('cancelled')")
    after = phone.state()
    assert (after["view"], after["selected"], after["tiles"]) == ("board", None, state["tiles"])


def test_a_pinch_zooms_the_board_and_not_the_page(phone: PlayPage) -> None:
    state = phone.open()
    box = canvas_box(phone)
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    pinch(phone, middle, 60, 180)
    zoomed = phone.wait_until("s.zoom > 1.5")
    assert zoomed["view"] == "closeup"
    assert zoomed["tiles"] == state["tiles"] and zoomed["selected"] is None
    assert page_zoom(phone) == 1

    pinch(phone, middle, 200, 40)
    assert phone.wait_until("s.zoom < arg", zoomed["zoom"])["zoom"] >= 1
    assert page_zoom(phone) == 1


def test_a_tap_in_the_close_up_selects_the_tile_under_the_finger(phone: PlayPage) -> None:
    state = phone.open()
    board = board_of(state)
    a = plan_of(state["code"])[0][0]
    point = phone.tile_center(a)
    double_tap(phone, point)
    closeup = phone.wait_until("s.view === 'closeup'")
    selected = closeup["selected"]
    other = next(
        i
        for i in board.free_tiles()
        if i != selected
        and well_inside(phone, i)
        and not (selected is not None and board.matches(i, selected))
    )
    phone.page.touchscreen.tap(*phone.tile_center(other))
    after = phone.wait_until("s.selected === arg", other)
    assert (after["view"], after["tiles"]) == ("closeup", state["tiles"])


def test_a_tap_just_off_a_tile_edge_still_picks_that_tile(phone: PlayPage) -> None:
    state = phone.open()
    positions = get_layout("L00").positions
    rightmost = max(range(len(positions)), key=lambda i: (positions[i].x, -positions[i].z))
    left_neighbour = next(
        i for i, p in enumerate(positions) if p == (positions[rightmost].x - 2, positions[rightmost].y, 0)
    )
    width = tile_width(phone, (left_neighbour, rightmost))
    x, y = phone.tile_center(rightmost)
    # A finger's touch lands a few pixels right of the face, where nothing else lies.
    phone.page.touchscreen.tap(x + width / 2 + 4, y)
    assert phone.wait_until("s.selected === arg", rightmost)["tiles"] == state["tiles"]


def test_one_finger_drags_the_close_up_without_selecting(phone: PlayPage) -> None:
    state = phone.open()
    box = canvas_box(phone)
    middle = (box["x"] + box["width"] / 2, min(box["y"] + box["height"] / 2, HEIGHT - 100))
    double_tap(phone, middle)
    phone.wait_until("s.view === 'closeup'")
    tile = next(i for i in range(len(state["tiles"])) if well_inside(phone, i))
    before = phone.page.evaluate("(i) => window.miaojong.tileCenter(i)", tile)
    selected = phone.state()["selected"]

    drag(phone, middle, (middle[0] + 60, middle[1] + 40))

    after = phone.wait_until("s.view === 'closeup'")
    moved = phone.page.evaluate("(i) => window.miaojong.tileCenter(i)", tile)
    assert moved is not None
    # The board moves exactly as far as the finger, the tap threshold included, along the
    # axes where the close-up is larger than the screen (upright, the game screen is tall
    # enough for the close-up's whole height, which then stays put).
    board = phone.page.evaluate("() => window.miaojong.boardBox()")
    expected_dy = 40 if board["h"] > box["height"] else 0
    dx, dy = moved["x"] - before["x"], moved["y"] - before["y"]
    assert abs(dx - 60) <= 0.5 and abs(dy - expected_dy) <= 0.5, (dx, dy)
    assert (after["selected"], after["tiles"]) == (selected, state["tiles"])
    assert page_zoom(phone) == 1


def test_turned_sideways_the_whole_board_still_fits(phone: PlayPage) -> None:
    state = phone.open()
    phone.page.set_viewport_size({"width": HEIGHT, "height": WIDTH})
    phone.page.wait_for_function(
        "(width) => document.getElementById('play-canvas').getBoundingClientRect().width > width", arg=WIDTH
    )
    box = canvas_box(phone)
    assert box["x"] >= 0 and box["x"] + box["width"] <= HEIGHT
    for i in range(len(state["tiles"])):
        c = phone.page.evaluate("(i) => window.miaojong.tileCenter(i)", i)
        assert c is not None and box["x"] <= c["x"] <= box["x"] + box["width"]
        assert box["y"] <= c["y"] <= box["y"] + box["height"]
    a, b = plan_of(state["code"])[0]
    phone.page.locator("#play-canvas").scroll_into_view_if_needed()
    phone.page.touchscreen.tap(*phone.tile_center(a))
    phone.wait_until("s.selected === arg", a)
    phone.page.touchscreen.tap(*phone.tile_center(b))
    assert phone.wait_until("s.tiles[arg] === null", a)["moves"] == 1
