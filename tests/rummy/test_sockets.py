"""The room socket (game/rummy/sockets.py) through the whole ASGI application: the room
contract of the online rooms, hostile messages included.

Each test plays its scenario on a loop of its own (tests.sockets.run); the rooms are made
with the service beforehand, so the sockets meet committed rows, as in production.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import connections
from django.test import Client
from django.utils import timezone

from game.rummy import rooms, service, sockets
from game.rummy.engine import Level
from game.rummy.models import Hand, Match, Mode
from tests.rummy.api.helpers import pin_codes, server_state, set_log
from tests.sockets import WAIT_S, Socket, run

pytestmark = pytest.mark.django_db(transaction=True)

ALL_DRAWS_AND_PASSES = "\n".join([f"{n % 2} draw" for n in range(78)] + ["0 pass", "1 pass"])


@pytest.fixture(autouse=True)
def _short_lived_connections(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # The consumers' database threads end with each scenario's loop: their connections must
    # not outlive them (PostgreSQL would keep the test database busy).
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)
    yield


class Room:
    """A room with its host (seat 0) and, once joined, its guest (seat 1)."""

    def __init__(self, join: bool = True) -> None:
        match, host = service.create_room()
        self.match = match
        self.id = match.public_id
        self.keys = [host.key]
        if join:
            _, guest = service.join_room(str(match.invite))
            self.keys.append(guest.key)

    def path(self) -> str:
        return f"/ws/rummy/rooms/{self.id}/"

    async def socket(
        self, seat: int, hand: int | None = None, number: int | None = None
    ) -> tuple[Socket, dict[str, Any]]:
        """A connection that said hello for ``seat``, and the state it was answered."""
        socket = Socket(self.path())
        assert await socket.open()
        await socket.send(type="hello", key=self.keys[seat], hand=hand, number=number)
        welcome = await socket.until("state")
        return socket, welcome["state"]

    def actions(self) -> int:
        return Hand.objects.get(match__public_id=self.id, number=1).actions


def other_seats_secrets(socket: Socket, seat: int) -> list[str]:
    """Everything in ``socket``'s messages that only the other seat may know (should be empty)."""
    leaks: list[str] = []
    for message in socket.inbox:
        state = message.get("state")
        if message["type"] != "state" or state is None:
            continue
        if state["seat"] != seat or state["view"]["seat"] != seat:
            leaks.append(f"a view of seat {state['seat']}")
        if state["racks"] is not None and state["view"]["result"] is None:
            leaks.append("both racks before the end")
        for event in state["events"]:
            if event["type"] == "draw" and event["seat"] != seat and "tile" in event:
                leaks.append(f"the tile of action {event['n']}")
        if seat == 1 and "invite" in state:
            leaks.append("the invitation")
    return leaks


def test_hello_answers_the_seats_view_and_tells_the_room_who_is_here() -> None:
    room = Room()

    async def scenario() -> None:
        host, seen = await room.socket(0)
        assert (seen["seat"], seen["mode"], seen["hand"], seen["number"]) == (0, "online", 1, 0)
        assert seen["connected"] == [True, False] and seen["joined"] and seen["invite"]
        assert len(seen["view"]["rack"]) == 14 and seen["view"]["opponent_tiles"] == 14
        guest, theirs = await room.socket(1)
        assert theirs["connected"] == [True, True] and "invite" not in theirs
        presence = await host.until("presence", connected=[True, True])
        assert presence["joined"] is True
        await guest.close()
        assert (await host.until("presence"))["connected"] == [True, False]
        await host.close()

    run(scenario())
    assert Match.objects.filter(public_id=room.id, channel0="", channel1="").exists()


