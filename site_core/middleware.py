"""Site-wide middleware: forwarded headers from our proxies only, the request log, and the
Content-Security-Policy header."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

from site_core.proxies import client_ip, drop_untrusted_forwarded_headers

request_log = logging.getLogger("miaojong.requests")

GetResponse = Callable[[HttpRequest], HttpResponseBase]


def log_safe(text: str) -> str:
    """``text`` as one unambiguous token of a log line.

    A path is whatever the client sent, percent-decoded: a ``%0a`` in it would
    start a forged line of its own, a space would shift the fields after it.
    Backslashes, spaces and everything unprintable (controls, format
    characters such as right-to-left overrides, line and paragraph separators)
    are written as Python-style escapes; letters of every script stay as they are.
    """
    return "".join(_escaped(char) if char in "\\ " or not char.isprintable() else char for char in text)


def _escaped(char: str) -> str:
    code = ord(char)
    if char == "\\":
        return "\\\\"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class TrustedProxyMiddleware:
    """Removes the ``X-Forwarded-*`` headers of requests that none of our proxies sent.

    First in ``MIDDLEWARE``: below it, Django's HTTPS handling (``is_secure()``
    through ``SECURE_PROXY_SSL_HEADER``) and everything else that reads those
    headers sees only what a trusted proxy wrote (``site_core/proxies.py``).
    """

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        drop_untrusted_forwarded_headers(request.META)
        return self.get_response(request)


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
                log_safe(request.method or ""),
                log_safe(request.path),
                response.status_code,
                duration_ms,
                log_safe(client_ip(request)),
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
