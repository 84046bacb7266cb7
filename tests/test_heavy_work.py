"""Second-long work (game/core/heavy.py): one bound for the whole machine, computed off the server's
processes, and a refusal that costs the client nothing.

The slots are shared by every process: another process that holds them all turns this one's
requests away. The jobs run in the pool's own processes, at a lower priority, so the server's
threads go on while one computes.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from pytest_django import Settings

from game.core import heavy
from game.mahjong import scoring
from game.mahjong.models import Score
from game.rummy import service
from game.rummy.engine import bot_move
from tests.failing_jobs import killed
from tests.held_work import slots_taken
from tests.mahjong.api.conftest import _fresh_throttles, deal_long_ago, post, submit
from tests.mahjong.pages.test_replay_dead_end import stuck
from tests.rummy.api.helpers import act, create, key_of, pin_codes, stored
from tests.slot_holder import hold_slots, run_a_pool

__all__ = ["_fresh_throttles"]  # generous API rate limits and counts of each test's own

pytestmark = pytest.mark.django_db

WAIT_S = 60.0
"""Only a bound against a hang: every wait ends as soon as its event happens."""
EMPTY_BOARD = {"layout": "L00", "tiles": [None] * 144}
POSITION = {"table": [], "rack": ["R1", "B5", "K9"], "opened": False, "level": "hard", "pool": 10}


@contextmanager
def another_process_holding(settings: Settings, count: int) -> Iterator[multiprocessing.process.BaseProcess]:
    context = multiprocessing.get_context("spawn")
    ready, done = context.Queue(), context.Event()
    holder = context.Process(
        target=hold_slots,
        args=(
            settings.HEAVY_WORK_REDIS_URL,
            str(settings.HEAVY_WORK_DIR),
            count,
            settings.MAX_CONCURRENT_SOLVES,
            ready,
            done,
        ),
    )
    holder.start()
    try:
        assert ready.get(timeout=WAIT_S), "the other process got its slots"
        yield holder
    finally:
        if holder.is_alive():  # a killed one cannot answer the event (setting it would wait for it)
            done.set()
        holder.join(WAIT_S)


@pytest.fixture(params=["files", "redis"])
def store(request: pytest.FixtureRequest, settings: Settings) -> str:
    """The tests run with the slots in lock files, and in Redis where REDIS_URL names one."""
    if request.param == "redis":
        if not settings.HEAVY_WORK_REDIS_URL:
            pytest.skip("REDIS_URL is unset: no Redis to keep the slots in")
        slots = heavy.slots()
        assert isinstance(slots, heavy.RedisSlots)
        slots.client.delete(slots.key)  # no lease left by an earlier run
    else:
        settings.HEAVY_WORK_REDIS_URL = None
    return str(request.param)


def test_a_computation_is_refused_while_another_process_holds_every_slot(
    client: Client, settings: Settings, store: str
) -> None:
    settings.MAX_CONCURRENT_SOLVES = 2
    with another_process_holding(settings, 2):
        solve = post(client, "/api/solve/", EMPTY_BOARD)
        move = post(client, "/api/rummy/moves/", POSITION)
        assert (solve.status_code, solve.json()["code"]) == (503, "busy")
        assert (move.status_code, move.json()["code"]) == (503, "busy")
    assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 200, "free again once it let go"


def test_the_slots_left_by_another_process_are_this_ones(
    client: Client, settings: Settings, store: str
) -> None:
    settings.MAX_CONCURRENT_SOLVES = 2
    with another_process_holding(settings, 1):
        assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 200
        with slots_taken(1):
            assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 503


def test_the_slots_of_a_process_that_died_are_free_again(settings: Settings) -> None:
    settings.HEAVY_WORK_REDIS_URL = None  # with Redis, the lease runs out instead (LEASE_S)
    settings.MAX_CONCURRENT_SOLVES = 1
    with another_process_holding(settings, 1) as holder:
        assert heavy.slots().try_acquire(1) is None
        holder.kill()
        holder.join(WAIT_S)
        token = heavy.slots().try_acquire(1)
        assert token is not None
        heavy.slots().release(token)


def test_a_refusal_for_want_of_a_slot_spends_none_of_the_allowance(
    client: Client, settings: Settings
) -> None:
    settings.MAX_CONCURRENT_SOLVES = 1
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "solve": "2/min"},
    }
    with slots_taken(1):
        refusals = [post(client, "/api/solve/", EMPTY_BOARD) for _ in range(5)]
    assert [answer.status_code for answer in refusals] == [503] * 5
    assert [post(client, "/api/solve/", EMPTY_BOARD).status_code for _ in range(3)] == [200, 200, 429]


def test_the_jobs_run_in_other_processes_at_a_lower_priority() -> None:
    assert heavy.run_in_pool(os.getpid) != os.getpid()
    assert heavy.run_in_pool(os.nice, 0) >= os.nice(0) + heavy.NICENESS


def running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting to be reaped does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_the_pools_processes_end_with_the_server_process_that_made_them() -> None:
    """A server process killed (gunicorn's TERM or KILL runs no exit handlers) leaves no pool behind."""
    context = multiprocessing.get_context("spawn")
    pids, done = context.Queue(), context.Event()
    server = context.Process(target=run_a_pool, args=(pids, done))
    server.start()
    try:
        pool_process = pids.get(timeout=WAIT_S)
        assert running(pool_process)
        server.kill()
        server.join(WAIT_S)
        deadline = time.monotonic() + WAIT_S
        while running(pool_process) and time.monotonic() < deadline:
            time.sleep(0.05)  # waiting for the condition, bounded by the deadline
        assert not running(pool_process), "the pool's process outlived the server process"
    finally:
        if server.is_alive():
            done.set()
            server.join(WAIT_S)


def test_every_second_long_computation_runs_in_the_pool(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A solve, the computer's move (alone or as its reply in a match) and an arcade game's dead end:
    each is sent to the pool's processes, while its request holds a slot."""
    sent: list[tuple[str, int]] = []
    real = heavy.run_in_pool

    def spy(job: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append((job.__name__, heavy.slots().in_use()))
        return real(job, *args, **kwargs)

    monkeypatch.setattr(heavy, "run_in_pool", spy)
    assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 200
    assert post(client, "/api/rummy/moves/", POSITION).status_code == 200
    pin_codes(monkeypatch)
    versus = create(client, "computer", "hard")
    assert act(client, versus["match"], key_of(versus), hand=1, number=0, type="draw").status_code == 200
    game = stuck("arcade", "L02", 1)
    dealt = deal_long_ago(client, monkeypatch, code=str(game.code), mode="arcade")
    assert submit(client, dealt["token"], [event.to_json() for event in game.events]).status_code == 201
    assert sent == [("solve_board", 1), ("choose_move", 1), ("bot_move", 1), ("find_dead_end", 1)]
    assert heavy.slots().in_use() == 0


def test_the_dead_end_search_runs_only_with_a_free_slot(
    client: Client, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    """An accepted arcade game with tiles left, checked where no slot is held (through the API the
    check holds one, which the search uses): with every slot taken it is passed at once without its
    dead end (null, as when the search runs out of budget), and no search runs."""
    settings.MAX_CONCURRENT_SOLVES = 1
    game = stuck("arcade", "L02", 1)
    dealt = deal_long_ago(client, monkeypatch, code=str(game.code), mode="arcade")

    def no_search(*_: Any) -> Any:
        raise AssertionError("searched for the dead end without a slot")

    monkeypatch.setattr(scoring, "find_dead_end", no_search)
    log = [event.to_json() for event in game.events]
    with slots_taken(1):
        verified = scoring.verify(dealt["token"], "Crowd", log, now_ms=int(time.time() * 1000))
    assert verified.replay["dead_end"] is None
    assert heavy.slots().in_use() == 0


def test_a_score_is_checked_only_with_a_free_slot_and_the_refusal_spends_no_allowance(
    client: Client, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    """A check replays the log and may search for its dead end: a dozen at once from a crowd of
    addresses would hold every processor. Beyond the slots it is refused at once, and the game
    may be sent again (its token unspent)."""
    settings.MAX_CONCURRENT_SOLVES = 1
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "scores": "1/min"},
    }
    game = stuck("arcade", "L02", 1)
    dealt = deal_long_ago(client, monkeypatch, code=str(game.code), mode="arcade")
    log = [event.to_json() for event in game.events]
    with slots_taken(1):
        refused = [submit(client, dealt["token"], log) for _ in range(3)]
    assert [(answer.status_code, answer.json()["code"]) for answer in refused] == [(503, "busy")] * 3
    assert not Score.objects.exists()
    accepted = submit(client, dealt["token"], log)
    assert accepted.status_code == 201, accepted.content
    stored = Score.objects.get(pk=accepted.json()["id"]).replay
    assert stored is not None and stored["dead_end"] is not None, "its dead end searched within its slot"
    assert heavy.slots().in_use() == 0


def test_a_computation_whose_process_is_killed_is_refused_and_changes_nothing(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pool's process killed under a request (out of memory, a server stopping) answers 503
    ``interrupted`` with Retry-After, not a 500; the move against the computer is not stored; and
    the next request gets a new pool."""
    from game.mahjong.api import views as mahjong_views

    monkeypatch.setattr(mahjong_views, "solve_board", killed)
    cut = post(client, "/api/solve/", EMPTY_BOARD)
    assert (cut.status_code, cut.json()["code"], cut.headers["Retry-After"]) == (503, "interrupted", "1")
    monkeypatch.undo()
    assert post(client, "/api/solve/", EMPTY_BOARD).status_code == 200, "a new pool answers"

    pin_codes(monkeypatch)
    versus = create(client, "computer", "medium")
    match, key = versus["match"], key_of(versus)
    before = stored(match)
    monkeypatch.setattr(service, "bot_move", killed)
    cut = act(client, match, key, hand=1, number=0, type="draw")
    assert (cut.status_code, cut.json()["code"]) == (503, "interrupted")
    assert stored(match) == before, "the draw is not kept without the computer's reply"
    monkeypatch.setattr(service, "bot_move", bot_move)
    again = act(client, match, key, hand=1, number=0, type="draw")
    assert again.status_code == 200, again.content
    assert stored(match)[1] == 2, "the same draw, sent again, is played with the computer's reply"
    assert heavy.slots().in_use() == 0


def test_an_accepted_game_whose_dead_end_search_is_killed_stands_without_its_mark(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = stuck("arcade", "L02", 1)
    dealt = deal_long_ago(client, monkeypatch, code=str(game.code), mode="arcade")
    monkeypatch.setattr(scoring, "find_dead_end", killed)
    accepted = submit(client, dealt["token"], [event.to_json() for event in game.events])
    assert accepted.status_code == 201, accepted.content
    replay = Score.objects.get(pk=accepted.json()["id"]).replay
    assert replay is not None and replay["dead_end"] is None
    assert heavy.slots().in_use() == 0
