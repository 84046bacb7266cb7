"""Online rooms over WebSockets: the room socket at ``/ws/rummy/rooms/<match>/``.

The consumer is another transport for :mod:`game.rummy.service`, like the HTTP
seat API: the same seats, the same refusals, the same seat state.  What the
socket adds is that the other player's moves arrive by themselves, and that
each side knows whether the other is there.

The protocol (JSON text frames; every message is an object with a ``type``)
-----------------------------------------------------------------------------
From the browser:

``{"type": "hello", "key": K, "hand": H, "number": N}``
    The first message: ``K`` is the seat's credential (never in the address,
    so it lands in no log).  ``H``/``N`` are the hand and the action number
    the client saw last (``null`` for none).  Answered with a ``state`` whose
    ``events`` are the actions after ``N`` when ``H`` is still the current
    hand, else the current hand's whole log.  A second connection of the
    same seat replaces this one: the older is sent ``replaced`` and closed.
``{"type": "act", "id": I, "hand": H, "number": N, "action": A}``
    ``A`` is ``{"type": "play", "after": [[...], ...]}``, ``{"type": "draw"}``
    or ``{"type": "pass"}``, as in the HTTP API; ``N`` is the action number
    the turn was chosen at.  Answered with a ``state`` (``reply_to: I``).
``{"type": "next_hand", "id": I, "hand": H}``
    This player wants the hand after ``H`` (which is over); the second
    consent deals it.
``{"type": "sync", "id": I, "hand": H, "number": N}``
    What ``hello`` answers, again (after a doubt, e.g. a ``stale_turn``).
``{"type": "ping", "id": I}``
    Answered ``{"type": "pong", "reply_to": I}`` with no database work: the
    client's own check that the connection still carries messages, since a
    dropped connection is not always noticed by either side.

From the server:

``{"type": "state", "reply_to": I | null, "state": S}``
    ``S`` is the seat state of the HTTP API (``GET /api/rummy/matches/<id>/``)
    with the room's ``joined``, ``consents`` and ``connected`` (one boolean
    per seat).  ``reply_to`` is null when the other player's action, join or
    consent caused it.
``{"type": "presence", "connected": [b0, b1], "joined": J}``
    Who holds a live connection now; while one seat has none, the game waits
    for it (an ``act`` is refused with ``opponent_away``).
``{"type": "error", "reply_to": I | null, "code": C, "error": M, ...}``
    A refusal; nothing changed and the connection stays open.  The codes are
    the HTTP API's (``not_your_turn``, ``stale_turn``, ``illegal_table`` with
    ``reason`` and ``set``...) and the socket's own: ``malformed``,
    ``message_too_large``, ``hello_first``, ``rate_limited``,
    ``opponent_away``.
``{"type": "replaced"}``
    The seat was opened in another tab or browser; the socket then closes
    with :data:`REPLACED`.

A connection that sends no ``hello`` within :data:`HELLO_TIMEOUT_S`, or
whose ``hello`` holds no seat, is closed (4401, 4403, 4404, 4410).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from channels.consumer import get_handler_name
from channels.exceptions import ChannelFull
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.urls import re_path

from game.rummy import rooms, service
from game.rummy.api import serializers as s
from game.rummy.engine import Action, MalformedError
from game.rummy.engine.game import MAX_LOG
from game.rummy.models import Mode

MAX_MESSAGE_CHARS: Final = 16_384
"""The largest message read: a whole table of 106 tiles is under 2 KB. Beyond it, refused unread."""
HELLO_TIMEOUT_S: Final = 10.0
"""A connection that has not said which seat it holds by then is closed: idle sockets cost memory."""
RATE_PER_S: Final = 5.0
BURST: Final = 20
"""A token bucket per connection: a person sends a few messages a minute; a burst covers a reconnect."""
MAX_ID_CHARS: Final = 40
TOO_DEEP: Final = "the message nests its arrays or objects too deeply"

NO_HELLO: Final = 4401
NO_SEAT: Final = 4403
NO_ROOM: Final = 4404
REPLACED: Final = 4409
EXPIRED: Final = 4410
CLOSE_CODES: Final = {
    "credential_missing": NO_SEAT,
    "credential_invalid": NO_SEAT,
    "not_found": NO_ROOM,
    "room_expired": EXPIRED,
}
"""The referee's refusals that end the connection, each with its close code; any other is answered
and the connection goes on."""

logger = logging.getLogger(__name__)


class SocketRefusal(Exception):
    """A message the socket itself turns down (its shape, its size, its rate)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class TokenBucket:
    """At most ``burst`` messages at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _int(message: dict[str, Any], name: str, low: int, high: int, also: str = "") -> int:
    value = message.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SocketRefusal("malformed", f"{name} must be a whole number from {low} to {high}{also}")
    return value


def _int_or_none(message: dict[str, Any], name: str, low: int, high: int) -> int | None:
    return None if message.get(name) is None else _int(message, name, low, high, ", or null")


def _since(message: dict[str, Any]) -> tuple[int | None, int | None]:
    return _int_or_none(message, "hand", 1, s.MAX_HANDS), _int_or_none(message, "number", 0, MAX_LOG)


def _action(message: dict[str, Any]) -> tuple[int, int, Action]:
    """The position and the action of an ``act``, read by the engine itself.

    Not by the HTTP API's serializer: building one costs more than the rest of the read
    (DRF copies its fields for every instance), and this is a room's most frequent message.
    The engine refuses the same things: an unknown type or key, a missing or a needless
    table, an unknown tile, more tiles than the box holds."""
    hand, number = _int(message, "hand", 1, s.MAX_HANDS), _int(message, "number", 0, MAX_LOG)
    try:
        return hand, number, Action.from_json(message.get("action"))
    except MalformedError as error:
        raise SocketRefusal("malformed", str(error)) from None


def _reply_id(value: Any) -> Any:
    """The message's ``id``, echoed in the answer: a short number or text, or nothing."""
    if value is None or (
        isinstance(value, (int, str)) and not isinstance(value, bool) and len(str(value)) <= MAX_ID_CHARS
    ):
        return value
    raise SocketRefusal("malformed", f"id must be a number or a text of at most {MAX_ID_CHARS} characters")


