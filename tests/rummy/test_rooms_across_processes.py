"""Online rooms across server processes: two ASGI servers on one database and one Redis.

The host plays through one process and the guest through the other, as when a load
balancer spreads visitors over servers: each sees the other's turns, a dropped
connection comes back through either process, and a server restarted in the middle of
the hand loses nothing confirmed. The servers are real (gunicorn with the site's
uvicorn worker, production settings), so this runs where the database is one another
process can reach and Redis is there: the PostgreSQL + Redis run of .ci/run.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from django.db import connection

from game.rummy.models import Hand
from tests.load.room_players import OpenRoom, RoomPlayer, Tally, check_room, open_room
from tests.load.run_load import gunicorn, production_env
from tests.redis_databases import redis_url_of_this_worker
from tests.sockets import run

pytestmark = pytest.mark.django_db(transaction=True)


def _database_url() -> str | None:
    settings = connection.settings_dict
    if settings["ENGINE"] != "django.db.backends.postgresql":
        return None
    user, host = settings.get("USER") or "postgres", settings.get("HOST") or "127.0.0.1"
    return f"postgres://{user}@{host}:{settings.get('PORT') or 5432}/{settings['NAME']}"


def _services() -> tuple[str, str]:
    """The test database's URL and a Redis database of this worker's own (another worker's
    ``cache.clear()`` must not wipe these servers' rooms), or skip."""
    database_url, redis_url = _database_url(), os.environ.get("REDIS_URL")
    if database_url is None or not redis_url:
        pytest.skip("needs PostgreSQL and REDIS_URL (the PostgreSQL + Redis run of .ci/run)")
    return database_url, redis_url_of_this_worker(redis_url)


@pytest.fixture
def two_servers() -> Iterator[list[int]]:
    database_url, redis_url = _services()
    with tempfile.TemporaryDirectory(prefix="miaojong-rooms-") as tmp, ExitStack() as servers:
        env = production_env(database_url, Path(tmp), redis_url)
        yield [servers.enter_context(gunicorn(env, 1, 1, Path(tmp) / f"asgi-{n}.log")) for n in range(2)]


def stored_hand(match: str) -> tuple[str, int, str]:
    hand = Hand.objects.get(match__public_id=match, number=1)
    return hand.code, hand.starting_seat, hand.log


def test_two_players_on_two_processes_play_a_whole_hand_with_drops(two_servers: list[int]) -> None:
    tally = Tally()

    async def scenario() -> str:
        room = await open_room(two_servers[0], two_servers[1])
        rng = random.Random(7)
        players = [RoomPlayer(room, seat, two_servers, tally, rng, drop_chance=0.05) for seat in (0, 1)]
        await asyncio.gather(*(player.play() for player in players))
        return room.match

    match = run(scenario())
    assert tally.errors == []
    assert tally.drops > 0 and tally.connections > 2
    assert check_room(match, stored_hand(match), tally) == []


def test_a_server_restarted_mid_hand_loses_nothing_confirmed() -> None:
    database_url, redis_url = _services()
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="miaojong-rooms-") as tmp:
        env = production_env(database_url, Path(tmp), redis_url)

        async def part(ports: list[int], room: OpenRoom, until: int | None) -> None:
            players = [
                RoomPlayer(room, seat, ports, tally, random.Random(seat), until=until) for seat in (0, 1)
            ]
            await asyncio.gather(*(player.play() for player in players))

        with gunicorn(env, 1, 1, Path(tmp) / "first.log") as first:
            room = run(open_room(first, first))
            run(part([first], room, until=10))
        # The only server is gone and a new one started: the players come back to it.
        with gunicorn(env, 1, 1, Path(tmp) / "second.log") as second:
            run(part([second], room, until=None))
    assert tally.errors == []
    assert check_room(room.match, stored_hand(room.match), tally) == []
