"""The Tile Rummy table in Chromium against the real server: a whole hand, drafts over a reload, levels.

Every action goes through the page as a player's would (clicks, keys, a mouse
drag); the test reads the page through its automation hook
(``window.miaojong.state()``, game/rummy/static/rummy/js/test_hook.js) and,
to decide what to play, the server's own state of the hand (the live server
runs in this process). The hands are pinned (``service.new_hand_code``) so that
they are the same on every run, and the computer's pause is off
(``miaojong:rummy:test:pause-ms`` = 0, see computer_turn.js).

RummyTable, the driver, is shared by the other test_rummy_* modules.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.cache import cache
from playwright.sync_api import Locator, Page, expect

from game.rummy.models import Match
from rules.models import Page as ContentPage
from tests.api.rummy import pin_codes, server_state
from tests.browser.helpers import PageProblems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT_MS = 15_000
COMPUTER = "/en/rummy/play/"
LOCAL = "/en/rummy/pass-and-play/"
OPENING_CODE = "RM1-GFWGMJA"
"""Seat 0 holds three groups worth 51 (2s, 6s, 9s); if it then only draws, the Easy computer never
goes out before the pool is empty, so the hand ends blocked after passes."""
OPENING = [["R2", "K2", "O2"], ["B6", "K6", "O6"], ["B9", "K9", "O9"]]
NO_PAUSE = "localStorage.setItem('miaojong:rummy:test:pause-ms', '0');"
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} refused ${event.blockedURI || "inline"}`);
});
"""
WAIT_SCRIPT = "(arg) => { const s = window.miaojong && window.miaojong.state(); return Boolean(s) && (%s); }"
READY = (
    "() => { const s = window.miaojong && window.miaojong.state();"
    " return Boolean(s) && ['play', 'handover', 'over'].includes(s.phase); }"
)


class RummyTable:
    """The Tile Rummy page of one browser page, and a player's actions on it."""

    def __init__(self, page: Page, origin: str, problems: PageProblems, *, pause: bool = False) -> None:
        self.page = page
        self.origin = origin
        self.problems = problems
        page.set_default_timeout(WAIT_MS)
        if not pause:
            page.add_init_script(NO_PAUSE)
        page.add_init_script(RECORD_VIOLATIONS)

    # -- navigation and reading -------------------------------------------------------------

    def open(self, path: str = COMPUTER) -> dict[str, Any]:
        response = self.page.goto(self.origin + path)
        assert response is not None and response.ok, path
        return self.wait_ready()

    def reload(self) -> dict[str, Any]:
        self.page.reload()
        return self.wait_ready()

    def wait_ready(self) -> dict[str, Any]:
        self.page.wait_for_function(READY)
        return self.state()

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate("() => window.miaojong.state()")
        return state

    def wait_until(self, condition: str, arg: Any = None) -> dict[str, Any]:
        """Wait until the JS ``condition`` holds for the hook's state ``s`` (and ``arg``)."""
        self.page.wait_for_function(WAIT_SCRIPT % condition, arg=arg)
        return self.state()

    def wait_for_turn(self, number: int) -> dict[str, Any]:
        """Wait until the hand got past action ``number`` and the page is ready for the player again."""
        return self.wait_until("s.number > arg && ['play', 'over', 'handover'].includes(s.phase)", number)

    def server(self) -> Any:
        """The engine's state of the match's current hand, secrets included."""
        return server_state(self.state()["match"])

    def no_csp_violations(self) -> None:
        self.page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 0))")
        assert self.page.evaluate("() => window.__cspViolations") == []

    # -- the page's parts -------------------------------------------------------------------

    def rack_tile(self, tile: str) -> Locator:
        """The first copy of ``tile`` on the rack that is not selected."""
        return self.page.locator(f'#rummy-rack .rtile[data-tile="{tile}"][aria-pressed="false"]').first

    def table_set(self, index: int) -> Locator:
        return self.page.locator(f'#rummy-table .rset[data-index="{index}"]')

    def button(self, action: str) -> Locator:
        return self.page.locator(f'#rummy button[data-action="{action}"]')

    # -- a player's actions -------------------------------------------------------------------

    def select(self, *tiles: str) -> dict[str, Any]:
        for tile in tiles:
            self.rack_tile(tile).click()
        return self.wait_until("arg.every((t) => s.selected.includes(t))", list(tiles))

    def press(self, action: str) -> None:
        self.button(action).click()

    def new_group(self, *tiles: str) -> dict[str, Any]:
        before = len(self.state()["table"])
        self.select(*tiles)
        self.press("group")
        return self.wait_until("s.table.length === arg + 1", before)

    def mouse_drag(self, source: Locator, target: Locator) -> None:
        """Press on ``source``, move in small steps onto the middle of ``target``, let go."""
        start, end = source.bounding_box(), target.bounding_box()
        assert start is not None and end is not None
        x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
        tx, ty = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for k in range(1, 11):
            self.page.mouse.move(x + (tx - x) * k / 10, y + (ty - y) * k / 10)
        self.page.wait_for_function("() => window.miaojong.state().dragging")
        self.page.mouse.up()
        self.page.wait_for_function("() => !window.miaojong.state().dragging")

    def lay_opening(self, sets: list[list[str]] = OPENING) -> dict[str, Any]:
        for tiles in sets:
            self.new_group(*tiles)
        return self.state()


