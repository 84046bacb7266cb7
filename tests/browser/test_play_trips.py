"""What players still tripped over on the play screen (issue #30), each as a player meets it.

Touches are real touch input into Chromium through the DevTools protocol, each event with
its own timestamp (the page times taps by the events' timestamps), so that a double tap or a
tap "at once" after another stays what it is on a loaded machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage, plan_of
from tests.test_replay_page import submitted

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FINGER_PX = 44
"""The smallest comfortable target for a finger (WCAG 2.5.5, Apple's and Google's guides)."""
TRIED = "MJ1-L00-AAAAABL"
"""The deal the bugs were found on."""
SMALL_DEAL = "MJ1-L09-AAAAABL"
"""The smallest layout (56 tiles): won in a few seconds."""
SIZES = [(390, 844), (844, 390), (1280, 720), (1920, 1080)]
"""A phone upright and on its side, a laptop, a full-HD screen."""


def touch_taps(play: PlayPage, taps: Sequence[tuple[tuple[float, float], float]]) -> None:
    """Finger taps at (point, seconds after the first), each 30 ms down, timed by the events' timestamps."""
    cdp = play.page.context.new_cdp_session(play.page)
    try:
        start = time.time()
        for (x, y), at in taps:
            for kind, points, when in (("touchStart", [{"x": x, "y": y}], at), ("touchEnd", [], at + 0.03)):
                cdp.send(
                    "Input.dispatchTouchEvent",
                    {"type": kind, "touchPoints": points, "timestamp": start + when},
                )
    finally:
        cdp.detach()


