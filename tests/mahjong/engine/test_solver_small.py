"""The solver against an exhaustive search, on many small boards.

:func:`brute_force_plan` tries every legal move (with a memo of the lost
positions), so it is right by construction; on boards of up to a few dozen
tiles it is fast enough to decide hundreds of them.  The boards:

* hand-built small layouts (rows, stacks, offset rows, pyramids, bridges) with
  random faces that pair up, often four of a kind, so that which tile pairs with
  which matters; some laid out so as to be solvable, then spoiled by a swap or two;
* the late game of real layouts: a real deal played down to 12-24 tiles, as it
  was played and with the faces left redistributed.

Every winning plan is replayed with the rules as written.  The layouts are
parsed once, at import, and kept (see ``test_solver.py``'s last test on why).
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.common.rng import SplitMix64
from game.mahjong.engine import FULL_SET, Board, Face, Layout, all_layouts, deal, get_layout
from game.mahjong.engine.solver import Verdict, solve_tiles

from .helpers import (
    TooHardError,
    brute_force_plan,
    code_number,
    faces_that_pair_up,
    replay_by_hand,
    solvable_faces,
    spec_class,
)

SMALL_LAYOUTS_TEXT = {
    "a row of six": """
        layer 0
        row 0: 0-10
        """,
    "two rows of four": """
        layer 0
        row 0: 0-6
        row 2: 0-6
        """,
    "three stacks of two": """
        layer 0
        row 0: 0 4 8
        layer 1
        row 0: 0 4 8
        """,
    "a tower of four beside a row": """
        layer 0
        row 0: 0-6
        layer 1
        row 0: 2 6
        layer 2
        row 0: 2
        layer 3
        row 0: 2
        """,
    "offset rows": """
        layer 0
        row 0: 0-6
        row 1: 8 10
        row 2: 0-6
        """,
    "a pyramid of twelve": """
        layer 0
        row 0: 0-6
        row 2: 0-6
        layer 1
        row 1: 1 3 5
        layer 2
        row 1: 3
        """,
    "a bridge over a gap": """
        layer 0
        row 0: 0 2 6 8
        row 2: 0 2 6 8
        layer 1
        row 1: 1 3 5 7
        layer 2
        row 1: 2 6
        """,
    "a turtle in miniature": """
        layer 0
        row 0: 2-8
        row 1: 0 10
        row 2: 2-8
        layer 1
        row 1: 3 5 7
        layer 2
        row 1: 5
        """,
    "a long row with a hat": """
        layer 0
        row 0: 0-14
        layer 1
        row 0: 4 6 8 10
        layer 2
        row 0: 5 9
        """,
    "two towers and a wall": """
        layer 0
        row 0: 0-10
        row 2: 0 10
        layer 1
        row 0: 0 10
        row 2: 0 10
        layer 2
        row 1: 0 10
        layer 3
        row 1: 0 10
        """,
    "a stepped pyramid of twenty": """
        layer 0
        row 0: 0-8
        row 2: 0-8
        row 4: 0-8
        layer 1
        row 1: 1-7
        layer 2
        row 2: 4
        """,
    "three rows of six under a roof": """
        layer 0
        row 0: 0-10
        row 2: 0-10
        row 4: 0-10
        layer 1
        row 1: 1 5 9
        row 3: 1 5 9
        """,
}

SMALL_LAYOUTS: dict[str, Layout] = {
    name: Layout.parse(f"id L{50 + k}\nname {name}\n" + textwrap.dedent(body), name)
    for k, (name, body) in enumerate(SMALL_LAYOUTS_TEXT.items())
}

BOARDS_PER_LAYOUT = 60
"""Of each kind (random faces; solvable, then maybe spoiled) per small layout."""
LATE_GAMES = 250
"""Turtle deals played down to the late game (each gives two boards)."""
LATE_GAMES_PER_OTHER_LAYOUT = 8
BRUTE_FORCE_STATES = 200_000


def check_against_brute_force(layout: Layout, tiles: Sequence[Face | None]) -> Verdict | None:
    """The solver's verdict, after checking it against the exhaustive search (None: too hard)."""
    try:
        plan = brute_force_plan(layout, tiles, BRUTE_FORCE_STATES)
    except TooHardError:
        return None
    solution = solve_tiles(layout, tiles)  # the default budget
    assert solution.verdict is not Verdict.UNKNOWN, "a small board must be decided"
    expected = Verdict.NOT_WINNABLE if plan is None else Verdict.WINNABLE
    assert solution.verdict is expected, f"{layout.name}: {' '.join(f or '-' for f in tiles)}"
    if solution.plan is not None:
        replay_by_hand(layout, tiles, solution.plan)
    else:
        assert solution.verdict is Verdict.NOT_WINNABLE
    return solution.verdict


