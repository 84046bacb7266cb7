"""Small helpers shared by the benchmark scripts (not collected by pytest)."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable


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
