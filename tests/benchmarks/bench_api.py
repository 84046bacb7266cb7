"""API figures, in-process through the whole Django stack (middleware, DRF, a real SQLite file).

Nothing external is started: requests go through ``django.test.Client`` against
a temporary SQLite database (WAL, as configured in the settings), migrated
first.  Rate limits are lifted for the run and ``DEBUG`` is off while measuring
(as in production; debug mode records every SQL query).

Reported: deals per second through ``POST /api/deals/`` against the engine's
``deal()`` alone, and the server time to verify and store a full 72-pair
classic log with ``POST /api/scores/`` (target: median <= 20 ms, database
included), and Rummy turn checks per second: in the engine, through the
stack, and over real HTTP on loopback (a single-threaded WSGI server of the
standard library in a thread, one connection per request).  Run with
``make bench``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks._stats import PACE, pin_to_one_core, scratch_site, summary, time_calls

DEALS = 300
SUBMISSIONS = 200
BOARD_READS = 200


def main() -> None:
    print(f"bench_api: {pin_to_one_core()}, Python {sys.version.split()[0]}")
    with scratch_site():
        bench_deals()
        bench_submissions()
        bench_leaderboard()
        bench_rummy_checks()


def bench_deals() -> None:
    from django.test import Client

    from game.mahjong.engine import GameCode, deal

    client = Client(HTTP_HOST="localhost")
    body = {"layout": "L00", "mode": "classic"}

    def through_api(_: int) -> None:
        response = client.post("/api/deals/", body, content_type="application/json")
        assert response.status_code == 201, response.content

    def engine_only(_: int) -> None:
        deal(GameCode.random("L00"))

    through_api(0)  # warm up: URL resolver, layout caches
    api = time_calls(through_api, DEALS)
    engine = time_calls(engine_only, DEALS)
    api_rate, engine_rate = 1000 * DEALS / sum(api), 1000 * DEALS / sum(engine)
    print("Deals of the Turtle (L00), new random codes")
    print(f"  POST /api/deals/   {api_rate:6.0f}/s  {summary(api)}")
    print(f"  engine deal()      {engine_rate:6.0f}/s  {summary(engine)}")
    overhead = statistics.median(api) - statistics.median(engine)
    print(f"  API / engine: {api_rate / engine_rate:.2f} ({overhead:.2f} ms of overhead per deal, median)")


def bench_submissions() -> None:
    from django.test import Client

    from game.mahjong import tokens
    from game.mahjong.engine import GameCode, deal, replay

    client = Client(HTTP_HOST="localhost")
    issued = time.time() - 3600  # an hour ago, so a leisurely log fits the time bound
    games: list[tuple[str, str, list[dict[str, Any]]]] = []
    for _ in range(SUBMISSIONS + 1):
        code = str(GameCode.random("L00"))
        plan = deal(code).plan
        log = [
            {"t": 1500 * (k + 1) + round(1500 * PACE[k % len(PACE)]), "type": "match", "a": a, "b": b}
            for k, (a, b) in enumerate(plan)
        ]
        games.append((code, tokens.issue(code, "classic", random_deal=True, now=issued), log))

    def submit(i: int) -> None:
        _code, token, log = games[i]
        body = {"token": token, "name": f"Bench {i}", "log": log}
        response = client.post("/api/scores/", body, content_type="application/json")
        assert response.status_code == 201, response.content
        assert response.json()["rank"] is not None

    def replay_only(i: int) -> None:
        code, _token, log = games[i]
        replay(code, "classic", log)

    submit(SUBMISSIONS)  # warm up
    api = time_calls(submit, SUBMISSIONS)
    engine = time_calls(replay_only, SUBMISSIONS)
    median = statistics.median(api)
    print(f"Verifying a full 72-pair classic log ({SUBMISSIONS} of them, one board)")
    print(
        f"  POST /api/scores/  {summary(api)}  target median <= 20 ms: {'met' if median <= 20 else 'MISSED'}"
    )
    print(f"  engine replay()    {summary(engine)}  (the part spent in the engine)")


def bench_leaderboard() -> None:
    from django.test import Client

    client = Client(HTTP_HOST="localhost")

    def read(_: int) -> None:
        response = client.get("/api/leaderboards/?layout=L00&mode=classic&period=all")
        assert response.status_code == 200 and len(response.json()["entries"]) == 100

    read(0)
    print("Reading a leaderboard (top 100)")
    print(f"  GET /api/leaderboards/  {summary(time_calls(read, BOARD_READS))}")


RUMMY_CHECK = {
    "table": [["K5", "K6", "K7"], ["R9", "B9", "O9"], ["B1", "B2", "B3", "B4"]],
    "rack": ["R10", "B10", "K10", "O10", "K8", "R3", "J"],
    "after": [
        ["K5", "K6", "K7", "K8"],
        ["R9", "B9", "O9", "J"],
        ["B1", "B2", "B3", "B4"],
        ["R10", "B10", "K10", "O10"],
    ],
    "opened": True,
}
RUMMY_CHECKS = 400


def bench_rummy_checks() -> None:
    import json
    import threading
    import urllib.request
    from wsgiref.simple_server import WSGIRequestHandler, make_server

    from django.core.wsgi import get_wsgi_application
    from django.test import Client

    from game.rummy.engine import check_turn

    class Quiet(WSGIRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    body = json.dumps(RUMMY_CHECK).encode()
    client = Client(HTTP_HOST="localhost")

    def engine(_: int) -> None:
        assert check_turn(**RUMMY_CHECK).legal

    def stack(_: int) -> None:
        response = client.post("/api/rummy/check/", body, content_type="application/json")
        assert response.json()["valid"] is True

    server = make_server("127.0.0.1", 0, get_wsgi_application(), handler_class=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://localhost:{server.server_port}/api/rummy/check/"

    def http(_: int) -> None:
        request = urllib.request.Request(url, body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert json.load(answer)["valid"] is True

    print("Rummy turn checks (a legal turn: 6 rack tiles onto a 10-tile table)")
    for name, call in (("engine check_turn()", engine), ("through the stack", stack), ("over HTTP", http)):
        call(0)
        times = time_calls(call, RUMMY_CHECKS)
        print(f"  {name:<20} {1000 * len(times) / sum(times):7.0f} per second   {summary(times)}")
    server.shutdown()
    server.server_close()


if __name__ == "__main__":
    main()
