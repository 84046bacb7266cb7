"""What the site keeps in Redis expires by itself, so Redis can run with ``maxmemory-policy noeviction``.

Runs where the default cache is Redis (``REDIS_URL``, as ``.ci/run`` sets it); elsewhere there
is no Redis to look into.
"""

from __future__ import annotations

import json
import uuid

import pytest
from django.core.cache import caches
from django.test import Client
from pytest_django import Settings

pytestmark = pytest.mark.django_db

LONGEST_TTL_S = 60
"""The rate limits' window (per minute): no count outlives it."""


def test_every_key_that_requests_leave_in_redis_expires_within_a_minute(
    client: Client, settings: Settings
) -> None:
    if "RedisCache" not in settings.CACHES["default"]["BACKEND"]:
        pytest.skip("the default cache is not Redis here (REDIS_URL is unset)")
    prefix = f"bounded-{uuid.uuid4().hex}"
    settings.CACHES = {name: {**config, "KEY_PREFIX": prefix} for name, config in settings.CACHES.items()}
    board = json.dumps({"layout": "L00", "tiles": [None] * 144})
    answers = [
        client.get("/api/layouts/").status_code,
        client.post("/api/solve/", board, content_type="application/json").status_code,
        client.post("/api/deals/", {"layout": "L00"}, content_type="application/json").status_code,
        client.get("/healthz").status_code,
        client.get("/en/").status_code,
    ]
    assert answers == [200, 200, 201, 200, 200]
    redis = caches["default"]._cache.get_client()  # type: ignore[attr-defined]
    keys = list(redis.scan_iter(match=f"{prefix}:*"))
    assert len(keys) >= 3, keys  # one count per rate-limited scope used
    expiries = {key: redis.ttl(key) for key in keys}
    assert all(0 < ttl <= LONGEST_TTL_S for ttl in expiries.values()), expiries
