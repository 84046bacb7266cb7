"""Who is connected, across a server's stop: presence comes from live connections only.

Real servers (gunicorn with the site's uvicorn worker, production settings) on a SQLite file of
the test's own, driven over HTTP and WebSockets only, so this runs anywhere. A seat's
connection is named in the room's row; a server that stops (SIGTERM, as a deploy does) or
is killed (no goodbye at all) must not leave the room naming it as connected: the other
player would see a ghost and could play on while nobody holds that seat.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

from tests.load.room_players import OpenRoom, open_room
from tests.load.run_load import BIN, HOST, ROOT, free_port, production_env, wait_until_healthy
from tests.redis_databases import redis_url_of_this_worker

LEASE_OUT_S = 40.0
"""A bound for the lease of a killed process's connection to run out and the news to come (15 s
and 5 s), on a slow machine: the wait ends as soon as it comes."""
ANSWER_S = 20.0


@contextmanager
def server(env: dict[str, str], log: Path) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """One gunicorn (one uvicorn worker) in a process group of its own, so it can be killed whole."""
    port = free_port()
    command = [
        str(BIN / "gunicorn"), f"--bind={HOST}:{port}", "--workers=1", "site_core.asgi:application",
        "--worker-class=site_core.asgi_worker.Worker", "--graceful-timeout=10", "--no-control-socket",
    ]  # fmt: skip
    with log.open("a") as output:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        wait_until_healthy(process, port)
        yield port, process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


def stop(process: subprocess.Popen[bytes], how: signal.Signals) -> None:
    os.killpg(process.pid, how)
    process.wait(timeout=60)


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with tempfile.TemporaryDirectory(prefix="miaojong-presence-") as tmp:
        folder = Path(tmp)
        values = production_env(f"sqlite:///{folder / 'db.sqlite3'}", folder, None)
        values["HOME"] = tmp
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
            cwd=ROOT,
            env=values,
            check=True,
        )
        yield values


async def seat(port: int, room: OpenRoom, number: int) -> tuple[ClientConnection, dict[str, Any]]:
    """A player's connection to the room through ``port``, and the state its hello was answered."""
    ws = await connect(
        f"ws://{HOST}:{port}/ws/rummy/rooms/{room.match}/", origin=Origin(f"http://{HOST}:{port}")
    )
    await ws.send(json.dumps({"type": "hello", "key": room.keys[number], "hand": None, "number": None}))
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), ANSWER_S))
        if message["type"] == "state":
            return ws, message["state"]


async def presence_until(ws: ClientConnection, connected: list[bool]) -> None:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "presence" and message["connected"] == connected:
            return


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["stopped", "killed"])
def test_after_a_restart_the_room_names_no_connection_of_the_server_that_is_gone(
    env: dict[str, str], how: signal.Signals
) -> None:
    """One process serving rooms (no Redis): stopped, it releases its seats as it closes their
    sockets; killed, the next one to start forgets every connection named before it."""
    log = Path(env["HOME"]) / "server.log"
    with server(env, log) as (port, process):
        room = asyncio.run(open_room(port, port))

        async def hold_the_host_seat_while_the_server_goes() -> None:
            host, seen = await seat(port, room, 0)
            assert seen["connected"] == [True, False]
            await asyncio.to_thread(stop, process, how)
            host.transport.abort()

        asyncio.run(hold_the_host_seat_while_the_server_goes())
    with server(env, log) as (port, _):

        async def the_guest_arrives() -> list[bool]:
            guest, seen = await seat(port, room, 1)
            await guest.close()
            return list(seen["connected"])

        assert asyncio.run(the_guest_arrives()) == [False, True], log.read_text()[-3000:]


def test_a_killed_servers_connections_stop_counting_for_the_other_servers_players(
    env: dict[str, str],
) -> None:
    """Two processes sharing Redis: one is killed (no goodbye) while its player holds a seat; the
    other player, on the surviving process, is told that seat is away once its lease runs out."""
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        pytest.skip("needs REDIS_URL: two processes share their sockets' groups through Redis")
    env = {**env, "REDIS_URL": redis_url_of_this_worker(redis_url)}
    log = Path(env["HOME"]) / "servers.log"
    with server(env, log) as (first, doomed), server(env, log) as (second, _):
        room = asyncio.run(open_room(first, second))

        async def scenario() -> None:
            host, _ = await seat(first, room, 0)
            guest, seen = await seat(second, room, 1)
            assert seen["connected"] == [True, True]
            await asyncio.to_thread(stop, doomed, signal.SIGKILL)
            host.transport.abort()
            await asyncio.wait_for(presence_until(guest, [False, True]), LEASE_OUT_S)
            await guest.send(
                json.dumps(
                    {"type": "act", "id": 1, "hand": 1, "number": seen["number"], "action": {"type": "draw"}}
                )
            )
            while True:
                answer = json.loads(await asyncio.wait_for(guest.recv(), ANSWER_S))
                if answer.get("reply_to") == 1:
                    break
            # Whoever's turn it is (the referee asks who is here first), nobody plays on.
            assert (answer["type"], answer["code"]) == ("error", "opponent_away")
            await guest.close()

        asyncio.run(scenario())
