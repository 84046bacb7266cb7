"""Classic games: selection, undo, moves, hints, shuffles, the stopwatch and the win."""

from __future__ import annotations

import random

import pytest

from game.mahjong.engine import Game, IllegalMoveError, MalformedError, Mode, Status, TapResult, deal

from .helpers import CODE, blocked_tile, free_pair_not_matching, play_randomly_until_stuck, stuck_game


def new_game(code: str = CODE) -> Game:
    return Game(code, "classic")


def play_plan(game: Game, pairs: int | None = None, start: int = 1000, step: int = 1000) -> int:
    """Match the first ``pairs`` pairs of the current plan (all by default); returns the last time."""
    assert game.plan is not None
    t = start - step
    for a, b in game.plan[:pairs]:
        t += step
        game.match(a, b, t)
    return t


# -- selection -------------------------------------------------------------------------------


def test_tapping_a_free_tile_selects_it() -> None:
    game = new_game()
    a, _ = game.deal.plan[0]
    assert game.tap(a, 100) is TapResult.SELECTED
    assert game.selected == a
    assert len(game.board) == 144


def test_tapping_a_second_free_matching_tile_removes_both() -> None:
    game = new_game()
    a, b = game.deal.plan[0]
    game.tap(a, 100)
    assert game.tap(b, 200) is TapResult.MATCHED
    assert not game.board.has_tile(a) and not game.board.has_tile(b)
    assert game.selected is None
    assert game.moves == 1
    assert [e.to_json() for e in game.events] == [{"t": 200, "type": "match", "a": a, "b": b}]


def test_tapping_a_second_free_tile_that_does_not_match_moves_the_selection() -> None:
    game = new_game()
    x, y = free_pair_not_matching(game.board)
    game.tap(x, 100)
    assert game.tap(y, 200) is TapResult.SELECTED
    assert game.selected == y
    assert len(game.board) == 144
    assert game.events == []


def test_tapping_the_selected_tile_deselects_it() -> None:
    game = new_game()
    a, _ = game.deal.plan[0]
    game.tap(a, 100)
    assert game.tap(a, 200) is TapResult.DESELECTED
    assert game.selected is None


def test_tapping_a_blocked_tile_cancels_the_selection_and_removes_nothing() -> None:
    game = new_game()
    a, _ = game.deal.plan[0]
    game.tap(a, 100)
    assert game.tap(blocked_tile(game.board), 200) is TapResult.BLOCKED
    assert game.selected is None
    assert len(game.board) == 144
    assert game.events == []


def test_tapping_a_blocked_tile_that_matches_the_selection_does_not_remove_it() -> None:
    for n in range(50):
        game = new_game(f"MJ1-L00-BLOCKE{chr(65 + n % 26)}")
        board = game.board
        found = [
            (free, blocked)
            for free in board.free_tiles()
            for blocked in range(144)
            if not board.is_free(blocked) and board.matches(free, blocked)
        ]
        if found:
            break
    free, blocked = found[0]
    game.tap(free, 100)
    assert game.tap(blocked, 200) is TapResult.BLOCKED
    assert game.board.has_tile(blocked) and game.board.has_tile(free)
    assert game.selected is None


def test_tapping_an_empty_spot_is_blocked() -> None:
    game = new_game()
    a, b = game.deal.plan[0]
    game.match(a, b, 100)
    assert game.tap(a, 200) is TapResult.BLOCKED


@pytest.mark.parametrize("index", [-1, 144, "3", None, True])
def test_tapping_outside_the_board_is_malformed(index: object) -> None:
    with pytest.raises(MalformedError):
        new_game().tap(index, 100)  # type: ignore[arg-type]


def test_tapping_while_paused_is_illegal() -> None:
    game = new_game()
    game.pause(100)
    with pytest.raises(IllegalMoveError, match="paused"):
        game.tap(game.deal.plan[0][0], 200)


# -- undo and the move counter ------------------------------------------------------------------


def test_undo_puts_the_last_pair_back() -> None:
    game = new_game()
    before = list(game.board.tiles)
    a, b = game.deal.plan[0]
    game.match(a, b, 100)
    assert game.can_undo
    game.undo(200)
    assert game.board.tiles == before
    assert game.board.is_free(a) and game.board.is_free(b)
    assert not game.can_undo


def test_undo_is_unlimited_back_to_the_start() -> None:
    game = new_game()
    start = list(game.board.tiles)
    play_plan(game, 40)
    for k in range(40):
        game.undo(100_000 + k)
    assert game.board.tiles == start
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        game.undo(200_000)


def test_undo_with_nothing_to_undo_is_illegal() -> None:
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        new_game().undo(100)


def test_the_move_counter_counts_removals_and_undo_does_not_lower_it() -> None:
    game = new_game()
    t = play_plan(game, 3)
    assert game.moves == 3
    game.undo(t + 1)
    game.undo(t + 2)
    assert game.moves == 3
    a, b = game.deal.plan[1]
    game.match(a, b, t + 3)
    assert game.moves == 4


