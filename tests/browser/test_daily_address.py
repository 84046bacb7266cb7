"""A saved daily challenge of an earlier day: its address is its code's, not ``?daily=`` (today's)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from tests.browser.helpers import STATE_KEY, PlayPage, plan_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_daily_of_an_earlier_day_comes_back_under_its_code_not_the_daily_address(
    play: PlayPage, new_play_page: Callable[..., PlayPage]
) -> None:
    daily = play.open("/en/mahjong/play/?daily=classic")
    play.play_pairs(plan_of(daily["code"])[:1])
    # The next morning: the saved game is yesterday's challenge. (Changed from another page:
    # the play page saves its game when it is left.)
    play.page.goto(play.url("/en/"))
    yesterday = (dt.date.fromisoformat(daily["daily"]) - dt.timedelta(days=1)).isoformat()
    play.page.evaluate(
        """([key, day]) => { const saved = JSON.parse(localStorage.getItem(key));
        saved.state.daily = day; localStorage.setItem(key, JSON.stringify(saved)); }""",
        [STATE_KEY, yesterday],
    )
    again = play.open("/en/mahjong/play/", drawn=False)
    assert (again["daily"], again["code"], again["moves"]) == (yesterday, daily["code"], 1)
    play.page.wait_for_url(play.url(f"/en/mahjong/play/{daily['code']}/"))
    href = play.page.locator("#play-code-link").get_attribute("href") or ""
    assert "daily" not in href and href.endswith(f"/en/mahjong/play/{daily['code']}/")
    # Whoever follows that link plays the same deal, not today's challenge.
    friend = new_play_page()
    theirs = friend.open(href)
    assert (theirs["code"], theirs["moves"]) == (daily["code"], 0)
