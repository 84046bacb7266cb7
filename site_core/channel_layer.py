"""The Redis channel layer, with a connection pool that makes a burst wait its turn.

channels-redis gives each process a redis-py pool of the default kind, which since redis-py 8
holds at most 100 connections and raises ``MaxConnectionsError`` for the 101st. Every socket's
group_add, group_send and group_discard borrows one for a moment, so a burst (the sockets of a
restarted server all coming back to this one, each saying hello at once) ran past it, and the
layer's error tore down sockets in the middle of an answer. This pool waits for a free
connection instead, for a bounded time: Redis answers each command in well under a millisecond,
so a queue of a few hundred clears at once, and the server sees no more connections than the pool
holds however many sockets a process serves.
"""

from __future__ import annotations

from typing import Any

from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool


class QueuedRedisChannelLayer(RedisChannelLayer):  # type: ignore[misc]
    """channels-redis whose hosts take ``max_connections`` and ``timeout`` (the longest wait for a
    connection, in seconds) for a pool that queues."""

    def create_pool(self, index: int) -> BlockingConnectionPool:
        host: dict[str, Any] = dict(self.hosts[index])
        return BlockingConnectionPool.from_url(host.pop("address"), **host)