def test_an_illegal_match_changes_nothing() -> None:
    game = new_game()
    x, y = free_pair_not_matching(game.board)
    with pytest.raises(IllegalMoveError, match="do not match"):
        game.match(x, y, 100)
    assert (game.moves, len(game.board), game.events) == (0, 144, [])


# -- win and no moves ----------------------------------------------------------------------------


def test_clearing_the_board_wins() -> None:
    game = new_game()
    play_plan(game)
    assert game.board.is_empty
    assert game.status is Status.CLEARED
    assert game.moves == 72
    result = game.result()
    assert result.status is Status.CLEARED
    assert result.mode is Mode.CLASSIC
    assert result.score == 0


def test_a_stuck_board_reports_no_moves() -> None:
    game, _ = stuck_game()
    assert game.status is Status.NO_MOVES
    assert not game.board.is_empty
    assert game.board.available_pairs() == []
    assert game.hint_pair() is None


def test_a_hint_on_a_stuck_board_shows_nothing_but_is_counted() -> None:
    game, t = stuck_game()
    assert game.hint(t + 1) is None
    assert game.hints == 1


def test_no_pair_can_be_taken_on_a_stuck_board_but_undo_helps() -> None:
    game, t = stuck_game()
    with pytest.raises(IllegalMoveError):
        game.match(0, 1, t + 1)
    game.undo(t + 2)
    assert game.status is Status.PLAYING
    assert game.board.has_moves()


def test_a_shuffle_gets_a_stuck_classic_game_going_again() -> None:
    game, t = stuck_game()
    game.shuffle(t + 1)
    assert game.plan is not None
    assert game.status is Status.PLAYING
    for a, b in game.plan:
        t += 10
        game.match(a, b, t)
    # mypy keeps game.status narrowed by the assert above, as if the moves could not change it.
    assert game.status is Status.CLEARED  # type: ignore[comparison-overlap]


# -- hints ------------------------------------------------------------------------------------


def test_a_hint_shows_the_next_plan_pair() -> None:
    game = new_game()
    assert game.hint(100) == game.deal.plan[0]
    play_plan(game, 5)
    assert game.hint(10_000) == game.deal.plan[5]
    assert game.hints == 2


def test_a_hint_skips_plan_pairs_already_broken_up() -> None:
    # Take a first-plan-pair tile together with another free tile of its face:
    # the broken plan pair is skipped and the hint is still a pair that can be taken.
    for seed in range(200):
        game = new_game(f"MJ1-L00-HINT{chr(65 + seed // 26 % 26)}{chr(65 + seed % 26)}A")
        a, b = game.deal.plan[0]
        others = [i for i in game.board.free_tiles() if i not in (a, b) and game.board.matches(i, a)]
        if others:
            break
    else:
        raise AssertionError("no deal with a third free tile of the first plan face")
    game.match(a, others[0], 100)
    pair = game.hint(200)
    assert pair is not None
    assert pair in game.board.available_pairs()
    assert a not in pair and others[0] not in pair


def test_a_hint_falls_back_to_an_available_pair_when_the_next_plan_pair_is_not_free() -> None:
    rng = random.Random(5)
    for n in range(300):
        game = new_game(f"MJ1-L00-FALL{chr(65 + n // 676 % 26)}{chr(65 + n // 26 % 26)}{chr(65 + n % 26)}")
        plan = game.deal.plan
        pairs = [p for p in game.board.available_pairs() if p not in plan and p[::-1] not in plan]
        rng.shuffle(pairs)
        t = 0
        for pair in pairs:
            t += 100
            game.match(*pair, t)
            board = game.board
            following = next(p for p in plan if board.has_tile(p[0]) and board.has_tile(p[1]))
            if not (board.is_free(following[0]) and board.is_free(following[1])):
                hinted = game.hint(t + 1)
                assert hinted != following
                assert hinted in board.available_pairs()
                return
            game.undo(t + 1)
    raise AssertionError("never found a game whose next plan pair got blocked")


def test_hints_and_shuffles_are_counted() -> None:
    game = new_game()
    game.hint(100)
    game.hint(200)
    game.shuffle(300)
    result = game.result()
    assert (result.hints, result.shuffles, result.score) == (2, 1, 0)
    assert game.shuffles_left is None


# -- shuffles -----------------------------------------------------------------------------------


def test_shuffle_is_allowed_any_time_and_clears_the_undo_history() -> None:
    game = new_game()
    game.shuffle(50)
    t = play_plan(game, 3, start=100)
    assert game.can_undo
    faces = sorted(f for f in game.board.tiles if f)
    game.shuffle(t + 1)
    assert sorted(f for f in game.board.tiles if f) == faces
    assert not game.can_undo
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        game.undo(t + 2)
    for _ in range(5):
        t += 10
        game.shuffle(t)
    assert game.shuffles == 7


def test_the_hint_follows_the_plan_of_the_latest_shuffle() -> None:
    game = new_game()
    game.shuffle(100)
    assert game.plan is not None
    assert game.hint(200) == game.plan[0]


# -- the stopwatch ------------------------------------------------------------------------------