def test_a_hello_that_holds_no_seat_closes_the_socket_with_a_reason() -> None:
    room = Room()
    computer, _ = service.create_match(Mode.COMPUTER, Level.EASY)
    Match.objects.filter(pk=computer.pk).update(seat0_digest=Match.objects.get(pk=room.match.pk).seat0_digest)

    async def attempt(path: str, key: str) -> tuple[str, int | None]:
        socket = Socket(path)
        assert await socket.open()
        await socket.send(type="hello", key=key)
        refused = await socket.until("error")
        closed = await socket.next()
        await socket.close()
        return refused["code"], closed.get("code")

    async def scenario() -> None:
        assert await attempt(room.path(), "not-a-key-of-this-room") == ("credential_invalid", sockets.NO_SEAT)
        assert await attempt("/ws/rummy/rooms/AAAAAAAAAAAAAAAA/", room.keys[0]) == (
            "not_found",
            sockets.NO_ROOM,
        )
        # A match that is not an online room has no socket, whatever key opens it.
        assert await attempt(f"/ws/rummy/rooms/{computer.public_id}/", room.keys[0]) == (
            "not_found",
            sockets.NO_ROOM,
        )

    run(scenario())


def test_an_expired_room_is_refused_on_access() -> None:
    room = Room()
    Match.objects.filter(public_id=room.id).update(
        updated=timezone.now() - dt.timedelta(days=service.ROOM_DAYS + 1)
    )

    async def scenario() -> None:
        socket = Socket(room.path())
        assert await socket.open()
        await socket.send(type="hello", key=room.keys[0])
        assert (await socket.until("error"))["code"] == "room_expired"
        assert (await socket.next()) == {"type": "closed", "code": sockets.EXPIRED}
        await socket.close()

    run(scenario())


def test_before_hello_nothing_but_ping_is_answered_and_silence_is_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    room = Room()
    monkeypatch.setattr(sockets.RoomConsumer, "hello_timeout_s", 0.2)

    async def scenario() -> None:
        socket = Socket(room.path())
        assert await socket.open()
        await socket.send(type="act", id=1, hand=1, number=0, action={"type": "draw"})
        assert (await socket.until("error", reply_to=1))["code"] == "hello_first"
        await socket.send(type="ping", id="p")
        assert await socket.until("pong") == {"type": "pong", "reply_to": "p"}
        # No hello at all: closed once the timeout is over (the test waits for the close itself).
        assert (await socket.until("error"))["code"] == "hello_first"
        assert (await socket.next())["code"] == sockets.NO_HELLO
        await socket.close()

    run(scenario())
    assert room.actions() == 0


def test_a_move_reaches_both_seats_each_with_its_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    pin_codes(monkeypatch)
    room = Room()

    async def scenario() -> tuple[Socket, Socket]:
        host, _ = await room.socket(0)
        guest, _ = await room.socket(1)
        await host.send(type="act", id=7, hand=1, number=0, action={"type": "draw"})
        mine = (await host.until("state", reply_to=7))["state"]
        assert mine["number"] == 1 and mine["events"][0]["tile"] in mine["view"]["rack"]
        pushed = (await guest.until("state", reply_to=None))["state"]
        assert pushed["number"] == 1 and pushed["view"]["turn"] == 1
        assert pushed["events"] == [{"n": 1, "seat": 0, "type": "draw"}]
        assert pushed["view"]["opponent_tiles"] == 15
        # The guest's answer reaches the host the same way.
        await guest.send(type="act", id="g1", hand=1, number=1, action={"type": "draw"})
        assert (await guest.until("state", reply_to="g1"))["state"]["number"] == 2
        theirs = (await host.until("state", reply_to=None))["state"]
        assert theirs["events"] == [{"n": 2, "seat": 1, "type": "draw"}]
        assert await host.quiet()  # the host's own move was not sent to it a second time
        for socket in (host, guest):
            await socket.close()
        return host, guest

    host, guest = run(scenario())
    assert other_seats_secrets(host, 0) == [] and other_seats_secrets(guest, 1) == []
    assert room.actions() == 2


