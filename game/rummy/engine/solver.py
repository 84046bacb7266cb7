"""The exact search behind the Hard player: the most rack tiles any legal table allows.

The problem: given the tiles on the table (all of which must end up in sets)
and a rack (any of whose tiles may join them), find sets using every table
tile and the best choice of rack tiles, scored lexicographically by the number
of rack tiles placed, then their points (face values, a joker 30: what they
would cost left on the rack).  Scores are single integers,
``tiles * TILE_WEIGHT + points``, so comparing two is one comparison.

Method: a dynamic programme over the numbers 1 to 13, after the one van Rijn,
Takes and Vis give in "The Complexity of Rummikub Problems" (2015), tightened
and written anew.  Walking up the numbers, the state is, for each colour, how
many runs are open with length 1, 2 or at least 3, plus the jokers still free.
At each number the search chooses the groups (by how many tiles of each colour
and how many jokers they take; a table of every group combination is built
once), how many real tiles and jokers extend or start runs in each colour, and
so how many rack tiles of that number are placed.  What makes it small:

* Runs that must go on (length 1 or 2) always take the next tiles first, and
  a run of length 3+ is never ended while a new one starts in its colour at
  the same number (continuing it is never worse), so each choice of *how
  many* tiles go into a colour's runs gives exactly one next state.
* Choices whose runs could not go on at the next two numbers are not made.
* Transitions that lead to the same next state are merged, keeping the best
  gain; the rest are tried most real tiles first, jokers kept for later.
* Branch and bound with a memo, as in alpha-beta search for one player: a
  call learns the exact value of a state when it can beat the score to beat,
  and otherwise only an upper bound, which is memoised too.  The bound is
  what the rack tiles of the remaining numbers would add, counting only tiles
  that fit in some set at all given the tiles available; from it follows how
  many rack tiles of the current number a move must place to be worth trying.
* The caller starts the search from a known move (Hard: Medium's), so
  everything that cannot beat it is cut at once.

Jokers are where it is slowest: a free joker may stand in any run or group, so
a large table with a joker or two to place is the worst case (see the bench).

The opening is the same search on the rack alone with one more counter in the
state: what the sets are worth (capped at 30), which must reach 30 at the end.

The clock is checked every 256 states; when time is up the search stops with
:class:`OutOfTime` and the caller plays the best move it had.  A limit on
states (:class:`OutOfStates`) serves callers that need the same answer on any
machine.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Final

from .tiles import CODES, COLOURS, JOKER, JOKER_POINTS, JOKERS, NUMBERS, POINTS, face_code
from .turns import OPENING_MINIMUM

TILE_WEIGHT: Final = 1024
"""Larger than any sum of points of placed tiles (at most 2 * 4 * 91 + 60), so tiles come first."""
JOKER_GAIN: Final = TILE_WEIGHT + JOKER_POINTS
NO_SOLUTION: Final = -(1 << 40)
_CLOCK_EVERY: Final = 256
_RADIX: Final = 125
"""A colour's runs, coded ``a + 5 b + 25 d``: a runs of length 1, b of length 2, d of 3+ (each 0-4)."""


class OutOfTime(Exception):
    """The search ran past its deadline."""


class OutOfStates(Exception):
    """The search expanded more states than it was allowed (a limit that does not depend on the clock)."""


def _run_code(short: int, middle: int, long: int) -> int:
    return short + 5 * middle + 25 * long


def _build_transitions() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[bool, ...]]:
    """For each colour code: the next code after putting k tiles (0-4) into its runs (-1: impossible)."""
    table: list[tuple[int, ...]] = []
    needs: list[int] = []
    closed: list[bool] = []
    for code in range(_RADIX):
        a, b, d = code % 5, code // 5 % 5, code // 25
        row = []
        for k in range(5):
            if a + b + d > 4 or k < a + b:
                row.append(-1)
                continue
            going_on = min(d, k - a - b)
            row.append(_run_code(k - a - b - going_on, a, b + going_on))
        table.append(tuple(row))
        needs.append(a + b)
        closed.append(a == 0 and b == 0)
    return tuple(table), tuple(needs), tuple(closed)


