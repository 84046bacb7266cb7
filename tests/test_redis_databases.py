"""The xdist workers' Redis databases, when they share one Redis server (the PostgreSQL + Redis
run of .ci/run): no worker's ``cache.clear()`` may reach another worker's cache or rooms."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.conf import settings

from tests.redis_databases import CACHE, CHANNELS, REDIS_DATABASES, redis_url_of_this_worker

URL = "redis://127.0.0.1:6379/15"


def database(url: str) -> int:
    return int(url.rpartition("/")[2])


def test_eight_workers_get_a_cache_and_a_channel_database_each_none_shared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    taken = []
    for worker in range(8):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", f"gw{worker}")
        taken += [database(redis_url_of_this_worker(URL, p)) for p in (CACHE, CHANNELS)]
    assert sorted(taken) == list(range(REDIS_DATABASES))
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    assert redis_url_of_this_worker(URL, CACHE) == URL
    assert redis_url_of_this_worker("redis://127.0.0.1:6379", CHANNELS) == "redis://127.0.0.1:6379/8"


@pytest.mark.django_db  # not for the database: to be in the PostgreSQL + Redis run, where it counts
def test_this_workers_channel_layer_is_on_no_database_any_workers_cache_uses() -> None:
    redis_url = os.environ.get("REDIS_URL")
    if not os.environ.get("PYTEST_XDIST_WORKER") or not redis_url:
        pytest.skip("only with Redis under pytest-xdist (the PostgreSQL + Redis run of .ci/run)")
    on_redis = [config for config in settings.CACHES.values() if "Redis" in config["BACKEND"]]
    caches = {database(str(config["LOCATION"])) for config in on_redis}
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    hosts: list[dict[str, str]] = layer["CONFIG"]["hosts"]
    layers = {database(host["address"]) for host in hosts}
    any_workers_caches = {(database(redis_url) - worker) % REDIS_DATABASES for worker in range(8)}
    assert caches and layers
    assert caches <= any_workers_caches
    assert not layers & any_workers_caches
