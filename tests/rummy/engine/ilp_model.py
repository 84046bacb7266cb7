"""An independent exact model of the Hard player's problem: an integer programme (tests only).

Written from the rules, sharing nothing with the engine's search but the tile
codes.  Every set type that could be on a table is listed: a run of every
colour, start and length (3-13), a group of every number and every subset of
three or four colours.  Each variable is how many copies of one set type are
laid down, and every place in every set is a *joker slot*: it holds either the
real tile or a joker standing for it, so for each face the places laid down
equal the real tiles used plus the jokers standing for that face.  (This is the
same as listing each set type once per choice of joker places, but keeps the
programme small enough to solve in milliseconds: with the box's two jokers no
set can ever be all jokers.)

Constraints: every table tile is used exactly, rack tiles at most as often as
the rack holds them, the jokers standing for faces add up to the table's
jokers plus those used from the rack.  The objective is the engine's single
integer, rack tiles placed times 1024 plus their points (a joker 30).  An
opening (rack alone) must add up to at least 30, each set counted by the
numbers its places stand for.

Solved with :func:`scipy.optimize.milp` (HiGHS) with a zero optimality gap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp  # type: ignore[import-untyped]  # scipy ships no stubs
from scipy.sparse import csr_array  # type: ignore[import-untyped]

FACES = 52
JOKER = 52
WEIGHT = 1024


@dataclass(frozen=True)
class SetType:
    faces: tuple[int, ...]
    value: int


def face(colour: int, number: int) -> int:
    return colour * 13 + number - 1


@cache
def all_set_types() -> tuple[SetType, ...]:
    """Every run (colour, start, length) and every group (number, colours)."""
    found: list[SetType] = []
    for colour in range(4):
        for length in range(3, 14):
            for start in range(1, 15 - length):
                numbers = range(start, start + length)
                found.append(SetType(tuple(face(colour, n) for n in numbers), sum(numbers)))
    for number in range(1, 14):
        for size in (3, 4):
            for colours in combinations(range(4), size):
                found.append(SetType(tuple(face(c, number) for c in colours), number * size))
    return tuple(found)


def points(code: int) -> int:
    return 30 if code == JOKER else code % 13 + 1


def ilp_best(table: Sequence[int], rack: Sequence[int], opening: bool = False) -> int | None:
    """The best score (tiles * 1024 + points) or None when no legal table exists.

    ``table`` and ``rack`` are counts by tile code (53 entries, jokers last).
    Variables: copies of each set type, then for each face the real tiles used
    from the rack (y) and the jokers standing for it (z), then the rack jokers
    used.
    """
    jokers = table[JOKER] + rack[JOKER]
    types = [s for s in all_set_types() if all(table[f] + rack[f] + jokers > 0 for f in s.faces)]
    n_sets = len(types)
    y0, z0, j0 = n_sets, n_sets + FACES, n_sets + 2 * FACES
    n_vars = j0 + 1
    rows, cols, data = [], [], []
    for j, s in enumerate(types):
        for f in s.faces:
            rows.append(f)
            cols.append(j)
            data.append(1.0)
    for f in range(FACES):
        # places of face f == table tiles f + rack tiles f used + jokers standing for f
        rows += [f, f]
        cols += [y0 + f, z0 + f]
        data += [-1.0, -1.0]
        # the jokers row: sum of z == table jokers + rack jokers used
        rows.append(FACES)
        cols.append(z0 + f)
        data.append(1.0)
    rows.append(FACES)
    cols.append(j0)
    data.append(-1.0)
    matrix = csr_array((data, (rows, cols)), shape=(FACES + 1, n_vars))
    target = np.array([float(table[f]) for f in range(FACES)] + [float(table[JOKER])])
    constraints = [LinearConstraint(matrix, target, target)]
    if opening:
        values = np.zeros(n_vars)
        values[:n_sets] = [s.value for s in types]
        constraints.append(LinearConstraint(values.reshape(1, -1), 30.0, np.inf))
    upper = np.array(
        [4.0] * n_sets
        + [float(rack[f]) for f in range(FACES)]
        + [float(jokers)] * FACES
        + [float(rack[JOKER])]
    )
    cost = np.zeros(n_vars)
    cost[y0:z0] = [-(WEIGHT + points(f)) for f in range(FACES)]
    cost[j0] = -(WEIGHT + 30)
    result = milp(
        cost,
        constraints=constraints,
        integrality=np.ones(n_vars),
        bounds=Bounds(np.zeros(n_vars), upper),
        options={"mip_rel_gap": 0.0},
    )
    if result.status == 2:  # infeasible
        return None
    assert result.status == 0, result.message
    best: float = -result.fun
    return round(best)
