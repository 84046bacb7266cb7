"""Drivers for the browser tests: the play page seen through its automation hook.

The page exposes ``window.miaojong`` (see game/mahjong/static/mahjong/js/test_hook.js):
``state()`` is a JSON snapshot of the game and ``tileCenter(i)`` the client
coordinates of a tile's face, so a test clicks where a player would click and
reads what the game made of it.  Waits are on conditions in the page
(``wait_for_function``), never on fixed delays.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from playwright.sync_api import ConsoleMessage, Page, Response

from game.mahjong.engine import Board, GameCode, deal, get_layout

STATE_KEY = "miaojong:mahjong:save:v1"

# A game is on the page: the hook is there, a game is dealt (or restored), the loading
# message is gone.
GAME_SHOWN = (
    "() => { const s = window.miaojong && window.miaojong.state();"
    " return Boolean(s) && s.tiles.length > 0 && document.getElementById('play-message').hidden; }"
)
# ...and its board is drawn (a restored game that was paused draws only the paused screen).
BOARD_DRAWN = "() => performance.getEntriesByName('miaojong:first-board').length > 0"


HUMAN_GAPS_MS = (860, 705, 1_050, 757, 955)
"""Game-clock gaps before each match: 865 ms a pair on average (1.26 times the pace floor of a
144-tile layout, game.mahjong.api.timing.pace_floor_ms), varying by about 15%."""


class PageProblems:
    """What went wrong in a page: uncaught errors, console errors, our requests that failed."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.all: list[str] = []

    def watch(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.all.append(f"uncaught: {error.stack or error}"))
        page.on("console", self._console)
        page.on("response", self._response)

    def check(self) -> None:
        assert not self.all, "the page had problems:\n" + "\n".join(self.all)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.all.append(f"console error: {message.text}")

    def _response(self, response: Response) -> None:
        if response.url.startswith(self.origin) and response.status >= 400:
            self.all.append(f"HTTP {response.status} for {response.request.method} {response.url}")


class PlayPage:
    """The play page of one browser page, and the actions of a player on it."""

    def __init__(self, page: Page, origin: str, problems: PageProblems) -> None:
        self.page = page
        self.origin = origin
        self.problems = problems

    # -- navigation ---------------------------------------------------------------------

    def url(self, path: str) -> str:
        return self.origin + path

    def open(self, path: str = "/en/mahjong/play/", *, drawn: bool = True) -> dict[str, Any]:
        self.page.goto(self.url(path))
        return self.wait_ready(drawn=drawn)

    def reload(self, *, drawn: bool = True) -> dict[str, Any]:
        self.page.reload()
        return self.wait_ready(drawn=drawn)

    def wait_ready(self, *, drawn: bool = True) -> dict[str, Any]:
        self.page.wait_for_function(GAME_SHOWN)
        if drawn:
            self.page.wait_for_function(BOARD_DRAWN)
        return self.state()

    # -- reading the game -----------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate("() => window.miaojong.state()")
        return state

    def wait_until(self, condition: str, arg: Any = None) -> dict[str, Any]:
        """Wait until the JS ``condition`` holds for the state ``s`` (and ``arg``); the state then."""
        script = (
            "(arg) => { const s = window.miaojong && window.miaojong.state(); return Boolean(s) && (%s); }"
        )
        self.page.wait_for_function(script % condition, arg=arg)
        return self.state()

    def saved(self) -> Any:
        """The game saved in localStorage, parsed."""
        text = self.page.evaluate("(key) => localStorage.getItem(key)", STATE_KEY)
        return None if text is None else json.loads(text)

    def face_names(self) -> dict[str, str]:
        """The tile names the page announces, by face label, in the page's language."""
        names: dict[str, str] = self.page.evaluate(
            "() => JSON.parse(document.getElementById('play-config').textContent).faceNames"
        )
        return names

    def live_text(self) -> str:
        return self.page.locator("#play-live").text_content() or ""

    def status_figure(self, name: str) -> str:
        """The figure of a status-line item (time, score, level, moves, hints, pairs...)."""
        return self.page.locator(f"#play-status .play-stat-{name} b").inner_text()

    # -- a player's actions ---------------------------------------------------------------

    def tile_center(self, i: int) -> tuple[float, float]:
        center = self.page.evaluate("(i) => window.miaojong.tileCenter(i)", i)
        assert center is not None, f"tile {i} is not on the board"
        size = self.page.viewport_size
        assert size is not None
        x, y = center["x"], center["y"]
        assert 0 <= x < size["width"] and 0 <= y < size["height"], f"tile {i} at {x}, {y} is off screen"
        return x, y

    def click_tile(self, i: int) -> None:
        self.page.mouse.click(*self.tile_center(i))

    def select(self, i: int) -> dict[str, Any]:
        self.click_tile(i)
        return self.wait_until("s.selected === arg", i)

    def match(self, a: int, b: int) -> dict[str, Any]:
        """Click a then b, and wait until the pair is gone."""
        self.select(a)
        self.click_tile(b)
        return self.wait_until("s.tiles[arg[0]] === null && s.tiles[arg[1]] === null", [a, b])

    def play_pairs(self, pairs: Sequence[Sequence[int]]) -> dict[str, Any]:
        """Take the pairs in order by clicking, at the pace of a fast, honest player.

        The server refuses matches closer than a person can tap and holds for
        review a game faster than the layout's pace floor (game.mahjong.api.timing)
        or with a cadence more regular than REGULAR_CV
        (game.mahjong.api.submissions): each match waits
        on the game clock for one of HUMAN_GAPS_MS after the one before, so the
        entry is ranked at once like a real player's.
        """
        state = self.state()
        last = state["elapsedMs"]
        for k, (a, b) in enumerate(pairs):
            gap = HUMAN_GAPS_MS[k % len(HUMAN_GAPS_MS)]
            self.wait_until("s.elapsedMs >= arg", last + gap)
            state = self.match(a, b)
            last = state["elapsedMs"]
        return state

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def focus_board(self) -> None:
        self.page.locator("#play-canvas").focus()


# -- the engine's view of a board -------------------------------------------------------------


def plan_of(code: str, level: int = 1) -> list[tuple[int, int]]:
    """The winning plan the deal of ``code`` was built with."""
    return list(deal(GameCode.parse(code), level).plan)


def board_of(state: dict[str, Any]) -> Board:
    code = GameCode.parse(state["code"])
    return Board(get_layout(code.layout_id), state["tiles"])


def occupied(tiles: Sequence[str | None]) -> set[int]:
    return {i for i, face in enumerate(tiles) if face is not None}
