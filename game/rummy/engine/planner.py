"""Hard's look-ahead: which of a few candidate turns does best over what the seat cannot see.

The seat knows its rack, the table, whether each seat has opened, the other
rack's size and the pool's size; the tiles it cannot see (the box less its
rack and the table) are the other rack and the pool, in some order.  Each
*sample* deals those unseen tiles at random, as many to the other rack as it
holds and the rest to the pool in a random order, so every sample is a hand
the seat could be in.  The samples come from the seed and the position only,
never from the hidden state, and every candidate is tried on the same samples
(common random numbers), so the comparison is between turns, not between luck.
The other player's last action narrows its rack (:func:`_deal`): after a
play, or a draw, a player who places what it can holds nothing that still
fits the table, but the tile it drew.

In a sample a candidate is played on for three turns with fast policies:

1. the candidate itself: the rack tiles it places go to the table (or it
   draws the sample's next tile);
2. the other player's reply, modelled as a player who places the most tiles
   it can (the exact search of :mod:`.solver`, on the sample's rack and the
   table as the candidate left it; before it has opened, the opening search
   on its rack alone), or draws;
3. this seat's next turn, again placing the most tiles it can, or drawing.

Only which tiles are on the table matters to the search, not how they are
arranged, so a sample works on tile counts throughout.  A player who empties
its rack ends the sample: :data:`OUT_VALUE` plus the points left on the other
rack, for or against.  Otherwise the position after the three turns is worth
the difference in rack sizes (times :data:`TILE_VALUE`) plus a share of the
difference in rack points (:data:`POINT_SHARE`).

The candidate with the best mean wins, but a candidate other than the first
(the most tiles now, today's Hard move) must beat it by :data:`MARGIN`: the
samples are few, and a change of plan should pay more than their noise.
Sampling stops before :data:`SAMPLES` once the choice is settled
(:func:`_settled`): most decisions are clear after a few hands, and the
close ones get them all.

Every search in a sample is limited in states (:data:`REPLY_STATES`), and no
new sample is begun once the samples have spent :data:`PLAN_STATES` in all,
so the result depends only on the position and the seed, and a decision costs
a bounded amount of work (a few hundred milliseconds on one core).  The clock
only cuts the sampling short, past the caller's deadline: the sample under way
is dropped, the candidates are compared on the samples finished, and the
caller reports the budget exhausted.

What it is worth, measured with ``tests/benchmarks/bench_rummy_hard.py`` on
one core: against the turn search alone (today's Hard before it planned),
1,000 hands on deals 0-499, 690 won and 310 lost, 69.0 % (95 % interval
66.1-71.8 %), +9.7 points a hand; 247 of 248 hands against Medium; a reply
in 182 ms (median), 398 ms (p99), 1,003 ms at most, the budget running out
once in 36,466 moves.  It places fewer tiles than the turn search on about
two moves in three, mostly by drawing instead.  How it got there, on deals
0-149 against the turn search: with 8 samples a decision, 54.8 % of 600
hands (deals 0-299); with 24, 60.0 % of 300 (54.4-65.4 %); with the other
rack dealt from its last action as well, 66.3 % (60.8-71.4 %), at 457 ms
of processor time a move on average on a busy machine; stopping once
settled gave the same move as all 24 samples on 287 of 288 positions at
two thirds of the work.  Which ideas pay (8 samples): the draw candidate
(51.0 % of 200 hands without it, 54.5 % with it); two fixed rules in
place of the look-ahead lose to the turn search: keeping a
reserve (one tile a turn unless going out or the other player holds five
or fewer) 46-47 % of 80 hands, and keeping the jokers until going out (or
the other holds three or fewer) 47.5 % of 120 hands.  Holding back pays
only where the samples say so, not as a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.common.rng import SplitMix64

from .solver import OutOfStates, OutOfTime, Search
from .tiles import CODES, COPIES, JOKER, JOKERS, POINTS, counts_of

SAMPLES: Final = 24
"""The most hands sampled for each decision: with 8, a third as many, the noise of the samples
chose the wrong turn often enough to cost 5 points of win share against the turn search (54.8 %
of 600 hands against 60.0 % of 300)."""
PLAN_STATES: Final = 18_000
"""No new sample is begun once the samples have taken this many search states: a decision's cost
is bounded by its work, not by the clock, so the same position and seed give the same move."""
FIRST_SAMPLES: Final = 8
"""Samples taken before the choice may be found settled (:func:`_settled`)."""
SETTLED: Final = 2.5
"""How many standard errors of a paired difference settle a choice."""
REPLY_STATES: Final = 1000
"""The most search states one modelled turn in a sample may take; beyond, it places rack-only sets."""
OUT_VALUE: Final = 40.0
"""What emptying one's rack is worth in a sample, on top of the points left on the other rack."""
TILE_VALUE: Final = 4.0
"""What each tile fewer on one's rack is worth at the end of a sample."""
POINT_SHARE: Final = 0.3
"""The share of the difference in rack points counted at the end of a sample."""
MARGIN: Final = 1.0
"""How much better than the most tiles now another candidate's mean must be to be chosen."""
REDEALS: Final = 6
"""How many times a sample's other rack is dealt again where it would fit the table it left."""
DRAWN_POINTS: Final = 7
"""What a tile drawn on the last modelled turn is reckoned to cost (about a tile's mean value)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A turn to weigh: the rack tiles it places (counts by code); none is a draw."""

    placed: tuple[int, ...]

    @property
    def tiles(self) -> int:
        return sum(self.placed)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Which candidate, by index, and what was spent finding it."""

    choice: int
    means: tuple[float, ...]
    samples: int
    states: int
    out_of_time: bool


def unseen_tiles(table: Sequence[int], rack: Sequence[int]) -> list[int]:
    """The codes this seat cannot see (the other rack and the pool), one entry per tile, in code order."""
    unseen = []
    for code in range(CODES):
        copies = (JOKERS if code == JOKER else COPIES) - table[code] - rack[code]
        unseen.extend([code] * copies)
    return unseen


_NOTHING: Final = (0,) * CODES


def _points(counts: Sequence[int]) -> int:
    return sum(POINTS[code] * n for code, n in enumerate(counts) if n)


class _Turns:
    """The fast policies of a sample, counting the search states they spend.

    A modelled turn depends only on the table (unless the player has not
    opened), the rack and whether it has opened, and candidates often meet the
    same one (a reply before the other player opens, a draw's table), so each
    is found once per decision.
    """

    def __init__(self, deadline: float | None) -> None:
        self.states = 0
        self.deadline = deadline
        self.known: dict[tuple[bool, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}

    def most(self, table: Sequence[int], rack: Sequence[int], opened: bool) -> tuple[int, ...]:
        """Counts of the rack tiles a most-tiles player places (all zero: it draws).

        Raises :class:`OutOfTime` past the deadline."""
        if not any(rack):
            return _NOTHING
        key = (opened, tuple(table) if opened else _NOTHING, tuple(rack))
        found_before = self.known.get(key)
        if found_before is not None:
            return found_before
        search = Search(
            table if opened else _NOTHING,
            rack,
            opening=not opened,
            deadline=self.deadline,
            max_states=REPLY_STATES,
        )
        on_table = opened
        try:
            found = search.best()
        except OutOfStates:
            found = None
            if opened:
                # Too large to settle quickly: the sets of the rack alone are a fair stand-in.
                self.states += search.states
                on_table = False
                search = Search(_NOTHING, rack, deadline=self.deadline, max_states=REPLY_STATES)
                try:
                    found = search.best()
                except OutOfStates:
                    found = None
        finally:
            self.states += search.states
        placed = [0] * CODES
        if found is not None:
            for tiles in found.sets:
                for code in tiles:
                    placed[code] += 1
            if on_table:
                for code in range(CODES):
                    placed[code] -= table[code]
        result = tuple(placed)
        self.known[key] = result
        return result


def _value(mine: Sequence[int], theirs: Sequence[int], my_extra: int = 0) -> float:
    """The position after a sample's turns, for this seat (``my_extra``: tiles about to be drawn)."""
    my_tiles = sum(mine) + my_extra
    their_tiles = sum(theirs)
    my_points = _points(mine) + DRAWN_POINTS * my_extra
    return TILE_VALUE * (their_tiles - my_tiles) + POINT_SHARE * (_points(theirs) - my_points)


def _play_sample(
    turns: _Turns,
    candidate: Candidate,
    table: Sequence[int],
    rack: Sequence[int],
    opened: tuple[bool, bool],
    theirs: Sequence[int],
    pool: Sequence[int],
) -> float:
    """One sample played on from ``candidate``: its value for this seat."""
    on_table = list(table)
    mine = list(rack)
    other = list(theirs)
    drawn = 0
    me_open, they_open = opened
    if candidate.tiles:
        for code in range(CODES):
            mine[code] -= candidate.placed[code]
            on_table[code] += candidate.placed[code]
        me_open = True
        if not any(mine):
            return OUT_VALUE + _points(other)
    elif drawn < len(pool):
        mine[pool[drawn]] += 1
        drawn += 1
    reply = turns.most(on_table, other, they_open)
    if any(reply):
        for code in range(CODES):
            other[code] -= reply[code]
            on_table[code] += reply[code]
        if not any(other):
            return -OUT_VALUE - _points(mine)
    elif drawn < len(pool):
        other[pool[drawn]] += 1
        drawn += 1
    mine_next = turns.most(on_table, mine, me_open)
    if any(mine_next):
        for code in range(CODES):
            mine[code] -= mine_next[code]
        if not any(mine):
            return OUT_VALUE + _points(other)
        return _value(mine, other)
    return _value(mine, other, 1 if drawn < len(pool) else 0)


def _deal(
    turns: _Turns,
    order: list[int],
    opponent_tiles: int,
    table: Sequence[int],
    they_open: bool,
    fresh: int | None,
    rng: SplitMix64,
) -> tuple[list[int], list[int]]:
    """One sample's other rack (counts) and pool (in drawing order), from the shuffled unseen tiles.

    A player who places what it can leaves nothing on its rack that would
    still fit the table it leaves (before it opens: nothing worth an
    opening); and the table is still as it left it, as this seat has not
    moved since.  So the other rack, less the ``fresh`` tile it may have
    drawn since, is dealt to fit nothing: every tile a modelled turn could
    place from it goes back to the pool in exchange for a random pool tile,
    up to :data:`REDEALS` times.  That does not always reach a rack that fits
    nothing (the tiles dealt in may fit again), but it fits about half as many
    tiles as a rack dealt at random.  Without this the samples give the other
    player plays it would already have made, and a turn that adds to the
    table looks no more generous to it than a draw.
    """
    if fresh is None or opponent_tiles <= fresh:
        return counts_of(order[:opponent_tiles]), order[opponent_tiles:]
    kept = opponent_tiles - fresh
    theirs = counts_of(order[:kept])
    pool = order[kept:]
    for _ in range(REDEALS):
        fits = turns.most(table, theirs, they_open)
        if not any(fits):
            break
        for code, count in enumerate(fits):
            for _ in range(count):
                slot = rng.below(len(pool))
                theirs[code] -= 1
                theirs[pool[slot]] += 1
                pool[slot] = code
    for code in pool[:fresh]:
        theirs[code] += 1
    return theirs, pool[fresh:]


def weigh(
    candidates: Sequence[Candidate],
    table: Sequence[int],
    rack: Sequence[int],
    opened: tuple[bool, bool],
    opponent_tiles: int,
    seed: int,
    deadline: float | None,
    fresh: int | None = None,
) -> Verdict:
    """The best candidate over up to :data:`SAMPLES` sampled hands; ``candidates[0]`` is the default.

    ``table`` and ``rack`` are counts by code, ``opened`` is (this seat, the
    other seat).  The other rack gets ``opponent_tiles`` of the unseen tiles
    and the pool the rest, so the pool's size follows from the position.
    ``fresh`` is what the other seat's last turn tells (see :func:`_deal`):
    0 if it played, 1 if it drew, None if it has not had a turn.
    """
    unseen = unseen_tiles(table, rack)
    key = ",".join(map(str, table)) + "|" + ",".join(map(str, rack)) + f"|{opened}|{opponent_tiles}"
    rng = SplitMix64.from_text(f"rummy-hard-plan|{seed}|{key}")
    turns = _Turns(deadline)
    values: list[list[float]] = [[] for _ in candidates]
    out_of_time = False
    while len(values[0]) < SAMPLES and turns.states < PLAN_STATES and len(candidates) > 1:
        order = list(unseen)
        rng.shuffle(order)
        try:
            theirs, pool = _deal(turns, order, opponent_tiles, table, opened[1], fresh, rng)
            sample = [
                _play_sample(turns, candidate, table, rack, opened, theirs, pool) for candidate in candidates
            ]
        except OutOfTime:
            # A sample cut short would compare the candidates on different hands: it is dropped.
            out_of_time = True
            break
        for index, value in enumerate(sample):
            values[index].append(value)
        if len(values[0]) >= FIRST_SAMPLES and _settled(values):
            break
    done = len(values[0])
    if not done:
        return Verdict(0, tuple(0.0 for _ in candidates), 0, turns.states, out_of_time)
    means = tuple(sum(row) / done for row in values)
    return Verdict(_choice(means), means, done, turns.states, out_of_time)


def _choice(means: Sequence[float]) -> int:
    """The best mean, but another candidate than the first must beat it by :data:`MARGIN`."""
    choice = 0
    for index in range(1, len(means)):
        if means[index] > means[0] + MARGIN and means[index] > means[choice]:
            choice = index
    return choice


def _settled(values: Sequence[Sequence[float]]) -> bool:
    """Whether more samples would hardly change the choice.

    Each rival's paired difference with the choice (the same samples, so most
    of the luck cancels) must stay on its side of what would swap them by
    :data:`SETTLED` standard errors.
    """
    count = len(values[0])
    means = [sum(row) / count for row in values]
    choice = _choice(means)
    for rival in range(len(values)):
        if rival == choice:
            continue
        # What the choice keeps over the rival; it loses its place if this falls to zero.
        edge = MARGIN if choice == 0 else (-MARGIN if rival == 0 else 0.0)
        gaps = [mine - theirs for mine, theirs in zip(values[choice], values[rival], strict=True)]
        gap = sum(gaps) / count
        kept = gap + edge
        spread = sum((each - gap) ** 2 for each in gaps) / (count - 1)
        if spread == 0 and kept >= 0:
            continue  # the same gap on every sample so far, as when both go out on each
        if kept <= 0 or kept * kept * count < SETTLED * SETTLED * spread:
            return False
    return True
