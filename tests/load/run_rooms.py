#!/usr/bin/env python
"""Rooms load test: hundreds of online Rummy rooms over two ASGI processes, then a count.

It creates a fresh PostgreSQL database, migrates it and starts two servers
the way ``make serve`` runs one (gunicorn with a uvicorn worker, production
settings), both on that database and on one Redis (the channel layer). Each
room is opened through one server and joined through the other; its two
scripted players (tests/load/room_players.py) play a whole hand over the room
socket, at a human-like pace, dropping their connection now and then (the TCP
connection cut, no goodbye) and coming back through either server.

It prints the action round trip (sending an action to its answer) and how
soon the other player saw it, p50 and p99, then checks in the database that
every confirmed action is stored exactly once and nothing else is, and that
both seats' last views equal the stored log's replay; and it scans the
servers' logs for tracebacks.

Midway (once the rooms have played a third of a hand on average) one server
is restarted, as a deploy does: SIGTERM, then started again on its port. Its
players are closed with 1012 and come back (through either server); an action
whose answer the stop cut off counts as confirmed only if the log they find
holds it. After the play, no room may still name a connection (a ghost: the
other player would see someone there). The exit code is 1 on any error, any
lost or doubled action, a ghost, a restart that did not happen, or a p99
round trip of 250 ms or more.

Bounded: a fixed number of rooms, one hand each, a time limit, loopback only.

    .venv/bin/python tests/load/run_rooms.py                  # 200 rooms (make load, .ci/run)
    .venv/bin/python tests/load/run_rooms.py --rooms 20 --think 0.1 0.3
    .venv/bin/python tests/load/run_rooms.py --rooms 40 --no-restart
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.load.room_players import Tally, check_room, open_room, percentile, play_room, summary  # noqa: E402
from tests.load.run_load import (  # noqa: E402
    BIN,
    HOST,
    LOOPBACK,
    TRACEBACK,
    free_port,
    postgres_database,
    production_env,
    wait_until_healthy,
)

P99_TARGET_MS = 250.0
SERVERS = 2
RESTART_AFTER_ACTIONS_PER_ROOM = 20
"""The restart comes once the rooms have confirmed this many actions each on average: midway."""
GHOSTS_SETTLE_S = 30.0
"""How long the last goodbyes may take to reach the database after the play (a bound, not a pause)."""


class Server:
    """gunicorn as make serve runs it (one uvicorn worker), on one port kept across a restart."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env, self.log, self.port = env, log, free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            str(BIN / "gunicorn"), f"--bind={HOST}:{self.port}", "--workers=1",
            "site_core.asgi:application", "--worker-class=site_core.asgi_worker.Worker",
            "--timeout=60", "--graceful-timeout=10", "--no-control-socket",
        ]  # fmt: skip
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )
        wait_until_healthy(self.process, self.port)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def restart(self) -> float:
        """SIGTERM, then started again on the same port; the seconds it was away."""
        started = time.monotonic()
        self.stop()
        self.start()
        return time.monotonic() - started


@contextmanager
def running(servers: list[Server]) -> Iterator[list[Server]]:
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


async def restart_midway(server: Server, tally: Tally, rooms: int, restarts: list[float]) -> None:
    """Restart ``server`` once the play is midway, while the players play on."""
    while len(tally.round_trips_ms) < rooms * RESTART_AFTER_ACTIONS_PER_ROOM:
        await asyncio.sleep(0.2)
    tally.restarting.add(server.port)
    try:
        restarts.append(await asyncio.to_thread(server.restart))
    finally:
        tally.restarting.discard(server.port)


def rooms_naming_a_connection(url: str) -> int:
    """Rooms that still name a seat's connection, once every player has said goodbye: ghosts,
    waited for a moment while the servers finish the last goodbyes."""
    import psycopg

    give_up = time.monotonic() + GHOSTS_SETTLE_S
    while True:
        with psycopg.connect(url) as connection:
            row = connection.execute(
                "SELECT count(*) FROM rummy_match "
                "WHERE mode = 'online' AND (channel0 <> '' OR channel1 <> '')"
            ).fetchone()
        named = int(row[0]) if row else 0
        if named == 0 or time.monotonic() > give_up:
            return named
        time.sleep(0.5)


def cpu_seconds(*markers: bytes) -> float:
    """CPU time so far of the processes whose command line holds every one of ``markers``, from /proc.

    A process that exits is counted in its parent, once reaped: the servers, PostgreSQL and Redis
    outlive the play."""
    total = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if all(marker in command for marker in markers):
            # Its own time and its reaped children's: PostgreSQL's backends come and go.
            total += sum(int(value) for value in fields[11:15]) / ticks
    return total


def cpu_seconds_by_part() -> dict[str, float]:
    """CPU so far of each part that shares the machine during the play: where a slow run's time went."""
    return {
        "servers": cpu_seconds(b"gunicorn", b"site_core.asgi"),
        "PostgreSQL": cpu_seconds(b"postgres"),
        "Redis": cpu_seconds(b"redis-server"),
        "players": time.process_time(),
    }


