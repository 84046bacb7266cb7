"""A bound on how many second-long computations one process runs at once.

The rate limits bound what one client may ask; nothing else bounded how many
of those asks run together, so a few clients, each within its limit, could
keep every worker busy solving boards while everybody else waited. A view
that may compute for up to a second takes a slot of its kind for the time it
computes: when they are all taken, the request is refused at once with 503
(``code: busy``) and ``Retry-After``, rather than queued behind the others.
A slot is per process (the counts need no shared store and cost nothing);
the number of slots per kind is ``settings.MAX_CONCURRENT_SOLVES``, read at
every request so that a test (or an operator's override) reaches it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from django.conf import settings
from rest_framework import status

from .errors import ApiError

RETRY_AFTER_S: Final = 1
"""A computation holds its slot for at most about a second (the endpoints' own budgets)."""


class Busy(ApiError):
    """Every slot of this kind is taken: 503 with ``Retry-After``."""

    def __init__(self, what: str, limit: int) -> None:
        super().__init__(
            f"the server is busy: it runs at most {limit} {what} at once and all are under way; "
            f"try again in {RETRY_AFTER_S} second",
            status.HTTP_503_SERVICE_UNAVAILABLE,
            code="busy",
        )
        self.retry_after = RETRY_AFTER_S


class WorkSlots:
    """A non-blocking counting semaphore whose size is read from the settings at each acquisition.

    ``threading.Semaphore`` fixes its size when made; this one is the same
    counter under a lock, checked against the current setting, so lowering the
    setting takes effect as running computations finish.
    """

    def __init__(self, what: str) -> None:
        """``what`` names the computations in messages, in the plural: "solves"."""
        self.what = what
        self._lock = threading.Lock()
        self._in_use = 0

    @property
    def in_use(self) -> int:
        return self._in_use

    @staticmethod
    def limit() -> int:
        return int(settings.MAX_CONCURRENT_SOLVES)

    def try_acquire(self) -> bool:
        with self._lock:
            if self._in_use >= self.limit():
                return False
            self._in_use += 1
            return True

    def release(self) -> None:
        with self._lock:
            if self._in_use <= 0:
                raise RuntimeError(f"{self.what}: released more slots than were taken")
            self._in_use -= 1

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Hold a slot for the ``with`` block, or raise :class:`Busy` at once if none is free."""
        if not self.try_acquire():
            raise Busy(self.what, self.limit())
        try:
            yield
        finally:
            self.release()
