"""Browser tests: the real play page in the system Chromium against the real server and database.

pytest-playwright gives one browser per session and a new context (and page)
per test; pytest-django's ``live_server`` serves the site from a thread of this
process, so the test and the server share the settings and the cache.

Outside CI the tests skip when no Chromium is installed; with ``CI=true`` (set
by ``.ci/run``, which installs it) a missing browser is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.asgi_server import asgi_live_server  # noqa: F401  (the online rooms' server)
from tests.browser.chromium import CHROMIUM_ARGS, find_chromium
from tests.browser.helpers import PageProblems, PlayPage

# Playwright's sync API runs an asyncio event loop in the test's thread, and
# Django refuses ORM calls from a thread with a running loop
# (SynchronousOnlyOperation). The loop never runs our ORM code concurrently, so
# the check is a false alarm here.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

WAIT_MS = 15_000
"""Longest wait for anything in a page (Playwright's default of 30 s makes a failure slow to show)."""
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-GB",
}
"""A 390-px-wide phone held upright."""
GENEROUS_RATES = dict.fromkeys(django_settings.THROTTLE_PER_MINUTE, "100000/min")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: end-to-end test in Chromium (Playwright)")
    # pytest-base-url (a pytest-playwright dependency) declares its session fixture in a
    # way pytest 9 deprecates; nothing of ours to change.
    config.addinivalue_line("filterwarnings", "ignore:Session-scoped fixtures defined as instance methods")
    # The ASGI server's static files (site_core/asgi.py silences it too, but pytest resets filters).
    config.addinivalue_line(
        "filterwarnings", "ignore:StreamingHttpResponse must consume synchronous iterators"
    )


def on_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, with the system Chromium (Playwright cannot download one here)."""
    chromium = find_chromium()
    if chromium is None:
        message = "no Chromium at /usr/bin/chromium: install the chromium package for the browser tests"
        if on_ci():
            pytest.fail(message)
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "locale": "en-GB"}


@pytest.fixture(autouse=True)
def _fresh_throttles(settings: Any) -> Iterator[None]:
    """Generous API rates and zeroed counts: a whole game makes many requests from one address.

    The live server runs in a thread of this process, so it sees these settings
    and this (in-process) cache.
    """
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": dict(GENEROUS_RATES)}
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def problems(page: Page, live_server: Any) -> Iterator[PageProblems]:
    """Every uncaught page error, console error and failed request of ours; the test fails on any."""
    seen = PageProblems(live_server.url)
    seen.watch(page)
    yield seen
    seen.check()


@pytest.fixture
def play(page: Page, live_server: Any, problems: PageProblems) -> PlayPage:
    """The play page driver on a desktop-sized page."""
    page.set_default_timeout(WAIT_MS)
    return PlayPage(page, live_server.url, problems)


@pytest.fixture
def new_play_page(browser: Browser, live_server: Any) -> Iterator[Callable[..., PlayPage]]:
    """Play page drivers in browser contexts of their own (``new_context`` options), checked like ``play``."""
    opened: list[tuple[BrowserContext, PageProblems]] = []

    def make(**options: Any) -> PlayPage:
        context = browser.new_context(**options)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        seen = PageProblems(live_server.url)
        seen.watch(page)
        opened.append((context, seen))
        return PlayPage(page, live_server.url, seen)

    yield make
    for context, _ in opened:
        context.close()
    for _, seen in opened:
        seen.check()


@pytest.fixture
def phone(new_play_page: Callable[..., PlayPage]) -> PlayPage:
    """The play page driver on a phone-sized touch screen."""
    return new_play_page(**PHONE)


@pytest.fixture
def shots() -> Path:
    """The folder MIAOJONG_SHOTS names, for screenshots to look at; without it, the test is skipped."""
    folder = os.environ.get("MIAOJONG_SHOTS")
    if not folder:
        pytest.skip("set MIAOJONG_SHOTS to a folder to write the screenshots")
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path
