"""Arcade games: points, speed bonus, hints, board bonus, shuffles, levels, game over."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.mahjong.engine import Game, IllegalMoveError, Status, board_points, deal, replay, speed_bonus

from .helpers import CODE, stuck_game


def new_game(code: str = CODE) -> Game:
    return Game(code, "arcade")


def clear_board(game: Game, start: int, step: int = 1000) -> int:
    """Take every pair of the current plan, one each ``step`` ms from ``start``; returns the last time."""
    assert game.plan is not None
    t = start - step
    for a, b in game.plan:
        t += step
        game.match(a, b, t)
    return t


@pytest.mark.parametrize(
    ("elapsed", "bonus"),
    [
        (0, 100),
        (1, 100),
        (2000, 100),
        (2001, 99),
        (2080, 99),
        (2081, 98),
        (4000, 75),
        (6000, 50),
        (9999, 0),
        (9920, 1),
        (10_000, 0),
        (12_000, 0),
        (10**9, 0),
    ],
)
def test_the_speed_bonus_falls_linearly_from_100_at_2_s_to_0_at_10_s(elapsed: int, bonus: int) -> None:
    assert speed_bonus(elapsed) == bonus


def test_the_speed_bonus_never_rises_with_time() -> None:
    bonuses = [speed_bonus(ms) for ms in range(0, 12_001, 7)]
    assert bonuses == sorted(bonuses, reverse=True)


@pytest.mark.parametrize(
    ("level", "points"),
    [(1, 2500), (2, 3000), (5, 4500), (9, 6500), (10, 7000), (11, 7000), (100, 7000)],
)
def test_board_points_are_2000_plus_500_per_level_up_to_level_10(level: int, points: int) -> None:
    assert board_points(level) == points


def test_a_quick_pair_scores_200() -> None:
    game = new_game()
    assert game.match(*game.deal.plan[0], 1500) == 200
    assert game.score == 200


@pytest.mark.parametrize(("t", "points"), [(2000, 200), (6000, 150), (10_000, 100), (30_000, 100)])
def test_a_pair_scores_100_plus_the_bonus_for_the_time_since_the_level_started(t: int, points: int) -> None:
    game = new_game()
    assert game.match(*game.deal.plan[0], t) == points
    assert game.score == points


def test_the_bonus_counts_from_the_previous_pair() -> None:
    game = new_game()
    plan = game.deal.plan
    game.match(*plan[0], 20_000)  # 100
    assert game.match(*plan[1], 24_000) == 175  # 4000 ms later: 100 + 75
    assert game.score == 275


def test_paused_time_counts_for_the_bonus() -> None:
    game = new_game()
    plan = game.deal.plan
    game.match(*plan[0], 1000)
    game.pause(2000)
    game.resume(60_000)
    assert game.match(*plan[1], 61_000) == 100  # 60 s after the last pair, though 2 s of play
    game.pause(62_000)
    game.resume(63_000)
    assert game.match(*plan[2], 67_000) == 150  # 6000 ms after, 1000 of them paused: 100 + 50


def test_a_pause_costs_only_the_bonus_of_the_pair_it_falls_in() -> None:
    game = new_game()
    plan = game.deal.plan
    game.match(*plan[0], 1000)
    game.pause(1500)
    game.resume(300_000)  # five minutes away
    assert game.match(*plan[1], 301_000) == 100
    assert game.match(*plan[2], 302_000) == 200  # the next pair counts from the one before


@pytest.mark.parametrize(
    ("pause_ms", "points"),
    [(0, 200), (1_000, 200), (4_000, 174), (8_000, 124), (20_000, 100), (3_600_000, 100)],
)
def test_thinking_during_a_pause_does_not_buy_the_bonus(pause_ms: int, points: int) -> None:
    """The bot's log: pause 1 ms after a pair, think while the board is hidden, match 5 ms after resuming."""
    plan = new_game().deal.plan
    log: list[dict[str, object]] = [{"t": 1000, "type": "match", "a": plan[0][0], "b": plan[0][1]}]
    t = 1000
    for a, b in plan[1:6]:
        log.append({"t": t + 1, "type": "pause"})
        log.append({"t": t + 1 + pause_ms, "type": "resume"})
        t += 1 + pause_ms + 5
        log.append({"t": t, "type": "match", "a": a, "b": b})
    # 200 for the first pair, then 5 pairs each ``pause_ms`` + 6 ms after the one before.
    assert replay(CODE, "arcade", log).score == 200 + 5 * points


def test_a_hint_costs_50_points_and_does_not_reset_the_bonus_clock() -> None:
    game = new_game()
    plan = game.deal.plan
    game.match(*plan[0], 1000)
    assert game.hint(2000) == plan[1]
    assert game.score == 150
    assert game.match(*plan[1], 7000) == 150  # 6000 ms after the last pair
    assert game.score == 300
    assert game.hints == 1


def test_the_score_never_drops_below_zero() -> None:
    game = new_game()
    game.hint(100)
    assert game.score == 0
    game.match(*game.deal.plan[0], 12_000)  # 100 points
    game.hint(12_100)
    game.hint(12_200)
    game.hint(12_300)
    assert game.score == 0
    assert game.hints == 4