def test_out_of_turn_replayed_and_forged_actions_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    pin_codes(monkeypatch)
    room = Room()

    async def scenario() -> list[str]:
        host, _ = await room.socket(0)
        guest, _ = await room.socket(1)
        codes = []
        # The guest acting in the host's turn (a connection acts for its own seat only).
        await guest.send(type="act", id=1, hand=1, number=0, action={"type": "draw"})
        codes.append((await guest.until("error", reply_to=1))["code"])
        await guest.send(type="act", id=2, hand=1, number=0, action={"type": "draw", "seat": 0})
        codes.append((await guest.until("error", reply_to=2))["code"])
        await host.send(type="act", id=3, hand=1, number=0, action={"type": "draw"})
        await host.until("state", reply_to=3)
        # The same action again: the turn it was chosen at is gone.
        await host.send(type="act", id=4, hand=1, number=0, action={"type": "draw"})
        codes.append((await host.until("error", reply_to=4))["code"])
        await host.send(type="act", id=5, hand=2, number=1, action={"type": "draw"})
        codes.append((await host.until("error", reply_to=5))["code"])
        await guest.send(type="act", id=6, hand=1, number=1, action={"type": "pass"})
        codes.append((await guest.until("error", reply_to=6))["code"])
        # Still open, still in play.
        await guest.send(type="act", id=7, hand=1, number=1, action={"type": "draw"})
        assert (await guest.until("state", reply_to=7))["state"]["number"] == 2
        for socket in (host, guest):
            await socket.close()
        return codes

    codes = run(scenario())
    assert codes == ["not_your_turn", "malformed", "stale_turn", "stale_turn", "pool_not_empty"]
    assert room.actions() == 2


def test_an_illegal_table_is_refused_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    pin_codes(monkeypatch)
    room = Room()
    rack = [str(tile) for tile in server_state(room.id).racks[0]]

    async def scenario() -> dict[str, Any]:
        host, _ = await room.socket(0)
        guest, _ = await room.socket(1)
        await host.send(type="act", id=1, hand=1, number=0, action={"type": "play", "after": [rack[:2]]})
        refused = await host.until("error", reply_to=1)
        assert await guest.quiet()
        for socket in (host, guest):
            await socket.close()
        return refused

    refused = run(scenario())
    assert (refused["code"], refused["reason"], refused["set"]) == ("illegal_table", "invalid_set", 0)
    assert room.actions() == 0


def act(action: str) -> str:
    """An act message's text at the start of hand 1, around an action's JSON."""
    return '{"type": "act", "hand": 1, "number": 0, "action": ' + action + "}"


