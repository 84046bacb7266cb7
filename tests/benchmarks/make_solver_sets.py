"""Write the two fixed position sets that ``bench_solver.py`` measures the solver on.

* ``data/solver_set_a.txt``: 1,000 Turtle positions from real (solvable) deals
  after 10 to 60 random legal moves, so that many are dead ends;
* ``data/solver_set_b.txt``: 1,000 fully random Turtle boards (the 144 tiles of
  the full set shuffled onto the positions, not dealt), of which about 3 % are
  known to be lost from the start.

Everything random comes from the engine's :class:`SplitMix64`, seeded from
fixed texts, so the files are the same on every machine, and
``tests/mahjong/engine/test_solver_sets.py`` checks that the committed files are what
this script makes.  Run from the project root::

    .venv/bin/python tests/benchmarks/make_solver_sets.py

File format: a ``#`` comment line describing the set, then one position per
line: the layout id, then one token per position (a canonical label, or ``-``
where no tile lies), all separated by single spaces.
"""

from __future__ import annotations

import string
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.common.rng import SplitMix64
from game.mahjong.engine import FULL_SET, Board, Face, GameCode, deal, get_layout

DATA = Path(__file__).resolve().parent / "data"
LAYOUT_ID = "L00"
POSITIONS = 1000
MIN_MOVES = 10
MAX_MOVES = 60

HEADER_A = (
    f"# Solver benchmark set A: {POSITIONS} Turtle ({LAYOUT_ID}) positions from solvable deals "
    f"after {MIN_MOVES}-{MAX_MOVES} random legal moves. Position k: SplitMix64 seeded with "
    "'miaojong solver set a|k' draws the seed (7 letters A-Z, below(26) each) of the deal "
    f"MJ1-{LAYOUT_ID}-SEED, then the number of moves ({MIN_MOVES} + below({MAX_MOVES - MIN_MOVES + 1})), "
    "then each move uniformly among Board.available_pairs(); a board stuck earlier is kept as it is. "
    "Made by tests/benchmarks/make_solver_sets.py."
)
HEADER_B = (
    f"# Solver benchmark set B: {POSITIONS} fully random Turtle ({LAYOUT_ID}) boards: the 144 tiles "
    "of FULL_SET (in canonical order) shuffled onto the positions by SplitMix64.shuffle, the "
    "generator seeded with 'miaojong solver set b|k' for position k (not dealt, so some cannot be won). "
    "Made by tests/benchmarks/make_solver_sets.py."
)


def position_a(k: int) -> list[Face | None]:
    """Position ``k`` of set A: a real deal after a random number of random legal moves."""
    rng = SplitMix64.from_text(f"miaojong solver set a|{k}")
    seed = "".join(string.ascii_uppercase[rng.below(26)] for _ in range(7))
    dealt = deal(GameCode(LAYOUT_ID, seed))
    board = Board(dealt.layout, dealt.tiles)
    for _ in range(MIN_MOVES + rng.below(MAX_MOVES - MIN_MOVES + 1)):
        pairs = board.available_pairs()
        if not pairs:
            break
        board.remove(*pairs[rng.below(len(pairs))])
    return list(board.tiles)


def position_b(k: int) -> list[Face | None]:
    """Position ``k`` of set B: the full set shuffled at random onto the Turtle."""
    tiles: list[Face | None] = list(FULL_SET)
    SplitMix64.from_text(f"miaojong solver set b|{k}").shuffle(tiles)
    return tiles


def format_position(tiles: Sequence[Face | None], layout_id: str = LAYOUT_ID) -> str:
    return " ".join([layout_id, *(face or "-" for face in tiles)])


def parse_position(line: str) -> tuple[str, list[Face | None]]:
    """A line of a set file back as (layout id, tiles); checks the number of tokens."""
    layout_id, *tokens = line.split(" ")
    if len(tokens) != len(get_layout(layout_id)):
        raise ValueError(f"expected {len(get_layout(layout_id))} tokens after {layout_id}, got {len(tokens)}")
    return layout_id, [None if token == "-" else Face(token) for token in tokens]


def set_lines(name: str, count: int = POSITIONS) -> Iterator[str]:
    """The lines of set ``a`` or ``b`` (header first), without line ends."""
    header, make = {"a": (HEADER_A, position_a), "b": (HEADER_B, position_b)}[name]
    yield header
    for k in range(count):
        yield format_position(make(k))


def set_text(name: str, count: int = POSITIONS) -> str:
    return "".join(line + "\n" for line in set_lines(name, count))


def set_path(name: str) -> Path:
    return DATA / f"solver_set_{name}.txt"


def read_set(name: str) -> tuple[str, list[tuple[str, list[Face | None]]]]:
    """The header and the positions of a committed set."""
    header, *lines = set_path(name).read_text(encoding="utf-8").splitlines()
    return header, [parse_position(line) for line in lines]


def main() -> None:
    DATA.mkdir(exist_ok=True)
    for name in ("a", "b"):
        path = set_path(name)
        path.write_text(set_text(name), encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
