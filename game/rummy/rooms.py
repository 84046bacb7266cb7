"""Online rooms as their sockets need them: each seat's live connection, and telling the room.

A seat's live connection is its channel name, kept on the match row
(``channel0``/``channel1``), so every process serving the room agrees on it:
a new connection *claims* the seat and the previous one is told to stop; a
closing connection *releases* it only if it still holds it.  The game waits
while a seat has none (:func:`game.rummy.service.act` refuses ``opponent_away``).

A name alone would outlive its connection whenever the process holding it
stops without saying so (killed, a machine lost, a restart cut short), so it
counts only under a *lease* (``lease0``/``lease1``): :data:`LEASE_S` from its
claim, renewed every :data:`RENEW_S` by the consumer while it runs.  A
process that is gone renews nothing, and its seats show as away within
:data:`LEASE_S`.  A connection that dies while its process lives is the ASGI
server's to notice (its pings, ``site_core/asgi_worker.py``): the consumer then
releases the seat at once.

Whoever changes a room (a socket's action, an HTTP request, the guest
joining) tells the room's channel-layer group; each connection then reads
what its own seat may see and sends it, so no message carries more than its
seat's view.  With ``REDIS_URL`` the group spans every process.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final, ParamSpec, TypeVar

from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import BaseChannelLayer, get_channel_layer
from django.db import connections, transaction
from django.utils import timezone

from . import service
from .models import Match, Mode

P = ParamSpec("P")
R = TypeVar("R")

CLAIM_ATTEMPTS: Final = 20
"""Claiming a seat is compare-and-swap; only the same player's own tabs ever contend for it."""
LEASE_S: Final = 15.0
RENEW_S: Final = 5.0
"""Renewed three times a lease: a process stalled for up to 10 s (a slow machine) keeps its seats."""


def in_db_thread(function: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``function`` run from a consumer in one of the event loop's worker threads.

    Not Channels' ``database_sync_to_async`` as it comes, for two reasons measured under
    load: it runs every socket's queries of a process in one thread, one after the other,
    though each room's work is independent and its writes guard themselves (compare-and-
    swap); and it treats each call as a new request, so with health checks on, every call
    began with an extra ``SELECT 1``. A connection is closed here only once it has failed or
    is past ``CONN_MAX_AGE``, as Django does between requests.
    """

    def tidy_after(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        finally:
            for connection in connections.all(initialized_only=True):
                if connection.errors_occurred or (
                    connection.close_at is not None and time.monotonic() >= connection.close_at
                ):
                    connection.close_if_unusable_or_obsolete()

    return sync_to_async(tidy_after, thread_sensitive=False)


class Replaced(Exception):
    """This connection no longer holds its seat: a newer one does."""


def group_name(public_id: str) -> str:
    return f"rummy.room.{public_id}"


def _lease_until() -> dt.datetime:
    return timezone.now() + dt.timedelta(seconds=LEASE_S)


def claim(seat: service.Seat, channel: str) -> str:
    """Make ``channel`` the seat's live connection, leased; the one it replaces ('' for none)."""
    field = f"channel{seat.number}"
    rows = Match.objects.filter(pk=seat.match.pk)
    for _ in range(CLAIM_ATTEMPTS):
        previous = rows.values_list(field, flat=True).get()
        now = timezone.now()
        changes = {field: channel, f"lease{seat.number}": _lease_until(), "updated": now}
        if rows.filter(**{field: previous}).update(**changes):
            return str(previous)
    raise RuntimeError(f"could not claim seat {seat.number} of {seat.match.public_id}")


def renew(public_id: str, seat: int, channel: str) -> bool:
    """Extend ``channel``'s lease on the seat if it still holds it; whether it does. Never takes a
    seat back: a renewal running as its own connection releases the seat would leave a ghost."""
    rows = Match.objects.filter(public_id=public_id, **{f"channel{seat}": channel})
    return bool(rows.update(**{f"lease{seat}": _lease_until()}))


def renew_and_read(public_id: str, seat: int, channel: str) -> dict[str, Any] | None:
    """:func:`renew`, then who is here now (:func:`presence`), in one trip to the database
    thread; None if ``channel`` no longer holds the seat."""
    return presence(public_id) if renew(public_id, seat, channel) else None


