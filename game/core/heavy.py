"""Second-long computations: how many run on the machine at once, and where they run.

A Mahjong solve, a Rummy computer move on Hard, a score's check with the search
for a lost arcade game's dead end: each may compute for up to a second. Run in a server process,
it would hold that process's interpreter lock and share its processor with the
event loop, and every other request of the process would wait behind it. So:

- **Where**: in a pool of worker processes (:func:`run_in_pool`), one pool per
  server process, started on first use, its processes made from scratch
  (``spawn``: no copy of the server's threads, sockets or event loop) and given a
  lower scheduling priority (:data:`NICENESS`), so that the processor goes to
  whoever serves a page first and to the computations with what is left. The
  request's thread only waits for the answer (without the interpreter lock).
- **How many**: at most ``settings.MAX_CONCURRENT_SOLVES`` (the number of
  processors by default) on the whole machine, whatever the number of server
  processes and whatever the kind of computation: a slot (:func:`hold`) is taken
  before one starts, and when none is free the caller refuses at once rather than
  queueing. The slots are shared through Redis when ``REDIS_URL`` is set (a sorted
  set of leases per host name, so a process that dies frees its slot after
  :data:`LEASE_S`), and otherwise through lock files in ``settings.HEAVY_WORK_DIR``
  (one file per slot, locked with ``flock``: the kernel frees a dead process's).

A job sent to the pool must be importable without Django (an engine function,
or a module that imports only engines): the pool's processes never set Django up.
"""

from __future__ import annotations

import contextlib
import contextvars
import fcntl
import multiprocessing
import multiprocessing.connection
import os
import socket
import threading
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from pathlib import Path
from typing import Final, ParamSpec, Protocol, TypeVar

from django.conf import settings

P = ParamSpec("P")
T = TypeVar("T")

NICENESS: Final = 10
"""How much lower the pool's processes are scheduled than the server's (see ``man 2 nice``)."""
LEASE_S: Final = 30
"""With Redis: how long a slot stays taken by a process that died without giving it back.
A computation takes about a second; the lease only bounds what a crash costs."""


class Slots(Protocol):
    def try_acquire(self, limit: int) -> object | None:
        """A token for a free slot, or None at once when ``limit`` slots are taken."""

    def release(self, token: object) -> None: ...

    def in_use(self) -> int:
        """How many slots are taken now (for tests and the health of the bound)."""


class FileSlots:
    """Slots as lock files in one directory: slot k is taken while an open file holds its lock.

    ``flock`` locks belong to an open file, not to a process or a thread, so every
    acquisition opens the file anew: two threads of one process exclude each other
    just as two processes do, and a process that dies releases its locks with its files.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def _path(self, slot: int) -> Path:
        return self.directory / f"slot-{slot}.lock"

    def try_acquire(self, limit: int) -> object | None:
        self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        for slot in range(limit):
            descriptor = os.open(self._path(slot), os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                continue
            return descriptor
        return None

    def release(self, token: object) -> None:
        assert isinstance(token, int)
        os.close(token)  # closing the only descriptor of the open file drops its lock

    def in_use(self) -> int:
        taken = 0
        for path in self.directory.glob("slot-*.lock"):
            descriptor = os.open(path, os.O_RDWR)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                taken += 1
            finally:
                os.close(descriptor)
        return taken


# Atomically: forget expired leases, then take one if fewer than the limit are held.
# The time is Redis's own, so the servers' clocks need not agree.
_TAKE_SCRIPT: Final = """
local now = redis.call('TIME')
local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
    return 0
end
redis.call('ZADD', KEYS[1], now_ms + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
"""


class RedisSlots:
    """Slots as leases in a Redis sorted set (member: a random token, score: when it expires)."""

    def __init__(self, url: str, key: str) -> None:
        import redis  # only where Redis is configured

        self.client = redis.Redis.from_url(url)
        self.key = key
        self._take = self.client.register_script(_TAKE_SCRIPT)

    def try_acquire(self, limit: int) -> object | None:
        token = uuid.uuid4().hex
        if self._take(keys=[self.key], args=[limit, LEASE_S * 1000, token]) == 1:
            return token
        return None

    def release(self, token: object) -> None:
        self.client.zrem(self.key, str(token))

    def in_use(self) -> int:
        return int(self.client.zcard(self.key))


def slot_key() -> str:
    """The Redis key of this machine's slots: one set per host name."""
    return f"miaojong:heavy-work:{socket.gethostname()}"


@lru_cache(maxsize=4)
def _slots_of(redis_url: str | None, directory: str) -> Slots:
    if redis_url:
        return RedisSlots(redis_url, slot_key())
    return FileSlots(Path(directory))


def slots() -> Slots:
    """The machine's slots, as the settings name them now (a test may point them elsewhere)."""
    return _slots_of(settings.HEAVY_WORK_REDIS_URL, str(settings.HEAVY_WORK_DIR))


def limit() -> int:
    return int(settings.MAX_CONCURRENT_SOLVES)


_holding: contextvars.ContextVar[bool] = contextvars.ContextVar("holding_a_heavy_work_slot", default=False)


@contextlib.contextmanager
def hold() -> Iterator[bool]:
    """Holds one of the machine's slots for the block; yields False (holding none) if all are taken.

    Inside a block that holds one already (a score's check, which may search for its dead end),
    that slot serves: one request never takes two.
    """
    if _holding.get():
        yield True
        return
    store = slots()
    token = store.try_acquire(limit())
    if token is None:
        yield False
        return
    reset = _holding.set(True)
    try:
        yield True
    finally:
        _holding.reset(reset)
        store.release(token)


def _start_pool_process() -> None:
    """Each process of the pool: a lower priority, and an end with the server process that made it.

    A server process stopped by a signal (gunicorn's TERM, a KILL) runs no exit handlers, and the
    pool's processes would wait for work forever: a thread of each waits for its parent to end.
    """
    os.nice(NICENESS)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()


def _end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


class Interrupted(RuntimeError):
    """The job's process died before it answered: the job did not finish, and may be asked again."""


class _Pool:
    """One process pool per server process, made on first use and again if its processes died."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._size = 0

    def executor(self) -> ProcessPoolExecutor:
        size = limit()
        with self._lock:
            if self._executor is None or self._size != size:
                if self._executor is not None:
                    self._executor.shutdown(wait=False)
                self._executor = ProcessPoolExecutor(
                    max_workers=size,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_pool_process,
                )
                self._size = size
            return self._executor

    def forget(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is broken:
                self._executor = None


_POOL: Final = _Pool()


def run_in_pool(job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``job(*args, **kwargs)`` computed in one of the pool's processes; its answer or its exception
    (:class:`Interrupted` if its process was killed).

    The caller holds a slot (:func:`hold`): the pool has as many processes as
    there are slots, so a job never waits in the pool's queue for long.
    """
    executor = _POOL.executor()
    try:
        return executor.submit(job, *args, **kwargs).result()
    except BrokenProcessPool:
        # A process of the pool was killed (out of memory, or the server is stopping): the next
        # job gets a new pool.
        _POOL.forget(executor)
        raise Interrupted(f"the pool's process running {job.__name__} was killed") from None
