"""The play page's settings dialog: tile style, corner marks, blocked tiles unveiled, sound.

Screenshots of the board on a phone in Polish and Russian in every style are written when
MIAOJONG_SHOTS names a folder (skipped otherwise), e.g.
``MIAOJONG_SHOTS=/tmp/contact CI=true .venv/bin/pytest tests/browser/test_settings.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage, board_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SPRITES_LOADED = (
    "() => performance.getEntriesByType('resource').map((e) => e.name)"
    ".filter((n) => /-sprite[.](svg|webp)$/.test(n))"
)
"""The sprite sheets the page fetched, by URL: the bitmaps alone, at the tile sizes of these tests."""

PIXEL_AT = """([x, y]) => {
  const canvas = document.getElementById('play-canvas');
  const box = canvas.getBoundingClientRect();
  const scale = canvas.width / box.width;
  const data = canvas.getContext('2d').getImageData(Math.round((x - box.left) * scale),
    Math.round((y - box.top) * scale), 1, 1).data;
  return data[0] + data[1] + data[2];
}"""
"""The brightness (r + g + b) of the board's canvas at a point of the viewport."""


def play_path(language: str) -> str:
    with translation.override(language):
        return reverse("mahjong:play")


def open_settings(play: PlayPage) -> None:
    play.page.locator('[data-action="settings"]').click()
    play.page.locator("#play-settings-dialog[open]").wait_for()


def blocked_tile_point(play: PlayPage) -> tuple[float, float]:
    """The centre of a blocked tile that nothing lies on (its whole face is in sight)."""
    state = play.state()
    board = board_of(state)
    free = set(board.free_tiles())
    positions = board.layout.positions

    def uncovered(i: int) -> bool:
        x, y, z = positions[i]
        return not any(
            state["tiles"][j] is not None and zj == z + 1 and abs(xj - x) < 2 and abs(yj - y) < 2
            for j, (xj, yj, zj) in enumerate(positions)
        )

    blocked = next(i for i, face in enumerate(state["tiles"]) if face and i not in free and uncovered(i))
    return play.tile_center(blocked)


def test_settings_apply_at_once_and_are_kept_after_a_reload(play: PlayPage) -> None:
    play.open()
    style = play.state()["style"]
    sheet = play.url(f"/static/mahjong/tiles/{style}-en-sprite.webp")
    assert play.page.evaluate(SPRITES_LOADED) == [sheet], "the English marks by default"
    point = blocked_tile_point(play)
    veiled = play.page.evaluate(PIXEL_AT, point)

    open_settings(play)
    dialog = play.page.locator("#play-settings-dialog")
    assert dialog.locator('input[name="marks"]').is_checked()
    assert not dialog.locator('input[name="unveil"]').is_checked()
    assert not dialog.locator('input[name="sound"]').is_checked()
    assert dialog.locator(f'input[name="style"][value="{style}"]').is_checked()
    dialog.locator('input[name="unveil"]').check()
    play.page.wait_for_function(
        "([point, veiled]) => (" + PIXEL_AT + ")(point) > veiled", arg=[point, veiled]
    )  # the blocked tile is drawn plain at once: lighter than under the veil
    dialog.locator('input[name="marks"]').uncheck()
    dialog.locator('input[name="sound"]').check()
    dialog.locator('input[name="style"][value="numbers"]').check()
    play.wait_until("s.style === 'numbers'")
    dialog.locator("#play-settings-close").click()
    assert not dialog.is_visible()

    state = play.reload()
    assert state["style"] == "numbers"
    open_settings(play)
    assert not dialog.locator('input[name="marks"]').is_checked()
    assert dialog.locator('input[name="unveil"]').is_checked()
    assert dialog.locator('input[name="sound"]').is_checked()
    assert dialog.locator('input[name="style"][value="numbers"]').is_checked()
    stored = play.page.evaluate(
        "() => ['marks', 'unveil', 'sound'].map((n) => localStorage.getItem('miaojong:mahjong:prefs:' + n))"
    )
    assert stored == ["off", "on", "on"]

    # Marks off on a style that has them: its sheet without marks is the one fetched.
    dialog.locator('input[name="style"][value="classic"]').check()
    play.wait_until("s.style === 'classic'")
    assert play.url("/static/mahjong/tiles/classic-plain-sprite.webp") in play.page.evaluate(SPRITES_LOADED)
    assert play.url("/static/mahjong/tiles/classic-en-sprite.webp") not in play.page.evaluate(SPRITES_LOADED)


def test_the_t_key_and_the_dialog_agree_on_the_style(play: PlayPage) -> None:
    before = play.open()["style"]
    play.focus_board()
    play.press("t")
    style = play.wait_until("s.style !== arg", before)["style"]
    open_settings(play)
    assert play.page.locator(f'#play-settings-dialog input[name="style"][value="{style}"]').is_checked()
    assert "Tile style:" in play.live_text()


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_the_page_fetches_its_languages_marks(play: PlayPage, language: str) -> None:
    style = play.open(play_path(language))["style"]
    assert play.page.evaluate(SPRITES_LOADED) == [
        play.url(f"/static/mahjong/tiles/{style}-{language}-sprite.webp")
    ]


@pytest.mark.parametrize("language", ["pl", "ru"])
@pytest.mark.parametrize("style", ["kittens", "classic", "numbers"])
def test_phone_screenshots_in_polish_and_russian(
    shots: Path, new_play_page: Callable[..., PlayPage], language: str, style: str
) -> None:
    play = new_play_page(**PHONE)
    play.open(play_path(language))
    play.page.evaluate("(style) => localStorage.setItem('miaojong:mahjong:prefs:style', style)", style)
    assert play.reload()["style"] == style
    play.page.screenshot(path=shots / f"phone-{language}-{style}.png")
    play.press("z")
    play.wait_until("s.view === 'closeup'")
    play.page.screenshot(path=shots / f"phone-{language}-{style}-closeup.png")
