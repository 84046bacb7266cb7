"""Fixtures for the content site's tests."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.core.cache import caches
from django.core.management import call_command

from rules.content import FAQ_ENTRIES, LANGUAGES, PAGES

__all__ = ["FAQ_ENTRIES", "LANGUAGES", "PAGES"]


@pytest.fixture(autouse=True)
def empty_page_cache() -> Iterator[None]:
    """Whole pages are cached: every test starts and ends with an empty cache."""
    caches["pages"].clear()
    yield
    caches["pages"].clear()


@pytest.fixture
def content(db: None) -> None:
    """Every page and question in every language, as a fresh database has them."""
    call_command("load_sample_content", verbosity=0)


def page_url(key: str, language: str) -> str:
    page = next(page for page in PAGES if page.key == key)
    if key == "home":
        return f"/{language}/"
    return f"/{language}/{page.texts[language]['slug']}/"


def alternates(html: str) -> dict[str, str]:
    return dict(re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', html))


def switcher(html: str) -> dict[str, str]:
    """The language switcher's links: language code to address."""
    nav = html.split('class="language-switcher"', 1)[1].split("</nav>", 1)[0]
    return {code: url for url, code in re.findall(r'<a href="([^"]+)" hreflang="([\w-]+)"', nav)}