_NEXT, _NEED, _CLOSED = _build_transitions()


@dataclass(frozen=True, slots=True)
class _GroupOption:
    """A way to lay groups at one number: tiles of each colour, jokers, and the groups themselves."""

    per_colour: tuple[int, int, int, int]
    jokers: int
    groups: tuple[tuple[int, int], ...]
    """(colour mask, jokers) of each group."""


def _build_group_options() -> tuple[_GroupOption, ...]:
    kinds = []
    for mask in range(1, 1 << COLOURS):
        real = bin(mask).count("1")
        for jokers in range(JOKERS + 1):
            if 3 <= real + jokers <= COLOURS:
                kinds.append((mask, jokers))
    found: dict[tuple[tuple[int, ...], int], tuple[tuple[int, int], ...]] = {((0, 0, 0, 0), 0): ()}
    for count in range(1, 5):
        for chosen in combinations_with_replacement(kinds, count):
            per_colour = tuple(sum(mask >> c & 1 for mask, _ in chosen) for c in range(COLOURS))
            jokers = sum(j for _, j in chosen)
            if max(per_colour) > 2 or jokers > JOKERS:
                continue
            found.setdefault((per_colour, jokers), tuple(chosen))
    options = [
        _GroupOption((pc[0], pc[1], pc[2], pc[3]), jokers, groups) for (pc, jokers), groups in found.items()
    ]
    # Most tiles first, so good moves are met early and the bound cuts more.
    options.sort(key=lambda o: (-sum(o.per_colour) - o.jokers, o.jokers, o.per_colour))
    return tuple(options)


_GROUP_OPTIONS: Final = _build_group_options()

_Move = tuple[int, int, int, int, _GroupOption, tuple[tuple[int, int], ...]]
"""(gain, next packed runs, next free jokers, next opening value, group option, runs per colour)."""


def _index_group_options() -> dict[tuple[int, int, int, int], tuple[_GroupOption, ...]]:
    """Group options by the tiles of each colour they take, fewest jokers first."""
    index: dict[tuple[int, int, int, int], list[_GroupOption]] = {}
    for option in _GROUP_OPTIONS:
        index.setdefault(option.per_colour, []).append(option)
    return {use: tuple(sorted(options, key=lambda o: o.jokers)) for use, options in index.items()}


