"""The site as ``make serve`` runs it (gunicorn, two uvicorn workers), against clients that misbehave.

One real server process for the module, started by the load test's own
helper (``tests/load/run_load.py``), on a loopback port and a SQLite file of
its own. Everything is bounded: a few dozen connections, and socket timeouts
that only stop a hang (every wait ends as soon as the answer arrives).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from site_core.asgi_worker import WS_MAX_BYTES
from tests.load.run_load import HOST, gunicorn, production_env

ROOT = Path(__file__).resolve().parent.parent
WORKERS = 2
"""As make serve runs it."""
SLOW_CLIENTS = 16
"""Of each kind: slow headers and slow bodies, eight times as many connections as workers each."""
ANSWER_WITHIN_S = 20.0
"""A bound against a hang, not a measurement: a blocked server never answers at all."""
SCORES_PER_MINUTE = 10
"""The public rate of POST /api/scores/ (settings.THROTTLE_PER_MINUTE), which this server keeps."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """The served site's port and its home folder. Behind a proxy (``DJANGO_BEHIND_PROXY=1``) whose
    address is not loopback, so the tests' own connections are those of clients that reached the
    app server directly."""
    folder = tmp_path_factory.mktemp("served")
    env = production_env(f"sqlite:///{folder / 'db.sqlite3'}", folder, None)
    env.update(
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_THROTTLE_SCALE="1",
        DJANGO_BEHIND_PROXY="1",
        DJANGO_TRUSTED_PROXIES="192.0.2.1",
        # Where gunicorn would put its control socket if it opened one.
        HOME=str(folder),
    )
    env.pop("XDG_RUNTIME_DIR", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    # As make serve does: the error pages, like every page, name their hashed static files.
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    with gunicorn(env, WORKERS, 1, folder / "gunicorn.log") as port:
        yield port, folder


def get(port: int, path: str, **headers: str) -> tuple[int, Any]:
    connection = http.client.HTTPConnection(HOST, port, timeout=ANSWER_WITHIN_S)
    try:
        connection.request("GET", path, headers={"Connection": "close", **headers})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def post(port: int, path: str, body: Any, **headers: str) -> tuple[int, Any]:
    connection = http.client.HTTPConnection(HOST, port, timeout=ANSWER_WITHIN_S)
    try:
        connection.request(
            "POST",
            path,
            body=body,
            headers={"Connection": "close", "Content-Type": "application/json", **headers},
        )
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def still_open(connection: socket.socket) -> bool:
    """True while the server has neither closed nor answered the connection."""
    connection.setblocking(False)
    try:
        connection.recv(1, socket.MSG_PEEK)  # b"" if closed, bytes if answered
    except BlockingIOError:
        return True
    finally:
        connection.setblocking(True)
    return False


def slow_clients(port: int) -> list[socket.socket]:
    """Connections that start a request and never finish it: half stop inside the headers, half
    inside a body they announced."""
    opened = []
    for number in range(SLOW_CLIENTS):
        headers = socket.create_connection((HOST, port), timeout=ANSWER_WITHIN_S)
        headers.sendall(f"GET /api/layouts/ HTTP/1.1\r\nHost: {HOST}\r\nX-Slow-{number}: ".encode())
        body = socket.create_connection((HOST, port), timeout=ANSWER_WITHIN_S)
        body.sendall(
            f"POST /api/solve/ HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            'Content-Length: 4000\r\n\r\n{"layout": "L00", "tiles": ['.encode()
        )
        opened += [headers, body]
    return opened


def test_a_request_is_answered_while_more_slow_clients_than_workers_hold_connections(
    server: tuple[int, Path],
) -> None:
    port, folder = server
    slow = slow_clients(port)
    try:
        status, body = get(port, "/api/layouts/")
        assert status == 200, (folder / "gunicorn.log").read_text()[-2000:]
        assert [layout["id"] for layout in body][:1] == ["L00"]
        # The slow ones were not dropped to make room: they are all still waiting, unanswered.
        assert all(still_open(connection) for connection in slow)
    finally:
        for connection in slow:
            connection.close()


def test_a_client_that_reaches_the_app_server_directly_cannot_rotate_past_the_rate_limit(
    server: tuple[int, Path],
) -> None:
    """uvicorn believes X-Forwarded-For from any loopback peer unless told not to; the site's own
    trusted-proxy rule (here: only 192.0.2.1) is the one that decides, so every request below
    counts for 127.0.0.1, whatever address it claims."""
    port, _ = server
    # Each worker counts on its own without Redis, so at most WORKERS x the rate get through.
    tries = WORKERS * SCORES_PER_MINUTE + 1
    statuses = [
        post(port, "/api/scores/", b"{}", **{"X-Forwarded-For": f"203.0.113.{n}"})[0] for n in range(tries)
    ]
    assert 429 in statuses
    assert len([status for status in statuses if status != 429]) <= WORKERS * SCORES_PER_MINUTE


def test_a_chunked_body_is_refused_with_411_not_read_as_empty(server: tuple[int, Path]) -> None:
    port, _ = server
    board = json.dumps({"layout": "L00", "tiles": [None] * 144}).encode()
    connection = http.client.HTTPConnection(HOST, port, timeout=ANSWER_WITHIN_S)
    try:
        # An iterable body without a length: http.client sends it with Transfer-Encoding: chunked.
        connection.request(
            "POST",
            "/api/solve/",
            body=iter([board[:100], board[100:]]),
            headers={"Content-Type": "application/json", "Connection": "close"},
            encode_chunked=True,
        )
        response = connection.getresponse()
        assert response.status == 411
        assert json.loads(response.read())["code"] == "length_required"
    finally:
        connection.close()


def test_the_server_opens_no_control_socket_another_server_could_take_over(server: tuple[int, Path]) -> None:
    _, folder = server
    assert not (folder / ".gunicorn").exists()


def test_make_serve_opens_none_either() -> None:
    dry_run = subprocess.run(
        ["make", "-n", "serve"], cwd=ROOT, capture_output=True, text=True, timeout=60, env=dict(os.environ)
    )
    assert dry_run.returncode == 0, dry_run.stderr
    commands = dry_run.stdout.replace("\\\n", " ").splitlines()  # the recipe's continued lines, joined
    (serve,) = [command for command in commands if "bin/gunicorn" in command]
    assert "--worker-class site_core.asgi_worker.Worker" in serve
    assert "--no-control-socket" in serve


def test_an_unknown_host_is_answered_400_and_logged_in_one_line(server: tuple[int, Path]) -> None:
    port, folder = server
    log = folder / "gunicorn.log"
    before = log.read_text()
    connection = http.client.HTTPConnection(HOST, port, timeout=ANSWER_WITHIN_S)
    try:
        connection.request("GET", "/en/", headers={"Host": "evil.example:9999", "Connection": "close"})
        response = connection.getresponse()
        status, html = response.status, response.read().decode()
    finally:
        connection.close()
    assert status == 400, log.read_text()[len(before) :][-3000:]
    assert "<h1>Bad request</h1>" in html and "evil.example" not in html
    written = log.read_text()[len(before) :]
    assert "Traceback" not in written, written
    assert [line for line in written.splitlines() if "evil.example" in line] == [
        next(line for line in written.splitlines() if "Invalid HTTP_HOST header" in line)
    ]


async def _refused_message(port: int, size: int) -> int | None:
    """Send a room socket one text message of ``size`` bytes: the close code the server sent (None
    for no close frame, or no close at all)."""
    url = f"ws://{HOST}:{port}/ws/rummy/rooms/{'A' * 16}/"
    async with connect(url, origin=Origin(f"http://{HOST}:{port}"), open_timeout=ANSWER_WITHIN_S) as ws:
        with contextlib.suppress(ConnectionClosed):
            await ws.send("x" * size)
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            while True:  # an error frame (the message read, then refused) is not a close
                await asyncio.wait_for(ws.recv(), ANSWER_WITHIN_S)
        received = ws.protocol.close_rcvd
        return received.code if received else None


@pytest.mark.parametrize("size", [WS_MAX_BYTES + 1, 64 * 1024, 2 * 1024 * 1024])
def test_a_socket_message_over_the_limit_is_refused_with_a_close_frame_the_client_reads(
    server: tuple[int, Path], size: int
) -> None:
    """Refused as the frame's header announces it (1009, "message too big"), never read in full nor
    cut off without a close frame; room_socket.js fails the request with message_too_large."""
    port, _ = server
    assert asyncio.run(_refused_message(port, size)) == 1009


def test_the_room_socket_and_both_servers_share_one_message_limit() -> None:
    from django.conf import settings

    from game.rummy.sockets import MAX_MESSAGE_CHARS

    assert WS_MAX_BYTES == settings.DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE == MAX_MESSAGE_CHARS


@pytest.mark.parametrize(("redis_url", "workers"), [(None, 1), ("redis://127.0.0.1:6379/1", 2)])
def test_make_serve_runs_several_workers_only_with_redis_for_the_rooms(
    redis_url: str | None, workers: int
) -> None:
    """With the in-memory channel layer each worker holds its own sockets: a room's two players
    on two workers never heard each other's moves. Without Redis, one worker, and it says why."""
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    if redis_url:
        env["REDIS_URL"] = redis_url
    dry_run = subprocess.run(
        ["make", "-n", "serve"], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env
    )
    assert dry_run.returncode == 0, dry_run.stderr
    commands = dry_run.stdout.replace("\\\n", " ")
    assert f"--workers {workers} " in commands
    assert ("REDIS_URL is not set" in commands) is (redis_url is None)
