"""Scripted players of online Tile Rummy rooms, speaking the real protocol to real servers.

A room is opened and joined over HTTP (``POST /api/rummy/rooms/``, then
``.../rooms/<invite>/seat/``), then each player holds its seat over the room
socket (game/rummy/sockets.py describes the protocol): it says hello with the
last action it saw, plays its turns with the Easy computer's move computed
here from its own view, and now and then drops its connection without a
goodbye (the TCP connection is cut) and comes back, possibly through another
server process.  A hand is played to its end.

What the players saw is counted in a :class:`Tally`; :func:`check_room` then
compares it with what the database kept.  Used by the rooms load test
(tests/load/run_rooms.py) and the cross-process test
(tests/rummy/test_rooms_across_processes.py).  Standard library, ``websockets``
(which the ASGI server already brings) and the project's pure engine only.
"""

from __future__ import annotations

import asyncio
import http.client
import itertools
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.typing import Origin

from game.rummy.engine import ActionKind, choose_move, parse_log_text, replay, view

HOST = "127.0.0.1"
QUIET_LIMIT_S = 60.0
"""A player that hears nothing this long is stuck: an error, never a hang."""
CHECK_S = 20.0
"""Silence after which a player asks for news itself, as room_socket.js does."""
RECONNECT_PAUSE_S = (0.05, 0.5)
SERVICE_RESTART: Final = 1012
"""The close a server sends its sockets as it stops (SIGTERM): the players come back elsewhere."""
UNREACHABLE_LIMIT = 120
"""Attempts in a row that find no server answering (one being restarted) before it is an error."""


@dataclass
class Tally:
    """What every player saw, shared by all of them (one event loop: no locks needed)."""

    round_trips_ms: list[float] = field(default_factory=list)
    """From sending an action to its answer."""
    sent_times: list[float] = field(default_factory=list)
    """When each of those actions was sent (time.monotonic), in the same order: when a slow one was."""
    seen_after_ms: list[float] = field(default_factory=list)
    """From sending an action to the other player receiving it."""
    errors: list[str] = field(default_factory=list)
    waits: int = 0
    """Actions refused with opponent_away: the game waited for a dropped player."""
    drops: int = 0
    throttled: int = 0
    """Actions refused with rate_limited (sent again a second later)."""
    late_news: int = 0
    """Actions a player learnt of only by asking after a silence (a push that never came)."""
    restarting: set[int] = field(default_factory=set)
    """The ports of the servers being restarted now: failing to reach them is expected."""
    restart_closes: int = 0
    """Connections closed by a server stopping (1012), the players then coming back."""
    unreachable: int = 0
    """Connection attempts that found no server (one restarting), tried again."""
    confirmed_on_return: int = 0
    """Actions whose answer was lost with the connection (a server stopping) and which the player
    found in the log once back: confirmed, and stored once."""
    connections: int = 0
    acked: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)
    """Room -> (action number, seat, kind) of every action the server confirmed."""
    finals: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    """(room, seat) -> the last state that seat received."""
    seen_numbers: dict[tuple[str, int], set[int]] = field(default_factory=dict)
    sent_at: dict[tuple[str, int], float] = field(default_factory=dict)


