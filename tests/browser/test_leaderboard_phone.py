"""The leaderboards on a phone: every column of every row is on screen, none cut, no sideways scrolling."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from playwright.sync_api import Page

from game.mahjong.daily import daily_code, today
from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage
from tests.mahjong.api.conftest import make_score

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONGEST_NAME = "Wolfgang Amadeus Mozart1"
"""As long as a name may be (24 characters), and wide letters."""

# Where any cell of the page's tables, or the page itself, reaches past the viewport's sides.
OUTSIDE = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const page = document.documentElement.scrollWidth;
  if (page > width) out.push(`page ${page}`);
  for (const cell of document.querySelectorAll(".board-table th, .board-table td")) {
    const box = cell.getBoundingClientRect();
    const text = cell.textContent.trim();
    if (box.left < 0 || box.right > width + 0.5) out.push(`${text}: ${box.left}-${box.right}`);
  }
  return out;
}"""

# Cells whose text is cut (wider than the cell): only a name may be shortened, with an ellipsis.
CUT = """() => [...document.querySelectorAll(".board-table th, .board-table td:not(.board-name)")]
  .filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent.trim())"""


def busy_boards() -> None:
    """Classic and arcade entries with the widest figures: hours, penalties, big scores, long names."""
    long_ago = timezone.now() - dt.timedelta(days=200)
    for k in range(12):
        make_score(
            name=f"{LONGEST_NAME[:-2]}{k:02}",
            time_ms=3_600_000 + 61_000 * k,
            hints=10 + k,
            shuffles=3,
            created=long_ago,
        )
        make_score(
            name=f"{LONGEST_NAME[:-2]}{k:02}", mode="arcade", score=1_234_567 - k, level=12, created=long_ago
        )
    day = today()
    for mode in ("classic", "arcade"):
        for _ in range(3):
            make_score(
                name=LONGEST_NAME,
                mode=mode,
                daily=day,
                code=str(daily_code(day, mode)),
                hints=11,
                shuffles=2,
                time_ms=3_700_000 if mode == "classic" else None,
                score=987_654 if mode == "arcade" else None,
            )


def on_phone(new_play_page: Callable[..., PlayPage], language: str) -> tuple[PlayPage, Page]:
    play = new_play_page(**{**PHONE, "locale": language})
    return play, play.page


@pytest.mark.parametrize("language", ["en", "it", "pl", "ru", "fr"])
@pytest.mark.parametrize(
    ("view", "query", "tables"),
    [
        ("mahjong:leaderboard", "", 1),
        ("mahjong:leaderboard", "?mode=arcade", 1),
        ("mahjong:daily_leaderboard", "", 2),
    ],
)
def test_every_column_of_a_busy_board_fits_a_phone(
    new_play_page: Callable[..., PlayPage], language: str, view: str, query: str, tables: int
) -> None:
    busy_boards()
    with translation.override(language):
        path = reverse(view) + query
    play, page = on_phone(new_play_page, language)
    page.goto(play.url(path))
    assert page.locator(".board-table").count() == tables
    assert page.locator(".board-table tbody tr").count() >= 3
    page.screenshot(
        path=f"/tmp/shots/board-{language}-{tables}-{len(query)}.png", full_page=True, scale="css"
    )
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate(CUT) == []
