"""The Redis channel layer's pool: a burst of group calls waits for a connection, none fails.

Runs where the layer is Redis (``REDIS_URL``, the PostgreSQL + Redis run of .ci/run).
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels_redis.core import RedisChannelLayer
from django.conf import settings
from redis.exceptions import MaxConnectionsError

from site_core.channel_layer import QueuedRedisChannelLayer

pytestmark = pytest.mark.django_db  # not for the database: to be in the PostgreSQL + Redis run

POOL = 2
BURST = 40
"""Far more sockets at once than the pool holds connections, as after a server restart."""


def redis_host() -> dict[str, Any]:
    config: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    if "Redis" not in config["BACKEND"]:
        pytest.skip("the channel layer is not Redis here (REDIS_URL is unset)")
    host: dict[str, Any] = config["CONFIG"]["hosts"][0]
    return host


def burst_of_hellos(layer: RedisChannelLayer) -> list[BaseException | None]:
    """``BURST`` sockets join a group and tell it so, all at once; what each one raised."""
    group = f"burst-{uuid.uuid4().hex}"

    async def hello(number: int) -> None:
        await layer.group_add(group, f"{layer.client_prefix}!{number}")
        await layer.group_send(group, {"type": "room.presence"})

    async def everyone() -> list[BaseException | None]:
        try:
            return await asyncio.gather(*(hello(n) for n in range(BURST)), return_exceptions=True)
        finally:
            await layer.flush()

    return async_to_sync(everyone)()


def test_a_burst_larger_than_the_pool_waits_for_connections_and_every_call_succeeds() -> None:
    host = {**redis_host(), "max_connections": POOL, "timeout": 10}
    raised = burst_of_hellos(QueuedRedisChannelLayer(hosts=[host]))
    assert raised == [None] * BURST


def test_channels_redis_own_pool_of_the_same_size_fails_such_a_burst() -> None:
    # What the queue is for: the pool channels-redis makes raises as soon as it is empty.
    host = {key: value for key, value in redis_host().items() if key != "timeout"}
    raised = burst_of_hellos(RedisChannelLayer(hosts=[{**host, "max_connections": POOL}]))
    assert any(isinstance(error, MaxConnectionsError) for error in raised)


def test_the_site_layer_queues_with_a_bounded_pool() -> None:
    host = redis_host()
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "site_core.channel_layer.QueuedRedisChannelLayer"
    assert (host["max_connections"], host["timeout"]) == (
        settings.CHANNELS_REDIS_CONNECTIONS,
        settings.CHANNELS_REDIS_WAIT_S,
    )
