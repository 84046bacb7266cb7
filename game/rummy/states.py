"""The latest known state of each recent hand, kept in this process: the referee's cache.

The database holds each hand as its log (see :mod:`game.rummy.models`); the
engine replays a log into a :class:`~game.rummy.engine.State`.  Replaying a
whole hand for every read would cost each answer milliseconds, so each process
keeps the last state it saw of each hand, checked against the log it read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Final

from .engine import LogEntry, State, apply, parse_log_text, replay
from .models import Hand


class StateCache:
    """The latest known state of each recent hand, by (code, first seat): equal logs are equal hands.

    A log only ever grows by one line at a time, so a state missing here is most often one
    action past the one kept (the other player's move, read by another process's socket):
    that costs one ``apply`` instead of replaying the whole hand. Only the latest state of a
    hand is kept: the earlier ones are never asked for again, and every object kept is one
    more for each of the garbage collector's full passes to walk, with the sockets waiting.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        """How many hands are kept."""
        self.states: OrderedDict[tuple[str, int], tuple[str, State]] = OrderedDict()
        self.lock = threading.Lock()  # the sockets' queries run in several threads

    def get(self, code: str, starting_seat: int, log: str) -> State:
        with self.lock:
            known = self.states.get((code, starting_seat))
            if known is not None:
                self.states.move_to_end((code, starting_seat))
        if known is not None and known[0] == log:
            return known[1]
        before, _, last = log.rpartition("\n")
        if known is not None and last and known[0] == before:
            entry = LogEntry.parse(last)
            state = apply(known[1], entry.seat, entry.action)
        else:
            state = replay(code, starting_seat, parse_log_text(log))
        self.remember(code, starting_seat, log, state)
        return state

    def remember(self, code: str, starting_seat: int, log: str, state: State) -> None:
        with self.lock:
            self.states[(code, starting_seat)] = (log, state)
            self.states.move_to_end((code, starting_seat))
            while len(self.states) > self.size:
                self.states.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.states.clear()


STATES: Final = StateCache(1024)


def hand_state(hand: Hand) -> State:
    """The state ``hand``'s log leads to (from the cache when it holds it)."""
    return STATES.get(hand.code, hand.starting_seat, hand.log)