@pytest.fixture
def rummy(page: Page, live_server: Any, problems: PageProblems) -> RummyTable:
    return RummyTable(page, live_server.url, problems)


@pytest.fixture
def pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    pin_codes(monkeypatch, OPENING_CODE)


@pytest.mark.usefixtures("pinned")
def test_a_whole_hand_against_the_computer_on_easy(rummy: RummyTable) -> None:
    start = rummy.open()
    assert (start["mode"], start["level"], start["phase"], start["turn"]) == ("computer", "easy", "play", 0)
    assert sorted(start["rack"]) == sorted(str(t) for t in rummy.server().racks[0])
    assert start["table"] == [] and start["poolSize"] == 78

    # New group, then undo it.
    laid = rummy.new_group("R2", "K2", "O2")
    assert laid["table"] == [["R2", "K2", "O2"]] and len(laid["rack"]) == 11
    assert "New set: red 2, black 2, orange 2, a valid group." in laid["live"]
    rummy.press("undo")
    undone = rummy.wait_until("s.table.length === 0")
    assert sorted(undone["rack"]) == sorted(start["rack"]) and not undone["canUndo"]

    # A set of two is marked invalid, and its mark tells why; + completes it.
    rummy.new_group("R2", "K2", "O2")
    rummy.new_group("B6", "K6")
    invalid = rummy.table_set(1)
    expect(invalid).to_have_class("rset rset--invalid")
    invalid.locator(".rset-mark").click()
    expect(invalid.locator(".rset-why")).to_be_visible()
    expect(invalid.locator(".rset-why")).to_contain_text("a set needs at least 3 tiles")
    assert not rummy.state()["canConfirm"]
    expect(rummy.button("confirm")).to_be_disabled()
    rummy.select("O6")
    rummy.table_set(1).locator(".rset-add").click()
    added = rummy.wait_until("s.table.length === 2 && s.table[1].length === 3")
    assert added["table"] == [["R2", "K2", "O2"], ["B6", "K6", "O6"]]
    expect(rummy.page.locator("#rummy-table .rset--invalid")).to_have_count(0)

    # A mouse drag onto a set: the third group.
    rummy.new_group("B9", "K9")
    rummy.mouse_drag(rummy.rack_tile("O9"), rummy.table_set(2))
    dragged = rummy.wait_until("s.table.length === 3 && s.table[2].length === 3")
    assert dragged["table"] == OPENING and dragged["canConfirm"]
    expect(rummy.page.locator("#rummy-status .rummy-stat-opening")).to_have_text("Opening: 51 of 30")

    # With a changed table, Draw explains instead of drawing; Reset goes back to the start.
    rummy.press("draw")
    expect(rummy.page.locator("#rummy-notice")).to_contain_text("reset your changes before drawing")
    assert rummy.state()["number"] == 0
    rummy.press("reset")
    reset = rummy.wait_until("s.table.length === 0 && !s.changed")
    assert sorted(reset["rack"]) == sorted(start["rack"])

    # The opening again, confirmed: the server has it, the computer replied.
    rummy.lay_opening()
    rummy.press("confirm")
    opened = rummy.wait_for_turn(0)
    assert opened["opened"][0] and opened["number"] == 2
    server = rummy.server()
    assert [[str(t) for t in tiles] for tiles in server.table][:3] == OPENING
    assert opened["table"] == [[str(t) for t in tiles] for tiles in server.table]

    # Draw until the pool is empty (Draw gives way to Pass), then pass until the hand ends.
    passes = 0
    state = opened
    while state["phase"] != "over":
        assert state["phase"] == "play", state
        if state["poolSize"] > 0:
            expect(rummy.button("pass")).to_be_hidden()
            rummy.press("draw")
        else:
            expect(rummy.button("draw")).to_be_hidden()
            expect(rummy.button("pass")).to_be_visible()
            rummy.press("pass")
            passes += 1
        state = rummy.wait_for_turn(state["number"])
    assert passes >= 1

    result = rummy.server().result
    assert result is not None and state["result"]["winner"] == result.winner
    dialog = rummy.page.locator("#rummy-end")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("The computer won the hand")
    expect(dialog.locator(".rummy-end-text")).to_contain_text("the hand is blocked")
    expect(dialog.locator(".rummy-end-text")).to_contain_text(f"wins by {result.score} points")
    racks = rummy.server().racks
    for seat in (0, 1):
        tiles = dialog.locator(f'.rummy-end-tiles[data-seat="{seat}"] .rtile')
        assert sorted(tiles.evaluate_all("(els) => els.map((el) => el.dataset.tile)")) == sorted(
            str(t) for t in racks[seat]
        )
    # Each hand stands alone: no running score anywhere on the screen.
    expect(rummy.page.locator("#rummy")).not_to_contain_text("Match:")

    # The next hand: the computer starts it (its move is shown), each keeps its colour.
    dialog.locator("#rummy-end-new-hand").click()
    second = rummy.wait_until("s.hand === 2 && s.phase === 'play'")
    assert "totals" not in second and second["number"] == 1 and second["turn"] == 0
    expect(rummy.page.locator("#rummy-status")).not_to_contain_text(str(result.score))
    rummy.no_csp_violations()


