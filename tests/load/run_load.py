#!/usr/bin/env python
"""Load test: many players at once against gunicorn, then a count of what the database kept.

For each database (PostgreSQL, and the embedded SQLite default) it creates a
fresh database, migrates it, starts gunicorn with several workers in
production mode on a loopback port, and lets the players loose. Each player
deals a game (POST /api/deals/), plays the whole of it through the winning
plan the engine computes here, on the client's side, at a fast person's pace
(waiting about as long as the log's times say the game took, since the server
refuses a log that claims more time than has passed), and submits the log
(POST /api/scores/). One player in five then submits the same token again,
and one in five sends its two submissions at the same instant: both kinds of
duplicate must be refused with 409. Each accepted entry is read back
(GET /api/scores/<id>/) and its leaderboard fetched.

It prints the throughput and the p50/p99 latency per endpoint, then checks in
the database that every accepted submission is stored exactly once and that
nothing else was stored, and scans the server's log for "database is locked"
and server errors. The exit code is 1 on any error or lost entry.

Bounded: a fixed number of players and games, a time limit for the whole
run, loopback only. Standard library only (http.client, threads), plus the
project's own engine and psycopg, which the project already needs.

    .venv/bin/python tests/load/run_load.py                 # the short run (.ci/run)
    .venv/bin/python tests/load/run_load.py --games 4       # what make load runs
    .venv/bin/python tests/load/run_load.py --database sqlite --sqlite-players 10
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import http.client
import json
import os
import random
import re
import secrets
import signal
import socket
import sqlite3
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.mahjong.engine import GameCode, all_layouts, deal  # noqa: E402
from game.mahjong.engine.timing import pace_floor_ms  # noqa: E402

BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
REQUEST_TIMEOUT_S = 60.0
START_TIMEOUT_S = 60.0
THROTTLE_SCALE = 10_000
"""Every player plays from 127.0.0.1, so the per-address rate limits are raised this many times."""

# The server's rules on a log's times (game/mahjong/scoring.py and timing.py; the
# pace floor is pure and imported, the rest needs Django: this script is a client). A person
# takes pairs no faster than the layout's pace floor on average, unevenly; a log claiming
# that pace may be sent once about as much time has passed since the deal, less the server's
# clock slack. If the rules change, entries come back refused or held for review and the run
# reports it.
PACE_OVER_FLOOR = 1.25
"""A fast player's mean gap between matches, over the layout's pace floor (860 ms on the Turtle)."""
HUMAN_GAPS = (1.0, 0.82, 1.22, 0.88, 1.11)
"""Each gap over the mean: varying by about 15%, as a person's."""
FIRST_MATCH_MS = 800
CLOCK_SLACK_MS = 5_000

LOCKED = re.compile(r"database is locked|database table is locked", re.IGNORECASE)
REQUEST_LINE = re.compile(r"^.* miaojong\.requests: [A-Z]+ /\S* \d{3} \d+\.\dms \S+$", re.MULTILINE)
SERVER_ERROR_LINE = re.compile(r" 5\d\d \d+\.\dms ")
BUSY_LINE = re.compile(r" 503 \d+\.\dms ")
BUSY_TRIES = 30
"""How many times a player sends a game the server was too busy to check (503 busy) before it
counts as an error. The machine checks only so many at once (game/core/heavy.py); the answer
says to send it again after Retry-After, and the game stays valid meanwhile."""
TRACEBACK = "Traceback (most recent call last)"


# -- measurements -------------------------------------------------------------------------------