def test_the_stopwatch_is_zero_before_the_first_match() -> None:
    game = new_game()
    game.hint(5000)
    assert game.stopwatch(0) == 0
    assert game.stopwatch(60_000) == 0


def test_the_stopwatch_starts_at_the_first_match() -> None:
    game = new_game()
    a, b = game.deal.plan[0]
    game.match(a, b, 7000)
    assert game.stopwatch(7000) == 0
    assert game.stopwatch(9500) == 2500


def test_pausing_stops_the_stopwatch() -> None:
    game = new_game()
    a, b = game.deal.plan[0]
    game.match(a, b, 1000)
    game.pause(3000)
    assert game.paused
    assert game.stopwatch(3000) == 2000
    assert game.stopwatch(50_000) == 2000
    game.resume(50_000)
    assert not game.paused
    assert game.stopwatch(51_000) == 3000


def test_undo_does_not_rewind_the_stopwatch() -> None:
    game = new_game()
    a, b = game.deal.plan[0]
    game.match(a, b, 1000)
    game.undo(4000)
    assert game.stopwatch(4000) == 3000
    game.match(a, b, 6000)
    assert game.stopwatch(6000) == 5000


def test_the_winning_time_is_the_active_time_between_the_first_and_the_last_match() -> None:
    game = new_game()
    plan = game.deal.plan
    game.pause(200)
    game.resume(700)  # before the clock starts: does not count anyway
    game.match(*plan[0], 2000)
    game.pause(3000)
    game.resume(13_000)  # 10 s paused
    t = 13_000
    for a, b in plan[1:]:
        t += 100
        game.match(a, b, t)
    # last match at 13_000 + 71 * 100 = 20_100; active = 20_100 - 2_000 - 10_000
    assert game.time_ms == 8100
    assert game.result().time_ms == 8100
    assert game.stopwatch(99_999) == 8100
    assert game.result().duration_ms == 20_100


def test_there_is_no_time_before_the_win() -> None:
    game = new_game()
    play_plan(game, 71)
    assert game.time_ms is None
    assert game.result().time_ms is None


# -- what is not allowed ------------------------------------------------------------------------


def won_game() -> tuple[Game, int]:
    game = new_game()
    return game, play_plan(game)


@pytest.mark.parametrize(
    "action",
    ["match", "undo", "hint", "shuffle", "pause", "resume", "next_level"],
)
def test_after_the_win_nothing_more_is_allowed(action: str) -> None:
    game, t = won_game()
    result = game.result()
    with pytest.raises(IllegalMoveError):
        if action == "match":
            a, b = game.deal.plan[0]
            game.match(a, b, t + 1)
        else:
            getattr(game, action)(t + 1)
    assert game.result() == result


def test_pausing_twice_is_illegal() -> None:
    game = new_game()
    game.pause(100)
    with pytest.raises(IllegalMoveError, match="paused"):
        game.pause(200)


def test_resuming_without_a_pause_is_illegal() -> None:
    with pytest.raises(IllegalMoveError, match="not paused"):
        new_game().resume(100)


@pytest.mark.parametrize("action", ["hint", "shuffle", "undo"])
def test_nothing_but_resume_is_allowed_while_paused(action: str) -> None:
    game = new_game()
    game.match(*game.deal.plan[0], 50)
    game.pause(100)
    with pytest.raises(IllegalMoveError, match="paused"):
        getattr(game, action)(200)


def test_levels_exist_only_in_arcade_mode() -> None:
    with pytest.raises(IllegalMoveError, match="only in arcade"):
        new_game().next_level(100)


def test_time_may_not_go_back() -> None:
    game = new_game()
    game.hint(1000)
    with pytest.raises(MalformedError, match="time goes back"):
        game.hint(999)


@pytest.mark.parametrize("t", [-1, 1.5, "100", True, None])
def test_times_must_be_whole_milliseconds(t: object) -> None:
    with pytest.raises(MalformedError, match="whole milliseconds"):
        new_game().hint(t)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["Classic", "zen", "", None, 1])
def test_an_unknown_mode_is_malformed(mode: object) -> None:
    with pytest.raises(MalformedError, match="mode must be"):
        Game(CODE, mode)  # type: ignore[arg-type]


def test_a_game_starts_with_the_deal_of_its_code() -> None:
    game = Game(CODE)
    assert game.mode is Mode.CLASSIC
    assert tuple(game.board.tiles) == deal(CODE).tiles
    assert game.plan == deal(CODE).plan
    assert game.status is Status.PLAYING
    assert game.level == 1


def test_random_play_to_the_end_is_either_a_win_or_no_moves() -> None:
    outcomes = set()
    for seed in range(12):
        game = new_game(f"MJ1-L00-RANDOM{chr(65 + seed)}")
        play_randomly_until_stuck(game, random.Random(seed))
        assert game.status in (Status.CLEARED, Status.NO_MOVES)
        assert (game.status is Status.CLEARED) == game.board.is_empty
        outcomes.add(game.status)
    assert Status.NO_MOVES in outcomes