def boxes(play: PlayPage, selector: str) -> list[dict[str, Any]]:
    """The visible elements' boxes, with what is drawn at their centre (is it the element itself?)."""
    found: list[dict[str, Any]] = play.page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return {name: el.getAttribute('data-action') || el.tagName, x: r.left, y: r.top, w: r.width,
                    h: r.height, own: Boolean(hit && el.contains(hit))};
          })""",
        selector,
    )
    return found


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and a["y"] < b["y"] + b["h"]
        and b["y"] < a["y"] + a["h"]
    )


def test_the_arcade_toolbar_fits_a_phone_held_upright(phone: PlayPage) -> None:
    phone.open(f"/en/mahjong/play/{TRIED}/?mode=arcade")
    bar = boxes(phone, ".play-bar")[0]
    buttons = boxes(phone, ".play-bar .play-tool")
    names = [b["name"] for b in buttons]
    assert {"new", "hint", "undo", "shuffle", "stop", "records", "settings"} <= set(names), names
    assert phone.page.evaluate(
        "() => { const b = document.querySelector('.play-toolbar'); return b.scrollWidth <= b.clientWidth; }"
    ), "the toolbar's content is wider than it"
    for button in buttons:
        assert button["w"] >= FINGER_PX and button["h"] >= FINGER_PX, button
        assert bar["x"] <= button["x"] and button["x"] + button["w"] <= bar["x"] + bar["w"] + 0.5, button
        assert bar["y"] <= button["y"] and button["y"] + button["h"] <= bar["y"] + bar["h"] + 0.5, button
        assert button["own"], f"{button['name']} is under another element"
    for k, a in enumerate(buttons):
        for b in buttons[k + 1 :]:
            assert not overlap(a, b), (a, b)

    # The records button opens the records, not the menu over it.
    phone.page.locator(".play-toolbar button[data-action=records]").tap()
    expect(phone.page.locator("#play-records-dialog")).to_be_visible()
    expect(phone.page.locator("#play-menu")).not_to_have_attribute("open", "")


LONGEST_VERDICT = "not winnable: undo 12 moves to get back to a winnable board"


@pytest.mark.parametrize("mode", ["classic", "arcade"])
def test_everything_the_status_line_says_is_readable_on_a_phone(phone: PlayPage, mode: str) -> None:
    phone.open(f"/en/mahjong/play/{TRIED}/?mode={mode}")
    # The longest verdict the line shows, in place of the one of the moment.
    phone.page.evaluate(
        "(text) => { document.querySelector('.play-stat-winnable').textContent = text; }", LONGEST_VERDICT
    )
    parts: list[dict[str, Any]] = phone.page.evaluate(
        """() => {
          const line = document.querySelector('.play-status-line').getBoundingClientRect();
          const stats = document.querySelectorAll('#play-status .play-stat');
          return [document.getElementById('play-info'), ...stats]
            .map((el) => {
              const r = el.getBoundingClientRect();
              return {cls: el.className, text: el.textContent, shown: el.getClientRects().length > 0,
                      cut: el.scrollWidth > el.clientWidth + 0.5, left: r.left, right: r.right, top: r.top,
                      bottom: r.bottom,
                      line: {left: line.left, right: line.right, top: line.top, bottom: line.bottom}};
            });
        }"""
    )
    assert parts[0]["text"], "the layout and the mode are named"
    assert any(part["text"] == LONGEST_VERDICT for part in parts)
    for part in parts:
        line = part["line"]
        assert part["shown"], part
        assert not part["cut"], part
        assert line["left"] <= part["left"] and part["right"] <= line["right"] + 0.5, part
        assert line["top"] <= part["top"] and part["bottom"] <= line["bottom"] + 0.5, part
        assert part["right"] <= PHONE["viewport"]["width"], part


def test_a_double_tap_on_the_match_of_the_selected_tile_only_zooms(phone: PlayPage) -> None:
    start = phone.open(f"/en/mahjong/play/{TRIED}/")
    touch_taps(phone, [(phone.tile_center(11), 0.0)])
    phone.wait_until("s.selected === 11")
    match = phone.tile_center(86)
    touch_taps(phone, [(match, 0.6), (match, 0.7)])

    zoomed = phone.wait_until("s.view === 'closeup'")
    assert zoomed["tiles"] == start["tiles"], "no pair was taken"
    assert zoomed["moves"] == 0


def test_a_tap_right_after_a_pair_is_taken_selects(phone: PlayPage) -> None:
    phone.open(f"/en/mahjong/play/{TRIED}/")
    touch_taps(phone, [(phone.tile_center(44), 0.0)])
    phone.wait_until("s.selected === 44")
    touch_taps(phone, [(phone.tile_center(143), 0.4), (phone.tile_center(139), 0.55)])

    after = phone.wait_until("s.selected === 139")
    assert after["tiles"][44] is None and after["tiles"][143] is None
    assert phone.live_text().startswith("Selected")


def test_the_wheel_over_the_board_zooms_and_never_scrolls_the_page(
    new_play_page: Callable[..., PlayPage],
) -> None:
    laptop = new_play_page(viewport={"width": 1280, "height": 720}, locale="en-GB")
    laptop.open(f"/en/mahjong/play/{TRIED}/")
    assert laptop.page.evaluate("() => document.documentElement.scrollHeight > window.innerHeight")
    box = laptop.page.locator("#play-canvas").bounding_box()
    assert box is not None
    laptop.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    laptop.page.mouse.wheel(0, 200)  # outwards, at the whole board: nothing
    after_frames = (
        "() => new Promise((done) =>"
        " requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY))))"
    )
    assert laptop.page.evaluate(after_frames) == 0
    assert laptop.state()["view"] == "board"

    laptop.page.mouse.wheel(0, -300)  # inwards: closer
    laptop.wait_until("s.zoom > 1.2")
    assert laptop.page.evaluate(after_frames) == 0


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_replays_board_is_on_screen_as_the_page_opens(
    new_play_page: Callable[..., PlayPage],
    client: Client,
    monkeypatch: pytest.MonkeyPatch,
    width: int,
    height: int,
) -> None:
    pk, _ = submitted(client, monkeypatch, "classic")
    touch = width < height or height < 500
    viewer = new_play_page(
        viewport={"width": width, "height": height}, locale="en-GB", has_touch=touch, is_mobile=touch
    )
    viewer.page.goto(viewer.url(f"/en/mahjong/scores/{pk}/"))
    expect(viewer.page.locator("#replay")).to_have_attribute("data-ready", "true")
    canvas = viewer.page.locator("#replay-canvas").bounding_box()
    assert canvas is not None and canvas["height"] > 100
    assert canvas["y"] >= 0 and canvas["y"] + canvas["height"] <= height, canvas
    assert canvas["x"] >= 0 and canvas["x"] + canvas["width"] <= width, canvas


def _win(play: PlayPage) -> None:
    start = play.open(f"/en/mahjong/play/{SMALL_DEAL}/")
    assert play.play_pairs(plan_of(start["code"]))["status"] == "cleared"
    expect(play.page.locator("#play-dialog")).to_be_visible()


def test_the_name_field_is_not_focused_on_a_phone(phone: PlayPage) -> None:
    _win(phone)
    expect(phone.page.locator("#play-name")).to_be_visible()
    expect(phone.page.locator("#play-name")).not_to_be_focused()


def test_the_name_fields_focus_is_not_the_red_of_an_error(play: PlayPage) -> None:
    _win(play)
    name = play.page.locator("#play-name")
    expect(name).to_be_focused()
    color = play.page.evaluate("() => getComputedStyle(document.getElementById('play-name')).outlineColor")
    red, green, blue = (int(v) for v in color[color.index("(") + 1 : color.index(")")].split(",")[:3])
    assert not (red > 140 and red - max(green, blue) > 60), f"a red ring: {color}"


def test_the_move_counter_does_not_count_an_undone_pair_again(play: PlayPage) -> None:
    start = play.open(f"/en/mahjong/play/{TRIED}/")
    a, b = plan_of(start["code"])[0]
    play.match(a, b)
    assert play.status_figure("moves") == "1"
    play.focus_board()
    play.press("u")
    play.wait_until("s.tiles[arg] !== null", a)
    expect(play.page.locator("#play-status .play-stat-moves b")).to_have_text("0")
    play.match(a, b)
    expect(play.page.locator("#play-status .play-stat-moves b")).to_have_text("1")


def test_u_with_nothing_to_undo_is_read_out(play: PlayPage) -> None:
    play.open(f"/en/mahjong/play/{TRIED}/")
    play.focus_board()
    play.press("u")
    expect(play.page.locator("#play-live")).to_have_text("Nothing to undo.")


# The layout shifts of the page (window.shifts), recorded from the start, before any script of the page runs.
RECORD_SHIFTS = """
window.shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts.push(entry.value);
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_board_appears_without_moving_the_page(
    new_play_page: Callable[..., PlayPage], width: int, height: int
) -> None:
    touch = width < height or height < 500
    play = new_play_page(
        viewport={"width": width, "height": height}, locale="en-GB", has_touch=touch, is_mobile=touch
    )
    play.page.add_init_script(RECORD_SHIFTS)
    play.open(f"/en/mahjong/play/{TRIED}/")
    shift = play.page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame("
        "() => done(window.shifts.reduce((a, b) => a + b, 0)))))"
    )
    assert shift < 0.05, f"cumulative layout shift {shift:.3f} (0.1 is the limit of good)"