@dataclass
class Results:
    """What the players saw; shared by all player threads."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    accepted: dict[str, tuple[int, str]] = field(default_factory=dict)
    """token digest -> (entry id, name) for every 201 answer to a submission."""
    duplicates_sent: int = 0
    duplicates_refused: int = 0
    busy: int = 0
    """Answers 503 busy, each sent again after its Retry-After."""
    games: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timing(self, endpoint: str, ms: float) -> None:
        with self.lock:
            self.latencies[endpoint].append(ms)

    def error(self, endpoint: str, message: str) -> None:
        with self.lock:
            self.errors[endpoint].append(message)

    @property
    def error_count(self) -> int:
        return sum(len(messages) for messages in self.errors.values())


class Server:
    """The HTTP side of one player: a fresh connection per request, like separate page loads."""

    def __init__(self, port: int, results: Results) -> None:
        self.port = port
        self.results = results

    def call(
        self, endpoint: str, method: str, path: str, body: Any = None, client: str | None = None
    ) -> tuple[int, Any]:
        status, answer, _ = self.exchange(endpoint, method, path, body, client)
        return status, answer

    def exchange(
        self, endpoint: str, method: str, path: str, body: Any = None, client: str | None = None
    ) -> tuple[int, Any, int]:
        """The answer's status and body, and its Retry-After in seconds (1 without one)."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json", "Connection": "close"}
        if client is not None:
            # Each player's own address, as our proxy would pass it on (the server trusts one hop
            # from loopback): one client's games played at once are held for review.
            headers["X-Forwarded-For"] = client
        if data is not None:
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT_S)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.results.error(endpoint, f"{method} {path}: {type(error).__name__}: {error}")
            return 0, None, 1
        finally:
            connection.close()
        self.results.timing(endpoint, (time.perf_counter() - started) * 1000)
        retry_after = int(response.getheader("Retry-After") or 1)
        try:
            return response.status, json.loads(raw) if raw else None, retry_after
        except ValueError:
            return response.status, raw.decode("utf-8", "replace")[:200], retry_after

    def submit(self, endpoint: str, submission: Any, client: str) -> tuple[int, Any]:
        """POST /api/scores/ as a client does it: a game the server was too busy to check is sent
        again once the answer's Retry-After has passed (a client's protocol, not a test's wait)."""
        for _ in range(BUSY_TRIES):
            status, body, retry_after = self.exchange(endpoint, "POST", "/api/scores/", submission, client)
            if status != 503 or not isinstance(body, dict) or body.get("code") != "busy":
                return status, body
            with self.results.lock:
                self.results.busy += 1
            time.sleep(retry_after)
        return status, body


# -- one player ---------------------------------------------------------------------------------


