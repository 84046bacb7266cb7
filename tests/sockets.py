"""Driving the ASGI application's WebSockets from synchronous tests.

Not pytest-asyncio: the browser tests' Playwright keeps an event loop running in each
xdist worker's main thread, and no second loop may run there; :func:`run` gives each
scenario a loop of its own in a thread of its own.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator

from site_core.asgi import application

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")
"""A page of the site at http://127.0.0.1:8000 opening a socket to the same place."""
SAME_SITE = [HOST, ORIGIN]
WAIT_S = 10.0
"""How long a test waits for a message it expects (a bound, not a pause: it returns on arrival)."""
T = TypeVar("T")


def fresh_channel_layers() -> None:
    """Forget the process's channel layers, so that the next event loop makes its own.

    channels-redis binds a layer's receiving to the first event loop that receives and
    refuses any other ("Two event loops are trying to receive()"); each test scenario and
    each test server runs a loop of its own.
    """
    channel_layers.backends = {}


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on an event loop of its own, in a thread of its own."""
    fresh_channel_layers()
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result(timeout=120)


class Socket:
    """One browser's WebSocket: what it sends, and every message it received (``inbox``)."""

    def __init__(self, path: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
        self.communicator = WebsocketCommunicator(
            application, path, headers=SAME_SITE if headers is None else headers
        )
        self.inbox: list[dict[str, Any]] = []
        self.closed: int | None = None

    async def open(self) -> bool:
        connected, _ = await self.communicator.connect(timeout=WAIT_S)
        return bool(connected)

    async def send(self, **message: Any) -> None:
        await self.communicator.send_to(text_data=json.dumps(message))

    async def send_text(self, text: str | None = None, data: bytes | None = None) -> None:
        await self.communicator.send_to(text_data=text, bytes_data=data)

    async def next(self) -> dict[str, Any]:
        """The next message (a close becomes ``{"type": "closed", "code": ...}``)."""
        output = await self.communicator.receive_output(timeout=WAIT_S)
        if output["type"] == "websocket.close":
            self.closed = int(output.get("code", 1000))
            message: dict[str, Any] = {"type": "closed", "code": self.closed}
        else:
            message = json.loads(output["text"])
        self.inbox.append(message)
        return message

    async def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The first message of type ``kind`` (with ``fields``), the ones before it kept in the inbox."""
        while True:
            message = await self.next()
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message
            if message["type"] == "closed":
                raise AssertionError(f"closed ({message['code']}) while waiting for {kind}: {self.inbox}")

    async def quiet(self) -> bool:
        """Whether nothing more arrives within a short while."""
        return bool(await self.communicator.receive_nothing(timeout=0.2))

    async def close(self) -> None:
        await self.communicator.disconnect(timeout=WAIT_S)
