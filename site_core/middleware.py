"""Site-wide middleware: the request log and the Content-Security-Policy header."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from rest_framework.throttling import BaseThrottle

request_log = logging.getLogger("miaojong.requests")

GetResponse = Callable[[HttpRequest], HttpResponseBase]


def client_ip(request: HttpRequest) -> str:
    """The client's address as the rate limits see it.

    DRF's rule, so that a log line and a throttle count name the same client:
    ``REMOTE_ADDR`` without proxies; behind ``NUM_PROXIES`` proxies of ours,
    the address the outermost one appended to ``X-Forwarded-For``, counting
    from the right (anything further left was written by the client).
    """
    # The stubs want DRF's Request; get_ident reads nothing but the META a Django request has too.
    return BaseThrottle().get_ident(request)  # type: ignore[arg-type]


class RequestLogMiddleware:
    """One line per request: method, path, status, duration in ms and client address.

    Logged at INFO on ``miaojong.requests``; the logging settings make that
    reach stdout in production only (see ``LOGGING``).
    """

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.perf_counter()
        response = self.get_response(request)
        if request_log.isEnabledFor(logging.INFO):
            duration_ms = (time.perf_counter() - started) * 1000
            request_log.info(
                "%s %s %d %.1fms %s",
                request.method,
                request.path,
                response.status_code,
                duration_ms,
                client_ip(request),
            )
        return response


def policy_header(directives: dict[str, list[str]]) -> str:
    return "; ".join(" ".join([name, *sources]) for name, sources in directives.items())


class ContentSecurityPolicyMiddleware:
    """Adds ``CONTENT_SECURITY_POLICY`` (from settings) to every response that has none.

    Django 5.2 has no CSP support of its own; the policy is one fixed header,
    so a few lines do.
    """

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response
        self.header = policy_header(settings.CONTENT_SECURITY_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", self.header)
        return response
