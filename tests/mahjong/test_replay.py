"""Replaying logs: own logs replay exactly, legal logs give known results, bad logs are named."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.mahjong.engine import (
    Face,
    Game,
    IllegalLogError,
    IllegalMoveError,
    MahjongError,
    MalformedError,
    MalformedLogError,
    Mode,
    Result,
    Status,
    deal,
    log_to_json,
    replay,
    shuffle_tiles,
)
from game.mahjong.engine.events import MAX_EVENTS
from game.mahjong.engine.play import replay_events

from .helpers import CODE, blocked_tile, codes, free_pair_not_matching

Log = list[dict[str, Any]]
PLAN = deal(CODE).plan


def match(t: int, pair: tuple[int, int]) -> dict[str, Any]:
    return {"t": t, "type": "match", "a": pair[0], "b": pair[1]}


def simple(t: int, kind: str) -> dict[str, Any]:
    return {"t": t, "type": kind}


def full_clear(start: int = 1000, step: int = 100, plan: tuple[tuple[int, int], ...] = PLAN) -> Log:
    return [match(start + k * step, pair) for k, pair in enumerate(plan)]


# -- a game's own log ---------------------------------------------------------------------------


def play_script(code: str, mode: str, script: list[tuple[int, int]]) -> Game:
    """Drive a game with (action, delay) choices, skipping whatever is not allowed at that moment."""
    game = Game(code, mode)
    t = 0
    for action, delay in script:
        t += delay
        try:
            if action < 6:
                pairs = game.board.available_pairs()
                if pairs:
                    game.match(*pairs[action % len(pairs)], t)
            elif action == 6:
                game.undo(t)
            elif action == 7:
                game.hint(t)
            elif action == 8:
                game.shuffle(t)
            elif action == 9:
                game.pause(t) if not game.paused else game.resume(t)
            elif action == 10:
                game.next_level(t)
            elif action == 11 and game.plan is not None:
                plan = [p for p in game.plan if game.board.has_tile(p[0]) and game.board.has_tile(p[1])]
                for a, b in plan[:40]:
                    game.match(a, b, t)
        except IllegalMoveError:
            pass
    return game


@given(
    codes(),
    st.sampled_from(["classic", "arcade"]),
    st.lists(st.tuples(st.integers(0, 11), st.integers(0, 9000)), max_size=150),
)
def test_a_games_own_log_replays_to_the_same_result(
    code: str, mode: str, script: list[tuple[int, int]]
) -> None:
    game = play_script(code, mode, script)
    log = log_to_json(game.events)
    assert replay(code, mode, log) == game.result()
    assert replay_events(code, mode, game.events) == game.result()


def test_a_full_arcade_game_over_two_levels_replays_exactly() -> None:
    game = Game(CODE, "arcade")
    t = 0
    for _ in range(2):
        for a, b in game.plan or ():
            t += 1700
            game.match(a, b, t)
        game.next_level(t + 1)
    game.hint(t + 2)
    result = replay(CODE, Mode.ARCADE, log_to_json(game.events))
    assert result == game.result()
    assert result.level == 3
    assert result.score == 2 * 72 * 200 + 2500 + 3000 - 50


# -- legal logs with known results -------------------------------------------------------------


def classic_with_pauses() -> Log:
    log = [simple(100, "pause"), simple(400, "resume"), simple(500, "hint"), match(1000, PLAN[0])]
    log += [simple(2000, "pause"), simple(5000, "resume")]
    log += [match(5000 + 100 * i, PLAN[i]) for i in range(1, 71)]  # the last at 12_000
    log += [simple(12_500, "pause"), simple(20_500, "resume"), match(21_000, PLAN[71])]
    return log


def arcade_with_hints_and_undo() -> Log:
    return [
        match(1000, PLAN[0]),  # 1000 ms after the start: 100 + 100
        match(7000, PLAN[1]),  # 6000 ms: 100 + 50
        simple(8000, "hint"),  # -50
        simple(9000, "undo"),  # -150, and the bonus clock back at PLAN[0]: an undone pair is not a move
        match(12_000, PLAN[1]),  # 11_000 ms after PLAN[0]: 100
        simple(13_000, "pause"),
        simple(20_000, "resume"),
        match(21_000, PLAN[2]),  # 9000 ms, 7000 of them paused (pauses count): 100 + 12
        simple(40_000, "hint"),  # -50
        match(50_000, PLAN[3]),  # 29_000 ms: 100
    ]


def classic_after_a_shuffle() -> Log:
    tiles: list[Face | None] = list(deal(CODE).tiles)
    for a, b in PLAN[:10]:
        tiles[a] = tiles[b] = None
    shuffled = shuffle_tiles(CODE, 1, 0, tiles)
    assert shuffled.plan is not None
    log = full_clear(1000, 100, PLAN[:10])
    log.append(simple(5000, "shuffle"))
    log += full_clear(6000, 100, shuffled.plan)
    return log


def arcade_two_levels() -> Log:
    log = full_clear(1000, 1000)  # 72 pairs of 200, then 2500
    last = log[-1]["t"]
    log.append(simple(last + 60_000, "next_level"))
    level_2 = deal(CODE, 2).plan
    log.append(match(last + 66_000, level_2[0]))  # 6000 ms into the level: 150
    return log


LEGAL = [
    (
        "classic full clear with pauses",
        classic_with_pauses,
        # first match at 1000 (300 ms paused before, not counted), win at 21_000 with
        # 11_000 ms paused after the first match: 21_000 - 1000 - 11_000 = 9000
        Result(
            code=CODE,
            mode=Mode.CLASSIC,
            status=Status.CLEARED,
            level=1,
            time_ms=9000,
            score=0,
            moves=72,
            hints=1,
            shuffles=0,
            duration_ms=21_000,
        ),
    ),
    (
        "arcade with hints and undo",
        arcade_with_hints_and_undo,
        # 200 + 150 - 50 - 150 + 100 + 112 - 50 + 100
        Result(
            code=CODE,
            mode=Mode.ARCADE,
            status=Status.PLAYING,
            level=1,
            time_ms=None,
            score=412,
            moves=5,
            hints=2,
            shuffles=0,
            duration_ms=50_000,
        ),
    ),
    (
        "classic won after a shuffle",
        classic_after_a_shuffle,
        # first match 1000, last 6000 + 61 * 100
        Result(
            code=CODE,
            mode=Mode.CLASSIC,
            status=Status.CLEARED,
            level=1,
            time_ms=11_100,
            score=0,
            moves=72,
            hints=0,
            shuffles=1,
            duration_ms=12_100,
        ),
    ),
    (
        "arcade into the second level",
        arcade_two_levels,
        Result(
            code=CODE,
            mode=Mode.ARCADE,
            status=Status.PLAYING,
            level=2,
            time_ms=None,
            score=72 * 200 + 2500 + 150,
            moves=73,
            hints=0,
            shuffles=0,
            duration_ms=72_000 + 66_000,
        ),
    ),
]


@pytest.mark.parametrize(("name", "make_log", "expected"), LEGAL, ids=[case[0] for case in LEGAL])
def test_legal_logs_give_the_expected_result(
    name: str, make_log: Callable[[], Log], expected: Result
) -> None:
    assert replay(CODE, expected.mode, make_log()) == expected


def test_an_empty_log_is_a_fresh_game() -> None:
    assert replay(CODE, "classic", []) == Result(
        code=CODE,
        mode=Mode.CLASSIC,
        status=Status.PLAYING,
        level=1,
        time_ms=None,
        score=0,
        moves=0,
        hints=0,
        shuffles=0,
        duration_ms=0,
    )


# -- illegal logs ---------------------------------------------------------------------------------


def fresh_board() -> Game:
    return Game(CODE)


def blocked_pair() -> tuple[int, int]:
    board = fresh_board().board
    blocked = blocked_tile(board)
    return blocked, next(i for i in board.free_tiles() if i != blocked)


ILLEGAL: list[tuple[str, str, Callable[[], Log], int, str]] = [
    ("blocked tile", "classic", lambda: [match(100, PLAN[0]), match(200, blocked_pair())], 1, "is not free"),
    ("removed tile", "classic", lambda: [match(100, PLAN[0]), match(200, PLAN[0])], 1, "no tile on position"),
    (
        "non-matching pair",
        "classic",
        lambda: [simple(50, "hint"), match(100, free_pair_not_matching(fresh_board().board))],
        1,
        "do not match",
    ),
    ("same tile twice", "classic", lambda: [match(100, (PLAN[0][0], PLAN[0][0]))], 0, "two different tiles"),
    ("undo with nothing to undo", "classic", lambda: [simple(100, "undo")], 0, "no move to undo"),
    (
        "undo past the start",
        "arcade",
        lambda: [match(100, PLAN[0]), simple(200, "undo"), simple(300, "undo")],
        2,
        "no move to undo",
    ),
    ("next level in classic", "classic", lambda: [*full_clear(), simple(99_000, "next_level")], 72, "arcade"),
    ("next level before the board is cleared", "arcade", lambda: [simple(100, "next_level")], 0, "cleared"),
    ("resume without pause", "classic", lambda: [simple(100, "resume")], 0, "not paused"),
    ("pause twice", "arcade", lambda: [simple(100, "pause"), simple(200, "pause")], 1, "paused already"),
    (
        "a fourth arcade shuffle",
        "arcade",
        lambda: [simple(100 * k, "shuffle") for k in range(1, 5)],
        3,
        "all 3 shuffles",
    ),
    ("match while paused", "classic", lambda: [simple(100, "pause"), match(200, PLAN[0])], 1, "paused"),
    ("hint while paused", "arcade", lambda: [simple(100, "pause"), simple(200, "hint")], 1, "paused"),
    ("hint after a classic win", "classic", lambda: [*full_clear(), simple(99_000, "hint")], 72, "cleared"),
    ("pause after a classic win", "classic", lambda: [*full_clear(), simple(99_000, "pause")], 72, "won"),
    ("undo after a classic win", "classic", lambda: [*full_clear(), simple(99_000, "undo")], 72, "cleared"),
    (
        "shuffle after a classic win",
        "classic",
        lambda: [*full_clear(), simple(99_000, "shuffle")],
        72,
        "cleared",
    ),
    ("match after a classic win", "classic", lambda: [*full_clear(), match(99_000, PLAN[0])], 72, "cleared"),
]


@pytest.mark.parametrize(
    ("name", "mode", "make_log", "index", "phrase"), ILLEGAL, ids=[case[0] for case in ILLEGAL]
)
def test_illegal_logs_name_the_first_bad_event_and_why(
    name: str, mode: str, make_log: Callable[[], Log], index: int, phrase: str
) -> None:
    log = make_log()
    log.append(simple(10**6, "hint"))  # whatever follows must not matter
    with pytest.raises(IllegalLogError) as caught:
        replay(CODE, mode, log)
    assert caught.value.index == index
    assert phrase in caught.value.reason
    assert str(caught.value) == f"event {index}: {caught.value.reason}"


# -- malformed logs -------------------------------------------------------------------------------

MALFORMED: list[tuple[str, Callable[[], object], int]] = [
    ("not a list", lambda: {"t": 0, "type": "hint"}, 0),
    ("not a list but a string", lambda: "[]", 0),
    ("an event that is not an object", lambda: [simple(0, "hint"), 5], 1),
    ("an unknown type", lambda: [simple(0, "hint"), simple(1, "teleport")], 1),
    ("a match missing b", lambda: [{"t": 0, "type": "match", "a": 1}], 0),
    ("an undo with a position", lambda: [{"t": 0, "type": "undo", "a": 1}], 0),
    ("t as a float", lambda: [{"t": 0.5, "type": "hint"}], 0),
    ("t as a bool", lambda: [{"t": False, "type": "hint"}], 0),
    ("a negative t", lambda: [{"t": -5, "type": "hint"}], 0),
    ("t as a string", lambda: [{"t": "0", "type": "hint"}], 0),
    ("time going back", lambda: [simple(5, "hint"), simple(4, "hint")], 1),
    ("a position out of range", lambda: [simple(0, "hint"), match(10, (999, PLAN[0][1]))], 1),
    ("b out of range", lambda: [match(10, (PLAN[0][0], 144))], 0),
    ("a position as a string", lambda: [{"t": 0, "type": "match", "a": "1", "b": 2}], 0),
    ("too many events", lambda: [simple(0, "hint")] * (MAX_EVENTS + 1), MAX_EVENTS),
]


@pytest.mark.parametrize(("name", "make_log", "index"), MALFORMED, ids=[case[0] for case in MALFORMED])
def test_malformed_logs_are_refused_as_malformed(
    name: str, make_log: Callable[[], object], index: int
) -> None:
    with pytest.raises(MalformedLogError) as caught:
        replay(CODE, "classic", make_log())
    assert caught.value.index == index
    assert not isinstance(caught.value, IllegalMoveError)


def test_a_malformed_code_or_mode_is_malformed_before_any_event() -> None:
    with pytest.raises(MalformedError):
        replay("MJ1-L00-abc", "classic", [])
    with pytest.raises(MalformedError):
        replay(CODE, "zen", [])
    with pytest.raises(MalformedError):
        replay("MJ1-L99-ABCDEFG", "classic", [])


def test_the_error_classes_are_related_as_documented() -> None:
    assert issubclass(MalformedLogError, MalformedError)
    assert not issubclass(MalformedLogError, IllegalMoveError)
    assert issubclass(IllegalLogError, IllegalMoveError)
    assert not issubclass(IllegalLogError, MalformedError)
    for cls in (MalformedLogError, IllegalLogError, MalformedError, IllegalMoveError):
        assert issubclass(cls, MahjongError)
        assert issubclass(cls, ValueError)