@pytest.mark.usefixtures("pinned")
def test_the_computer_thinks_visibly_then_its_move_is_shown_and_told(
    page: Page, live_server: Any, problems: PageProblems
) -> None:
    rummy = RummyTable(page, live_server.url, problems, pause=True)
    rummy.open()
    rummy.lay_opening()
    rummy.press("confirm")
    thinking = rummy.wait_until("s.phase === 'thinking'")
    # Meanwhile the player's own move is on the table, and nothing can be played.
    assert thinking["table"] == OPENING and len(thinking["rack"]) == 5
    expect(rummy.page.locator("#rummy-status .rummy-stat-turn")).to_have_text("The computer is thinking…")
    expect(rummy.button("draw")).to_be_disabled()
    after = rummy.wait_until("s.phase === 'play'")
    server = rummy.server()
    last = server.log[-1]
    assert last.seat == 1 and after["table"] == [[str(t) for t in tiles] for tiles in server.table]
    if last.action.kind.value == "play":
        assert after["live"].startswith("The computer laid") or after["live"].startswith("The computer added")
        expect(rummy.page.locator("#rummy-table .rtile--new").first).to_be_visible()
    else:
        assert after["live"] == "The computer drew a tile."


@pytest.mark.usefixtures("pinned")
def test_a_reload_mid_turn_keeps_the_draft(rummy: RummyTable) -> None:
    rummy.open()
    rummy.press("sort-number")
    rummy.new_group("R2", "K2", "O2")
    rummy.new_group("B9", "K9")
    rummy.select("O12")
    draft = rummy.state()
    assert draft["changed"] and draft["canUndo"]

    after = rummy.reload()
    assert (after["table"], after["rack"]) == (draft["table"], draft["rack"])
    assert after["changed"] and after["canUndo"] and after["selected"] == []
    assert after["number"] == 0 and rummy.server().table == ()
    expect(rummy.button("sort-number")).to_have_attribute("aria-pressed", "true")
    rummy.press("undo")
    assert rummy.wait_until("s.table.length === 1")["table"] == [["R2", "K2", "O2"]]

    # The turn moved on elsewhere (another tab drew): the kept draft is of an old position, dropped.
    other = RummyTable(rummy.page.context.new_page(), rummy.origin, rummy.problems)
    other.open()
    other.press("reset")
    other.press("draw")
    other.wait_for_turn(0)
    again = rummy.reload()
    assert again["number"] == 2 and again["table"] == again["confirmed"]["table"] and not again["changed"]


