"""Forwarded headers are believed only from our proxies (``DJANGO_TRUSTED_PROXIES``).

Behind a proxy (``DJANGO_BEHIND_PROXY=1``) the app server used to take the
client's address from ``X-Forwarded-For`` whoever sent it, so a client that
reached the app server directly could write a new address there with every
request and never meet a rate limit.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from pytest_django import Settings

from site_core.middleware import TrustedProxyMiddleware
from site_core.proxies import client_ip, is_trusted_proxy

pytestmark = pytest.mark.django_db

DIRECT = "198.51.100.7"
"""A client on the internet that found the app server's own address."""


def behind(settings: Settings, *trusted: str, proxies: int = 1) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": proxies}
    if trusted:
        settings.TRUSTED_PROXIES = list(trusted)


def reads_per_minute(settings: Settings, rate: int) -> None:
    """A low rate for the reads, with counts of this test's own (the cache outlives a test)."""
    settings.CACHES = {
        name: {**config, "KEY_PREFIX": f"proxies-{uuid.uuid4().hex}"}
        for name, config in settings.CACHES.items()
    }
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "reads": f"{rate}/min",
        },
    }


class TestTheRateLimits:
    def test_a_client_reaching_the_app_server_directly_cannot_rotate_its_way_past_them(
        self, client: Client, settings: Settings
    ) -> None:
        behind(settings)  # one proxy, on loopback (the default)
        reads_per_minute(settings, 2)
        statuses = [
            client.get("/api/layouts/", REMOTE_ADDR=DIRECT, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code
            for n in range(4)
        ]
        assert statuses == [200, 200, 429, 429]

    def test_clients_behind_the_trusted_proxy_still_have_a_count_each(
        self, client: Client, settings: Settings
    ) -> None:
        behind(settings)
        reads_per_minute(settings, 1)

        def through_proxy(address: str) -> int:
            return client.get(
                "/api/layouts/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=address
            ).status_code

        assert [through_proxy("203.0.113.1"), through_proxy("203.0.113.2"), through_proxy("203.0.113.1")] == [
            200,
            200,
            429,
        ]


class TestTheSchemeHeader:
    @pytest.fixture
    def redirecting(self, settings: Settings) -> None:
        behind(settings)
        settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
        settings.SECURE_SSL_REDIRECT = True

    @pytest.mark.usefixtures("redirecting")
    def test_a_client_reaching_the_app_server_directly_cannot_claim_https(self) -> None:
        response = Client().get("/api/layouts/", REMOTE_ADDR=DIRECT, HTTP_X_FORWARDED_PROTO="https")
        assert response.status_code == 301
        assert response["Location"] == "https://testserver/api/layouts/"

    @pytest.mark.usefixtures("redirecting")
    def test_the_trusted_proxy_says_https_and_is_believed(self) -> None:
        response = Client().get("/api/layouts/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
        assert response.status_code == 200


class TestTheClientAddress:
    @pytest.mark.parametrize(
        ("remote", "forwarded", "proxies", "trusted", "client"),
        [
            # Not from a proxy: REMOTE_ADDR, whatever the header says.
            (DIRECT, "203.0.113.9", 1, ["127.0.0.1"], DIRECT),
            (DIRECT, "203.0.113.9, 127.0.0.1", 2, ["127.0.0.1"], DIRECT),
            # From our proxy: the address it appended, never what the client wrote before it.
            ("127.0.0.1", "203.0.113.66, 192.0.2.10", 1, ["127.0.0.0/8"], "192.0.2.10"),
            # A dual-stack socket's way of writing an IPv4 peer.
            ("::ffff:127.0.0.1", "192.0.2.10", 1, ["127.0.0.1"], "192.0.2.10"),
            ("::1", "2001:db8::7", 1, ["::1"], "2001:db8::7"),
            # A CDN in front of our balancer: both must be ours for the client's hop to be believed.
            ("10.0.0.1", "203.0.113.66, 192.0.2.10, 10.0.0.5", 2, ["10.0.0.0/24"], "192.0.2.10"),
            # Somebody skipped the CDN and reached the balancer: it appended their address, which is no proxy.
            ("10.0.0.1", "203.0.113.66, 198.51.100.7", 2, ["10.0.0.0/24"], "198.51.100.7"),
            # A proxy with nothing appended (a probe from inside): the proxy itself.
            ("127.0.0.1", "", 1, ["127.0.0.1"], "127.0.0.1"),
            # No proxies configured: the header means nothing.
            ("127.0.0.1", "203.0.113.9", 0, ["127.0.0.1"], "127.0.0.1"),
        ],
    )
    def test_it_walks_the_header_back_from_our_proxies_only(
        self,
        settings: Settings,
        remote: str,
        forwarded: str,
        proxies: int,
        trusted: list[str],
        client: str,
    ) -> None:
        behind(settings, *trusted, proxies=proxies)
        request = RequestFactory().get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
        assert client_ip(request) == client

    @pytest.mark.parametrize("remote", ["", "unix:/run/miaojong.sock", "not an address", None])
    def test_a_peer_without_an_ip_address_is_no_proxy(self, remote: str | None) -> None:
        assert not is_trusted_proxy(remote)


def test_a_client_reaching_the_app_server_directly_loses_every_forwarded_header() -> None:
    """Whatever reads them further down (Django's is_secure(), X-Forwarded-Host) sees none of them."""
    seen: list[set[str]] = []

    def view(request: HttpRequest) -> HttpResponse:
        seen.append({name for name in request.META if name.startswith("HTTP_X_FORWARDED_")})
        return HttpResponse()

    forged: dict[str, Any] = {
        "HTTP_X_FORWARDED_FOR": "1.2.3.4",
        "HTTP_X_FORWARDED_PROTO": "https",
        "HTTP_X_FORWARDED_HOST": "x",
    }
    middleware = TrustedProxyMiddleware(view)
    middleware(RequestFactory().get("/", REMOTE_ADDR=DIRECT, **forged))
    middleware(RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", **forged))
    assert seen == [set(), set(forged)]
