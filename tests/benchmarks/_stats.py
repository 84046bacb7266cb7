"""Small helpers shared by the benchmark scripts (not collected by pytest)."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

PACE = (0.25, -0.15, 0.3, -0.25, 0.1, -0.3, 0.2, -0.05)
"""A person's uneven pace: each gap up to 30% of a step early or late (as tests/mahjong/api/conftest.py
plays). An even pace is a program's: the server holds such a game for review."""


def pin_to_one_core() -> str:
    """Run on a single core, as the targets are stated per core."""
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"pinned to core {core}"
    return "not pinned (no sched_setaffinity)"


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    rank = max(1, round(fraction * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def time_calls(call: Callable[[int], object], count: int) -> list[float]:
    """Milliseconds taken by ``call(i)`` for i in range(count), sorted."""
    times = []
    for i in range(count):
        start = time.perf_counter()
        call(i)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times


def summary(times: list[float]) -> str:
    return (
        f"median {statistics.median(times):7.2f} ms  p99 {percentile(times, 0.99):7.2f} ms  "
        f"max {times[-1]:7.2f} ms"
    )


@contextmanager
def scratch_site(log_level: str = "WARNING") -> Iterator[None]:
    """Django set up on a migrated SQLite database of its own, production settings, no rate limits.

    For the benchmarks that call the site in process (``django.test.Client``): the
    throttles would otherwise refuse most of the calls from the one address.
    """
    with tempfile.TemporaryDirectory(prefix="miaojong-bench-") as folder:
        os.environ["DJANGO_DEBUG"] = "1"
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        os.environ["DJANGO_LOG_LEVEL"] = log_level
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_core.settings")

        import django

        django.setup()

        from django.conf import settings
        from django.core.management import call_command
        from django.db import connection
        from django.test.utils import override_settings

        call_command("migrate", verbosity=0)
        rates = dict.fromkeys(settings.THROTTLE_PER_MINUTE, "1000000/min")
        rest = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
        with override_settings(DEBUG=False, REST_FRAMEWORK=rest):
            yield
        connection.close()
