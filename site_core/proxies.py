"""Which client sent a request, and which forwarded headers to believe.

A reverse proxy in front of the app server writes the client's address into
``X-Forwarded-For`` and the scheme it was reached by into ``X-Forwarded-Proto``.
Anybody else can write those headers too, so they are believed only when the
connection comes from one of our proxies (``TRUSTED_PROXIES``, addresses or
networks, loopback by default); a client that reaches the app server directly
is known by its own address whatever it writes. The rate limits, the admin
login's lockout and the request log all name a client through :func:`client_ip`,
so they always agree.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from rest_framework.settings import api_settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

FORWARDED_PREFIX = "HTTP_X_FORWARDED_"
"""X-Forwarded-For, -Proto, -Host, -Port...: all of them say something only a proxy may say."""


def parse_networks(values: Iterable[str]) -> tuple[Network, ...]:
    """The networks named by addresses (``10.0.0.5``) or CIDRs (``10.0.0.0/8``, ``::1/128``).

    A value that is neither raises ``ValueError`` naming it; host bits set in a
    CIDR (``10.0.0.5/8``) are refused too, since they usually mean a typo.
    """
    networks = []
    for value in values:
        try:
            networks.append(ipaddress.ip_network(value.strip()))
        except ValueError as error:
            raise ValueError(f"{value!r} is not an IP address or network ({error})") from None
    return tuple(networks)


@lru_cache(maxsize=8)
def _networks(values: tuple[str, ...]) -> tuple[Network, ...]:
    return parse_networks(values)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    # A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def is_trusted_proxy(text: str | None) -> bool:
    """Whether ``text`` is the address of one of our proxies (anything that is no address is not)."""
    address = _address(text or "")
    if address is None:
        return False
    return any(address in network for network in _networks(tuple(settings.TRUSTED_PROXIES)))


def client_ip(request: HttpRequest) -> str:
    """The client's address: ``REMOTE_ADDR``, or the one our proxies vouch for.

    Walking ``X-Forwarded-For`` from its right end (each proxy appends the
    address it was reached from), an address is taken for the client's as soon
    as it is not one of our proxies, or once ``NUM_PROXIES`` hops have been
    taken; everything further left was written by the client and is ignored.
    A request that does not come from a trusted proxy is known by
    ``REMOTE_ADDR`` alone.
    """
    meta = request.META
    current = str(meta.get("REMOTE_ADDR") or "")
    hops_allowed = int(api_settings.NUM_PROXIES or 0)
    forwarded = str(meta.get("HTTP_X_FORWARDED_FOR") or "")
    hops = [hop.strip() for hop in forwarded.split(",")] if forwarded else []
    taken = 0
    while taken < hops_allowed and hops and is_trusted_proxy(current):
        hop = hops.pop()
        if not hop:
            break
        current = hop
        taken += 1
    return current


def drop_untrusted_forwarded_headers(meta: dict[str, Any]) -> list[str]:
    """Remove every ``X-Forwarded-*`` header from a request that no trusted proxy sent; returns their names.

    Django reads ``X-Forwarded-Proto`` (``SECURE_PROXY_SSL_HEADER``) to decide
    whether a request came over HTTPS; without this, a client reaching the app
    server directly could claim HTTPS and skip the redirect, or have insecure
    requests taken for secure ones.
    """
    if is_trusted_proxy(meta.get("REMOTE_ADDR")):
        return []
    dropped = [name for name in meta if name.startswith(FORWARDED_PREFIX)]
    for name in dropped:
        del meta[name]
    return dropped
