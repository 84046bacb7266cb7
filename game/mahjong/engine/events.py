"""Move-log events and their canonical JSON form.

A game is recorded as a list of events, each a JSON object with ``t`` (whole
milliseconds since the game's first deal was shown, never decreasing) and
``type``; ``match`` events also carry ``a`` and ``b``, the two position
indices removed::

    {"t": 1830, "type": "match", "a": 12, "b": 97}
    {"t": 2400, "type": "undo"}

The other types are ``hint``, ``shuffle``, ``pause``, ``resume`` and
``next_level``.  :meth:`Event.from_json` accepts exactly this shape and
nothing else (no extra keys, no floats, no booleans posing as numbers), and
:meth:`Event.to_json` gives it back unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from .errors import MalformedLogError

MAX_EVENTS: Final = 20_000
MAX_TIME_MS: Final = 7 * 24 * 3600 * 1000
"""A week: longer games are refused rather than kept open forever."""


class EventType(StrEnum):
    MATCH = "match"
    UNDO = "undo"
    HINT = "hint"
    SHUFFLE = "shuffle"
    PAUSE = "pause"
    RESUME = "resume"
    NEXT_LEVEL = "next_level"


def _whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Event:
    t: int
    type: EventType
    a: int | None = None
    b: int | None = None

    @classmethod
    def match(cls, t: int, a: int, b: int) -> Event:
        return cls(t, EventType.MATCH, a, b)

    @classmethod
    def from_json(cls, data: object, index: int = 0) -> Event:
        """Read one event; :class:`MalformedLogError` naming ``index`` if it is not one."""
        if not isinstance(data, dict):
            raise MalformedLogError(index, f"an event must be an object, not {type(data).__name__}")
        kind = data.get("type")
        try:
            event_type = EventType(kind) if isinstance(kind, str) else EventType("")
        except ValueError:
            known = ", ".join(e.value for e in EventType)
            raise MalformedLogError(index, f"unknown event type {kind!r} (known: {known})") from None
        expected = {"t", "type", "a", "b"} if event_type is EventType.MATCH else {"t", "type"}
        if set(data) != expected:
            missing = sorted(expected - set(data))
            extra = sorted(map(str, set(data) - expected))
            problem = f"missing {', '.join(missing)}" if missing else f"unexpected {', '.join(extra)}"
            raise MalformedLogError(
                index, f"a {event_type.value} event has keys {sorted(expected)}: {problem}"
            )
        t = data["t"]
        if not _whole_number(t) or not 0 <= t <= MAX_TIME_MS:
            raise MalformedLogError(index, f"t must be whole milliseconds from 0 to {MAX_TIME_MS}, not {t!r}")
        if event_type is not EventType.MATCH:
            return cls(t, event_type)
        a, b = data["a"], data["b"]
        for name, value in (("a", a), ("b", b)):
            if not _whole_number(value) or value < 0:
                raise MalformedLogError(index, f"{name} must be a position index, not {value!r}")
        return cls(t, event_type, a, b)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"t": self.t, "type": self.type.value}
        if self.type is EventType.MATCH:
            data["a"] = self.a
            data["b"] = self.b
        return data


def parse_log(data: object) -> list[Event]:
    """Read a whole log: a list of events with times that never go back."""
    if not isinstance(data, list):
        raise MalformedLogError(0, f"a log must be a list of events, not {type(data).__name__}")
    if len(data) > MAX_EVENTS:
        raise MalformedLogError(MAX_EVENTS, f"a log may hold at most {MAX_EVENTS} events, not {len(data)}")
    events: list[Event] = []
    last = 0
    for index, item in enumerate(data):
        event = Event.from_json(item, index)
        if event.t < last:
            raise MalformedLogError(index, f"time goes back from {last} to {event.t} ms")
        last = event.t
        events.append(event)
    return events


def log_to_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [event.to_json() for event in events]
