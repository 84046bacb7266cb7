"""Events and logs: the canonical JSON shape, read strictly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import Event, EventType, MalformedLogError, log_to_json, parse_log
from game.mahjong.engine.events import MAX_EVENTS, MAX_TIME_MS

SIMPLE_TYPES = ["undo", "hint", "shuffle", "pause", "resume", "next_level"]


def test_the_event_types_are_the_documented_ones() -> None:
    assert sorted(e.value for e in EventType) == sorted(["match", *SIMPLE_TYPES])


def test_a_match_event_has_t_type_a_and_b() -> None:
    assert Event.match(1830, 12, 97).to_json() == {"t": 1830, "type": "match", "a": 12, "b": 97}


@pytest.mark.parametrize("kind", SIMPLE_TYPES)
def test_other_events_have_only_t_and_type(kind: str) -> None:
    assert Event(2400, EventType(kind)).to_json() == {"t": 2400, "type": kind}


events = st.one_of(
    st.builds(Event.match, st.integers(0, MAX_TIME_MS), st.integers(0, 10**6), st.integers(0, 10**6)),
    st.builds(Event, st.integers(0, MAX_TIME_MS), st.sampled_from([EventType(k) for k in SIMPLE_TYPES])),
)


@given(events)
def test_events_round_trip_through_json(event: Event) -> None:
    data = event.to_json()
    assert Event.from_json(data) == event
    assert Event.from_json(json.loads(json.dumps(data))) == event
    assert Event.from_json(data).to_json() == data


@given(st.lists(events, max_size=30))
def test_logs_round_trip_through_json_once_sorted_by_time(log: list[Event]) -> None:
    log = sorted(log, key=lambda e: e.t)
    assert parse_log(log_to_json(log)) == log
    assert parse_log(json.loads(json.dumps(log_to_json(log)))) == log


def test_times_may_repeat() -> None:
    log = [{"t": 5, "type": "hint"}, {"t": 5, "type": "hint"}]
    assert [e.t for e in parse_log(log)] == [5, 5]


def test_an_empty_log_is_fine() -> None:
    assert parse_log([]) == []


BAD_EVENTS: list[tuple[str, object]] = [
    ("an event must be an object, not list", ["t", 0]),
    ("an event must be an object, not str", "undo"),
    ("an event must be an object, not NoneType", None),
    ("unknown event type 'jump'", {"t": 0, "type": "jump"}),
    ("unknown event type 'MATCH'", {"t": 0, "type": "MATCH", "a": 1, "b": 2}),
    ("unknown event type None", {"t": 0}),
    ("unknown event type 3", {"t": 0, "type": 3}),
    ("missing b", {"t": 0, "type": "match", "a": 1}),
    ("missing a, b", {"t": 0, "type": "match"}),
    ("missing t", {"type": "undo"}),
    ("unexpected a", {"t": 0, "type": "undo", "a": 1}),
    ("unexpected c", {"t": 0, "type": "match", "a": 1, "b": 2, "c": 3}),
    ("t must be whole milliseconds", {"t": 1.0, "type": "undo"}),
    ("t must be whole milliseconds", {"t": 1.5, "type": "undo"}),
    ("t must be whole milliseconds", {"t": True, "type": "undo"}),
    ("t must be whole milliseconds", {"t": -1, "type": "undo"}),
    ("t must be whole milliseconds", {"t": "100", "type": "undo"}),
    ("t must be whole milliseconds", {"t": None, "type": "undo"}),
    ("t must be whole milliseconds", {"t": MAX_TIME_MS + 1, "type": "undo"}),
    ("a must be a position index, not '3'", {"t": 0, "type": "match", "a": "3", "b": 4}),
    ("b must be a position index, not -1", {"t": 0, "type": "match", "a": 3, "b": -1}),
    ("a must be a position index, not True", {"t": 0, "type": "match", "a": True, "b": 4}),
    ("b must be a position index, not 4.0", {"t": 0, "type": "match", "a": 3, "b": 4.0}),
    ("a must be a position index, not None", {"t": 0, "type": "match", "a": None, "b": 4}),
]


@pytest.mark.parametrize(("phrase", "data"), BAD_EVENTS)
def test_malformed_events_are_refused(phrase: str, data: object) -> None:
    with pytest.raises(MalformedLogError) as caught:
        Event.from_json(data, index=7)
    assert caught.value.index == 7
    assert phrase in caught.value.reason
    assert str(caught.value) == f"event 7: {caught.value.reason}"


def test_the_largest_time_is_a_week() -> None:
    assert Event.from_json({"t": MAX_TIME_MS, "type": "hint"}).t == 7 * 24 * 3600 * 1000


@pytest.mark.parametrize("data", [{}, (), "[]", None, {"events": []}])
def test_a_log_must_be_a_list(data: object) -> None:
    with pytest.raises(MalformedLogError, match="a log must be a list") as caught:
        parse_log(data)
    assert caught.value.index == 0


def test_a_log_names_its_first_bad_event() -> None:
    log = [{"t": 0, "type": "hint"}, {"t": 1, "type": "hint"}, {"t": 2, "type": "hop"}, {"t": 3}]
    with pytest.raises(MalformedLogError) as caught:
        parse_log(log)
    assert caught.value.index == 2


def test_time_may_not_go_back_in_a_log() -> None:
    log = [{"t": 10, "type": "hint"}, {"t": 20, "type": "hint"}, {"t": 19, "type": "hint"}]
    with pytest.raises(MalformedLogError, match="time goes back from 20 to 19 ms") as caught:
        parse_log(log)
    assert caught.value.index == 2


def test_a_log_may_hold_at_most_max_events() -> None:
    assert len(parse_log([{"t": 0, "type": "hint"}] * MAX_EVENTS)) == MAX_EVENTS
    with pytest.raises(MalformedLogError, match=f"at most {MAX_EVENTS} events") as caught:
        parse_log([{"t": 0, "type": "hint"}] * (MAX_EVENTS + 1))
    assert caught.value.index == MAX_EVENTS


def test_an_event_with_keys_of_mixed_types_is_malformed() -> None:
    with pytest.raises(MalformedLogError):
        Event.from_json({"t": 0, "type": "undo", 1: 2, "x": 3})
