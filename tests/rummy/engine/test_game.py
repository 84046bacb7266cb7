"""The game defined once: actions, turns, endings, views, state JSON, logs and replay."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.rummy.engine import (
    Action,
    ActionKind,
    EndReason,
    IllegalLogError,
    IllegalTurnError,
    LogEntry,
    MalformedError,
    MalformedLogError,
    State,
    apply,
    first_seat,
    format_log,
    legal_kinds,
    log_json,
    new_hand,
    parse_log,
    parse_log_text,
    parse_rack_text,
    parse_table_text,
    replay,
    result,
    view,
)

from .helpers import play_hand, state_tiles_are_the_box

CODE = "RM1-GAMESXY"


def position(rack_0: str, rack_1: str, table: str = "", pool: str = "", opened: bool = True) -> State:
    """A hand state in the middle of play (not reachable from its log: for apply tests only)."""
    start = new_hand(CODE)
    return replace(
        start,
        racks=(parse_rack_text(rack_0), parse_rack_text(rack_1)),
        table=parse_table_text(table),
        pool=parse_rack_text(pool),
        opened=(opened, opened),
    )


def test_a_new_hand_deals_fourteen_each_and_the_starting_seat_moves() -> None:
    for seat in (0, 1):
        state = new_hand(CODE, seat)
        assert [len(rack) for rack in state.racks] == [14, 14]
        assert len(state.pool) == 78 and state.table == ()
        assert state.turn == seat and state.opened == (False, False)
        assert result(state) is None
        assert state_tiles_are_the_box(state)


def test_the_first_seat_alternates_from_hand_to_hand() -> None:
    assert [first_seat(n) for n in range(1, 6)] == [0, 1, 0, 1, 0]
    with pytest.raises(MalformedError):
        first_seat(0)


def test_legal_kinds() -> None:
    state = new_hand(CODE, 0)
    assert legal_kinds(state, 0) == (ActionKind.PLAY, ActionKind.DRAW)
    assert legal_kinds(state, 1) == ()
    empty = replace(state, pool=())
    assert legal_kinds(empty, 0) == (ActionKind.PLAY, ActionKind.PASS)
    with pytest.raises(MalformedError):
        legal_kinds(state, 2)


def test_drawing_takes_the_next_pool_tile_and_ends_the_turn() -> None:
    state = new_hand(CODE, 0)
    drawn = state.pool[0]
    after = apply(state, 0, Action.draw())
    assert len(after.racks[0]) == 15 and drawn in after.racks[0]
    assert list(after.racks[0]) == sorted(after.racks[0])
    assert after.pool == state.pool[1:]
    assert after.turn == 1
    assert after.log == (LogEntry(0, Action.draw()),)
    assert state.turn == 0 and len(state.racks[0]) == 14  # the old state is untouched


@pytest.mark.parametrize(
    ("seat", "action", "pool", "code"),
    [
        (1, Action.draw(), "R1", "not_your_turn"),
        (0, Action.draw(), "", "pool_empty"),
        (0, Action.pass_(), "R1", "pool_not_empty"),
        (0, Action.play([["R1", "R2", "R3"]]), "", "opening_too_low"),
        (0, Action.play([["R1", "R2"]]), "", "invalid_set"),
        (0, Action.play([["B1", "B2", "B3"]]), "", "not_from_rack"),
    ],
)
def test_illegal_actions_say_why(seat: int, action: Action, pool: str, code: str) -> None:
    state = position("R1 R2 R3 K9", "O1", pool=pool, opened=False)
    with pytest.raises(IllegalTurnError) as caught:
        apply(state, seat, action)
    assert caught.value.code == code


def test_nothing_can_be_done_once_the_hand_is_over() -> None:
    state = position("R1 R2 R3", "O1 O5")
    over = apply(state, 0, Action.play([["R1", "R2", "R3"]]))
    assert over.result is not None
    with pytest.raises(IllegalTurnError) as caught:
        apply(over, 1, Action.draw())
    assert caught.value.code == "hand_over"
    assert legal_kinds(over, 0) == legal_kinds(over, 1) == ()


def test_emptying_the_rack_wins_the_opponents_rack_at_once() -> None:
    state = position("R1 R2 R3", "O1 O5 J", pool="K1 K2")
    over = apply(state, 0, Action.play([["R1", "R2", "R3"]]))
    assert over.result is not None
    assert over.result.winner == 0
    assert over.result.score == 1 + 5 + 30
    assert over.result.reason is EndReason.RACK_EMPTY
    assert over.result.rack_points == (0, 36)


def test_two_passes_in_a_row_end_the_hand_and_the_lower_rack_wins_the_difference() -> None:
    state = position("R1 R2", "O9 J")
    once = apply(state, 0, Action.pass_())
    assert once.result is None and once.passes == 1
    over = apply(once, 1, Action.pass_())
    assert over.result is not None
    assert over.result.winner == 0
    assert over.result.score == (9 + 30) - (1 + 2)
    assert over.result.reason is EndReason.BLOCKED


def test_equal_racks_at_the_end_are_a_draw() -> None:
    over = apply(apply(position("R1 R2", "B3"), 0, Action.pass_()), 1, Action.pass_())
    assert over.result is not None
    assert over.result.winner is None and over.result.score == 0
    assert over.result.rack_points == (3, 3)


def test_a_play_between_passes_starts_the_count_again() -> None:
    state = position("R1 R2 R9", "B3 B4 B5 K1", table="R3 R4 R5")
    state = apply(state, 0, Action.pass_())
    state = apply(state, 1, Action.play([["R3", "R4", "R5"], ["B3", "B4", "B5"]]))
    assert state.passes == 0
    state = apply(state, 0, Action.pass_())
    assert state.result is None
    state = apply(state, 1, Action.pass_())
    assert state.result is not None and state.result.winner == 1


def test_a_play_moves_the_tiles_and_opens() -> None:
    state = position("R10 R11 R12 K1", "O1", table="B1 B2 B3", opened=False)
    after = apply(state, 0, Action.play([["B1", "B2", "B3"], ["R10", "R11", "R12"]]))
    assert [str(t) for t in after.racks[0]] == ["K1"]
    assert after.opened == (True, False)
    assert after.turn == 1


def test_a_view_shows_only_what_the_seat_may_know() -> None:
    state = new_hand(CODE, 0)
    for seat in (0, 1):
        seen = view(state, seat).to_json()
        assert set(seen) == {
            "seat",
            "rack",
            "table",
            "pool_size",
            "turn",
            "opened",
            "opponent_tiles",
            "result",
        }
        assert seen["rack"] == [str(t) for t in state.racks[seat]]
        assert seen["opponent_tiles"] == 14
        assert seen["pool_size"] == 78
        assert seen["turn"] == 0
        text = json.dumps(seen)
        # Neither the hand code (which would give away the deal) nor the other rack or the pool.
        assert CODE not in text
        assert json.dumps([str(t) for t in state.racks[1 - seat]]) not in text
        assert json.dumps([str(t) for t in state.pool[:3]])[1:-1] not in text


def test_a_finished_view_has_the_result_and_no_turn() -> None:
    over = apply(position("R1 R2 R3", "O1"), 0, Action.play([["R1", "R2", "R3"]]))
    seen = view(over, 1).to_json()
    assert seen["turn"] is None
    assert seen["result"] == {"winner": 0, "score": 1, "reason": "rack_empty", "rack_points": [0, 1]}


@pytest.fixture(scope="module")
def finished() -> State:
    return play_hand("RM1-REPLAYS", ("medium", "easy"), starting_seat=1, seed=3)


def test_the_tiles_are_always_the_box(finished: State) -> None:
    seen: list[bool] = []
    play_hand(
        "RM1-REPLAYS", ("medium", "easy"), 1, 3, watch=lambda s: seen.append(state_tiles_are_the_box(s))
    )
    assert seen and all(seen)
    assert state_tiles_are_the_box(finished)


def test_a_log_replays_to_the_same_state(finished: State) -> None:
    assert finished.result is not None
    assert replay("RM1-REPLAYS", 1, log_json(finished.log)) == finished
    assert replay("RM1-REPLAYS", 1, finished.log) == finished


def test_a_replayed_log_shares_each_set_and_each_draw_or_pass_entry_once(finished: State) -> None:
    """A server keeps its rooms' states: a set that stays on the table is one object from play to
    play, and draws and passes are one entry each, so that a hand's state is a few hundred
    objects, not thousands, for the garbage collector to walk."""
    for state in (finished, replay("RM1-REPLAYS", 1, parse_log_text(format_log(finished.log)))):
        sets = [tiles for entry in state.log for tiles in entry.action.after]
        assert len(sets) > 3 * len(set(sets))  # a play names the whole table: sets recur
        assert len({id(tiles) for tiles in sets}) == len(set(sets))
        assert {id(tiles) for tiles in state.table} <= {id(tiles) for tiles in sets}
        plain = [entry for entry in state.log if entry.action.kind is not ActionKind.PLAY]
        assert len(plain) > 4 and len({id(entry) for entry in plain}) <= 4
        assert state == finished


def test_the_log_text_and_json_round_trip(finished: State) -> None:
    text = format_log(finished.log)
    assert parse_log_text(text) == finished.log
    assert format_log(parse_log_text(text)) == text
    data = json.loads(json.dumps(log_json(finished.log)))
    assert parse_log(data) == finished.log
    assert {entry["type"] for entry in data} <= {"play", "draw", "pass"}
    first_play = next(entry for entry in data if entry["type"] == "play")
    assert set(first_play) == {"seat", "type", "after"}


def test_state_json_round_trips(finished: State) -> None:
    for state in (new_hand(CODE, 1), apply(new_hand(CODE), 0, Action.draw()), finished):
        data = json.loads(json.dumps(state.to_json()))
        assert State.from_json(data) == state
        assert State.from_json(data).to_json() == data


def test_a_tampered_state_is_refused(finished: State) -> None:
    data = finished.to_json()
    swapped = dict(data, racks=[data["racks"][1], data["racks"][0]])
    with pytest.raises(MalformedError, match="racks"):
        State.from_json(swapped)
    with pytest.raises(MalformedError, match="not a legal hand"):
        State.from_json(dict(data, log=[{"seat": 0, "type": "draw"}]))  # seat 1 starts this hand
    with pytest.raises(MalformedError):
        State.from_json(dict(data, extra=1))
    with pytest.raises(MalformedError):
        State.from_json({k: v for k, v in data.items() if k != "pool"})


def test_malformed_logs_name_the_entry() -> None:
    with pytest.raises(MalformedLogError) as caught:
        parse_log([{"seat": 0, "type": "draw"}, {"seat": 1, "type": "jump"}])
    assert caught.value.index == 1
    with pytest.raises(MalformedLogError):
        parse_log([{"seat": 0, "type": "draw", "after": []}])
    with pytest.raises(MalformedLogError):
        parse_log([{"seat": True, "type": "draw"}])
    with pytest.raises(MalformedLogError) as text_error:
        parse_log_text("0 draw\n1 drew")
    assert text_error.value.index == 1
    with pytest.raises(MalformedLogError):
        parse_log("0 draw")


def test_illegal_logs_name_the_entry_and_the_reason() -> None:
    log = [{"seat": 0, "type": "draw"}, {"seat": 1, "type": "play", "after": [["R1", "R2"]]}]
    with pytest.raises(IllegalLogError) as caught:
        replay(CODE, 0, log)
    assert caught.value.index == 1
    assert caught.value.code == "invalid_set"
    with pytest.raises(IllegalLogError) as wrong_seat:
        replay(CODE, 0, [{"seat": 1, "type": "draw"}])
    assert wrong_seat.value.code == "not_your_turn"


def test_actions_round_trip_and_refuse_bad_shapes() -> None:
    for action in (Action.draw(), Action.pass_(), Action.play([["R1", "R2", "R3"], ["J", "B5", "K5"]])):
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    for bad in (
        {"type": "play"},
        {"type": "draw", "x": 1},
        {"type": "fold"},
        ["draw"],
        {"type": "play", "after": "R1"},
    ):
        with pytest.raises(MalformedError):
            Action.from_json(bad)
    with pytest.raises(MalformedError):
        apply(new_hand(CODE), 0, {"type": "draw"})  # type: ignore[arg-type]
    with pytest.raises(MalformedError):
        apply(new_hand(CODE), 5, Action.draw())
