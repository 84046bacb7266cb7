"""The site's menu on a phone: one button in the header, the pages and the languages behind it,
so that a page (the home page's Play button first of all) starts near the top of the screen;
on a wide screen the menu stays spread out in the header."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import PHONE
from tests.browser.helpers import PlayPage

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_on_a_phone_the_menu_waits_behind_one_button(new_play_page: Callable[..., PlayPage]) -> None:
    phone = new_play_page(**PHONE)
    page = phone.page
    page.goto(phone.url("/fr/"))
    inline = page.locator(".header-row > .main-nav")
    button = page.locator(".site-menu > summary")
    assert not inline.is_visible() and button.is_visible()
    play = page.locator(".game-card--mahjong .button-play")
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["viewport"]["height"], (
        "Play is on the first screen"
    )

    button.click()
    tiles = page.locator(".site-menu-panel .main-nav a").first
    assert tiles.is_visible()
    italian = page.locator(".site-menu-panel .language-switcher a[hreflang=it]")
    italian.click()
    page.wait_for_url("**/it/")


def test_on_a_wide_screen_the_menu_is_spread_out(new_play_page: Callable[..., PlayPage]) -> None:
    wide: dict[str, Any] = {"viewport": {"width": 1280, "height": 720}}
    desktop = new_play_page(**wide)
    desktop.page.goto(desktop.url("/en/"))
    assert desktop.page.locator(".header-row > .main-nav").is_visible()
    assert not desktop.page.locator(".site-menu").is_visible()
