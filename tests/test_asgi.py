"""The ASGI application: HTTP through Django, WebSockets only where a game registered them."""

from __future__ import annotations

import json

from channels.testing import HttpCommunicator, WebsocketCommunicator
from django.core.management import get_commands

from game.core.sockets import NOT_FOUND
from site_core.asgi import application
from tests.sockets import ORIGIN, run
from tests.test_production_settings import PRODUCTION, settings_of


def test_http_reaches_django_through_the_asgi_application() -> None:
    request = HttpCommunicator(application, "GET", "/api/", headers=[(b"host", b"127.0.0.1")])
    response = run(request.get_response())
    assert response["status"] == 200
    assert "rummy_matches" in json.loads(response["body"])["endpoints"]


def test_a_websocket_at_a_path_no_game_registered_is_refused() -> None:
    communicator = WebsocketCommunicator(application, "/ws/nothing/here/", headers=[ORIGIN])
    connected, code = run(communicator.connect())
    assert (connected, code) == (False, NOT_FOUND)


def test_a_websocket_from_another_sites_page_is_refused() -> None:
    # Refused by the origin check itself, before any route: the close code is not the route's.
    evil = (b"origin", b"https://evil.example")
    communicator = WebsocketCommunicator(application, "/ws/nothing/", headers=[evil])
    connected, code = run(communicator.connect())
    assert not connected and code != NOT_FOUND


def test_make_run_serves_websockets_too() -> None:
    # Daphne's runserver (an ASGI server) replaces Django's, so the development server speaks both.
    assert get_commands()["runserver"] == "daphne"


def test_one_process_needs_no_broker_and_several_share_redis() -> None:
    alone = settings_of(PRODUCTION, "CHANNEL_LAYERS")["CHANNEL_LAYERS"]
    assert alone["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"
    shared = settings_of({**PRODUCTION, "REDIS_URL": "redis://127.0.0.1:6379/3"}, "CHANNEL_LAYERS")
    assert shared["CHANNEL_LAYERS"]["default"] == {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [{"address": "redis://127.0.0.1:6379/3", "socket_timeout": 10}],
            "capacity": 10_000,
        },
    }