@pytest.mark.parametrize(
    ("text", "data", "code"),
    [
        ("x" * (sockets.MAX_MESSAGE_CHARS + 1), None, "message_too_large"),
        (None, b'{"type": "ping"}', "malformed"),
        ("{not json", None, "malformed"),
        ('["hello"]', None, "malformed"),
        ('{"type": "shout"}', None, "malformed"),
        ('{"type": "ping", "id": "' + "9" * 100 + '"}', None, "malformed"),
        ('{"type": "act", "hand": 1, "number": 0, "action": "draw"}', None, "malformed"),
        ('{"type": "act", "hand": 1, "number": -1, "action": {"type": "draw"}}', None, "malformed"),
        (
            '{"type": "act", "hand": 1, "number": 0, "action": {"type": "play", "after": [["Z9"]]}}',
            None,
            "malformed",
        ),
        ('{"type": "act", "number": 0, "action": {"type": "draw"}}', None, "malformed"),
        (act('{"type": "pass", "after": []}'), None, "malformed"),
        (act('{"type": "play"}'), None, "malformed"),
        (act('{"type": "steal"}'), None, "malformed"),
        (act('{"type": "play", "after": [' + ",".join(['["R1"]'] * 107) + "]}"), None, "malformed"),
        ('{"type": "next_hand", "hand": "1"}', None, "malformed"),
        ('{"type": "sync", "hand": true}', None, "malformed"),
        ('{"type": "hello", "key": "again"}', None, "malformed"),
        # Nesting deeper than the parser follows, under the size limit: once a RecursionError that
        # killed the consumer (close 1011), leaving its seat marked connected.
        ("[" * 15_000, None, "malformed"),
        ('{"type": "ping", "id": ' + "[" * 8_000 + "]" * 8_000 + "}", None, "malformed"),
        (act('{"type": "play", "after": ' + "[" * 8_000 + "]" * 8_000 + "}"), None, "malformed"),
        (act('{"type": "play", "after": ' + "[" * 600 + '"R1"' + "]" * 600 + "}"), None, "malformed"),
    ],
    ids=lambda value: value[:40] if isinstance(value, str) else None,
)
def test_a_hostile_message_gets_an_error_and_the_connection_lives_on(
    text: str | None, data: bytes | None, code: str
) -> None:
    room = Room()

    async def scenario() -> str:
        host, _ = await room.socket(0)
        await host.send_text(text, data)
        refused = await host.until("error")
        await host.send(type="sync", id="after", hand=1, number=0)
        assert (await host.until("state", reply_to="after"))["state"]["number"] == 0
        await host.close()
        return str(refused["code"])

    assert run(scenario()) == code
    assert room.actions() == 0


def test_messages_beyond_the_rate_are_refused_cheaply(monkeypatch: pytest.MonkeyPatch) -> None:
    room = Room()
    now = [1000.0]
    monkeypatch.setattr(sockets.RoomConsumer, "clock", staticmethod(lambda: now[0]))

    async def scenario() -> list[str]:
        host, _ = await room.socket(0)  # the hello took one token
        for n in range(sockets.BURST):
            await host.send(type="ping", id=n)
        replies = [await host.next() for _ in range(sockets.BURST)]
        answers = [reply["type"] for reply in replies]
        assert replies[-1]["reply_to"] == sockets.BURST - 1 and replies[-1]["code"] == "rate_limited"
        now[0] += 1.0  # a second later, RATE_PER_S more
        await host.send(type="ping", id="later")
        answers.append((await host.next())["type"])
        await host.close()
        return answers

    answers = run(scenario())
    assert answers == ["pong"] * (sockets.BURST - 1) + ["error", "pong"]


def test_a_second_tab_replaces_the_first_which_stops_acting(monkeypatch: pytest.MonkeyPatch) -> None:
    pin_codes(monkeypatch)
    room = Room()

    async def scenario() -> None:
        first, _ = await room.socket(0)
        guest, _ = await room.socket(1)
        second, seen = await room.socket(0)
        assert seen["connected"] == [True, True]
        assert await first.until("replaced") == {"type": "replaced"}
        assert (await first.next()) == {"type": "closed", "code": sockets.REPLACED}
        await first.close()
        # The replaced tab's goodbye did not take the seat away from the new one.
        await second.send(type="act", id=1, hand=1, number=0, action={"type": "draw"})
        assert (await second.until("state", reply_to=1))["state"]["number"] == 1
        for socket in (second, guest):
            await socket.close()

    run(scenario())
    assert room.actions() == 1


def test_a_tab_replaced_before_its_notice_arrives_cannot_act() -> None:
    room = Room()

    async def scenario() -> list[dict[str, Any]]:
        old, _ = await room.socket(0)
        guest, _ = await room.socket(1)

        # Another process's socket claimed the seat; its notice is not here yet.
        def claimed_elsewhere() -> str:
            return rooms.claim(service.open_seat(room.id, room.keys[0]), "specific.elsewhere!1")

        await database_sync_to_async(claimed_elsewhere)()
        await old.send(type="act", id=1, hand=1, number=0, action={"type": "draw"})
        got = [await old.until("replaced"), await old.next()]
        await old.close()
        await guest.close()
        return got

    assert run(scenario()) == [{"type": "replaced"}, {"type": "closed", "code": sockets.REPLACED}]
    assert room.actions() == 0


