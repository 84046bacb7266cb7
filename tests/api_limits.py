"""The API tests' rate limits: generous, and throttle counts of each test's own.

The counts live in the cache and would otherwise carry over from test to test; a
test about throttling sets its own rates through ``settings``.  A folder of API tests
takes :func:`_fresh_throttles` in its conftest.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client

GENEROUS_RATES = dict.fromkeys(django_settings.THROTTLE_PER_MINUTE, "100000/min")


@pytest.fixture(autouse=True)
def _fresh_throttles(settings: Any) -> None:
    """Generous rates, and throttle counts of this test's own.

    The counts live in the default cache (LocMem, or Redis with REDIS_URL):
    a key prefix of its own per test starts them from zero without flushing a
    cache that something else might share.
    """
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": dict(GENEROUS_RATES)}
    prefix = f"api-test-{uuid.uuid4().hex}"
    settings.CACHES = {name: {**config, "KEY_PREFIX": prefix} for name, config in settings.CACHES.items()}


def post(client: Client, path: str, body: Any) -> Any:
    return client.post(path, body, content_type="application/json")