def paced_log(plan: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """The plan as a log played at a fast person's pace, so that the entry is ranked at once."""
    mean_ms = PACE_OVER_FLOOR * pace_floor_ms(2 * len(plan))
    events = []
    t = FIRST_MATCH_MS
    for k, (a, b) in enumerate(plan):
        if k:
            t += round(mean_ms * HUMAN_GAPS[k % len(HUMAN_GAPS)])
        events.append({"t": t, "type": "match", "a": a, "b": b})
    return events


def wait_until_played(dealt_at: float, log: list[dict[str, Any]]) -> None:
    """Wait as long as the game the log tells of took, less the slack: the server refuses it sooner."""
    ready = dealt_at + (log[-1]["t"] - CLOCK_SLACK_MS) / 1000 + 0.2
    time.sleep(max(0.0, ready - time.monotonic()))


def token_digest(token: str) -> str:
    """What the server stores for a token: SHA-256 of its nonce (the payload is signed, not secret)."""
    payload = token.split(":")[0]
    data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return hashlib.sha256(data["n"].encode()).hexdigest()


def play_game(server: Server, results: Results, player: int, rng: random.Random) -> None:
    layout = rng.choice(sorted(all_layouts()))
    client = f"10.0.{player // 256 % 256}.{player % 256}"
    status, dealt = server.call(
        "POST /api/deals/", "POST", "/api/deals/", {"layout": layout, "mode": "classic"}, client
    )
    dealt_at = time.monotonic()
    if status != 201:
        results.error("POST /api/deals/", f"player {player}: {status} {dealt}")
        return
    engine = deal(GameCode.parse(dealt["code"]), 1)
    if dealt["tiles"] != list(engine.tiles):
        results.error("POST /api/deals/", f"player {player}: the server dealt {dealt['code']} differently")
        return
    token = dealt["token"]
    name = f"Load {''.join(rng.choice(string.ascii_letters) for _ in range(8))}"
    submission = {"token": token, "name": name, "log": paced_log(list(engine.plan))}
    wait_until_played(dealt_at, submission["log"])

    kind = player % 5
    if kind == 1:
        # Two submissions of the same game at the same instant: exactly one may win.
        answers: list[tuple[int, Any]] = []
        together = threading.Barrier(2)

        def send() -> None:
            together.wait()
            answers.append(server.submit("POST /api/scores/ (race)", submission, client))

        racers = [threading.Thread(target=send) for _ in range(2)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        statuses = sorted(status for status, _ in answers)
        with results.lock:
            results.duplicates_sent += 1
        if statuses != [201, 409]:
            results.error("POST /api/scores/ (race)", f"player {player}: answers {statuses}, not [201, 409]")
        if 409 in statuses:
            with results.lock:
                results.duplicates_refused += 1
        created = [body for status, body in answers if status == 201]
    else:
        status, body = server.submit("POST /api/scores/", submission, client)
        if status != 201:
            results.error("POST /api/scores/", f"player {player}: {status} {body}")
            return
        created = [body]
        if kind == 0:
            with results.lock:
                results.duplicates_sent += 1
            again, answer = server.submit("POST /api/scores/ (again)", submission, client)
            if again == 409:
                with results.lock:
                    results.duplicates_refused += 1
            else:
                results.error("POST /api/scores/ (again)", f"player {player}: {again} {answer}, not 409")

    digest = token_digest(token)
    for entry in created:
        with results.lock:
            if digest in results.accepted:
                results.errors["POST /api/scores/"].append(f"player {player}: one token accepted twice")
            results.accepted[digest] = (entry["id"], name)
        if entry["rank"] is None:
            results.error("POST /api/scores/", f"player {player}: entry {entry['id']} was held for review")
        status, stored = server.call("GET /api/scores/{id}/", "GET", f"/api/scores/{entry['id']}/")
        if status != 200 or stored["log"] != submission["log"] or stored["name"] != name:
            results.error("GET /api/scores/{id}/", f"player {player}: {status}, not the entry submitted")
    status, board = server.call(
        "GET /api/leaderboards/", "GET", f"/api/leaderboards/?layout={layout}&mode=classic&limit=10"
    )
    if status != 200:
        results.error("GET /api/leaderboards/", f"player {player}: {status} {board}")
    with results.lock:
        results.games += 1


def play(port: int, players: int, games: int, deadline: float, results: Results) -> float:
    """Run ``players`` threads of ``games`` games each, all starting together; the seconds it took."""
    server = Server(port, results)
    start = threading.Barrier(players + 1)

    def player(number: int) -> None:
        rng = random.Random(number)
        start.wait()
        for _ in range(games):
            if time.monotonic() > deadline:
                results.error("time limit", f"player {number} ran out of time")
                return
            try:
                play_game(server, results, number, rng)
            except Exception as error:  # a bug in this script must show as an error, not a hang
                results.error("script", f"player {number}: {type(error).__name__}: {error}")

    threads = [threading.Thread(target=player, args=(n,), daemon=True) for n in range(players)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=max(1.0, deadline - time.monotonic()))
    if any(thread.is_alive() for thread in threads):
        results.error("time limit", "players were still playing when the time limit came")
    return time.perf_counter() - began


# -- databases and the server ---------------------------------------------------------------------


@dataclass
class Database:
    label: str
    url: str
    rows: Any  # () -> list of (id, token_digest, name)


@contextmanager
def postgres_database(base_url: str, name: str) -> Iterator[Database]:
    import psycopg

    admin = f"{base_url}/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    url = f"{base_url}/{name}"

    def rows() -> list[tuple[int, str, str]]:
        with psycopg.connect(url) as connection:
            return list(connection.execute("SELECT id, token_digest, name FROM game_score"))

    try:
        yield Database("PostgreSQL", url, rows)
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def sqlite_database(folder: Path) -> Iterator[Database]:
    path = folder / "load.sqlite3"

    def rows() -> list[tuple[int, str, str]]:
        connection = sqlite3.connect(path)
        try:
            return list(connection.execute("SELECT id, token_digest, name FROM game_score"))
        finally:
            connection.close()

    yield Database("SQLite (WAL)", f"sqlite:///{path}", rows)


def production_env(database_url: str, folder: Path, redis_url: str | None) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DJANGO_") and k not in ("DATABASE_URL", "REDIS_URL")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="site_core.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=HOST,
        # Plain HTTP on loopback: nothing to redirect to.
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_THROTTLE_SCALE=str(THROTTLE_SCALE),
        # The players' own addresses come in X-Forwarded-For from loopback, a trusted proxy.
        DJANGO_NUM_PROXIES="1",
        DJANGO_STATIC_ROOT=str(folder / "static"),
        DJANGO_LOG_LEVEL="INFO",
        DATABASE_URL=database_url,
        PYTHONUNBUFFERED="1",
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def gunicorn(
    env: dict[str, str], workers: int, threads: int, log_path: Path, asgi: bool = True
) -> Iterator[int]:
    """gunicorn on a free loopback port: as make serve runs it (ASGI, uvicorn workers, one event
    loop each) or, with ``asgi=False``, the WSGI application in threaded workers."""
    port = free_port()
    command = [str(BIN / "gunicorn"), f"--bind={HOST}:{port}", f"--workers={workers}"]
    if asgi:
        command += ["site_core.asgi:application", "--worker-class=site_core.asgi_worker.Worker"]
    else:
        command += ["site_core.wsgi:application", "--worker-class=gthread", f"--threads={threads}"]
    # The pinned gunicorn (requirements.lock) opens a control socket at one fixed path per user
    # unless told not to: two servers at once (run_rooms.py's pair, make serve) would share it.
    command += ["--timeout=60", "--graceful-timeout=10", "--no-control-socket"]
    with log_path.open("w") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_until_healthy(process, port)
        warm_up(port, workers * threads)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def warm_up(port: int, requests: int) -> None:
    """A few untimed deals at once, so that each worker has loaded its code before the clock starts."""
    server = Server(port, Results())

    def one() -> None:
        server.call("warm-up", "POST", "/api/deals/", {"layout": "L00", "mode": "classic"})

    threads = [threading.Thread(target=one) for _ in range(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def wait_until_healthy(process: subprocess.Popen[bytes], port: int) -> None:
    """Poll /healthz until every part answers (or give up)."""
    give_up = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < give_up:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode} before answering")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            connection.close()
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer /healthz within {START_TIMEOUT_S:.0f} s")


# -- the run ------------------------------------------------------------------------------------


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))]


