"""A rate limit for pages that read the database on every view (leaderboards, for one).

The API's views are rate-limited by DRF; a page that renders a board from the
database at each view (about 20 ms) is not an API view, so it asks the same
throttle here, per client address and with a scope of its own from
``THROTTLE_PER_MINUTE``, before it reads anything. Past the limit the visitor
gets a short page in their language with ``Retry-After``, and the server
nothing to compute.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps
from typing import Any, cast

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from game.core.api.throttling import ClientRateThrottle

View = Callable[..., HttpResponse]


class _Scope:
    """What the throttle reads from a view: only its scope."""

    def __init__(self, scope: str) -> None:
        self.throttle_scope = scope


def too_many(request: HttpRequest, wait: float | None) -> HttpResponse:
    seconds = max(1, math.ceil(wait)) if wait is not None else 60
    response = render(request, "core/too_many_pages.html", {"retry_after": seconds}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def rate_limited(scope: str) -> Callable[[View], View]:
    """Answer a page view at most at the rate of ``scope`` per client address; 429 past it."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            throttle = ClientRateThrottle()
            if not throttle.allow_request(cast(Any, request), cast(Any, _Scope(scope))):
                return too_many(request, throttle.wait())
            return view(request, *args, **kwargs)

        return wrapper

    return decorator