def assert_both_verdicts(verdicts: Counter[Verdict | None], at_least: int = 1) -> None:
    assert verdicts[Verdict.WINNABLE] >= at_least, verdicts
    assert verdicts[Verdict.NOT_WINNABLE] >= at_least, verdicts
    assert verdicts[Verdict.UNKNOWN] == 0, verdicts


def small_board(layout: Layout, rng: SplitMix64, solvable: bool) -> list[Face | None]:
    """Faces that pair up on every position; a small palette now and then, for more four of a kind."""
    size = len(layout)
    palette = max((size + 3) // 4, 1 + rng.below(size // 2)) if rng.below(2) else None
    faces = faces_that_pair_up(size, rng, palette)
    if not solvable:
        rng.shuffle(faces)
        return list(faces)
    tiles = solvable_faces(layout, faces, rng)
    for _ in range(rng.below(3)):  # spoil it (or not) by swapping tiles
        i, j = rng.below(size), rng.below(size)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


@pytest.mark.parametrize("name", list(SMALL_LAYOUTS))
def test_the_solver_agrees_with_exhaustive_search_on_random_faces(name: str) -> None:
    layout = SMALL_LAYOUTS[name]
    assert 6 <= len(layout) <= 24
    verdicts: Counter[Verdict | None] = Counter()
    for k in range(BOARDS_PER_LAYOUT):
        rng = SplitMix64.from_text(f"random faces|{name}|{k}")
        verdicts[check_against_brute_force(layout, small_board(layout, rng, solvable=False))] += 1
    assert verdicts[None] == 0, "the exhaustive search is fast on these"
    assert verdicts[Verdict.NOT_WINNABLE] > 0, verdicts


@pytest.mark.parametrize("name", list(SMALL_LAYOUTS))
def test_the_solver_agrees_with_exhaustive_search_on_solvable_boards_some_spoiled(name: str) -> None:
    layout = SMALL_LAYOUTS[name]
    verdicts: Counter[Verdict | None] = Counter()
    for k in range(BOARDS_PER_LAYOUT):
        rng = SplitMix64.from_text(f"solvable faces|{name}|{k}")
        verdicts[check_against_brute_force(layout, small_board(layout, rng, solvable=True))] += 1
    assert verdicts[None] == 0
    assert_both_verdicts(verdicts)


def test_the_small_boards_hold_many_four_of_a_kinds() -> None:
    fours = 0
    for name, layout in SMALL_LAYOUTS.items():
        for k in range(BOARDS_PER_LAYOUT):
            tiles = small_board(layout, SplitMix64.from_text(f"random faces|{name}|{k}"), solvable=False)
            classes = Counter(spec_class(face) for face in tiles if face is not None)
            assert all(n % 2 == 0 for n in classes.values())
            fours += sum(1 for n in classes.values() if n == 4)
    assert fours > len(SMALL_LAYOUTS) * BOARDS_PER_LAYOUT


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[Layout, list[Face | None]]:
    """A small layout with faces that pair up, drawn pair by pair from a few match classes."""
    layout = draw(st.sampled_from(list(SMALL_LAYOUTS.values())))
    by_class: dict[str, list[Face]] = {}
    for face in FULL_SET:
        by_class.setdefault(spec_class(face), []).append(face)
    names = draw(st.lists(st.sampled_from(sorted(by_class)), min_size=1, max_size=8, unique=True))
    if 4 * len(names) < len(layout):
        names += [name for name in sorted(by_class) if name not in names][: len(layout) // 4]
    stock = {name: list(by_class[name]) for name in names}
    faces: list[Face] = []
    while len(faces) < len(layout):
        name = draw(st.sampled_from([name for name in names if stock[name]]))
        faces += [stock[name].pop(), stock[name].pop()]
    return layout, list(draw(st.permutations(faces)))


@given(small_boards())
def test_the_solver_agrees_with_exhaustive_search_on_any_small_board(
    board: tuple[Layout, list[Face | None]],
) -> None:
    check_against_brute_force(*board)


# -- the late game of real layouts ---------------------------------------------------------------


def late_game(layout_id: str, k: int) -> tuple[Layout, list[Face | None], list[Face | None]]:
    """A deal played down to 12-24 tiles, and the same position with its faces redistributed.

    Most moves follow the deal's own pairs in a random order (which keeps the
    board winnable); the last few, a random number of them, are random legal
    moves, which may spoil it.  Random play would mostly get stuck long before
    the late game.
    """
    rng = SplitMix64.from_text(f"late game|{layout_id}|{k}")
    dealt = deal(code_number(layout_id, k))
    board = Board(dealt.layout, dealt.tiles)
    target = 12 + 2 * rng.below(7)
    wild = rng.below(16)
    planned = {tuple(sorted(pair)) for pair in dealt.plan}
    while len(board) > target:
        pairs = board.available_pairs()
        if not pairs:
            break
        if len(board) - 2 * wild > target:
            pairs = [pair for pair in pairs if pair in planned]
        board.remove(*pairs[rng.below(len(pairs))])
    played = list(board.tiles)
    spots = [i for i, face in enumerate(played) if face is not None]
    faces = [played[i] for i in spots]
    rng.shuffle(faces)
    redistributed: list[Face | None] = [None] * len(played)
    for spot, face in zip(spots, faces, strict=True):
        redistributed[spot] = face
    return dealt.layout, played, redistributed


@pytest.mark.slow
def test_the_solver_agrees_with_exhaustive_search_in_the_turtles_late_game() -> None:
    verdicts: Counter[Verdict | None] = Counter()
    late = 0
    for k in range(LATE_GAMES):
        layout, played, redistributed = late_game("L00", k)
        late += 12 <= sum(face is not None for face in played) <= 24  # else stuck earlier
        verdicts[check_against_brute_force(layout, played)] += 1
        verdicts[check_against_brute_force(layout, redistributed)] += 1
    assert late >= LATE_GAMES * 0.8
    assert verdicts[None] <= LATE_GAMES // 20, f"the exhaustive search gave up too often: {verdicts}"
    assert_both_verdicts(verdicts, at_least=LATE_GAMES // 5)


@pytest.mark.parametrize("layout_id", [lid for lid in all_layouts() if lid != "L00"])
def test_the_solver_agrees_with_exhaustive_search_in_the_late_game_of_every_layout(layout_id: str) -> None:
    verdicts: Counter[Verdict | None] = Counter()
    for k in range(LATE_GAMES_PER_OTHER_LAYOUT):
        layout, played, redistributed = late_game(layout_id, k)
        verdicts[check_against_brute_force(layout, played)] += 1
        verdicts[check_against_brute_force(layout, redistributed)] += 1
    assert verdicts[None] <= 2, verdicts
    assert verdicts[Verdict.UNKNOWN] == 0


def test_the_turtles_late_game_boards_are_real_positions() -> None:
    layout, played, _ = late_game("L00", 0)
    assert layout is get_layout("L00")
    dealt = deal(code_number("L00", 0))
    assert all(face is None or face == dealt.tiles[i] for i, face in enumerate(played))
