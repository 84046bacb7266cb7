"""The site served by a real ASGI server (uvicorn) from a thread of the test process.

pytest-django's ``live_server`` speaks WSGI only, so it serves no WebSocket; the online
rooms' browser tests use this one instead. Being in the test process, it shares the
test database, the settings and the in-memory channel layer (or Redis, with REDIS_URL).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import uvicorn

from site_core.asgi import application
from site_core.asgi_worker import WS_MAX_BYTES
from tests.sockets import fresh_channel_layers

START_S = 15.0


@dataclass(frozen=True)
class AsgiServer:
    url: str


@pytest.fixture
def asgi_live_server(transactional_db: None) -> Iterator[AsgiServer]:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    fresh_channel_layers()  # this server's loop gets a channel layer of its own
    config = uvicorn.Config(application, lifespan="off", log_level="warning", ws_max_size=WS_MAX_BYTES)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[listener])), daemon=True)
    thread.start()
    give_up = time.monotonic() + START_S
    while not server.started:  # a condition with a bound, not a pause for timing
        if not thread.is_alive() or time.monotonic() > give_up:
            raise RuntimeError("the ASGI test server did not start")
        time.sleep(0.02)
    try:
        yield AsgiServer(f"http://127.0.0.1:{port}")
    finally:
        server.should_exit = True
        thread.join(timeout=START_S)
        listener.close()
        fresh_channel_layers()