def disk_busy_ms() -> dict[str, int]:
    """Milliseconds each disk has spent doing I/O since boot (/proc/diskstats' io_ticks)."""
    busy = {}
    for line in Path("/proc/diskstats").read_text().splitlines():
        fields = line.split()
        if not fields[2].startswith(("loop", "ram")) and int(fields[12]):
            busy[fields[2]] = int(fields[12])
    return busy


CHECKPOINTS = (
    "SELECT checkpoints_timed + checkpoints_req, checkpoint_write_time + checkpoint_sync_time, "
    "buffers_checkpoint FROM pg_stat_bgwriter"
)


def checkpoints(url: str) -> tuple[int, float, int]:
    """PostgreSQL's checkpoints so far: how many, their milliseconds writing and syncing, buffers."""
    import psycopg

    with psycopg.connect(url) as connection:
        row = connection.execute(CHECKPOINTS).fetchone()
    assert row is not None
    return int(row[0]), float(row[1]), int(row[2])


SLOW_MS = 100.0


def slow_moments(tally: Tally, started: float) -> str:
    """The seconds of the play that had the most round trips of SLOW_MS or more: a stall shows as
    many at once (the machine, the disk, a pause), a cost as a few everywhere."""
    by_second: dict[int, list[float]] = {}
    for sent, ms in zip(tally.sent_times, tally.round_trips_ms, strict=True):
        if ms >= SLOW_MS:
            by_second.setdefault(int(sent - started), []).append(ms)
    worst = sorted(sorted(by_second.items(), key=lambda item: -len(item[1]))[:8])
    moments = ", ".join(f"{second} s: {len(values)} (up to {max(values):.0f} ms)" for second, values in worst)
    slow = sum(len(values) for values in by_second.values())
    return f"  round trips of {SLOW_MS:.0f} ms or more: {slow}" + (f"; the most at {moments}" if slow else "")


class LoopLag:
    """How late the players' own event loop wakes up: a round trip measured by a late loop is the
    players' delay, not the servers'. Ticks every 10 ms and keeps how late each tick came."""

    TICK_S = 0.01

    def __init__(self) -> None:
        self.late_ms: list[float] = []

    async def watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.TICK_S
            await asyncio.sleep(self.TICK_S)
            self.late_ms.append((loop.time() - due) * 1000)


def stored_hands(url: str) -> dict[str, tuple[str, int, str]]:
    import psycopg

    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT m.public_id, h.code, h.starting_seat, h.log FROM rummy_match m "
            "JOIN rummy_hand h ON h.match_id = m.id WHERE h.number = 1 AND m.mode = 'online'"
        )
        return {match: (code, seat, log) for match, code, seat, log in rows}


