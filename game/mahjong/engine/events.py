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

The text form
=============

The same log as one short string, so that a long game fits a small request
body (a match takes about 12 bytes instead of about 45)::

    m1830.12.97 u570 h800 s2000 p450 r9000 n1200

Its grammar; nothing else is read::

    log    = "" | event *(" " event)
    event  = "m" delta "." number "." number    ; a match: a, then b
           | ("u" | "h" | "s" | "p" | "r" | "n") delta
    delta  = number                             ; ms since the event before (the first: since 0)
    number = "0" | ("1"-"9") *8("0"-"9")        ; at most 9 digits, no leading zero

The letters are the types' initials (``n`` for ``next_level``).  Times are
deltas, so they cannot go back; the time they add up to stays within
:data:`MAX_TIME_MS`, and a position within :data:`MAX_POSITION`, in both
forms.  A log has exactly one text: :func:`log_to_text` writes it,
:func:`parse_log_text` reads it back to the same events, and any other
spelling (a leading zero, a capital letter, two spaces, a trailing space, a
sign) is a :class:`MalformedLogError` naming the event.  Reading is linear and
bounded: the events are counted (the spaces) before any is read, and every
number's length is checked before it is converted, so a refusal costs no more
than a glance at the text.
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
MAX_DIGITS: Final = 9
"""The longest number of the text form: :data:`MAX_TIME_MS` has nine digits."""
MAX_POSITION: Final = 10**MAX_DIGITS - 1
"""The largest position index of a log, in either form, so that every log has a text form: far
beyond any layout (at most 144 positions), whose own range the replay checks."""
SEPARATOR: Final = " "


class EventType(StrEnum):
    MATCH = "match"
    UNDO = "undo"
    HINT = "hint"
    SHUFFLE = "shuffle"
    PAUSE = "pause"
    RESUME = "resume"
    NEXT_LEVEL = "next_level"

    @property
    def letter(self) -> str:
        """The type's letter in the text form: its initial."""
        return self.value[0]


_TYPES_BY_LETTER: Final = {event_type.letter: event_type for event_type in EventType}


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
            if not _whole_number(value) or not 0 <= value <= MAX_POSITION:
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


def log_to_text(events: Sequence[Event]) -> str:
    """The text form of a log (see the module's docstring); ``""`` for no events.

    :class:`MalformedLogError` if the events could not be a log: a time out
    of range or going back, or a position out of range.
    """
    parts: list[str] = []
    last = 0
    for index, event in enumerate(events):
        if event.t < last:
            raise MalformedLogError(index, f"time goes back from {last} to {event.t} ms")
        if event.t > MAX_TIME_MS:
            raise MalformedLogError(index, _time_range(event.t))
        text = f"{event.type.letter}{event.t - last}"
        if event.type is EventType.MATCH:
            for name, value in (("a", event.a), ("b", event.b)):
                if value is None or not 0 <= value <= MAX_POSITION:
                    raise MalformedLogError(index, f"{name} must be a position index, not {value!r}")
            text = f"{text}.{event.a}.{event.b}"
        parts.append(text)
        last = event.t
    return SEPARATOR.join(parts)


def parse_log_text(text: object, max_events: int = MAX_EVENTS) -> list[Event]:
    """Read a log's text form; :class:`MalformedLogError` naming the first bad event.

    The events are counted before any is read: a text of more than
    ``max_events`` of them (never more than :data:`MAX_EVENTS`) is refused at
    once, naming the first event over the limit.
    """
    if not isinstance(text, str):
        raise MalformedLogError(0, f"a log's text must be a string, not {type(text).__name__}")
    if not text:
        return []
    limit = min(max_events, MAX_EVENTS)
    count = text.count(SEPARATOR) + 1
    if count > limit:
        raise MalformedLogError(limit, f"a log may hold at most {limit} events, not {count}")
    events: list[Event] = []
    last = 0
    for index, item in enumerate(text.split(SEPARATOR)):
        event = _event_from_text(item, index, last)
        last = event.t
        events.append(event)
    return events


def _event_from_text(item: str, index: int, last: int) -> Event:
    if not item:
        raise MalformedLogError(index, "an empty event: events are separated by single spaces")
    event_type = _TYPES_BY_LETTER.get(item[0])
    if event_type is None:
        known = ", ".join(f"{kind.letter} ({kind.value})" for kind in EventType)
        raise MalformedLogError(index, f"unknown event letter {item[:1]!r} (known: {known})")
    fields = item[1:].split(".", 3)
    is_match = event_type is EventType.MATCH
    if len(fields) != (3 if is_match else 1):
        shape = "m<ms>.<a>.<b>" if is_match else f"{event_type.letter}<ms>"
        raise MalformedLogError(index, f"the {event_type.value} event is written {shape}, not {item[:40]!r}")
    numbers = [_number(field, index) for field in fields]
    t = last + numbers[0]
    if t > MAX_TIME_MS:
        raise MalformedLogError(index, _time_range(t))
    if not is_match:
        return Event(t, event_type)
    return Event(t, event_type, numbers[1], numbers[2])


def _number(field: str, index: int) -> int:
    # Checked before int() sees it: int() would also take "+1", " 1", "1_000" and Arabic-Indic digits.
    digits = 0 < len(field) <= MAX_DIGITS and field.isascii() and field.isdigit()
    if not digits or (field[0] == "0" and len(field) > 1):
        raise MalformedLogError(
            index, f"a number is 1 to {MAX_DIGITS} digits without a leading zero, not {field[:20]!r}"
        )
    return int(field)


def _time_range(t: int) -> str:
    return f"t must be whole milliseconds from 0 to {MAX_TIME_MS}, not {t}"