def release(public_id: str, seat: int, channel: str) -> bool:
    """Forget ``channel`` as the seat's connection if it still is; whether it was."""
    field = f"channel{seat}"
    rows = Match.objects.filter(public_id=public_id, **{field: channel})
    return bool(rows.update(**{field: "", f"lease{seat}": None}))


def forget_every_connection() -> int:
    """At the start of the only process that serves rooms (no shared channel layer): every
    connection named is one of an earlier run's, gone. How many rooms named one."""
    named = Match.objects.rooms().exclude(channel0="", channel1="")
    return named.update(channel0="", channel1="", lease0=None, lease1=None)


def for_connection(public_id: str, key: str, channel: str, function: Any, *args: Any) -> Any:
    """``function(seat, *args)`` with the seat read afresh, if ``channel`` still holds it."""
    seat = service.open_seat(public_id, key, with_hand=True)
    if getattr(seat.match, f"channel{seat.number}") != channel:
        raise Replaced
    return function(seat, *args)


def change_for_connection(public_id: str, key: str, channel: str, function: Any, *args: Any) -> Any:
    """:func:`for_connection` for a change (an action, the next hand), holding the match's row
    until the change is stored.

    A connection's change and a newer connection's :func:`claim` of the same seat then come one
    after the other: either the change is refused (:class:`Replaced`), or it is stored before the
    claim, so the state the newer connection reads first holds it. Without the lock a change
    checked just before the claim was stored just after that read (a restarting server finishing
    an action it could no longer answer), and the player, back on another server, acted on a
    position already gone.
    """
    with transaction.atomic():
        list(Match.objects.select_for_update().filter(public_id=public_id).values_list("pk"))
        return for_connection(public_id, key, channel, function, *args)


def state_since(seat: service.Seat, hand: int | None, number: int | None) -> dict[str, Any]:
    """The seat state with the actions after (``hand``, ``number``), or the hand's whole log when
    that is not a position of the current hand (another hand, or more actions than there are)."""
    current = seat.hand or service.current_hand(seat.match)
    fits = hand == current.number and number is not None and number <= current.actions
    return service.seat_state(seat, since=number if fits else 0, hand=current, refresh=False)


Signature = tuple[int, int, tuple[bool, ...], bool]


def signature(state: dict[str, Any]) -> Signature:
    """What tells two states of a room apart for its players (not who is connected: that is
    ``presence``'s)."""
    return (state["hand"], state["number"], tuple(state.get("consents", ())), bool(state.get("joined")))


def state_after(seat: service.Seat, seen: Signature | None) -> dict[str, Any] | None:
    """What the seat has not seen since ``seen``, or None if nothing changed."""
    hand, number = (seen[0], seen[1]) if seen else (None, None)
    state = state_since(seat, hand, number)
    return None if seen is not None and signature(state) == seen else state


def presence(public_id: str) -> dict[str, Any]:
    match = (
        Match.objects.filter(public_id=public_id)
        .only("channel0", "channel1", "lease0", "lease1", "seat1_digest")
        .first()
    )
    if match is None:
        return {"connected": [False, False], "joined": False}
    return service.presence_of(match)


async def announce_change(layer: BaseChannelLayer, public_id: str, sender: str = "") -> None:
    """Tell the room's connections it changed; ``sender`` (a channel name) has answered its own
    player already and need not read it again."""
    await layer.group_send(group_name(public_id), {"type": "room.changed", "sender": sender})


async def announce_presence(layer: BaseChannelLayer, public_id: str) -> None:
    """Tell the room's connections that someone came or went. The news carries no value: two
    of them can arrive in another order than their reads were made, so each connection reads
    who is here when the news reaches it, and the last read is always the truth."""
    await layer.group_send(group_name(public_id), {"type": "room.presence"})


def tell_room(match: Match) -> None:
    """From synchronous code (the HTTP API): the room ``match`` changed."""
    layer = get_channel_layer()
    if match.mode == Mode.ONLINE and layer is not None:
        async_to_sync(announce_change)(layer, match.public_id)
