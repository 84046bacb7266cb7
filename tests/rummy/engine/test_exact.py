"""Hard's turn search is exact: its score equals that of an independent integer programme.

Hard weighs a few candidate turns by looking ahead (``test_bots.py``); its
first candidate, the most tiles this turn, comes from the exact search checked
here through :func:`most_tiles_move`.  For each position that move (with a
budget far beyond what it needs, so the clock never decides) is checked by
:func:`check_turn`, and its score, rack tiles placed times 1024 plus their
points, must equal the optimum of the
integer programme in ``ilp_model.py``; before opening, the programme is the
rack alone with the 30-point minimum.  A draw scores 0 (or "no opening").

Positions: random tables of every size, racks for openings, large late-game
tables with one or two jokers on the rack, and positions from seeded games of
the turn search against Medium.  The default run takes about 150 of them (about 20 s);
the ``slow`` test takes over 3,000.
"""

from __future__ import annotations

import pytest

from game.common.rng import SplitMix64
from game.rummy.engine import ActionKind, apply, bot_move, check_turn, new_hand
from game.rummy.engine.bots import most_tiles_move
from game.rummy.engine.solver import TILE_WEIGHT
from game.rummy.engine.tiles import CODES, TEXTS

from .ilp_model import ilp_best
from .old_hard import old_hard_move
from .positions import Position, big_joker_tables, random_position

BUDGET_S = 600.0
"""Far more than any position needs: exactness is tested, not speed (the benchmark does that)."""


def counts(texts: list[str]) -> list[int]:
    found = [0] * CODES
    for text in texts:
        found[TEXTS.index(text)] += 1
    return found


def hard_score(table: list[list[str]], rack: list[str], opened: bool) -> int | None:
    """The turn search's score for its move, after checking the move is legal (None: no opening found)."""
    move = most_tiles_move(table, rack, opened, pool_size=5, budget_s=BUDGET_S)
    assert not move.budget_exhausted
    if move.kind is ActionKind.DRAW:
        return 0 if opened else None
    after = [[str(t) for t in tiles] for tiles in move.after]
    verdict = check_turn(table, rack, after, opened)
    assert verdict.legal, verdict.message
    assert verdict.played == move.played
    return len(move.played) * TILE_WEIGHT + sum(tile.points for tile in move.played)


def ilp_score(table: list[list[str]], rack: list[str], opened: bool) -> int | None:
    table_counts = counts([t for tiles in table for t in tiles]) if opened else [0] * CODES
    return ilp_best(table_counts, counts(rack), opening=not opened)


def assert_same(position: Position, opened: bool) -> None:
    mine = hard_score(position.table, position.rack, opened)
    theirs = ilp_score(position.table, position.rack, opened)
    assert mine == theirs, (position, opened)


def random_positions(count: int, prefix: str) -> list[Position]:
    positions = []
    for i in range(count):
        rng = SplitMix64.from_text(f"{prefix}|{i}")
        positions.append(
            random_position(
                f"{prefix}|{i}",
                table_tiles=rng.below(91),
                rack_tiles=1 + rng.below(20),
                rack_jokers=rng.below(3),
                table_jokers=rng.below(3),
            )
        )
    return positions


def opening_racks(count: int, prefix: str) -> list[Position]:
    """Racks of 14-33 tiles (as before opening, when tiles only pile up), with a table beside them."""
    positions = []
    for i in range(count):
        rng = SplitMix64.from_text(f"{prefix}|{i}")
        jokers = rng.below(3)
        positions.append(
            random_position(f"{prefix}|{i}", rng.below(40), 14 + rng.below(20) - jokers, jokers, 0)
        )
    return positions


def game_positions(hands: int, prefix: str) -> list[tuple[Position, bool]]:
    """Every position the turn search met in seeded hands it played (as today's Hard) against Medium."""
    seen: list[tuple[Position, bool]] = []
    for i in range(hands):
        state = new_hand(f"RM1-{prefix}{chr(65 + i % 26)}{chr(65 + i // 26)}", i % 2)
        while state.result is None:
            if state.turn == 0:
                table = [[str(t) for t in tiles] for tiles in state.table]
                seen.append((Position(table, [str(t) for t in state.racks[0]]), state.opened[0]))
                move = old_hard_move(state)
            else:
                move = bot_move(state, "medium", seed=i)
            state = apply(state, state.turn, move.action())
    return seen


def test_hard_equals_the_integer_programme_on_random_tables() -> None:
    for position in random_positions(60, "exact"):
        assert_same(position, opened=True)


def test_hard_equals_the_integer_programme_on_openings() -> None:
    for position in opening_racks(30, "opening"):
        assert_same(position, opened=False)


def test_hard_equals_the_integer_programme_on_big_joker_tables() -> None:
    positions = big_joker_tables(25)
    assert all(sum(map(len, p.table)) >= 55 and "J" in p.rack for p in positions)
    for position in positions:
        assert_same(position, opened=True)


def test_hard_equals_the_integer_programme_on_game_positions() -> None:
    positions = game_positions(1, "EXACT")
    assert len(positions) >= 20
    for position, opened in positions:
        assert_same(position, opened)


# The slow cross-check: over 3,000 positions in all (the default run above has about 150), cut
# into chunks so that pytest-xdist's workers share them. Each chunk is (what, how many, its part).
SLOW_CHUNKS = [
    *(("random", 1200, part) for part in range(4)),
    ("opening", 400, 0),
    *(("big", 600, part) for part in range(4)),
    *(("games", 12, part) for part in range(2)),
]
SLOW_PARTS = {"random": 4, "opening": 1, "big": 4, "games": 2}


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "count", "part"), SLOW_CHUNKS, ids=[f"{k}{p}" for k, _, p in SLOW_CHUNKS])
def test_hard_equals_the_integer_programme_on_thousands_of_positions(
    kind: str, count: int, part: int
) -> None:
    if kind == "games":
        checked = game_positions(count, "SLOW" + "AB"[part])
        assert len(checked) >= 100
        for position, opened in checked:
            assert_same(position, opened)
        return
    if kind == "random":
        positions = random_positions(count, "exact-slow")
    elif kind == "opening":
        positions = opening_racks(count, "opening-slow")
    else:
        positions = big_joker_tables(count, "big-slow")
    mine = positions[part :: SLOW_PARTS[kind]]
    assert len(mine) == count // SLOW_PARTS[kind]
    for position in mine:
        assert_same(position, opened=kind != "opening")