@pytest.mark.usefixtures("pinned")
def test_an_action_of_another_tab_reloads_the_table(rummy: RummyTable) -> None:
    first = rummy.open()
    other = RummyTable(rummy.page.context.new_page(), rummy.origin, rummy.problems)
    other.open()
    other.press("draw")
    other.wait_for_turn(0)
    # This page still shows the old turn: its draw is refused as stale, and the table reloads.
    rummy.problems.all.clear()
    rummy.press("draw")
    after = rummy.wait_until("s.number > arg && s.phase === 'play'", first["number"])
    expect(rummy.page.locator("#rummy-notice")).to_contain_text("The game moved on in another tab or window")
    assert after["rack"] == other.state()["rack"]
    refused = [problem for problem in rummy.problems.all if "HTTP 409" in problem]
    assert len(refused) == 1, rummy.problems.all
    rummy.problems.all.clear()


@pytest.mark.usefixtures("pinned")
def test_a_level_change_keeps_the_position_and_cancel_changes_nothing(rummy: RummyTable) -> None:
    fields = {"title_en": "Tile Rummy rules", "slug_en": "tile-rummy-rules", "published": True}
    rules = ContentPage.objects.update_or_create(key="rummy-rules", defaults=fields)[0]
    cache.clear()
    rummy.open()
    rummy.press("draw")
    before = rummy.wait_for_turn(0)
    rummy.new_group("R2", "K2", "O2")
    draft = rummy.state()

    rummy.press("menu")
    menu = rummy.page.locator("#rummy-menu")
    expect(menu).to_be_visible()
    expect(menu.locator("input[name=level][value=easy]")).to_be_checked()
    menu.locator("label.rummy-level", has_text="Hard").click()
    expect(menu.locator(".rummy-menu-links a").nth(0)).to_have_attribute("href", LOCAL)
    expect(menu.locator(".rummy-menu-links a").nth(1)).to_have_attribute("href", rules.get_absolute_url())
    menu.locator("#rummy-menu-done").click()
    changed = rummy.wait_until("s.level === 'hard'")
    assert Match.objects.get(public_id=before["match"]).level == "hard"
    for key in ("table", "rack", "number", "hand", "confirmed"):
        assert changed[key] == draft[key], key
    kept = rummy.page.evaluate("() => localStorage.getItem('miaojong:rummy:prefs:level')")
    assert kept == "hard"

    rummy.press("menu")
    expect(menu.locator("input[name=level][value=hard]")).to_be_checked()
    menu.locator("label.rummy-level", has_text="Medium").click()
    menu.locator("#rummy-menu-cancel").click()
    expect(menu).to_be_hidden()
    rummy.press("menu")
    menu.locator("label.rummy-level", has_text="Easy").click()
    rummy.page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    after = rummy.state()
    assert after["level"] == "hard" and Match.objects.get(public_id=before["match"]).level == "hard"
    assert (after["table"], after["rack"]) == (draft["table"], draft["rack"])

    # A new match (asked first: a hand is in progress) starts at the remembered level.
    rummy.press("menu")
    menu.locator("#rummy-menu-new").click()
    expect(menu.locator("#rummy-menu-confirm")).to_be_visible()
    menu.locator("#rummy-menu-start").click()
    fresh = rummy.wait_until("s.match !== arg && s.phase === 'play'", before["match"])
    assert fresh["level"] == "hard" and fresh["number"] == 0 and fresh["table"] == []
    assert Match.objects.get(public_id=fresh["match"]).level == "hard"