def report(database: Database, players: int, games: int, seconds: float, results: Results) -> None:
    requests = sum(len(v) for v in results.latencies.values())
    print(
        f"  {results.games} games by {players} players x {games} in {seconds:.1f} s: "
        f"{requests / seconds:.1f} requests/s, {results.games / seconds:.2f} games/s"
    )
    print(f"  {'endpoint':<28} {'requests':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for endpoint in sorted(set(results.latencies) | set(results.errors)):
        times = results.latencies.get(endpoint, [])
        p50 = f"{percentile(times, 0.50):.1f}" if times else "-"
        p99 = f"{percentile(times, 0.99):.1f}" if times else "-"
        print(
            f"  {endpoint:<28} {len(times):>8} {p50:>8} {p99:>8} {len(results.errors.get(endpoint, [])):>7}"
        )


def check_database(database: Database, results: Results) -> list[str]:
    """Every accepted submission stored exactly once, under its id and name; nothing else stored."""
    problems = []
    rows = database.rows()
    by_digest: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for entry_id, digest, name in rows:
        by_digest[digest].append((entry_id, name))
    lost = [d for d in results.accepted if d not in by_digest]
    doubled = [d for d, entries in by_digest.items() if len(entries) > 1]
    extra = [d for d in by_digest if d not in results.accepted]
    wrong = [d for d, accepted in results.accepted.items() if d in by_digest and by_digest[d][0] != accepted]
    print(
        f"  database: {len(rows)} rows for {len(results.accepted)} accepted submissions; "
        f"lost {len(lost)}, stored twice {len(doubled)}, stored unaccepted {len(extra)}, "
        f"altered {len(wrong)}; "
        f"duplicates refused {results.duplicates_refused} of {results.duplicates_sent}"
    )
    if lost:
        problems.append(f"{len(lost)} accepted entries are not in the database")
    if doubled:
        problems.append(f"{len(doubled)} tokens have more than one entry")
    if extra:
        problems.append(f"{len(extra)} entries were stored without a 201 answer")
    if wrong:
        problems.append(f"{len(wrong)} entries differ from what was accepted")
    if results.duplicates_refused != results.duplicates_sent:
        problems.append(
            f"only {results.duplicates_refused} of {results.duplicates_sent} duplicates were refused"
        )
    return problems


def check_server_log(log_path: Path, results: Results) -> list[str]:
    text = log_path.read_text(errors="replace")
    locked = len(LOCKED.findall(text))
    busy = len(BUSY_LINE.findall(text))
    server_errors = len(SERVER_ERROR_LINE.findall(text)) - busy
    tracebacks = text.count(TRACEBACK)
    logged = len(REQUEST_LINE.findall(text))
    print(
        f"  server log: {logged} request lines, 5xx answers {server_errors} (besides {busy} busy, "
        f"each sent again), tracebacks {tracebacks}, "
        f'"database is locked" {locked}'
    )
    problems = []
    timed = sum(len(times) for times in results.latencies.values())
    if logged < timed:
        problems.append(f"the server logged {logged} requests of the {timed} or more it answered")
    if locked:
        problems.append(f'"database is locked" {locked} times in the server log')
    if busy != results.busy:
        problems.append(f"{busy} answers 503 in the server log, where the players saw {results.busy} busy")
    if server_errors or tracebacks:
        problems.append(f"{server_errors} server errors and {tracebacks} tracebacks in the server log")
        start = text.find(TRACEBACK)
        print(text[start : start + 3000] if start >= 0 else "\n".join(SERVER_ERROR_LINE.findall(text)[:10]))
    return problems


def run_one(database: Database, args: argparse.Namespace, players: int, folder: Path) -> bool:
    print(
        f"== {database.label}: {players} concurrent players x {args.games} games; "
        + (
            f"gunicorn {args.workers} ASGI workers (uvicorn)"
            if args.server == "asgi"
            else f"gunicorn {args.workers} WSGI workers x {args.threads} threads"
        )
    )
    env = production_env(database.url, folder, args.redis_url)
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if migrate.returncode != 0:
        print(f"  migrate failed:\n{migrate.stdout}{migrate.stderr}")
        return False
    log_path = folder / f"gunicorn-{database.label.split()[0].lower()}.log"
    results = Results()
    deadline = time.monotonic() + args.time_limit
    try:
        with gunicorn(env, args.workers, args.threads, log_path, asgi=args.server == "asgi") as port:
            seconds = play(port, players, args.games, deadline, results)
    except RuntimeError as error:
        print(f"  {error}\n{log_path.read_text(errors='replace')[-3000:]}")
        return False
    report(database, players, args.games, seconds, results)
    problems = check_database(database, results) + check_server_log(log_path, results)
    for endpoint, messages in sorted(results.errors.items()):
        for message in messages[:5]:
            print(f"  error, {endpoint}: {message}")
        if len(messages) > 5:
            print(f"  ... and {len(messages) - 5} more errors at {endpoint}")
    if results.error_count:
        problems.append(f"{results.error_count} errors seen by the players")
    if results.games != players * args.games:
        problems.append(f"{results.games} of {players * args.games} games finished")
    print(f"  {'FAILED: ' + '; '.join(problems) if problems else 'OK: no errors, nothing lost'}")
    return not problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("all", "postgres", "sqlite"), default="all")
    parser.add_argument("--players", type=int, default=50, help="concurrent players on PostgreSQL (50)")
    parser.add_argument("--sqlite-players", type=int, default=10, help="concurrent players on SQLite (10)")
    parser.add_argument("--games", type=int, default=1, help="games each player plays in a row (1)")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes (4)")
    parser.add_argument("--threads", type=int, default=4, help="threads per WSGI worker (4)")
    parser.add_argument(
        "--server",
        choices=("asgi", "wsgi"),
        default="asgi",
        help="as make serve runs it (asgi) or WSGI threads",
    )
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds allowed per database (120)")
    parser.add_argument(
        "--postgres", default="postgres://postgres@127.0.0.1:5432", help="server URL, without a database name"
    )
    parser.add_argument(
        "--postgres-db", default="miaojong_load", help="database created and dropped (miaojong_load)"
    )
    parser.add_argument(
        "--redis-url", default=None, help="share throttle counts in Redis, e.g. redis://127.0.0.1:6379/9"
    )
    args = parser.parse_args()
    if (
        min(args.players, args.sqlite_players, args.games, args.workers, args.threads) < 1
        or args.time_limit <= 0
    ):
        parser.error("counts and the time limit must be positive")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", args.postgres_db):
        parser.error("--postgres-db: lower-case letters, digits and _ only")
    if urllib.parse.urlsplit(args.postgres).hostname not in LOOPBACK:
        parser.error("--postgres: the load test only runs against a server on this machine (127.0.0.1)")

    ok = True
    with tempfile.TemporaryDirectory(prefix="miaojong-load-") as tmp:
        folder = Path(tmp)
        if args.database in ("all", "postgres"):
            with postgres_database(args.postgres, args.postgres_db) as database:
                ok &= run_one(database, args, args.players, folder)
        if args.database in ("all", "sqlite"):
            with sqlite_database(folder) as database:
                ok &= run_one(database, args, args.sqlite_players, folder)
    print("load test passed" if ok else "load test FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
