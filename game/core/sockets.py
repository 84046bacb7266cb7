"""WebSocket parts every game shares."""

from __future__ import annotations

from typing import Final

from channels.generic.websocket import WebsocketConsumer

NOT_FOUND: Final = 4404
"""The close code for a path no game serves (4000-4999 are the application's own)."""


class NoSuchSocket(WebsocketConsumer):
    """Any WebSocket path no game registered: refused at the handshake, at no cost."""

    def connect(self) -> None:
        self.close(code=NOT_FOUND)
