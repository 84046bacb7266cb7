"""The text form of a log: one canonical spelling, read strictly, the same events as the JSON form."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import (
    Event,
    EventType,
    MalformedLogError,
    log_to_json,
    log_to_text,
    parse_log,
    parse_log_text,
)
from game.mahjong.engine.events import MAX_EVENTS, MAX_POSITION, MAX_TIME_MS

EXAMPLE = "m1830.12.97 u570 h800 s2000 p450 r9000 n1200"


def test_the_documented_example_reads_as_it_says() -> None:
    assert parse_log_text(EXAMPLE) == [
        Event.match(1830, 12, 97),
        Event(2400, EventType.UNDO),
        Event(3200, EventType.HINT),
        Event(5200, EventType.SHUFFLE),
        Event(5650, EventType.PAUSE),
        Event(14650, EventType.RESUME),
        Event(15850, EventType.NEXT_LEVEL),
    ]
    assert log_to_text(parse_log_text(EXAMPLE)) == EXAMPLE


def test_each_type_has_a_letter_of_its_own_its_initial() -> None:
    letters = {kind: kind.letter for kind in EventType}
    assert letters == {
        EventType.MATCH: "m",
        EventType.UNDO: "u",
        EventType.HINT: "h",
        EventType.SHUFFLE: "s",
        EventType.PAUSE: "p",
        EventType.RESUME: "r",
        EventType.NEXT_LEVEL: "n",
    }


def test_an_empty_log_is_an_empty_text() -> None:
    assert log_to_text([]) == ""
    assert parse_log_text("") == []


def test_times_are_deltas_that_may_be_zero_and_add_up_to_at_most_a_week() -> None:
    log = [Event(0, EventType.HINT), Event.match(1830, 0, 143), Event(1830, EventType.UNDO)]
    log.append(Event(MAX_TIME_MS, EventType.NEXT_LEVEL))
    text = f"h0 m1830.0.143 u0 n{MAX_TIME_MS - 1830}"
    assert log_to_text(log) == text
    assert parse_log_text(text) == log


def test_the_largest_numbers_have_nine_digits() -> None:
    log = [Event.match(MAX_TIME_MS, MAX_POSITION, MAX_POSITION)]
    assert log_to_text(log) == f"m{MAX_TIME_MS}.999999999.999999999"
    assert parse_log_text(log_to_text(log)) == log


events = st.one_of(
    st.builds(
        Event.match, st.integers(0, MAX_TIME_MS), st.integers(0, MAX_POSITION), st.integers(0, MAX_POSITION)
    ),
    st.builds(Event, st.integers(0, MAX_TIME_MS), st.sampled_from([k for k in EventType if k != "match"])),
)
logs = st.lists(events, max_size=40).map(lambda log: sorted(log, key=lambda e: e.t))


@given(logs)
def test_events_to_text_and_back_are_the_same_events(log: list[Event]) -> None:
    assert parse_log_text(log_to_text(log)) == log


@given(logs)
def test_the_text_and_the_json_form_read_to_the_same_events(log: list[Event]) -> None:
    assert parse_log_text(log_to_text(log)) == parse_log(log_to_json(log))


@given(logs)
def test_a_text_read_and_written_again_is_the_same_text(log: list[Event]) -> None:
    text = log_to_text(log)
    assert log_to_text(parse_log_text(text)) == text


MALFORMED: list[tuple[str, str, int, str]] = [
    # (what, text, index of the bad event, a phrase of the reason)
    ("a lone space", " ", 0, "an empty event"),
    ("a leading space", " h0", 0, "an empty event"),
    ("a trailing space", "h0 ", 1, "an empty event"),
    ("two spaces", "h0  h1", 1, "an empty event"),
    ("a tab", "h0\th1", 0, "a number is 1 to 9 digits"),
    ("a newline", "h0\nh1", 0, "a number is 1 to 9 digits"),
    ("a separator of ';'", "h0;h1", 0, "a number is 1 to 9 digits"),
    ("a capital letter", "H0", 0, "unknown event letter 'H'"),
    ("an unknown letter", "h0 x5", 1, "unknown event letter 'x'"),
    ("a number first", "5h", 0, "unknown event letter '5'"),
    ("a type spelt out", "hint0", 0, "a number is 1 to 9 digits"),
    ("no time", "h", 0, "a number is 1 to 9 digits"),
    ("a leading zero", "h05", 0, "without a leading zero, not '05'"),
    ("a double zero", "h00", 0, "without a leading zero"),
    ("a minus sign", "h-1", 0, "a number is 1 to 9 digits"),
    ("a plus sign", "h+1", 0, "a number is 1 to 9 digits"),
    ("an underscore", "h1_000", 0, "a number is 1 to 9 digits"),
    ("a decimal point", "h1.5", 0, "the hint event is written h<ms>"),
    ("Arabic-Indic digits", "h\u0661\u0662", 0, "a number is 1 to 9 digits"),
    ("full-width digits", "h\uff11", 0, "a number is 1 to 9 digits"),
    ("ten digits", "h1000000000", 0, "a number is 1 to 9 digits"),
    ("a time past a week", f"h{MAX_TIME_MS + 1}", 0, f"from 0 to {MAX_TIME_MS}, not {MAX_TIME_MS + 1}"),
    ("deltas adding up past a week", f"h{MAX_TIME_MS} h0 h1", 2, f"not {MAX_TIME_MS + 1}"),
    ("a match with one position", "m100.5", 0, "the match event is written m<ms>.<a>.<b>"),
    ("a match with three positions", "m100.5.6.7", 0, "the match event is written m<ms>.<a>.<b>"),
    ("a match without positions", "m100", 0, "the match event is written"),
    ("an empty position", "m100..6", 0, "a number is 1 to 9 digits"),
    ("a position with a leading zero", "m100.5.06", 0, "without a leading zero, not '06'"),
    ("a position of ten digits", "m100.5.1000000000", 0, "a number is 1 to 9 digits"),
    ("a position on an undo", "u100.5.6", 0, "the undo event is written u<ms>"),
    ("a comma for a dot", "m100,5,6", 0, "the match event is written"),
]


@pytest.mark.parametrize(("what", "text", "index", "phrase"), MALFORMED, ids=[row[0] for row in MALFORMED])
def test_any_other_spelling_is_refused_naming_the_event(
    what: str, text: str, index: int, phrase: str
) -> None:
    with pytest.raises(MalformedLogError) as caught:
        parse_log_text(text)
    assert caught.value.index == index, what
    assert phrase in caught.value.reason, caught.value.reason


@pytest.mark.parametrize("value", [None, 5, ["h0"], b"h0"])
def test_the_text_form_must_be_a_string(value: object) -> None:
    with pytest.raises(MalformedLogError, match="a log's text must be a string") as caught:
        parse_log_text(value)
    assert caught.value.index == 0


def test_a_bad_event_is_quoted_shortened() -> None:
    with pytest.raises(MalformedLogError) as caught:
        parse_log_text("m1." + "9" * 5000)
    assert len(caught.value.reason) < 120


def test_too_many_events_are_refused_before_any_is_read() -> None:
    # Every event is malformed: the count refuses the text before the first is looked at.
    text = " ".join(["?"] * (MAX_EVENTS + 1))
    with pytest.raises(
        MalformedLogError, match=f"at most {MAX_EVENTS} events, not {MAX_EVENTS + 1}"
    ) as caught:
        parse_log_text(text)
    assert caught.value.index == MAX_EVENTS


def test_the_caller_may_ask_for_fewer_events_but_never_more() -> None:
    assert len(parse_log_text("h0 h0 h0", max_events=3)) == 3
    with pytest.raises(MalformedLogError, match="at most 2 events, not 3"):
        parse_log_text("h0 h0 h0", max_events=2)
    with pytest.raises(MalformedLogError, match=f"at most {MAX_EVENTS} events"):
        parse_log_text(" ".join(["h0"] * (MAX_EVENTS + 1)), max_events=MAX_EVENTS * 2)


@pytest.mark.parametrize(
    ("log", "index", "phrase"),
    [
        ([Event(10, EventType.HINT), Event(9, EventType.HINT)], 1, "time goes back from 10 to 9 ms"),
        ([Event(MAX_TIME_MS + 1, EventType.HINT)], 0, f"from 0 to {MAX_TIME_MS}"),
        ([Event(0, EventType.HINT), Event.match(5, MAX_POSITION + 1, 0)], 1, "a must be a position index"),
        ([Event.match(5, 0, -1)], 0, "b must be a position index, not -1"),
        ([Event(5, EventType.MATCH)], 0, "a must be a position index, not None"),
    ],
)
def test_events_that_are_no_log_have_no_text(log: list[Event], index: int, phrase: str) -> None:
    with pytest.raises(MalformedLogError) as caught:
        log_to_text(log)
    assert caught.value.index == index
    assert phrase in caught.value.reason


def test_the_json_form_takes_the_same_positions_as_the_text_form() -> None:
    assert Event.from_json({"t": 0, "type": "match", "a": MAX_POSITION, "b": 0}).a == MAX_POSITION
    with pytest.raises(MalformedLogError, match=f"a must be a position index, not {MAX_POSITION + 1}"):
        Event.from_json({"t": 0, "type": "match", "a": MAX_POSITION + 1, "b": 0})


def test_a_long_match_costs_about_twelve_bytes_in_text_and_over_forty_in_json() -> None:
    log = [Event.match(1000 * (k + 1) + 37 * (k % 5), (7 * k) % 144, (11 * k + 3) % 144) for k in range(1000)]
    text_bytes = len(log_to_text(log).encode()) / len(log)
    json_bytes = len(json.dumps(log_to_json(log)).encode()) / len(log)
    assert text_bytes < 14 < 40 < json_bytes