@pytest.mark.usefixtures("pinned")
def test_the_keyboard_plays_a_turn(rummy: RummyTable) -> None:
    rummy.open()
    rummy.page.locator("#rummy-rack .rtile").first.focus()
    for tile in ("R2", "K2", "O2"):
        # Walk right along the rack to the tile, then select it with Enter.
        for _ in range(20):
            focused = rummy.page.evaluate("() => document.activeElement.dataset.tile")
            if focused == tile:
                break
            rummy.page.keyboard.press("ArrowRight")
        rummy.page.keyboard.press("Enter")
    assert rummy.wait_until("s.selected.length === 3")["selected"] == ["R2", "K2", "O2"]
    rummy.page.keyboard.press("g")
    assert rummy.wait_until("s.table.length === 1")["table"] == [["R2", "K2", "O2"]]
    assert rummy.page.evaluate("() => document.activeElement.classList.contains('rtile')")
    rummy.page.keyboard.press("u")
    rummy.wait_until("s.table.length === 0")
    expect(rummy.button("confirm")).to_have_attribute("aria-keyshortcuts", "C")
    rummy.page.keyboard.press("d")
    drawn = rummy.wait_for_turn(0)
    assert len(drawn["rack"]) == 15
    # The tile just drawn is marked on the rack, and named for a screen reader.
    new = rummy.page.locator("#rummy-rack .rtile--drawn")
    expect(new).to_have_count(1)
    expect(new).to_have_attribute("aria-label", re.compile(r", just drawn$"))


def test_the_page_starts_over_when_its_kept_match_is_gone_or_damaged(rummy: RummyTable) -> None:
    first = rummy.open()
    Match.objects.filter(public_id=first["match"]).delete()
    cache.clear()
    rummy.problems.all.clear()
    lost = rummy.reload()
    assert lost["match"] != first["match"] and lost["phase"] == "play"
    expect(rummy.page.locator("#rummy-notice")).to_contain_text("no longer on the server")
    assert [p for p in rummy.problems.all if "HTTP 404" in p], rummy.problems.all
    rummy.problems.all.clear()

    rummy.page.evaluate("() => localStorage.setItem('miaojong:rummy:match:v1:computer', '{damaged')")
    damaged = rummy.reload()
    assert damaged["match"] not in (first["match"], lost["match"])
    expect(rummy.page.locator("#rummy-notice")).to_contain_text("could not be read")
    kept = json.loads(rummy.page.evaluate("() => localStorage.getItem('miaojong:rummy:match:v1:computer')"))
    assert kept["match"] == damaged["match"]
    # The pass-and-play match is kept apart: opening that page starts its own.
    local = rummy.open(LOCAL)
    assert local["mode"] == "local" and local["match"] != damaged["match"]
    assert rummy.open()["match"] == damaged["match"]


@pytest.mark.usefixtures("pinned")
def test_a_failed_request_keeps_the_draft_and_offers_to_retry(rummy: RummyTable) -> None:
    rummy.open()
    draft = rummy.lay_opening()
    assert draft["canConfirm"]
    actions = "**/api/rummy/matches/*/actions/"
    rummy.page.route(actions, lambda route: route.abort())
    rummy.press("confirm")
    notice = rummy.page.locator("#rummy-notice")
    expect(notice).to_contain_text("The server cannot be reached.")
    kept = rummy.wait_until("s.phase === 'play'")
    assert (kept["table"], kept["rack"], kept["number"]) == (draft["table"], draft["rack"], 0)
    assert kept["canConfirm"]
    rummy.page.unroute(actions)
    rummy.problems.all.clear()  # the aborted request
    notice.locator("button", has_text="Retry").click()
    after = rummy.wait_for_turn(0)
    assert after["opened"][0] and after["table"][:3] == OPENING