def http_json(port: int, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    """POST ``body`` to ``path`` (blocking; call it through asyncio.to_thread)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        payload = json.dumps(body).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json", "Connection": "close"}
        connection.request("POST", path, body=payload, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


@dataclass(frozen=True)
class OpenRoom:
    match: str
    keys: tuple[str, str]


async def open_room(host_port: int, guest_port: int) -> OpenRoom:
    """A room opened through one server and joined through another."""
    status, created = await asyncio.to_thread(http_json, host_port, "/api/rummy/rooms/", {})
    if status != 201:
        raise RuntimeError(f"creating a room answered {status}: {created}")
    invite = created["state"]["invite"]
    status, joined = await asyncio.to_thread(http_json, guest_port, f"/api/rummy/rooms/{invite}/seat/", {})
    if status != 201:
        raise RuntimeError(f"joining a room answered {status}: {joined}")
    return OpenRoom(created["match"], (created["credentials"][0]["key"], joined["credentials"][0]["key"]))


class RoomPlayer:
    """One seat of one room, played by a script with a human-like pace and unreliable network."""

    def __init__(
        self,
        room: OpenRoom,
        seat: int,
        ports: Sequence[int],
        tally: Tally,
        rng: random.Random,
        think_s: tuple[float, float] = (0.0, 0.0),
        drop_chance: float = 0.0,
        until: int | None = None,
    ) -> None:
        self.room, self.seat, self.ports, self.tally, self.rng = room, seat, ports, tally, rng
        self.think_s, self.drop_chance = think_s, drop_chance
        self.until = until
        """Stop once the hand has this many actions (None: play it to its end)."""
        self.hand: int | None = None
        self.number: int | None = None
        self.state: dict[str, Any] | None = None
        self.connected = [False, False]
        self.ids = itertools.count(1)
        self.dropping = False
        self.check_id: int | None = None
        self.in_flight: tuple[int, str] | None = None
        """The number and kind of an action sent whose answer has not come (lost if the connection was)."""
        self.where = f"room {room.match} seat {seat}"
        tally.acked.setdefault(room.match, [])
        tally.seen_numbers[(room.match, seat)] = set()

    @property
    def over(self) -> bool:
        if self.state is None:
            return False
        return self.state["view"]["result"] is not None or (
            self.until is not None and self.state["number"] >= self.until
        )

    async def play(self) -> None:
        """Hold the seat until the hand is over, reconnecting after each drop."""
        port = self.ports[self.seat % len(self.ports)]
        unreachable = 0
        while not self.over:
            url = f"ws://{HOST}:{port}/ws/rummy/rooms/{self.room.match}/"
            try:
                async with connect(
                    url, origin=Origin(f"http://{HOST}:{port}"), open_timeout=30, ping_interval=None
                ) as ws:
                    self.tally.connections += 1
                    unreachable = 0
                    await self._session(ws)
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as error:
                if isinstance(error, ConnectionClosed) and self.dropping:
                    pass
                elif isinstance(error, ConnectionClosed) and (
                    _closed_with(error) == SERVICE_RESTART or port in self.tally.restarting
                ):
                    self.tally.restart_closes += 1
                elif port in self.tally.restarting:
                    # The server is being restarted: as the browser's client does, try again.
                    self.tally.unreachable += 1
                    unreachable += 1
                    if unreachable >= UNREACHABLE_LIMIT:
                        self.tally.errors.append(f"{self.where}: no server answered {unreachable} times")
                        return
                else:
                    self.tally.errors.append(f"{self.where}: connection lost: {error!r}")
                    if len(self.tally.errors) > 100:
                        return
            self.dropping = False
            if not self.over:
                # Back, through any of the servers: the room is the same on all of them.
                await asyncio.sleep(self.rng.uniform(*RECONNECT_PAUSE_S))
                port = self.rng.choice(self.ports)

    async def _session(self, ws: ClientConnection) -> None:
        hello = {"type": "hello", "key": self.room.keys[self.seat], "hand": self.hand, "number": self.number}
        await ws.send(json.dumps(hello))
        while not self.over:
            if self._my_turn() and all(self.connected):
                if self.rng.random() < self.drop_chance:
                    return await self._drop(ws)
                await asyncio.sleep(self.rng.uniform(*self.think_s))
                await self._act(ws)
            elif self.rng.random() < self.drop_chance / 4:
                return await self._drop(ws)  # while the other player thinks: they will have to wait
            else:
                self._absorb(await self._receive(ws))
        await ws.close()

    async def _drop(self, ws: ClientConnection) -> None:
        """The network goes away: no close frame, the TCP connection is cut."""
        self.tally.drops += 1
        self.dropping = True
        ws.transport.abort()
        await ws.wait_closed()

    def _my_turn(self) -> bool:
        return self.state is not None and not self.over and self.state["view"]["turn"] == self.seat

    async def _receive(self, ws: ClientConnection) -> dict[str, Any]:
        """The next message; after CHECK_S of silence, a sync as the browser's client sends one."""
        for _ in range(round(QUIET_LIMIT_S / CHECK_S)):
            try:
                text = await asyncio.wait_for(ws.recv(), CHECK_S)
            except TimeoutError:
                self.check_id = next(self.ids)
                await ws.send(
                    json.dumps(
                        {"type": "sync", "id": self.check_id, "hand": self.hand, "number": self.number}
                    )
                )
                continue
            message: dict[str, Any] = json.loads(text)
            if message.get("reply_to") is not None and message.get("reply_to") == self.check_id:
                self.check_id = None
                if message.get("state", {}).get("events"):
                    self.tally.late_news += 1  # news the server should have pushed
                message["reply_to"] = None
            return message
        seen = self.state or {}
        self.tally.errors.append(
            f"{self.where}: nothing heard for {QUIET_LIMIT_S:.0f} s at action {seen.get('number')}, "
            f"turn {seen.get('view', {}).get('turn')}, connected {self.connected}"
        )
        raise ConnectionClosed(None, None)

    async def _act(self, ws: ClientConnection) -> None:
        assert self.state is not None
        seen = self.state["view"]
        move = choose_move(seen["table"], seen["rack"], seen["opened"][self.seat], "easy", seen["pool_size"])
        action: dict[str, Any] = {"type": move.kind.value}
        if move.kind is ActionKind.PLAY:
            action["after"] = [[str(tile) for tile in tiles] for tiles in move.after]
        request_id = next(self.ids)
        number = self.state["number"]
        started = time.monotonic()
        self.tally.sent_at[(self.room.match, number + 1)] = started
        self.in_flight = (number + 1, move.kind.value)
        message = {
            "type": "act",
            "id": request_id,
            "hand": self.state["hand"],
            "number": number,
            "action": action,
        }
        await ws.send(json.dumps(message))
        while True:
            answer = await self._receive(ws)
            if answer.get("reply_to") == request_id:
                break
            self._absorb(answer)
        self.in_flight = None
        if answer["type"] == "state":
            self.tally.round_trips_ms.append((time.monotonic() - started) * 1000)
            self.tally.sent_times.append(started)
            self.tally.acked[self.room.match].append((number + 1, self.seat, move.kind.value))
            self._absorb(answer)
        elif answer.get("code") == "rate_limited":
            self.tally.throttled += 1
            await asyncio.sleep(1.0)  # the bucket refills; a person would not notice
        elif answer.get("code") == "opponent_away":
            self.tally.waits += 1
            self.connected[1 - self.seat] = False  # wait for their presence before trying again
        else:
            self.tally.errors.append(f"{self.where}: action {number + 1} refused: {answer}")
            await ws.send(
                json.dumps({"type": "sync", "id": next(self.ids), "hand": self.hand, "number": self.number})
            )

    def _absorb(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "presence":
            self.connected = list(message["connected"])
        elif kind == "state":
            self._take(message["state"], pushed=message.get("reply_to") is None)
        elif kind == "error":
            self.tally.errors.append(f"{self.where}: {message}")
        elif kind == "replaced":
            self.tally.errors.append(f"{self.where}: replaced, though only one tab holds the seat")

    def _take(self, state: dict[str, Any], pushed: bool) -> None:
        numbers = [event["n"] for event in state["events"]]
        if state["hand"] == self.hand and self.number is not None:
            expected = list(range(self.number + 1, state["number"] + 1))
        else:
            expected = list(range(1, state["number"] + 1))
        if numbers != expected:
            self.tally.errors.append(f"{self.where}: got actions {numbers}, expected {expected}")
        now = time.monotonic()
        if self.in_flight is not None:
            # Back after the connection that carried an action went (a server stopping): the log
            # says whether the server confirmed it before it stopped.
            n, kind = self.in_flight
            self.in_flight = None
            if any(event["n"] == n and event["seat"] == self.seat for event in state["events"]):
                self.tally.confirmed_on_return += 1
                self.tally.acked[self.room.match].append((n, self.seat, kind))
        for event in state["events"]:
            self.tally.seen_numbers[(self.room.match, self.seat)].add(event["n"])
            sent = self.tally.sent_at.get((self.room.match, event["n"]))
            if pushed and event["seat"] != self.seat and sent is not None and event["n"] == state["number"]:
                self.tally.seen_after_ms.append((now - sent) * 1000)
        self.state, self.hand, self.number = state, state["hand"], state["number"]
        self.connected = list(state.get("connected", self.connected))
        self.tally.finals[(self.room.match, self.seat)] = state


def _closed_with(error: ConnectionClosed) -> int | None:
    return error.rcvd.code if error.rcvd is not None else None


async def play_room(room: OpenRoom, ports: Sequence[int], tally: Tally, seed: int, **pace: Any) -> None:
    """Both seats of ``room`` until its hand is over; the host on the first server, the guest on the next."""
    rng = random.Random(seed)
    players = [
        RoomPlayer(room, seat, ports, tally, random.Random(rng.getrandbits(64)), **pace) for seat in (0, 1)
    ]
    await asyncio.gather(*(player.play() for player in players))


def check_room(match: str, hand: tuple[str, int, str], tally: Tally) -> list[str]:
    """What the database kept of ``match``'s hand (code, first seat, log) against what the players saw:
    every confirmed action stored once, nothing unconfirmed, and both seats' last views equal to
    the log's replay."""
    code, starting_seat, log = hand
    entries = parse_log_text(log)
    stored = [(n, entry.seat, entry.action.kind.value) for n, entry in enumerate(entries, start=1)]
    acked = sorted(tally.acked.get(match, []))
    problems: list[str] = []
    if len({n for n, _, _ in acked}) != len(acked):
        problems.append(f"{match}: an action number was confirmed twice")
    if acked != stored:
        lost = sorted(set(acked) - set(stored))
        extra = sorted(set(stored) - set(acked))
        problems.append(f"{match}: confirmed but not stored {lost[:5]}, stored but not confirmed {extra[:5]}")
    state = replay(code, starting_seat, entries)
    if state.result is None:
        problems.append(f"{match}: the hand is not over")
    for seat in (0, 1):
        final = tally.finals.get((match, seat))
        if final is None or final["view"] != view(state, seat).to_json():
            problems.append(f"{match}: seat {seat}'s last view differs from the stored log's")
        if tally.seen_numbers.get((match, seat)) != set(range(1, len(entries) + 1)):
            problems.append(f"{match}: seat {seat} did not see every action exactly as numbered")
    return problems


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))]


def summary(tally: Tally, rooms: int, seconds: float) -> list[str]:
    actions = len(tally.round_trips_ms)
    return [
        f"  {rooms} rooms, {actions} actions in {seconds:.1f} s ({actions / max(seconds, 1e-9):.1f}/s); "
        f"{tally.connections} connections, {tally.drops} drops, {tally.waits} waits for a dropped player, "
        f"{tally.throttled} rate-limited",
        f"  action round trip: p50 {percentile(tally.round_trips_ms, 0.5):.1f} ms, "
        f"p99 {percentile(tally.round_trips_ms, 0.99):.1f} ms (target p99 < 250 ms)",
        f"  seen by the other player: p50 {percentile(tally.seen_after_ms, 0.5):.1f} ms, "
        f"p99 {percentile(tally.seen_after_ms, 0.99):.1f} ms",
        f"  errors: {len(tally.errors)}; news that came only when asked for, after a silence: "
        f"{tally.late_news}",
    ]


Reader = Callable[[str], tuple[str, int, str]]
