"""Requests whose computation the test holds: real threads against a view, no sleeping.

A second-long endpoint's call of the pool (``game.core.heavy.run_in_pool``,
made while it holds one of the machine's slots) is replaced by one that says it
has started and then waits for the test to let it go before it calls the pool,
so the test knows exactly how many computations are under way when it sends the
next request.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.test import Client

from game.core import heavy

from .conftest import post

WAIT_S = 30.0
"""Only a bound against a hang: every wait ends as soon as its event happens."""


@dataclass
class Gate:
    """Counts the held computations that have started, and lets them all finish at once."""

    started: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(0))
    opened: threading.Event = field(default_factory=threading.Event)

    def hold(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def held(*args: Any, **kwargs: Any) -> Any:
            self.started.release()
            if not self.opened.wait(WAIT_S):
                raise TimeoutError("the test never let the computation go")
            return real(*args, **kwargs)

        return held

    def wait_for_starts(self, count: int) -> None:
        for _ in range(count):
            assert self.started.acquire(timeout=WAIT_S), "a held computation did not start"


@contextmanager
def computations_held(
    monkeypatch: pytest.MonkeyPatch, path: str, body: Any, count: int
) -> Iterator[tuple[Gate, list[Future[Any]]]]:
    """``count`` requests to ``path``, each held with its slot until the block lets them go.

    Yields once all of them are inside the computation; on leaving, opens the
    gate (if the block did not) and waits for their answers.
    """
    gate = Gate()
    monkeypatch.setattr(heavy, "run_in_pool", gate.hold(heavy.run_in_pool))
    with ThreadPoolExecutor(max_workers=count) as pool:
        futures = [pool.submit(post, Client(), path, body) for _ in range(count)]
        try:
            gate.wait_for_starts(count)
            yield gate, futures
        finally:
            gate.opened.set()
            for future in futures:
                future.result(timeout=WAIT_S)


@pytest.fixture
def computed_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool's jobs run in the test's own process, where the test's patches of the engine reach
    them; the slots stay real (the pool itself: tests/test_heavy_work.py)."""

    def here(job: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return job(*args, **kwargs)

    monkeypatch.setattr(heavy, "run_in_pool", here)


@contextmanager
def slots_taken(count: int) -> Iterator[None]:
    """``count`` of the machine's slots held by the test for the block, as computations would."""
    store = heavy.slots()
    tokens = [store.try_acquire(heavy.limit()) for _ in range(count)]
    assert all(token is not None for token in tokens), "the slots were free"
    try:
        yield
    finally:
        for token in tokens:
            store.release(token)
