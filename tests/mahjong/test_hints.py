"""Hints and dead ends: :class:`Hinter`, :func:`undos_to_winnable` and :func:`dead_end`.

Winnability is checked again from scratch each time (a fresh solve, plans
replayed with the rules as written, the exhaustive search where it is fast),
and boards of a game are rebuilt from its events by hand, not with the engine's
undo.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

import pytest

from game.common.rng import SplitMix64
from game.mahjong.engine import FULL_SET, Board, EventType, Face, Game, Layout, get_layout
from game.mahjong.engine.solver import (
    Budget,
    Hinter,
    Verdict,
    dead_end,
    solve,
    solve_tiles,
    undos_to_winnable,
)

from .helpers import (
    brute_force_plan,
    code_number,
    played_until_stuck,
    replay_by_hand,
    spec_free_positions,
    spec_match,
)

BUDGET = Budget(nodes=200_000)
BRUTE_FORCE_TILES = 24
"""Boards up to this size are decided by the exhaustive search, larger ones by a fresh solve."""
STUCK_GAMES = [
    *(("L00", n) for n in (0, 3, 4, 5, 6, 7, 8, 10)),
    *(("L02", n) for n in range(5)),
    ("L06", 0),
    ("L06", 3),
    ("L09", 0),
    ("L09", 4),
    ("L10", 2),
    ("L10", 3),
]
"""Games that random play leaves stuck (none cleared), each quick to analyse."""


def winnable(layout: Layout, tiles: Sequence[Face | None]) -> bool:
    """Decided from scratch: the exhaustive search on small boards, else a fresh solve (never UNKNOWN)."""
    if sum(face is not None for face in tiles) <= BRUTE_FORCE_TILES:
        plan = brute_force_plan(layout, tiles)
    else:
        solution = solve_tiles(layout, tiles, BUDGET)
        assert solution.verdict is not Verdict.UNKNOWN
        plan = None if solution.plan is None else list(solution.plan)
    if plan is not None:
        replay_by_hand(layout, tiles, plan)
    return plan is not None


def check_hinted_pair(board: Board, pair: tuple[int, int] | None) -> tuple[int, int]:
    """The pair is on the board, free and matching, by the rules as written."""
    assert pair is not None
    a, b = pair
    occupied = [i for i, face in enumerate(board.tiles) if face is not None]
    assert a != b
    assert {a, b} <= spec_free_positions(board.layout, occupied)
    fa, fb = board.tiles[a], board.tiles[b]
    assert fa is not None and fb is not None and spec_match(fa, fb)
    return a, b


def follow_hints(board: Board, hinter: Hinter) -> int:
    """Take the hinted pair until the board is empty; returns the number of pairs taken."""
    taken = 0
    while not board.is_empty:
        hint = hinter.hint(board)
        assert hint.winnable is True, f"the hint gave up after {taken} pairs"
        board.remove(*check_hinted_pair(board, hint.pair))
        taken += 1
    assert hinter.hint(board).pair is None
    return taken


def boards_of(game: Game) -> list[list[Face | None]]:
    """The tiles at the start and after each event, rebuilt by hand (matches and undos only)."""
    tiles: list[Face | None] = list(Game(game.code, game.mode).deal.tiles)
    boards = [list(tiles)]
    taken: list[tuple[int, int, Face | None, Face | None]] = []
    for event in game.events:
        if event.type is EventType.MATCH:
            assert event.a is not None and event.b is not None
            taken.append((event.a, event.b, tiles[event.a], tiles[event.b]))
            tiles[event.a] = tiles[event.b] = None
        elif event.type is EventType.UNDO:
            a, b, fa, fb = taken.pop()
            tiles[a], tiles[b] = fa, fb
        else:
            raise AssertionError(f"not rebuilt here: {event.type}")
        boards.append(list(tiles))
    return boards


def undos_by_hand(game: Game) -> int | None:
    """Put the removals back one by one, from the last: how many until the board is winnable."""
    tiles = list(game.board.tiles)
    for count, (a, b, fa, fb) in enumerate(reversed(game.removals), start=1):
        tiles[a], tiles[b] = fa, fb
        if winnable(game.board.layout, tiles):
            return count
    return None


# -- hints on boards that can be won -----------------------------------------------------------------


@pytest.mark.parametrize(("layout_id", "n"), [("L00", 0), ("L00", 1), ("L03", 0), ("L09", 0), ("L10", 1)])
def test_following_the_hints_from_a_deal_clears_the_board(layout_id: str, n: int) -> None:
    game = Game(code_number(layout_id, n), "classic")
    assert follow_hints(game.board, Hinter(BUDGET)) == len(game.board.layout) // 2


@pytest.mark.parametrize("k", range(6))
def test_the_hinted_pair_is_free_and_matching_and_the_board_stays_winnable_after_it(k: int) -> None:
    # A Turtle deal played part of the way along its own pairs, in a random order.
    dealt = Game(code_number("L00", 10 + k), "classic").deal
    board = Board(dealt.layout, dealt.tiles)
    rng = SplitMix64.from_text(f"hint midgame|{k}")
    planned = {tuple(sorted(pair)) for pair in dealt.plan}
    for _ in range(rng.below(60)):
        pairs = [pair for pair in board.available_pairs() if pair in planned]
        board.remove(*pairs[rng.below(len(pairs))])
    hint = Hinter(BUDGET).hint(board)
    assert hint.winnable is True and hint.undos is None
    board.remove(*check_hinted_pair(board, hint.pair))
    solution = solve(board, BUDGET)
    assert solution.verdict is Verdict.WINNABLE
    replay_by_hand(board.layout, board.tiles, solution.plan or ())


def find_other_winning_pair(board: Board, hinted: tuple[int, int]) -> tuple[int, int] | None:
    """An available pair other than the hint, sharing one tile with it, that keeps the board winnable.

    Sharing a tile means the hint's pairing is broken: a plan made before cannot
    simply be followed on.
    """
    for pair in board.available_pairs():
        if pair != tuple(sorted(hinted)) and len(set(pair) & set(hinted)) == 1:
            after = board.copy()
            after.remove(*pair)
            if solve(after, BUDGET).verdict is Verdict.WINNABLE:
                return pair
    return None


def test_after_the_player_takes_another_winning_pair_the_hint_still_leads_to_a_win() -> None:
    changed = 0
    for n in range(40):
        board = Board(get_layout("L00"), Game(code_number("L00", n), "classic").deal.tiles)
        hinter = Hinter(BUDGET)
        for _ in range(72):
            hint = hinter.hint(board)
            assert hint.winnable is True
            other = find_other_winning_pair(board, check_hinted_pair(board, hint.pair))
            if other is not None:
                board.remove(*other)
                changed += 1
                follow_hints(board, hinter)
                break
            board.remove(*hint.pair)  # type: ignore[misc]
        if changed == 3:
            return
    raise AssertionError(f"only {changed} boards where another pair of a hinted tile also wins")


@pytest.mark.parametrize("n", range(3))
def test_after_a_shuffle_the_same_hinter_still_leads_to_a_win(n: int) -> None:
    game = Game(code_number("L00", 20 + n), "classic")
    hinter = Hinter(BUDGET)
    for t in range(1, 11):
        game.match(*check_hinted_pair(game.board, hinter.hint(game.board).pair), t)
    before = list(game.board.tiles)
    game.shuffle(20)
    assert game.board.tiles != before and game.plan is not None
    follow_hints(game.board, hinter)


def test_a_hint_with_too_small_a_budget_is_undecided_but_still_a_legal_pair() -> None:
    layout = get_layout("L00")
    for k in range(50):
        tiles: list[Face | None] = list(FULL_SET)
        SplitMix64.from_text(f"solver budget test|{k}").shuffle(tiles)
        board = Board(layout, tiles)
        if solve(board, Budget(nodes=1)).verdict is Verdict.UNKNOWN:
            break
    else:
        pytest.fail("no random Turtle board needs more than one node")
    hint = Hinter(Budget(nodes=1)).hint(board)
    assert hint.winnable is None
    if board.has_moves():
        check_hinted_pair(board, hint.pair)
    else:
        assert hint.pair is None


def test_an_empty_board_needs_no_hint() -> None:
    layout = get_layout("L09")
    hint = Hinter().hint(Board(layout, [None] * len(layout)))
    assert (hint.pair, hint.winnable, hint.undos) == (None, True, None)


# -- stuck boards, undos and dead ends ---------------------------------------------------------------


@pytest.mark.parametrize(("layout_id", "n"), STUCK_GAMES)
def test_on_a_stuck_board_the_hint_counts_the_undos_back_to_a_winnable_board(layout_id: str, n: int) -> None:
    game = played_until_stuck(layout_id, n)
    assert not game.board.is_empty
    hint = Hinter(BUDGET).hint(game.board, game.removals)
    assert hint.pair is None
    assert hint.winnable is False
    assert hint.undos is not None and hint.undos == undos_by_hand(game)
    assert undos_to_winnable(game.board, game.removals, BUDGET) == hint.undos


@pytest.mark.parametrize(("layout_id", "n"), STUCK_GAMES)
def test_dead_end_names_the_move_that_lost_the_game(layout_id: str, n: int) -> None:
    game = played_until_stuck(layout_id, n)
    assert not game.board.is_empty
    index = dead_end(game, BUDGET)
    assert index is not None
    boards = boards_of(game)  # boards[i] is the board before event i, boards[i + 1] after it
    layout = game.board.layout
    assert winnable(layout, boards[index]), "the board before the fatal move can be won"
    assert not winnable(layout, boards[index + 1]), "the board after it cannot"
    matches = sum(event.type is EventType.MATCH for event in game.events)
    assert matches == len(game.events)
    assert undos_to_winnable(game.board, game.removals, BUDGET) == matches - index


def test_undoing_as_many_moves_as_the_hint_says_gives_a_board_the_hints_clear() -> None:
    game = played_until_stuck("L00", 0)
    undos = Hinter(BUDGET).hint(game.board, game.removals).undos
    assert undos is not None
    t = game.events[-1].t
    for _ in range(undos - 1):
        t += 1000
        game.undo(t)
    assert Hinter(BUDGET).hint(game.board, game.removals).winnable is False
    game.undo(t + 1000)
    assert dead_end(game, BUDGET) is None, "the board is winnable again"
    follow_hints(game.board, Hinter(BUDGET))


def stuck_by_random_play(game: Game, t: int) -> Game:
    """``game`` played on at random from time ``t`` until no pair is left, on the first of a few
    fixed seeds whose play does not clear the board (a copy of ``game`` per seed)."""
    for attempt in range(20):
        played = copy.deepcopy(game)
        rng = SplitMix64.from_text(f"after the undos {attempt}")
        clock = t
        while pairs := played.board.available_pairs():
            clock += 1000
            played.match(*pairs[rng.below(len(pairs))], clock)
        if not played.board.is_empty:
            return played
    raise AssertionError("random play cleared the board with every seed")


def test_dead_end_finds_the_last_fatal_move_after_an_undo() -> None:
    game = played_until_stuck("L00", 4)
    undos = undos_to_winnable(game.board, game.removals, BUDGET)
    assert undos is not None
    t = game.events[-1].t
    for _ in range(undos):
        t += 1000
        game.undo(t)
    game = stuck_by_random_play(game, t)
    index = dead_end(game, BUDGET)
    last_undo = max(i for i, event in enumerate(game.events) if event.type is EventType.UNDO)
    assert index is not None and index > last_undo
    boards = boards_of(game)
    assert winnable(game.board.layout, boards[index])
    assert not any(winnable(game.board.layout, board) for board in boards[index + 1 :])


def test_dead_end_is_none_while_the_board_can_still_be_won() -> None:
    game = Game(code_number("L00", 3), "classic")
    assert dead_end(game) is None, "no move yet"
    assert game.plan is not None
    for t, (a, b) in enumerate(game.plan[:20], start=1):
        game.match(a, b, t)
    assert dead_end(game, BUDGET) is None
    for t, (a, b) in enumerate(game.plan[20:], start=21):
        game.match(a, b, t)
    assert game.board.is_empty
    assert dead_end(game, BUDGET) is None, "a cleared board is no dead end"
