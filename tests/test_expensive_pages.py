"""Pages that cost the server something at each view: cached whatever port ``Host`` names, or
rate-limited per client address.

A varied port in ``Host`` (the allowed hosts name none) used to give each request a cache key of
its own, so every home page was built anew; the leaderboard and daily pages read the database at
every view and had no rate limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from pytest_django import Settings

from tests.api.conftest import _fresh_throttles

__all__ = ["_fresh_throttles"]  # counts of each test's own

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_page_cache() -> Iterator[None]:
    caches["pages"].clear()
    yield
    caches["pages"].clear()


def queries_of(client: Client, path: str, **extra: Any) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, **extra)
    assert response.status_code == 200, response
    return len(queries), response.content.decode()


@pytest.mark.usefixtures("sample_pages")
def test_a_home_page_asked_with_any_port_is_served_from_the_cache(client: Client) -> None:
    built, _ = queries_of(client, "/en/", HTTP_HOST="localhost")
    cached, _ = queries_of(client, "/en/", HTTP_HOST="localhost")
    assert cached < built
    for port in (1, 8080, 9999, 65535):
        assert queries_of(client, "/en/", HTTP_HOST=f"localhost:{port}")[0] == cached, port


@pytest.mark.usefixtures("sample_pages")
def test_a_page_asked_with_a_port_of_the_clients_choosing_is_not_kept(client: Client) -> None:
    """Its links would carry that port: kept, it would send every later visitor there."""
    built, chosen = queries_of(client, "/en/", HTTP_HOST="localhost:9999")
    assert "localhost:9999" in chosen
    again, page = queries_of(client, "/en/", HTTP_HOST="localhost")
    assert again == built, "built anew: the page with the chosen port was not stored"
    assert ":9999" not in page


def limited_to(settings: Settings, per_minute: int) -> None:
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "boards": f"{per_minute}/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


TOO_MANY = {
    "en": "Too many pages at once",
    "it": "Troppe pagine in una volta",
    "pl": "Zbyt wiele stron naraz",
    "ru": "Слишком много страниц сразу",
    "fr": "Trop de pages à la fois",
}


@pytest.mark.parametrize("language", list(TOO_MANY))
def test_the_leaderboard_and_daily_pages_are_rate_limited_per_address(
    client: Client, settings: Settings, language: str
) -> None:
    limited_to(settings, 3)
    with translation.override(language):
        pages = [reverse("mahjong:leaderboard"), reverse("mahjong:daily_leaderboard")]
    answers = [client.get(pages[k % 2]) for k in range(3)]
    assert [answer.status_code for answer in answers] == [200] * 3
    refused = client.get(pages[1], {"date": "2024-01-01"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert TOO_MANY[language] in refused.content.decode()
    other = client.get(pages[0], REMOTE_ADDR="192.0.2.7")
    assert other.status_code == 200, "another address has an allowance of its own"
