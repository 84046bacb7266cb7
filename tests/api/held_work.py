"""Requests whose computation the test holds: real threads against a view, no sleeping.

A second-long endpoint's engine call is replaced by one that says it has
started and then waits for the test to let it go, so the test knows exactly
how many computations are under way when it sends the next request.
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
    monkeypatch: pytest.MonkeyPatch, module: Any, name: str, path: str, body: Any, count: int
) -> Iterator[tuple[Gate, list[Future[Any]]]]:
    """``count`` requests to ``path``, each held inside ``module.name`` until the block lets them go.

    Yields once all of them are inside the computation; on leaving, opens the
    gate (if the block did not) and waits for their answers.
    """
    gate = Gate()
    monkeypatch.setattr(module, name, gate.hold(getattr(module, name)))
    with ThreadPoolExecutor(max_workers=count) as pool:
        futures = [pool.submit(post, Client(), path, body) for _ in range(count)]
        try:
            gate.wait_for_starts(count)
            yield gate, futures
        finally:
            gate.opened.set()
            for future in futures:
                future.result(timeout=WAIT_S)