def _error(reply_to: Any, code: str, message: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "error", "reply_to": reply_to, "code": code, "error": message, **(extra or {})}


class RoomConsumer(AsyncWebsocketConsumer):
    """One browser's connection to one seat of an online room."""

    hello_timeout_s: float = HELLO_TIMEOUT_S
    clock: Callable[[], float] = staticmethod(time.monotonic)

    async def connect(self) -> None:
        self.public_id: str = self.scope["url_route"]["kwargs"]["match"]
        self.key: str | None = None
        self.seat: int | None = None
        self.group = rooms.group_name(self.public_id)
        self.seen: rooms.Signature | None = None
        self.presence: dict[str, Any] = {}
        """Who is here, as last told to this connection's player."""
        self.bucket = TokenBucket(RATE_PER_S, BURST, self.clock)
        self.closing = False
        self.closed = False
        self.lease_task: asyncio.Future[None] | None = None
        await self.accept()
        self.hello_timer = asyncio.get_running_loop().call_later(self.hello_timeout_s, self._no_hello)

    def _no_hello(self) -> None:
        if self.seat is None and not self.closing:
            self.hello_task = asyncio.ensure_future(
                self._refuse_and_close("hello_first", "say hello with the seat's key first", NO_HELLO)
            )

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        # However the consumer ends (a disconnect, or an error nothing caught, after which the
        # server closes with 1011 and sends no disconnect), its seat is not left naming it.
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self._let_go()

    async def disconnect(self, code: int) -> None:
        await self._let_go()

    async def _let_go(self) -> None:
        """Stop the timers, and release the seat if this connection still holds it."""
        hello_timer = getattr(self, "hello_timer", None)
        if hello_timer is not None:
            hello_timer.cancel()
        lease = getattr(self, "lease_task", None)
        if lease is not None:
            lease.cancel()
        seat, self.seat = getattr(self, "seat", None), None
        if seat is None:
            return
        with contextlib.suppress(Exception):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        left = await rooms.in_db_thread(rooms.release)(self.public_id, seat, self.channel_name)
        if left:
            await rooms.announce_presence(self.channel_layer, self.public_id)

    async def _keep_lease(self) -> None:
        """Renew this connection's lease while it runs (rooms.py), and tell the player of a change
        in who is here that no news announced: the other's lease ran out, their process gone."""
        while True:
            await asyncio.sleep(rooms.RENEW_S)
            if self.seat is None or self.closing:
                return
            try:
                now = await rooms.in_db_thread(rooms.renew_and_read)(
                    self.public_id, self.seat, self.channel_name
                )
                if self.seat is None or self.closing:
                    return  # let go meanwhile
                if now is None:
                    # A newer connection has the seat; its notice may still be on its way.
                    await self.room_replaced({})
                    return
                await self._tell_presence(now)
            except Exception:
                # The database failing now may answer at the next renewal, within the lease.
                logger.exception("could not renew the lease of %s seat %s", self.public_id, self.seat)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """The handler of ``message``'s type, run without Channels' stop in the shared sync thread.

        Channels closes stale database connections before every message, in the one thread
        that all of a process's thread-sensitive calls share: every socket's every message
        would queue there, behind any slow call. This consumer's database work runs only in
        :func:`rooms.in_db_thread`'s threads, which tidy their own connections after each call.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)

    # --- from the browser ---------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closing:
            return
        reply_to: Any = None
        try:
            # Every message takes a token, whatever it holds; a refused one still gets its id back
            # (parsing at most MAX_MESSAGE_CHARS is cheap), so the client knows which one it was.
            allowed = self.bucket.take()
            if text_data is None:
                raise SocketRefusal("malformed", "send JSON text, not binary frames")
            if len(text_data) > MAX_MESSAGE_CHARS:
                raise SocketRefusal(
                    "message_too_large", f"a message holds at most {MAX_MESSAGE_CHARS} characters"
                )
            message = self._parse(text_data)
            reply_to = _reply_id(message.get("id"))
            if not allowed:
                raise SocketRefusal("rate_limited", "too many messages: wait a moment")
            await self._dispatch(message, reply_to)
        except SocketRefusal as refusal:
            await self._send(_error(reply_to, refusal.code, refusal.message))
        except service.Refusal as refusal:
            await self._refused(refusal, reply_to)
        except RecursionError:
            # Nesting the JSON parser accepted that a reader further on could not follow.
            await self._send(_error(reply_to, "malformed", TOO_DEEP))

    @staticmethod
    def _parse(text: str) -> dict[str, Any]:
        try:
            message = json.loads(text)
        except RecursionError:
            raise SocketRefusal("malformed", TOO_DEEP) from None
        except ValueError:
            raise SocketRefusal("malformed", "the message is not JSON") from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise SocketRefusal("malformed", 'a message is a JSON object with a "type"')
        return message

    async def _dispatch(self, message: dict[str, Any], reply_to: Any) -> None:
        kind = message["type"]
        if kind == "ping":
            await self._send({"type": "pong", "reply_to": reply_to})
            return
        if kind == "hello":
            await self._hello(message)
            return
        if self.seat is None:
            raise SocketRefusal("hello_first", "say hello with the seat's key first")
        if kind == "sync":
            hand, number = _since(message)
            await self._send_state(await self._call(rooms.state_since, hand, number), reply_to)
        elif kind == "act":
            hand, number, action = _action(message)
            state = await self._call(service.act, hand, number, action, change=True)
            await self._send_state(state, reply_to)
            await rooms.announce_change(self.channel_layer, self.public_id, self.channel_name)
        elif kind == "next_hand":
            hand = _int(message, "hand", 1, s.MAX_HANDS)
            state = await self._call(service.next_hand, hand, change=True)
            await self._send_state(state, reply_to)
            await rooms.announce_change(self.channel_layer, self.public_id, self.channel_name)
        else:
            raise SocketRefusal("malformed", f"unknown message type {kind[:40]!r}")

    async def _hello(self, message: dict[str, Any]) -> None:
        if self.seat is not None:
            raise SocketRefusal("malformed", "this connection has said hello already")
        key = message.get("key")
        if not isinstance(key, str) or not 0 < len(key) <= 100:
            raise SocketRefusal("malformed", "key must be the seat's credential")
        hand, number = _since(message)
        seat = await rooms.in_db_thread(service.open_seat)(self.public_id, key)
        if seat.match.mode != Mode.ONLINE:
            raise service.Refusal("not_found", "this match is not an online room")
        # In the group before the first read, so that no change made in between goes unseen.
        await self.channel_layer.group_add(self.group, self.channel_name)
        previous = await rooms.in_db_thread(rooms.claim)(seat, self.channel_name)
        self.key, self.seat = key, seat.number
        self.hello_timer.cancel()
        self.lease_task = asyncio.ensure_future(self._keep_lease())
        if previous:
            # Its process may be gone or far behind: then it can no longer act anyway (for_connection).
            with contextlib.suppress(ChannelFull):
                await self.channel_layer.send(previous, {"type": "room.replaced"})
        await rooms.announce_presence(self.channel_layer, self.public_id)
        await self._send_state(await self._call(rooms.state_since, hand, number), None)

    async def _call(self, function: Any, *args: Any, change: bool = False) -> Any:
        """``function(seat, *args)`` for this connection's seat, read afresh (and still this tab's);
        a ``change`` is stored before any newer connection of the seat reads the room."""
        assert self.key is not None
        call = rooms.change_for_connection if change else rooms.for_connection
        try:
            return await rooms.in_db_thread(call)(
                self.public_id, self.key, self.channel_name, function, *args
            )
        except rooms.Replaced:
            # The newer connection's notice may still be on its way: this tab stops acting now.
            await self.room_replaced({})
            raise SocketRefusal("replaced", "this seat was opened elsewhere") from None

    async def _refused(self, refusal: service.Refusal, reply_to: Any) -> None:
        close = CLOSE_CODES.get(refusal.code)
        body = _error(reply_to, refusal.code, refusal.message, refusal.extra)
        if close is None:
            await self._send(body)
            if refusal.code == "opponent_away":
                # The player now believes the other away, whatever this connection told it
                # before: who is here goes out again, read now (they may be back already).
                self.presence = {}
                await self.room_presence({})
        else:
            self.closing = True
            await self._send(body)
            await self._close(close)

    async def _refuse_and_close(self, code: str, message: str, close: int) -> None:
        self.closing = True
        await self._send(_error(None, code, message))
        await self._close(close)

    # --- from the room's group ----------------------------------------------

    async def room_changed(self, event: dict[str, Any]) -> None:
        """Another connection changed the room: send this seat what it has not seen yet."""
        if self.seat is None or self.closing or event.get("sender") == self.channel_name:
            return
        try:
            state = await self._call(rooms.state_after, self.seen)
        except (service.Refusal, SocketRefusal):
            return
        if state is not None:
            await self._send_state(state, None)

    async def room_presence(self, event: dict[str, Any]) -> None:
        if self.seat is None or self.closing:
            return
        await self._tell_presence(await rooms.in_db_thread(rooms.presence)(self.public_id))

    async def _tell_presence(self, now: dict[str, Any]) -> None:
        if now != self.presence and not self.closing:
            self.presence = now
            await self._send({"type": "presence", **now})

    async def room_replaced(self, event: dict[str, Any]) -> None:
        if self.closing:
            return
        self.closing = True
        await self.channel_layer.group_discard(self.group, self.channel_name)
        self.seat = None  # nothing to release: the seat is the newer connection's now
        if self.lease_task is not None and self.lease_task is not asyncio.current_task():
            self.lease_task.cancel()
        await self._send({"type": "replaced"})
        await self._close(REPLACED)

    # --- to the browser -----------------------------------------------------

    async def _send_state(self, state: dict[str, Any], reply_to: Any) -> None:
        self.seen = rooms.signature(state)
        self.presence = {"connected": state["connected"], "joined": state["joined"]}
        await self._send({"type": "state", "reply_to": reply_to, "state": state})

    async def _send(self, body: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            await self.send(text_data=json.dumps(body, separators=(",", ":")))
        except OSError:
            # The client went while this was said (uvicorn raises ClientDisconnected, an OSError):
            # its disconnect is on its way to this consumer, which then lets go of the seat.
            self.closed = True

    async def _close(self, code: int) -> None:
        # Nothing may follow the close: a refusal still being written is dropped, not an error.
        self.closed = True
        await self.close(code=code)


def on_server_start() -> None:
    """As a server process starts (site_core/asgi.py's lifespan): with the in-memory channel
    layer it is the only process serving rooms, so every connection a room still names is an
    earlier run's, gone. With a shared layer other processes hold live ones; the names a dead
    process left run out with their leases (rooms.py)."""
    if isinstance(get_channel_layer(), InMemoryChannelLayer):
        forgotten = rooms.forget_every_connection()
        if forgotten:
            logger.info("forgot the connections of %d rooms from before this start", forgotten)


# Django's re_path() takes ASGI consumers too (Channels' stubs know only its own kind).
ROOM_PATH: Final = r"^rooms/(?P<match>[A-Za-z0-9_-]{16})/$"
websocket_urlpatterns = [re_path(ROOM_PATH, RoomConsumer.as_asgi())]  # type: ignore[arg-type]