def test_clearing_a_board_adds_the_board_points() -> None:
    game = new_game()
    clear_board(game, start=1000)
    assert game.status is Status.CLEARED
    assert game.score == 72 * 200 + 2500
    assert game.result().time_ms is None


def test_undo_takes_away_exactly_the_points_of_that_pair() -> None:
    game = new_game()
    plan = game.deal.plan
    game.match(*plan[0], 1000)  # 200
    game.match(*plan[1], 7000)  # 150
    game.undo(8000)
    assert game.score == 200
    game.undo(9000)
    assert game.score == 0
    assert game.moves == 2


def test_an_undone_pair_is_not_a_move_for_the_bonus() -> None:
    game = new_game()
    plan = game.deal.plan
    game.match(*plan[0], 1000)
    game.match(*plan[1], 20_000)  # 100
    game.undo(30_000)
    # The clock stands where it stood before the undone pair: at the first pair, 30 s before.
    assert game.match(*plan[1], 31_000) == 100


@pytest.mark.parametrize(
    ("undos", "points"),
    [
        (1, 100 + speed_bonus(4_000)),  # counts from plan[1], at 9 s
        (2, 100 + speed_bonus(8_000)),  # from plan[0], at 5 s
        (3, 100),  # from the deal, 13 s before
    ],
)
def test_undos_in_a_row_set_the_clock_back_pair_by_pair(undos: int, points: int) -> None:
    game = new_game()
    plan = game.deal.plan
    for pair, t in zip(plan, (5_000, 9_000, 10_000), strict=False):
        game.match(*pair, t)
    for k in range(undos):
        game.undo(12_000 + k)
    assert game.match(*plan[3 - undos], 13_000) == points


def test_slow_pairs_taken_again_after_an_undo_score_as_slow_pairs() -> None:
    """The attack of issue 26: wait 10.5 s, take a pair, undo it, take it again at once."""
    game = new_game()
    t = 0
    for pair in game.deal.plan[:3]:
        t += 10_500
        assert game.match(*pair, t) == 100
        game.undo(t + 300)
        assert game.match(*pair, t + 600) == 100
        t += 600
    assert game.score == 300


def test_a_hint_that_was_paid_stays_paid_after_an_undo() -> None:
    """The other attack of issue 26: pair, hint, undo the pair, take it again, take the hinted pair."""
    game = new_game()
    plan = game.deal.plan
    game.match(*plan[0], 500)  # 200
    assert game.hint(800) == plan[1]
    assert game.score == 150
    game.undo(1_100)
    assert game.score == 0, "the score shows 0, the 50 the hint cost stays paid"
    assert game.match(*plan[0], 1_400) == 200
    assert game.score == 150
    game.match(*plan[1], 2_000)  # 200
    assert game.score == 350 == 200 - 50 + 200, "what pair, hint, pair gives"
    assert game.hints == 1


def test_a_hint_at_zero_after_an_undo_is_free_and_the_next_points_make_up_the_hints_paid() -> None:
    game = new_game()
    plan = game.deal.plan
    game.match(*plan[0], 1_000)  # 200
    for t in (2_000, 3_000, 4_000, 5_000):
        game.hint(t)
    assert game.score == 0, "four hints paid the 200"
    game.undo(6_000)
    game.hint(6_500)  # at 0: free
    assert game.score == 0
    assert game.match(*plan[0], 30_000) == 100  # 30 s after the deal
    assert game.score == 0, "200 of hints paid, 100 earned"
    assert game.match(*plan[1], 31_000) == 200
    assert game.score == 100
    assert game.hints == 5


def test_no_undo_after_a_cleared_board() -> None:
    game = new_game()
    t = clear_board(game, start=1000)
    score = game.score
    with pytest.raises(IllegalMoveError, match="cleared"):
        game.undo(t + 1)
    assert game.score == score


def test_three_shuffles_for_the_whole_game() -> None:
    game = new_game()
    assert game.shuffles_left == 3
    for t in (100, 200, 300):
        game.shuffle(t)
    assert game.shuffles_left == 0
    with pytest.raises(IllegalMoveError, match="all 3 shuffles"):
        game.shuffle(400)
    assert game.shuffles == 3


def test_each_shuffle_clears_the_undo_history() -> None:
    game = new_game()
    game.match(*game.deal.plan[0], 1000)
    game.shuffle(2000)
    assert not game.can_undo
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        game.undo(3000)


def test_a_shuffle_resets_the_bonus_clock() -> None:
    game = new_game()
    game.shuffle(50_000)
    assert game.plan is not None
    assert game.match(*game.plan[0], 51_000) == 200


def test_the_next_level_needs_a_cleared_board() -> None:
    game = new_game()
    with pytest.raises(IllegalMoveError, match="must be cleared"):
        game.next_level(100)
    assert game.level == 1


