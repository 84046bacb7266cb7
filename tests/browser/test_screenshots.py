"""Screenshots of the play page at desktop and phone size in every tile style, to look at.

Written only when MIAOJONG_SHOTS names a folder (skipped otherwise), e.g.
``MIAOJONG_SHOTS=/tmp/shots CI=true .venv/bin/pytest tests/browser/test_screenshots.py``.
Each shot shows a hint pair and a selected tile, so the highlights can be judged too.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage, board_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}, "locale": "en-GB"},
    "phone": PHONE,
}
STYLES = ["kittens", "classic", "numbers"]


@pytest.fixture
def shots() -> Path:
    folder = os.environ.get("MIAOJONG_SHOTS")
    if not folder:
        pytest.skip("set MIAOJONG_SHOTS to a folder to write the screenshots")
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, new_play_page: Callable[..., PlayPage]) -> tuple[str, PlayPage]:
    return request.param, new_play_page(**SIZES[request.param])


@pytest.mark.parametrize("style", STYLES)
def test_screenshots_of_the_board(shots: Path, sized: tuple[str, PlayPage], style: str) -> None:
    size, play = sized
    play.open()
    play.page.evaluate("(style) => localStorage.setItem('miaojong:mahjong:prefs:style', style)", style)
    state = play.reload()
    assert state["style"] == style

    play.press("h")
    state = play.wait_until("s.hint !== null")
    hinted = set(state["hint"])
    other = next(i for i in board_of(state).free_tiles() if i not in hinted)
    play.select(other)
    play.page.wait_for_function("() => document.getElementById('play-live').textContent !== ''")
    play.page.screenshot(path=shots / f"{size}-{style}.png")
    play.page.screenshot(path=shots / f"{size}-{style}-page.png", full_page=True)
    if size == "phone":
        play.press("z")
        play.wait_until("s.view === 'closeup'")
        play.page.screenshot(path=shots / f"{size}-{style}-closeup.png")
