"""Redis databases of each pytest-xdist worker's own, when the workers share one Redis server."""

from __future__ import annotations

import os

REDIS_DATABASES = 16
CACHE, CHANNELS = 0, REDIS_DATABASES // 2
"""Where a worker's databases start below REDIS_URL's: its caches', then its channel layer's (up
to eight workers never share one)."""


def redis_url_of_this_worker(url: str, purpose: int = CHANNELS) -> str:
    """``url`` (a Redis URL) on this xdist worker's own database for ``purpose`` (CACHE or
    CHANNELS): REDIS_URL's database for worker gw0's caches, then the ones below it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    base, _, number = url.rpartition("/")
    if not number.isdigit():  # the URL names no database: it is database 0
        base, number = url.rstrip("/"), "0"
    index = int(worker.removeprefix("gw") or 0)
    return f"{base}/{(int(number) - purpose - index) % REDIS_DATABASES}"