async def run_rooms(
    servers: list[Server], args: argparse.Namespace, tally: Tally, lag: LoopLag, restarts: list[float]
) -> tuple[list[str], float]:
    ports = [server.port for server in servers]
    watching = asyncio.create_task(lag.watch())
    restarting = (
        None
        if args.no_restart
        else asyncio.create_task(restart_midway(servers[1], tally, args.rooms, restarts))
    )
    rng = random.Random(args.seed)
    # Opened a few at a time, as visitors arrive: the point is the play, not a burst of creations.
    opening = asyncio.Semaphore(8)

    async def one(n: int) -> str:
        async with opening:
            room = await open_room(ports[n % SERVERS], ports[(n + 1) % SERVERS])
        await play_room(
            room, ports, tally, rng.getrandbits(64), think_s=tuple(args.think), drop_chance=args.drop
        )
        return room.match

    started = time.monotonic()
    try:
        matches = await asyncio.wait_for(
            asyncio.gather(*(one(n) for n in range(args.rooms))), args.time_limit
        )
    finally:
        watching.cancel()
        if restarting is not None:
            if not restarting.done():
                restarting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await restarting
    return list(matches), time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=200, help="rooms played at once, two players each (200)")
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(2.0, 5.0),
        metavar=("MIN", "MAX"),
        help="seconds a player thinks per turn, drawn between the two (2 5: a quick human)",
    )
    parser.add_argument(
        "--drop", type=float, default=0.03, help="chance of a dropped connection per turn (0.03)"
    )
    parser.add_argument("--time-limit", type=float, default=900.0, help="seconds allowed for the play (900)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-restart", action="store_true", help="do not restart a server midway (by default one is)"
    )
    parser.add_argument(
        "--postgres", default="postgres://postgres@127.0.0.1:5432", help="without a database name"
    )
    parser.add_argument("--postgres-db", default="miaojong_rooms", help="database created and dropped")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/8", help="the channel layer's Redis")
    args = parser.parse_args()
    if (
        args.rooms < 1
        or args.time_limit <= 0
        or not 0 <= args.think[0] <= args.think[1]
        or not 0 <= args.drop < 1
    ):
        parser.error("rooms and the time limit must be positive, think MIN <= MAX, 0 <= drop < 1")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", args.postgres_db):
        parser.error("--postgres-db: lower-case letters, digits and _ only")
    for url in (args.postgres, args.redis_url):
        if urllib.parse.urlsplit(url).hostname not in LOOPBACK:
            parser.error("the load test only runs against servers on this machine (127.0.0.1)")

    print(
        f"== online rooms: {args.rooms} rooms x 2 players over {SERVERS} ASGI processes (PostgreSQL, Redis)"
    )
    with (
        tempfile.TemporaryDirectory(prefix="miaojong-rooms-") as tmp,
        postgres_database(args.postgres, args.postgres_db) as database,
    ):
        folder = Path(tmp)
        env = production_env(database.url, folder, args.redis_url)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True
        )
        logs = [folder / f"asgi-{n}.log" for n in range(SERVERS)]
        tally = Tally()
        restarts: list[float] = []
        with running([Server(env, log) for log in logs]) as servers:
            cpu_before, disk_before = cpu_seconds_by_part(), disk_busy_ms()
            checkpoints_before = checkpoints(database.url)
            lag = LoopLag()
            started = time.monotonic()
            try:
                matches, seconds = asyncio.run(run_rooms(servers, args, tally, lag, restarts))
                cpu = {part: used - cpu_before[part] for part, used in cpu_seconds_by_part().items()}
                disk = {name: busy - disk_before.get(name, 0) for name, busy in disk_busy_ms().items()}
                checkpoints_during = [
                    after - before
                    for after, before in zip(checkpoints(database.url), checkpoints_before, strict=True)
                ]
            except TimeoutError:
                print(f"  FAILED: the rooms did not finish within {args.time_limit:.0f} s")
                print("\n".join(summary(tally, args.rooms, args.time_limit)))
                return 1
            ghosts = rooms_naming_a_connection(database.url)
        print("\n".join(summary(tally, args.rooms, seconds)))
        if restarts:
            print(
                f"  restart: server 2 away {restarts[0]:.1f} s (SIGTERM, then started again); "
                f"{tally.restart_closes} connections closed by it, {tally.unreachable} attempts found no "
                f"server, {tally.confirmed_on_return} actions whose answer it cut off found in the log"
            )
        print(f"  rooms still naming a connection after the play (ghosts): {ghosts}")
        actions = max(1, len(tally.round_trips_ms))
        print(f"  servers' CPU: {cpu['servers']:.1f} s, {cpu['servers'] / actions * 1000:.1f} ms per action")
        print(
            "  the machine's two cores also ran: "
            + ", ".join(f"{part} {cpu[part]:.1f} s" for part in ("PostgreSQL", "Redis", "players"))
        )
        print(
            f"  the players' own loop woke late by p99 {percentile(lag.late_ms, 0.99):.1f} ms, "
            f"at most {max(lag.late_ms, default=0.0):.1f} ms (it times the round trips)"
        )
        print(slow_moments(tally, started))
        print(
            "  disks busy: "
            + (", ".join(f"{name} {ms / 1000:.1f} s" for name, ms in disk.items() if ms) or "none")
            + f"; PostgreSQL checkpoints: {checkpoints_during[0]}, {checkpoints_during[1] / 1000:.1f} s "
            f"writing and syncing {checkpoints_during[2]} buffers"
        )
        hands = stored_hands(database.url)
        problems = [problem for match in matches for problem in check_room(match, hands[match], tally)]
        stored = sum(len(log.splitlines()) for _, _, log in hands.values())
        confirmed = len(tally.round_trips_ms)
        print(
            f"  database: {len(hands)} hands, {stored} actions stored for {confirmed} confirmed; "
            f"rooms with a problem {len({p.split(':')[0] for p in problems})}"
        )
        texts = [log.read_text(errors="replace") for log in logs]
        tracebacks = sum(text.count(TRACEBACK) for text in texts)
        print(f"  server logs: tracebacks {tracebacks}")
        for text in texts:
            if TRACEBACK in text:
                start = text.find(TRACEBACK)
                print(text[start : start + 8000])
                break
    for text in tally.errors[:10] + problems[:10]:
        print(f"  {text}")
    p99 = percentile(tally.round_trips_ms, 0.99)
    failures = []
    if tally.errors:
        failures.append(f"{len(tally.errors)} errors seen by the players")
    if tally.late_news:
        failures.append(f"{tally.late_news} pushes never came (the players had to ask)")
    if problems:
        failures.append(f"{len(problems)} differences between the players and the database")
    if tracebacks:
        failures.append(f"{tracebacks} tracebacks in the server logs")
    if ghosts:
        failures.append(f"{ghosts} rooms still name a connection that is gone")
    if not args.no_restart and not restarts:
        failures.append("the play ended before the restart: nothing was checked across it")
    if p99 >= P99_TARGET_MS:
        failures.append(f"p99 round trip {p99:.0f} ms is not under {P99_TARGET_MS:.0f} ms")
    print(f"  {'FAILED: ' + '; '.join(failures) if failures else 'OK: no errors, nothing lost or doubled'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
