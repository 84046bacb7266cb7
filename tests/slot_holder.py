"""Other processes for the tests of game/core/heavy.py: one holding some of the machine's slots,
one running a pool as a server process does.

Kept apart from the tests that start it: a ``spawn`` process imports the module of
its target, and this one needs no Django.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from game.core import heavy

WAIT_S = 60.0
"""Only a bound against a hang: the test says when to let go."""


def hold_slots(redis_url: str | None, directory: str, count: int, limit: int, ready: Any, done: Any) -> None:
    """Take ``count`` of the machine's slots, say whether it got them, hold them until told, give
    them back (unless killed first: then the kernel frees lock files, and Redis's leases run out)."""
    store = heavy.RedisSlots(redis_url, heavy.slot_key()) if redis_url else heavy.FileSlots(Path(directory))
    tokens = [store.try_acquire(limit) for _ in range(count)]
    ready.put(all(token is not None for token in tokens))
    done.wait(WAIT_S)
    for token in tokens:
        if token is not None:
            store.release(token)


def run_a_pool(pids: Any, done: Any) -> None:
    """Make a pool as a server process does, say its process's id, wait until told (or killed)."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context, initializer=heavy._start_pool_process) as pool:
        pids.put(pool.submit(os.getpid).result(timeout=WAIT_S))
        done.wait(WAIT_S)