def test_the_game_waits_for_an_absent_player_and_resumes_when_they_are_back() -> None:
    room = Room()

    async def scenario() -> None:
        host, _ = await room.socket(0)
        await host.send(type="act", id=1, hand=1, number=0, action={"type": "draw"})
        refused = await host.until("error", reply_to=1)
        assert refused["code"] == "opponent_away"
        # Told at once who is here, whatever it was told before (the guest never came yet).
        assert await host.next() == {"type": "presence", "connected": [True, False], "joined": True}
        guest, _ = await room.socket(1)
        await host.until("presence", connected=[True, True])
        await host.send(type="act", id=2, hand=1, number=0, action={"type": "draw"})
        assert (await host.until("state", reply_to=2))["state"]["number"] == 1
        for socket in (host, guest):
            await socket.close()

    run(scenario())


def test_a_reconnecting_client_gets_what_it_missed_though_the_drop_went_unnoticed() -> None:
    room = Room()

    async def scenario() -> None:
        host, _ = await room.socket(0)
        # The guest's first connection is half-open: the server still counts it as connected.
        stale, _ = await room.socket(1)
        for number in range(3):
            seat_socket = host if number % 2 == 0 else stale
            await seat_socket.send(type="act", id=number, hand=1, number=number, action={"type": "draw"})
            await seat_socket.until("state", reply_to=number)
        # The guest's client saw only action 1 before its connection died; it says so on reconnect.
        fresh, missed = await room.socket(1, hand=1, number=1)
        assert [event["n"] for event in missed["events"]] == [2, 3]
        assert missed["events"][0]["tile"] in missed["view"]["rack"] and "tile" not in missed["events"][1]
        # Another hand, or a position the hand never had: the whole log instead.
        await fresh.send(type="sync", id="s", hand=1, number=99)
        assert [e["n"] for e in (await fresh.until("state", reply_to="s"))["state"]["events"]] == [1, 2, 3]
        for socket in (host, stale, fresh):
            await socket.close()

    run(scenario())


def test_a_new_hand_needs_both_consents_and_the_other_player_starts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pin_codes(monkeypatch)
    room = Room()
    set_log(room.id, ALL_DRAWS_AND_PASSES)

    async def scenario() -> None:
        host, over = await room.socket(0)
        guest, _ = await room.socket(1)
        assert over["view"]["result"] is not None and over["racks"] is not None
        await host.send(type="next_hand", id=1, hand=1)
        asked = (await host.until("state", reply_to=1))["state"]
        assert (asked["hand"], asked["consents"]) == (1, [True, False])
        told = (await guest.until("state", reply_to=None))["state"]
        assert told["consents"] == [True, False]
        await guest.send(type="next_hand", id=2, hand=1)
        dealt = (await guest.until("state", reply_to=2))["state"]
        assert (dealt["hand"], dealt["starting_seat"], dealt["view"]["turn"], dealt["seat"]) == (2, 1, 1, 1)
        hosts = (await host.until("state", reply_to=None))["state"]
        assert (hosts["hand"], hosts["seat"], hosts["consents"], hosts["number"]) == (2, 0, [False, False], 0)
        for socket in (host, guest):
            await socket.close()

    run(scenario())
    assert Hand.objects.filter(match__public_id=room.id).count() == 2