_GROUPS_BY_USE: Final = _index_group_options()
_GROUPS_BY_INDEX: Final[tuple[tuple[_GroupOption, ...], ...]] = tuple(
    _GROUPS_BY_USE.get((i % 3, i // 3 % 3, i // 9 % 3, i // 27), ()) for i in range(81)
)
"""The same, indexed by ``u0 + 3 u1 + 9 u2 + 27 u3``."""


def _placeable(available: Sequence[int], jokers: int, code: int) -> bool:
    """Does a tile of face ``code`` fit in any set, given the tiles available (itself included)?"""
    colour, number = code // NUMBERS, code % NUMBERS + 1
    others = sum(1 for c in range(COLOURS) if c != colour and available[face_code(c, number)] > 0)
    if others + jokers >= 2:
        return True
    for start in range(max(1, number - 2), min(number, NUMBERS - 2) + 1):
        missing = sum(
            1 for m in range(start, start + 3) if m != number and available[face_code(colour, m)] == 0
        )
        if missing <= jokers:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Placement:
    """Sets using every table tile and some rack tiles, and what they score."""

    sets: tuple[tuple[int, ...], ...]
    """Tile codes of each set, runs ascending with jokers in place, groups by colour then jokers."""
    score: int
    exact: bool
    """False if the clock ran out: then this is only the best found."""

    @property
    def tiles(self) -> int:
        return self.score // TILE_WEIGHT

    @property
    def points(self) -> int:
        return self.score % TILE_WEIGHT


class Search:
    """One search problem; :meth:`best` runs it.  Counts are by tile code (53 entries)."""

    def __init__(
        self,
        table: Sequence[int],
        rack: Sequence[int],
        *,
        opening: bool = False,
        deadline: float | None = None,
        max_states: int | None = None,
    ) -> None:
        self.opening = opening
        self.deadline = deadline
        self.max_states = max_states
        self.states = 0
        self.table_jokers = table[JOKER]
        self.rack_jokers = rack[JOKER]
        jokers = self.table_jokers + self.rack_jokers
        available = [table[code] + rack[code] for code in range(CODES)]
        self.t = [(0, 0, 0, 0)] + [
            tuple(table[face_code(c, n)] for c in range(COLOURS)) for n in range(1, NUMBERS + 1)
        ]
        self.r = [(0, 0, 0, 0)] + [
            tuple(rack[face_code(c, n)] for c in range(COLOURS)) for n in range(1, NUMBERS + 1)
        ]
        # bound[n]: what the placeable rack tiles of numbers n..13 could add at most.
        bound = [0] * (NUMBERS + 2)
        for n in range(NUMBERS, 0, -1):
            extra = 0
            for c in range(COLOURS):
                code = face_code(c, n)
                if rack[code] and _placeable(available, jokers, code):
                    extra += rack[code] * (TILE_WEIGHT + POINTS[code])
            bound[n] = bound[n + 1] + extra
        self.bound = bound
        # reach[n][c]: tiles of colour c and number n that could fill run places (jokers included).
        self.reach = [
            tuple(available[face_code(c, n)] + jokers if 1 <= n <= NUMBERS else 0 for c in range(COLOURS))
            for n in range(NUMBERS + 3)
        ]
        self.jokers = jokers
        self.exact_memo: dict[int, int] = {}
        self.bound_memo: dict[int, int] = {}
        self._colour_memo: dict[int, tuple[tuple[tuple[int, int, int, int], ...], ...]] = {}
        self._move_memo: dict[int, list[_Move]] = {}

    # -- transitions -------------------------------------------------------------------------

    def _colour_options(self, n: int, c: int, code: int) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
        """Per 0, 1, 2 tiles of colour ``c`` at ``n`` in groups: (jokers, next code, placed, places).

        Options whose runs could not go on (too few tiles or jokers at the next
        two numbers) are left out: they could only die there.
        """
        key = (n * 4 + c) * _RADIX + code
        found = self._colour_memo.get(key)
        if found is not None:
            return found
        on_table, on_rack = self.t[n][c], self.r[n][c]
        row = _NEXT[code]
        next_reach, later_reach = self.reach[n + 1][c], self.reach[n + 2][c]
        by_used = []
        for used in range(3):
            options = []
            for real in range(max(0, on_table - used), on_table + on_rack - used + 1):
                placed = used + real - on_table
                for jokers in range(self.jokers + 1):
                    places = real + jokers
                    if places > 4:
                        break
                    following = row[places]
                    if following < 0 or _NEED[following] > next_reach or following % 5 > later_reach:
                        continue
                    options.append((jokers, following, placed, places))
            # Fewest jokers first (the loops below stop at the joker budget), then most placed.
            options.sort(key=lambda o: (o[0], -o[2]))
            by_used.append(tuple(options))
        result = tuple(by_used)
        self._colour_memo[key] = result
        return result

    def transitions(self, n: int, packed: int, free: int, value: int, least: int = 0) -> list[_Move]:
        """Moves from a state at number ``n``: (gain, next packed, next free jokers, next value, how).

        ``how`` is the group option and, for each colour, (real tiles, jokers) put into runs.
        Only moves placing at least ``least`` rack tiles of number ``n`` are made.  Moves
        reaching the same next state are merged, the best gain kept; most real tiles first.
        """
        memo_key = (((packed * 3 + free) * 32 + value) * 16 + n) * 9 + least
        moves = self._move_memo.get(memo_key)
        if moves is not None:
            return moves
        weight = TILE_WEIGHT + n
        opening = self.opening
        rack_jokers = self.rack_jokers
        rack_free = free if free < rack_jokers else rack_jokers
        all0 = self._colour_options(n, 0, packed % _RADIX)
        all1 = self._colour_options(n, 1, packed // _RADIX % _RADIX)
        all2 = self._colour_options(n, 2, packed // 15625 % _RADIX)
        all3 = self._colour_options(n, 3, packed // 1953125)
        merged: dict[int, tuple[int, _GroupOption, tuple[tuple[int, int], ...]]] = {}
        # The group options worth a look: those taking, from each colour, a number of tiles
        # that leaves that colour's runs something to do.
        options = []
        by_use = _GROUPS_BY_INDEX
        uses1 = [3 * u for u in range(3) if all1[u]]
        uses2 = [9 * u for u in range(3) if all2[u]]
        uses3 = [27 * u for u in range(3) if all3[u]]
        for u0 in range(3):
            if not all0[u0]:
                continue
            for u1 in uses1:
                for u2 in uses2:
                    for u3 in uses3:
                        for option in by_use[u0 + u1 + u2 + u3]:
                            if option.jokers > free:
                                break
                            options.append(option)
        rack_here = self.r[n]
        for option in options:
            group_jokers = option.jokers
            budget = free - group_jokers
            u0, u1, u2, u3 = option.per_colour
            o1, o2, o3 = all1[u1], all2[u2], all3[u3]
            group_places = u0 + u1 + u2 + u3 + group_jokers
            # The rack tiles the later colours can still place, to stop early below ``least``.
            after1 = rack_here[1] + rack_here[2] + rack_here[3]
            after2 = rack_here[2] + rack_here[3]
            after3 = rack_here[3]
            for j0, n0, p0, s0 in all0[u0]:
                if j0 > budget:
                    break
                if p0 + after1 < least:
                    continue
                for j1, n1, p1, s1 in o1:
                    b1 = j0 + j1
                    if b1 > budget:
                        break
                    q1 = p0 + p1
                    if q1 + after2 < least:
                        continue
                    for j2, n2, p2, s2 in o2:
                        b2 = b1 + j2
                        if b2 > budget:
                            break
                        q2 = q1 + p2
                        if q2 + after3 < least:
                            continue
                        base = n0 + _RADIX * n1 + 15625 * n2
                        for j3, n3, p3, s3 in o3:
                            spent = b2 + j3
                            if spent > budget:
                                break
                            if q2 + p3 < least:
                                continue
                            left = budget - spent
                            # Jokers are all alike, so the table's are taken to go first: only
                            # jokers beyond those count as placed from the rack.
                            gain = (p0 + p1 + p2 + p3) * weight + (
                                rack_free - (left if left < rack_jokers else rack_jokers)
                            ) * JOKER_GAIN
                            key = (base + 1953125 * n3) * 3 + left
                            if opening:
                                key = key * 32 + min(
                                    OPENING_MINIMUM, value + n * (group_places + s0 + s1 + s2 + s3)
                                )
                            old = merged.get(key)
                            if old is None or old[0] < gain:
                                merged[key] = (
                                    gain,
                                    option,
                                    ((s0 - j0, j0), (s1 - j1, j1), (s2 - j2, j2), (s3 - j3, j3)),
                                )
        moves = []
        for key, (gain, option, runs) in merged.items():
            val = 0
            if opening:
                key, val = divmod(key, 32)
            moves.append((gain, key // 3, key % 3, val, option, runs))
        # Most real tiles first; among those, jokers kept for later, where they may be needed.
        moves.sort(
            key=lambda m: (m[2] - m[0], -m[2]) if False else (-(m[0] - (free - m[2]) * JOKER_GAIN), -m[2])
        )
        self._move_memo[memo_key] = moves
        return moves

    # -- search ------------------------------------------------------------------------------

    def value(self, n: int, packed: int, free: int, value: int, alpha: int) -> int:
        """The best score from this state on if it beats ``alpha``; otherwise an upper bound <= alpha."""
        if n > NUMBERS:
            if packed and not all(_CLOSED[packed // div % _RADIX] for div in (1, _RADIX, 15625, 1953125)):
                return NO_SOLUTION
            if free > self.rack_jokers or value < (OPENING_MINIMUM if self.opening else 0):
                return NO_SOLUTION
            return 0
        ceiling = self.bound[n] + min(free, self.rack_jokers) * JOKER_GAIN
        if ceiling <= alpha:
            return ceiling
        key = ((packed * 3 + free) * 32 + value) * 16 + n
        known = self.exact_memo.get(key)
        if known is not None:
            return known
        known = self.bound_memo.get(key)
        if known is not None and known <= alpha:
            return known
        self.states += 1
        if self.max_states is not None and self.states > self.max_states:
            raise OutOfStates
        deadline = self.deadline
        if deadline is not None and self.states % _CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            raise OutOfTime
        best = NO_SOLUTION
        skipped = NO_SOLUTION
        after = self.bound[n + 1]
        rack_jokers = self.rack_jokers
        # A move can beat alpha only if its real tiles here, plus everything later (the jokers
        # still free among it), do: that many rack tiles of number n at least must be placed.
        rack_free = free if free < rack_jokers else rack_jokers
        least = (alpha - after - rack_free * JOKER_GAIN) // (TILE_WEIGHT + n) + 1
        if least > 0:
            # The moves left out for placing fewer reach this much at most.
            skipped = (least - 1) * (TILE_WEIGHT + n) + after + rack_free * JOKER_GAIN
        else:
            least = 0
        for gain, nxt, left, val, _, _ in self.transitions(n, packed, free, value, least):
            beat = alpha if alpha > best else best
            # The child's own bound, checked here to save the call: it cannot beat ``beat``.
            reach = gain + after + (left if left < rack_jokers else rack_jokers) * JOKER_GAIN
            if reach <= beat:
                if reach > skipped:
                    skipped = reach
                continue
            found = gain + self.value(n + 1, nxt, left, val, beat - gain)
            if found > best:
                best = found
        if best > alpha:
            self.exact_memo[key] = best
            return best
        # Failing low: what is returned must still bound every move, the skipped ones too.
        if skipped > best:
            best = skipped
        self.bound_memo[key] = best if known is None else min(known, best)
        return best

    def best(self, at_least: int = 0) -> Placement | None:
        """The best placement scoring at least ``at_least`` (>= 0), or None if there is none.

        Infeasible branches score :data:`NO_SOLUTION` plus whatever gains they
        collected, which stays far below zero, so any negative score means none.
        """
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        top = self.value(1, 0, self.jokers, 0, at_least - 1)
        if top < at_least or top < 0:
            return None
        return Placement(self._trace(top), top, exact=True)

    def _trace(self, target: int) -> tuple[tuple[int, ...], ...]:
        """Sets of a placement scoring exactly ``target`` (the best), built number by number."""
        packed, free, value = 0, self.jokers, 0
        open_runs: list[list[list[int]]] = [[] for _ in range(COLOURS)]
        done: list[tuple[int, ...]] = []
        for n in range(1, NUMBERS + 1):
            gain, nxt, left, val, option, runs = next(
                move
                for move in self.transitions(n, packed, free, value)
                if move[0] + self.value(n + 1, move[1], move[2], move[3], target - move[0] - 1) == target
            )
            target -= gain
            packed, free, value = nxt, left, val
            for mask, jokers in option.groups:
                group = [face_code(c, n) for c in range(COLOURS) if mask >> c & 1]
                done.append(tuple(group + [JOKER] * jokers))
            for c in range(COLOURS):
                real, jokers = runs[c]
                open_runs[c] = self._extend(open_runs[c], face_code(c, n), real, jokers, done)
        for runs_of_colour in open_runs:
            done.extend(tuple(run) for run in runs_of_colour)
        return tuple(done)

    @staticmethod
    def _extend(
        runs: list[list[int]], code: int, real: int, jokers: int, done: list[tuple[int, ...]]
    ) -> list[list[int]]:
        """Put ``real`` tiles ``code`` and ``jokers`` jokers into one colour's runs, as the state does."""
        slots = real + jokers
        short = [run for run in runs if len(run) < 3]
        long = [run for run in runs if len(run) >= 3]
        going_on = min(len(long), slots - len(short))
        for run in long[going_on:]:
            done.append(tuple(run))
        following = short + long[:going_on] + [[] for _ in range(slots - len(short) - going_on)]
        for i, run in enumerate(following):
            run.append(code if i < real else JOKER)
        return following
