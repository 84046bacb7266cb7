"""Which pages may open a WebSocket: the site's own, compared by scheme, host and port.

A browser sends the ``Origin`` of the page that opens a socket, and anybody's page can open
one to any address: without this check, another site's script could play in a visitor's
name. Channels' own check (``AllowedHostsOriginValidator``) compares host names only, so a
page at ``http://localhost:9999`` (any program on the visitor's machine) passed. Here the
origin must be the socket's own (the scheme it was reached by, the ``Host`` it was sent to,
that host allowed by ``ALLOWED_HOSTS``) or one listed in ``CSRF_TRUSTED_ORIGINS``, exactly.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

from .proxies import is_trusted_proxy

DEFAULT_PORTS = {"http": 80, "https": 443}
Origin = tuple[str, str, int]


def parse_origin(text: str) -> Origin | None:
    """``(scheme, host, port)`` of an origin such as ``https://miaojong.example``, or None."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host or parts.path not in ("", "/") or parts.query:
        return None
    return scheme, host, port if port is not None else DEFAULT_PORTS[scheme]


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def own_origin(scope: dict[str, Any]) -> Origin | None:
    """The origin of the socket itself: the page that opened it, if it is one of ours, shares it."""
    host_header = _header(scope, b"host")
    if not host_header:
        return None
    domain, port = split_domain_port(host_header)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    secure = scope.get("scheme") == "wss"
    client = scope.get("client") or (None,)
    if settings.BEHIND_PROXY and is_trusted_proxy(client[0]):
        # TLS ends at our proxy, which says how it was reached (docs/deployment.md, "The reverse proxy").
        secure = secure or (_header(scope, b"x-forwarded-proto") or "").strip().lower() == "https"
    scheme = "https" if secure else "http"
    try:
        return scheme, domain, int(port) if port else DEFAULT_PORTS[scheme]
    except ValueError:
        return None


def origin_allowed(scope: dict[str, Any]) -> bool:
    origin = parse_origin(_header(scope, b"origin") or "")
    if origin is None:
        return False
    if origin == own_origin(scope):
        return True
    return origin in {parse_origin(trusted) for trusted in settings.CSRF_TRUSTED_ORIGINS}


class SameOriginValidator:
    """Lets a WebSocket through only from an allowed origin (:func:`origin_allowed`); anything
    else is refused at the handshake (403), before any route or consumer runs."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)  # type: ignore[arg-type]
        return await self.application(scope, receive, send)