def test_the_guest_joining_and_http_actions_reach_the_sockets(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_codes(monkeypatch)
    room = Room(join=False)

    async def scenario() -> None:
        host, waiting = await room.socket(0)
        assert waiting["joined"] is False
        joined = await database_sync_to_async(client.post)(
            f"/api/rummy/rooms/{room.match.invite}/seat/", {}, content_type="application/json"
        )
        assert joined.status_code == 201
        assert (await host.until("state", reply_to=None))["state"]["joined"] is True
        room.keys.append(joined.json()["credentials"][0]["key"])
        guest, _ = await room.socket(1)
        await host.until("presence", connected=[True, True])
        await host.send(type="act", id=1, hand=1, number=0, action={"type": "draw"})
        await host.until("state", reply_to=1)
        played = await database_sync_to_async(client.post)(
            f"/api/rummy/matches/{room.id}/actions/",
            {"hand": 1, "number": 1, "type": "draw"},
            content_type="application/json",
            headers={"Authorization": f"Seat {room.keys[1]}"},
        )
        assert played.status_code == 200
        assert (await host.until("state", reply_to=None))["state"]["events"] == [
            {"n": 2, "seat": 1, "type": "draw"}
        ]
        for socket in (host, guest):
            await socket.close()

    run(scenario())


def test_a_busy_shared_sync_thread_holds_up_no_socket() -> None:
    # Every thread-sensitive call of a process runs in one shared thread (Django's ORM from
    # async views, Channels' own clean-up): a slow one there must not stall a room's moves.
    room = Room()
    free = threading.Event()

    async def scenario() -> None:
        host, _ = await room.socket(0)
        guest, _ = await room.socket(1)
        busy = asyncio.ensure_future(sync_to_async(free.wait)())
        try:
            await host.send(type="act", id=1, hand=1, number=0, action={"type": "draw"})
            assert (await host.until("state", reply_to=1))["state"]["number"] == 1
            assert (await guest.until("state", reply_to=None))["state"]["number"] == 1
            await host.send(type="ping", id="p")
            assert await host.until("pong") == {"type": "pong", "reply_to": "p"}
        finally:
            free.set()
            await busy
        for socket in (host, guest):
            await socket.close()

    run(scenario())
    assert room.actions() == 1


def test_the_room_group_name_is_one_channels_accepts() -> None:
    from channels.layers import BaseChannelLayer

    room = Room(join=False)
    assert BaseChannelLayer().require_valid_group_name(rooms.group_name(room.id))


def test_the_token_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    bucket = sockets.TokenBucket(rate=2.0, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert [bucket.take(), bucket.take()] == [True, False]
    now[0] += 100
    assert sum(bucket.take() for _ in range(10)) == 3


def test_presence_news_is_read_afresh_so_late_news_cannot_undo_newer() -> None:
    room = Room()

    async def scenario() -> list[dict[str, Any]]:
        layer = get_channel_layer()
        assert layer is not None
        host, _ = await room.socket(0)
        guest, _ = await room.socket(1)
        await host.until("presence", connected=[True, True])
        # News of an earlier departure arriving after the return: the room is as it is now.
        await layer.group_send(rooms.group_name(room.id), {"type": "room.presence"})
        assert await host.quiet()
        await guest.close()
        gone = await host.until("presence")
        for socket in (host,):
            await socket.close()
        return [gone]

    assert run(scenario()) == [{"type": "presence", "connected": [True, False], "joined": True}]


def test_a_consumer_that_fails_leaves_no_seat_marked_connected(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever ends a consumer (here an error nothing catches: the server closes with 1011 and
    sends it no disconnect), its seat does not stay marked connected: no ghost for the other."""
    room = Room()

    def broken(*args: Any) -> Any:
        raise RuntimeError("a bug")

    async def scenario() -> None:
        host, _ = await room.socket(0)
        guest, _ = await room.socket(1)
        await host.until("presence", connected=[True, True])
        monkeypatch.setattr(rooms, "state_since", broken)
        await guest.send(type="sync", id=1, hand=1, number=0)
        with pytest.raises(RuntimeError, match="a bug"):
            await guest.communicator.wait(WAIT_S)
        assert (await host.until("presence"))["connected"] == [True, False]
        await host.close()

    run(scenario())
    assert Match.objects.filter(public_id=room.id, channel0="", channel1="").exists()


def test_a_connection_whose_lease_ran_out_is_away_and_the_other_player_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A process killed (or stopped before its consumers said goodbye) leaves its connections'
    names in the rooms, but renews their leases no more: they stop counting by themselves."""
    room = Room()
    monkeypatch.setattr(rooms, "RENEW_S", 0.05)
    # The guest's connection as a process that is gone left it: named, leased a moment more.
    soon = timezone.now() + dt.timedelta(seconds=1)
    Match.objects.filter(pk=room.match.pk).update(channel1="specific.gone!1", lease1=soon)

    async def scenario() -> None:
        host, seen = await room.socket(0)
        assert seen["connected"] == [True, True]
        assert (await host.until("presence"))["connected"] == [True, False]
        await host.send(type="act", id="draw", hand=1, number=0, action={"type": "draw"})
        refused = await host.until("error", reply_to="draw")
        assert refused["code"] == "opponent_away"
        await host.close()

    pin_codes(monkeypatch)
    run(scenario())
    assert room.actions() == 0


def test_a_live_connection_keeps_renewing_its_lease_and_a_closed_one_leaves_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Renewed as often as the loop allows here, so that renewals run up to the close: the
    release is the last word (a renewal never takes a seat back)."""
    room = Room()
    monkeypatch.setattr(rooms, "RENEW_S", 0.001)
    monkeypatch.setattr(rooms, "LEASE_S", 0.5)

    async def lease() -> dt.datetime:
        match = await database_sync_to_async(Match.objects.get)(pk=room.match.pk)
        assert match.lease0 is not None
        return match.lease0

    async def scenario() -> None:
        host, _ = await room.socket(0)
        first = await lease()

        async def renewed() -> None:
            while await lease() <= first + dt.timedelta(seconds=0.5):
                await asyncio.sleep(0.05)

        await asyncio.wait_for(renewed(), WAIT_S)  # a bound, not a pause: it returns once renewed
        assert (await database_sync_to_async(rooms.presence)(room.id))["connected"] == [True, False]
        await host.close()

    run(scenario())
    assert Match.objects.filter(public_id=room.id, channel0="", lease0=None).exists()


@pytest.mark.parametrize(
    ("layer", "forgotten"),
    [("channels.layers.InMemoryChannelLayer", True), ("channels_redis.core.RedisChannelLayer", False)],
)
def test_a_process_alone_forgets_every_connection_as_it_starts(
    settings: Any, layer: str, forgotten: bool
) -> None:
    room = Room()
    later = timezone.now() + dt.timedelta(seconds=rooms.LEASE_S)
    Match.objects.filter(pk=room.match.pk).update(channel0="a", lease0=later, channel1="b", lease1=later)
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": layer}}
    sockets.on_server_start()
    assert rooms.presence(room.id)["connected"] == ([False, False] if forgotten else [True, True])


def test_a_frame_to_a_client_already_gone_ends_the_talk_without_an_error() -> None:
    """uvicorn raises ClientDisconnected (an OSError) on a send after the client left; the lease's
    renewal told of a presence change just then and logged a traceback for each (the rooms load
    test's restart: 94 of them). The consumer now stops talking and waits for the disconnect."""
    sent: list[dict[str, Any]] = []

    async def gone(message: dict[str, Any]) -> None:
        sent.append(message)
        raise OSError("the client left")

    consumer = sockets.RoomConsumer()
    consumer.base_send = gone  # type: ignore[assignment]  # any message, as a test double of the server
    consumer.closed = False  # as an accepted connection starts
    run(consumer._send({"type": "presence", "connected": [True, False], "joined": True}))
    run(consumer._send({"type": "presence", "connected": [False, False], "joined": True}))
    assert consumer.closed is True
    assert len(sent) == 1, "nothing is said after the client is known gone"
