"""Each seat's view of a hand's log (the engine's playerView): draws, plays and the last play."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rummy.engine import ActionKind, State, apply, new_hand
from game.rummy.engine.seat_view import events_seen, last_play

from .helpers import play_hand

CODE = "RM1-SEATVEW"


@pytest.fixture(scope="module")
def hand() -> State:
    return play_hand(CODE, ("medium", "easy"), seed=3)


def states_along(state: State) -> list[State]:
    """The state before each action of ``state``'s log, then the last one."""
    states = [new_hand(state.code, state.starting_seat)]
    for entry in state.log:
        states.append(apply(states[-1], entry.seat, entry.action))
    return states


def test_the_hand_played_has_draws_and_plays_of_both_seats(hand: State) -> None:
    kinds = Counter((entry.seat, entry.action.kind) for entry in hand.log)
    for seat in (0, 1):
        assert kinds[seat, ActionKind.DRAW] and kinds[seat, ActionKind.PLAY], "the test needs both"


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_sees_every_action_numbered_and_the_tile_of_its_own_draws_only(hand: State, seat: int) -> None:
    states = states_along(hand)
    events = events_seen(hand, seat)
    assert [event["n"] for event in events] == list(range(1, len(hand.log) + 1))
    for event, entry, before, after in zip(events, hand.log, states[:-1], states[1:], strict=True):
        assert (event["seat"], event["type"]) == (entry.seat, entry.action.kind.value)
        if entry.action.kind is not ActionKind.DRAW:
            assert "tile" not in event
        elif entry.seat == seat:
            drawn = Counter(map(str, after.racks[seat])) - Counter(map(str, before.racks[seat]))
            assert [event["tile"]] == list(drawn.elements())
        else:
            assert "tile" not in event, "the other seat's draw names no tile"


@pytest.mark.parametrize("seat", [0, 1])
def test_a_play_shows_the_table_after_it_and_the_tiles_that_left_the_rack(hand: State, seat: int) -> None:
    states = states_along(hand)
    for event, entry, before, after in zip(
        events_seen(hand, seat), hand.log, states[:-1], states[1:], strict=True
    ):
        if entry.action.kind is not ActionKind.PLAY:
            continue
        assert event["after"] == [[str(tile) for tile in tiles] for tiles in after.table]
        left_rack = Counter(before.racks[entry.seat]) - Counter(after.racks[entry.seat])
        assert event["played"] == [str(tile) for tile in sorted(left_rack.elements())]


def test_the_events_since_a_number_are_the_tail_of_the_whole_view(hand: State) -> None:
    whole = events_seen(hand, 0)
    for since in (0, 1, len(hand.log) // 2, len(hand.log), len(hand.log) + 5):
        assert events_seen(hand, 0, since) == whole[since:]


def test_the_last_play_is_the_same_for_both_seats_and_none_before_any(hand: State) -> None:
    plays = [event for event in events_seen(hand, 1) if event["type"] == "play"]
    assert last_play(hand) == {"seat": plays[-1]["seat"], "played": plays[-1]["played"]}
    for state in states_along(hand):
        seen = [event for event in events_seen(state, 0) if event["type"] == "play"]
        expected = {"seat": seen[-1]["seat"], "played": seen[-1]["played"]} if seen else None
        assert last_play(state) == expected
