"""API figures, in-process through the whole Django stack (middleware, DRF, a real SQLite file).

Nothing external is started: requests go through ``django.test.Client`` against
a temporary SQLite database (WAL, as configured in the settings), migrated
first.  Rate limits are lifted for the run and ``DEBUG`` is off while measuring
(as in production; debug mode records every SQL query).

Reported: deals per second through ``POST /api/deals/`` against the engine's
``deal()`` alone, and the server time to verify and store a full 72-pair
classic log with ``POST /api/scores/`` (target: median <= 20 ms, database
included).  Run with ``make bench``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks._stats import pin_to_one_core, summary, time_calls

DEALS = 300
SUBMISSIONS = 200
BOARD_READS = 200


def main() -> None:
    print(f"bench_api: {pin_to_one_core()}, Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory(prefix="miaojong-bench-") as folder:
        os.environ["DJANGO_DEBUG"] = "1"
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        os.environ["DJANGO_LOG_LEVEL"] = "WARNING"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_core.settings")

        import django

        django.setup()

        from django.conf import settings
        from django.core.management import call_command
        from django.db import connection
        from django.test.utils import override_settings

        call_command("migrate", verbosity=0)
        rates = dict.fromkeys(settings.THROTTLE_PER_MINUTE, "1000000/min")
        rest = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
        with override_settings(DEBUG=False, REST_FRAMEWORK=rest):
            bench_deals()
            bench_submissions()
            bench_leaderboard()
        connection.close()


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

    from game.core.api import tokens
    from game.mahjong.engine import GameCode, deal, replay

    client = Client(HTTP_HOST="localhost")
    issued = time.time() - 3600  # an hour ago, so a leisurely log fits the time bound
    games: list[tuple[str, str, list[dict[str, Any]]]] = []
    for _ in range(SUBMISSIONS + 1):
        code = str(GameCode.random("L00"))
        plan = deal(code).plan
        log = [{"t": 1500 * (k + 1), "type": "match", "a": a, "b": b} for k, (a, b) in enumerate(plan)]
        games.append((code, tokens.issue(code, "classic", now=issued), log))

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


if __name__ == "__main__":
    main()