def test_the_next_level_deals_level_k_plus_1_and_keeps_score_and_shuffles() -> None:
    game = new_game()
    game.shuffle(100)
    t = clear_board(game, start=1000)
    score = game.score
    game.next_level(t + 5000)
    assert game.level == 2
    assert game.status is Status.PLAYING
    assert tuple(game.board.tiles) == deal(CODE, 2).tiles
    assert game.plan == deal(CODE, 2).plan
    assert game.score == score
    assert game.shuffles_left == 2
    assert not game.can_undo
    # The bonus clock starts again with the level.
    assert game.match(*game.plan[0], t + 6000) == 200


def test_level_two_clears_for_3000_board_points() -> None:
    game = new_game()
    t = clear_board(game, start=1000)
    game.next_level(t + 1)
    before = game.score
    clear_board(game, start=t + 1001)
    assert game.score == before + 72 * 200 + 3000


def test_board_points_stop_growing_after_level_10() -> None:
    game = new_game()
    t = 0
    gains = []
    for level in range(1, 13):
        before = game.score
        t = clear_board(game, start=t + 500, step=500)
        gains.append(game.score - before - 72 * 200)
        game.next_level(t + 1)
        assert game.level == level + 1
    assert gains == [2000 + 500 * min(k, 10) for k in range(1, 13)]


def test_shuffles_left_carry_over_across_levels() -> None:
    game = new_game()
    game.shuffle(100)
    t = clear_board(game, start=1000)
    game.next_level(t + 1)
    game.shuffle(t + 2)
    game.shuffle(t + 3)
    with pytest.raises(IllegalMoveError, match="all 3 shuffles"):
        game.shuffle(t + 4)


def test_a_stuck_board_with_shuffles_left_is_no_moves_and_a_shuffle_helps() -> None:
    game, t = stuck_game("arcade")
    assert game.status is Status.NO_MOVES
    game.shuffle(t + 1)
    # mypy keeps game.status narrowed by the assert above, as if the moves could not change it.
    assert game.status is Status.PLAYING  # type: ignore[comparison-overlap]
    assert game.board.has_moves()


def test_no_pairs_and_no_shuffles_left_is_game_over_for_good() -> None:
    game, t = stuck_game("arcade", shuffles_first=3)
    assert game.status is Status.GAME_OVER
    assert game.result().status is Status.GAME_OVER
    score = game.score
    for action in ("undo", "hint", "shuffle", "pause", "next_level"):
        with pytest.raises(IllegalMoveError, match="over"):
            getattr(game, action)(t + 1)
    with pytest.raises(IllegalMoveError):
        game.match(0, 1, t + 1)
    assert game.score == score
    assert game.status is Status.GAME_OVER


def test_arcade_pause_is_allowed_on_a_cleared_board_but_next_level_waits_for_resume() -> None:
    game = new_game()
    t = clear_board(game, start=1000)
    game.pause(t + 1)
    with pytest.raises(IllegalMoveError, match="paused"):
        game.next_level(t + 2)
    game.resume(t + 3)
    game.next_level(t + 4)
    assert game.level == 2


def test_undo_after_hints_never_takes_the_score_below_zero() -> None:
    game = new_game()
    game.match(*game.deal.plan[0], 1000)  # 200
    for t in (2000, 3000, 4000):
        game.hint(t)
    assert game.score == 50
    game.undo(5000)  # the pair earned 200, but the score stops at 0
    assert game.score == 0


# -- undo never pays ---------------------------------------------------------------------------

SMALL = "MJ1-L09-UNDOPAY"
"""Crossroads (56 tiles): random play reaches dead ends, undo chains and hints at 0 quickly."""


def without_undone_pairs(log: list[dict[str, object]]) -> list[dict[str, object]]:
    """The log less every pair that was undone and the undo that put it back."""
    undone: set[int] = set()
    taken: list[int] = []
    for k, event in enumerate(log):
        if event["type"] == "match":
            taken.append(k)
        elif event["type"] == "undo":
            undone |= {taken.pop(), k}
    return [event for k, event in enumerate(log) if k not in undone]


ACTIONS = st.sampled_from(["match", "match", "hint", "undo"])


@given(steps=st.lists(st.tuples(ACTIONS, st.integers(0, 14_000), st.integers(0, 99)), max_size=60))
@settings(max_examples=150, deadline=None)
def test_undo_never_leaves_more_points_than_the_game_without_the_pairs_it_undid(
    steps: list[tuple[str, int, int]],
) -> None:
    game = Game(SMALL, "arcade")
    t = 0
    for action, gap, pick in steps:
        t += gap
        if action == "match" and game.status is Status.PLAYING:
            pairs = game.board.available_pairs()
            game.match(*pairs[pick % len(pairs)], t)
        elif action == "hint" and game.status in (Status.PLAYING, Status.NO_MOVES):
            game.hint(t)
        elif action == "undo" and game.can_undo:
            game.undo(t)
    log = [event.to_json() for event in game.events]
    honest = replay(SMALL, "arcade", without_undone_pairs(log))
    assert game.score <= honest.score
    if game.hints == 0:
        assert game.score == honest.score, "without hints, undo changes nothing at all"
