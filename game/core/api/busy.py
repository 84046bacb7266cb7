"""The API's side of the bound on second-long computations (``game/core/heavy.py``).

The rate limits bound what one client may ask; nothing else would bound how
many of those asks run together, so a few clients, each within its limit, could
keep every processor busy while everybody else waited. An endpoint that may
compute for up to a second takes one of the machine's slots for the time it
computes, and computes in the pool's processes, never in the server's: when
every slot is taken, the request is refused at once with 503 (``code: busy``)
and ``Retry-After``, rather than queued behind the others. A refusal spends
none of the client's rate-limit allowance (:class:`~.views.ApiView` gives it back).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final, ParamSpec, TypeVar

from rest_framework import status

from game.core import heavy

from .errors import ApiError

P = ParamSpec("P")
T = TypeVar("T")

RETRY_AFTER_S: Final = 1
"""A computation holds its slot for at most about a second (the endpoints' own budgets)."""


class TryAgain(ApiError):
    """A computation that did not run to its end, through no fault of the request: 503 with
    ``Retry-After``. The client got nothing, so the refusal spends none of its allowance."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(
            f"{message}; try again in {RETRY_AFTER_S} second", status.HTTP_503_SERVICE_UNAVAILABLE, code=code
        )
        self.retry_after = RETRY_AFTER_S


class Busy(TryAgain):
    """Every slot of the machine is taken."""

    def __init__(self, what: str, limit: int) -> None:
        super().__init__(
            f"the server is busy: it runs at most {limit} {what} at once and all are under way", "busy"
        )


class Interrupted(TryAgain):
    """The process computing the answer was killed (the server is stopping, say): the request
    changed nothing, and the next one gets a new pool."""

    def __init__(self) -> None:
        super().__init__(
            "the computation was cut off before it finished and nothing was changed", "interrupted"
        )


@contextmanager
def hold(what: str) -> Iterator[None]:
    """Hold a slot for the ``with`` block, or raise :class:`Busy` at once if none is free.

    ``what`` names the computations in the refusal, in the plural: "solves".
    """
    with heavy.hold() as held:
        if not held:
            raise Busy(what, heavy.limit())
        yield


def compute(what: str, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``job(*args, **kwargs)`` run in the pool while holding a slot (or :class:`Busy`)."""
    with hold(what):
        return heavy.run_in_pool(job, *args, **kwargs)
