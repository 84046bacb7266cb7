"""The ASGI application: HTTP through Django, WebSockets only where a game registered them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.testing import HttpCommunicator, WebsocketCommunicator
from django.core.management import get_commands

from game.core.sockets import NOT_FOUND
from site_core.asgi import application
from tests.sockets import SAME_SITE, run
from tests.test_production_settings import PRODUCTION, settings_of


def test_http_reaches_django_through_the_asgi_application() -> None:
    request = HttpCommunicator(application, "GET", "/api/", headers=[(b"host", b"127.0.0.1")])
    response = run(request.get_response())
    assert response["status"] == 200
    assert "rummy_matches" in json.loads(response["body"])["endpoints"]


def test_a_websocket_at_a_path_no_game_registered_is_refused() -> None:
    communicator = WebsocketCommunicator(application, "/ws/nothing/here/", headers=SAME_SITE)
    connected, code = run(communicator.connect())
    assert (connected, code) == (False, NOT_FOUND)


def test_a_websocket_from_another_sites_page_is_refused() -> None:
    # Refused by the origin check itself, before any route: the close code is not the route's.
    evil = (b"origin", b"https://evil.example")
    communicator = WebsocketCommunicator(application, "/ws/nothing/", headers=[evil])
    connected, code = run(communicator.connect())
    assert not connected and code != NOT_FOUND


@pytest.mark.parametrize(
    ("host", "origin", "behind_proxy"),
    [
        ("127.0.0.1:8000", "http://localhost:9999", False),
        ("127.0.0.1:8000", "http://127.0.0.1:9999", False),
        ("127.0.0.1:8000", "https://127.0.0.1:8000", False),
        ("127.0.0.1:8000", "http://127.0.0.1", False),
        ("127.0.0.1:8000", "null", False),
        ("evil.example:8000", "http://evil.example:8000", False),
        ("127.0.0.1", "http://127.0.0.1", True),
    ],
)
def test_a_websocket_from_another_scheme_host_or_port_is_refused(
    settings: Any, host: str, origin: str, behind_proxy: bool
) -> None:
    """Another port is another site (any program on the visitor's machine); so is another scheme.
    Behind our proxy, the socket was reached over HTTPS: a plain-HTTP page is not ours."""
    settings.BEHIND_PROXY = behind_proxy
    headers = [(b"host", host.encode()), (b"origin", origin.encode())]
    if behind_proxy:
        headers.append((b"x-forwarded-proto", b"https"))
    communicator = WebsocketCommunicator(application, "/ws/nothing/", headers=headers)
    communicator.scope["client"] = ("127.0.0.1", 50000)  # where our proxy connects from
    connected, code = run(communicator.connect())
    assert not connected and code != NOT_FOUND


@pytest.mark.parametrize(
    ("host", "origin", "trusted", "behind_proxy"),
    [
        ("127.0.0.1:8000", "http://127.0.0.1:8000", [], False),
        ("localhost:8000", "http://LOCALHOST:8000", [], False),
        ("127.0.0.1", "https://127.0.0.1", [], True),
        ("127.0.0.1:8000", "https://miaojong.example", ["https://miaojong.example"], False),
    ],
)
def test_a_websocket_from_the_sites_own_origin_or_a_trusted_one_reaches_its_route(
    settings: Any, host: str, origin: str, trusted: list[str], behind_proxy: bool
) -> None:
    settings.BEHIND_PROXY, settings.CSRF_TRUSTED_ORIGINS = behind_proxy, trusted
    headers = [(b"host", host.encode()), (b"origin", origin.encode())]
    if behind_proxy:
        headers.append((b"x-forwarded-proto", b"https"))
    communicator = WebsocketCommunicator(application, "/ws/nothing/", headers=headers)
    communicator.scope["client"] = ("127.0.0.1", 50000)  # where our proxy connects from
    connected, code = run(communicator.connect())
    assert (connected, code) == (False, NOT_FOUND)  # past the origin check: the route's refusal


def test_make_run_serves_websockets_too() -> None:
    # Daphne's runserver (an ASGI server) replaces Django's, so the development server speaks both.
    assert get_commands()["runserver"] == "daphne"


def test_one_process_needs_no_broker_and_several_share_redis() -> None:
    alone = settings_of(PRODUCTION, "CHANNEL_LAYERS")["CHANNEL_LAYERS"]
    assert alone["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"
    shared = settings_of({**PRODUCTION, "REDIS_URL": "redis://127.0.0.1:6379/3"}, "CHANNEL_LAYERS")
    assert shared["CHANNEL_LAYERS"]["default"] == {
        "BACKEND": "site_core.channel_layer.QueuedRedisChannelLayer",
        "CONFIG": {
            "hosts": [
                {
                    "address": "redis://127.0.0.1:6379/3",
                    "socket_timeout": 10,
                    "max_connections": 50,
                    "timeout": 10,
                }
            ],
            "capacity": 10_000,
        },
    }
