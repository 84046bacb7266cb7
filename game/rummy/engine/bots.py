"""Computer players: Easy, Medium and Hard, deterministic for a position and a seed.

All three look only at what a seat's :class:`~.game.View` shows (its rack, the
table, whether it has opened, the pool size), and all three draw when they
cannot or will not play, or pass when the pool is empty.

* **Easy** lays new sets found greedily in its rack (groups, then runs, then
  a joker completing a pair) and makes simple additions of number tiles (at
  either end of a run, the fourth tile of a group), one pass a turn; it
  never adds a joker to a set.  It has blind spots: each possible new set and
  each possible addition is overlooked with probability :data:`EASY_MISS`,
  decided by hashing the seed with that play, so the same position and seed
  always give the same move and a missed play stays missed until it changes.
* **Medium** lays the best new sets its rack allows (the exact search on the
  rack alone) and adds what it can to the ends of sets and to groups,
  repeatedly; it also tries the additions first and keeps whichever order
  places more.  It never takes a set apart.  While the hand goes on it keeps
  its jokers unless they let more number tiles down; when the pool is empty
  or the other seat has two tiles or fewer it sheds them too.
* **Hard** plans.  Its first candidate is the *turn search*'s move
  (:func:`most_tiles_move`): the most tiles from its rack that any legal
  table allows, rearranging and reusing all the table's tiles (jokers too),
  found by the exact search of :mod:`.solver`.  Ties go to the most points,
  then to the least change to the table, then to the search's fixed order.
  Unless that move empties its rack, the pool is empty or the other rack's
  size is unknown, Hard weighs it against holding tiles back: drawing
  instead (before opening too, which times the opening), Medium's play, the
  rack's own sets without touching the table, the most tiles keeping its
  jokers, and the smallest opening.  :func:`.planner.weigh` plays each on in
  hands sampled from what the seat cannot see and keeps the best.

  *Change* is the number of the table's sets not kept identical (the same
  tiles in the same order; a group's tiles in any order) in ``after``; kept
  sets come first in ``after``, in table order, then the new and changed sets
  in canonical order.  It is minimised by small searches (rack plus some
  changed sets): first the changed sets most related to the rack are freed,
  0, 1, 2, 4... of them, until the best score is reached; then each freed
  set, in table order, is kept again if the best score is still reached.  So
  no single set that Hard changes could have been kept (a maximal, not always
  a maximum, choice), within a fixed number of search states
  (:data:`ATTEMPT_STATES`, :data:`CHANGE_STATES`): beyond those a set counts
  as changed, which keeps this step fast and deterministic.

  Before opening, the turn search (and Medium) make the opening with the
  most tiles, then the most points, among all sets from the rack alone worth
  at least 30; the table is left as it was and the new sets are appended.

Points are what the placed tiles would cost left on the rack (face values, a
joker 30), so the turn search sheds a joker whenever it can place one.

Hard must finish within ``budget_s`` (default 1 s).  The turn search starts
from Medium's move and the planner weighs its candidates sample by sample,
so if the clock runs out Hard plays the best move found so far and says so
in :attr:`Move.budget_exhausted`.  Hard sees what the seat sees and nothing
more: it is a pure function of the seat's view, the seed and the budget.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from game.common.rng import SplitMix64

from .errors import MalformedError
from .game import Action, ActionKind, State
from .planner import Candidate, weigh
from .sets import group_reading, is_set, run_reading, set_value
from .solver import TILE_WEIGHT, OutOfStates, OutOfTime, Search
from .tiles import (
    CODES,
    JOKER,
    NUMBERS,
    POINTS,
    TEXTS,
    TILES,
    Rack,
    Table,
    check_box,
    counts_of,
    face_code,
    parse_table_codes,
    parse_tile_codes,
    rack_json,
    table_json,
)
from .turns import OPENING_MINIMUM

EASY_MISS: Final = (1, 5)
"""Easy overlooks each possible new set and addition with this probability (1 in 5)."""
DEFAULT_BUDGET_S: Final = 1.0
ATTEMPT_STATES: Final = 300
"""Hard's least-change step: the most search states one "can this set be kept?" question may take."""
CHANGE_STATES: Final = 1200
"""Hard's least-change step: the most search states all those questions together may take."""

Sets = list[tuple[int, ...]]


class Level(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


@dataclass(frozen=True, slots=True)
class Move:
    """A computer player's choice: a play (with the whole table ``after``), a draw or a pass."""

    kind: ActionKind
    after: Table = ()
    played: Rack = ()
    """The rack tiles the play puts down, in canonical order."""
    budget_exhausted: bool = False
    """Hard only: the clock ran out and this is the best move found by then."""
    states: int = 0
    """Hard only: search states expanded, a measure of work that does not depend on the machine."""

    def action(self) -> Action:
        return Action(self.kind, self.after)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind.value}
        if self.kind is ActionKind.PLAY:
            data["after"] = table_json(self.after)
            data["played"] = rack_json(self.played)
        data["budget_exhausted"] = self.budget_exhausted
        return data


# -- small helpers over codes ----------------------------------------------------------------


def _sorted_sets(sets: Sets) -> Sets:
    """New sets in canonical order: by their tile codes."""
    return sorted(sets)


def _score(placed: Sequence[int]) -> int:
    return len(placed) * TILE_WEIGHT + sum(POINTS[code] for code in placed)


def _placed(table: Sets, after: Sets) -> list[int]:
    """Rack tiles in ``after`` (it holds every table tile): the difference of the multisets."""
    before = counts_of(code for tiles in table for code in tiles)
    now = counts_of(code for tiles in after for code in tiles)
    return [code for code in range(CODES) for _ in range(now[code] - before[code])]


def _greedy_sets(counts: list[int], *, high_first: bool) -> Sets:
    """Easy's eye: groups, then runs, of number tiles found by a simple scan, then a joker to
    complete a pair (two of a number, or two of a colour one or two apart).  Takes the tiles
    from ``counts``."""
    found: Sets = []
    numbers = range(NUMBERS, 0, -1) if high_first else range(1, NUMBERS + 1)
    for number in numbers:
        colours = [c for c in range(4) if counts[face_code(c, number)]]
        if len(colours) >= 3:
            found.append(tuple(face_code(c, number) for c in colours))
            for c in colours:
                counts[face_code(c, number)] -= 1
    for colour in range(4):
        for _ in range(2):
            number = 1
            while number <= NUMBERS:
                end = number
                while end <= NUMBERS and counts[face_code(colour, end)]:
                    end += 1
                if end - number >= 3:
                    tiles = tuple(face_code(colour, m) for m in range(number, end))
                    for code in tiles:
                        counts[code] -= 1
                    found.append(tiles)
                number = end + 1
    while counts[JOKER]:
        pair = _pair_with_joker(counts)
        if pair is None:
            break
        for code in pair:
            counts[code] -= 1
        found.append(pair)
    return found


def _pair_with_joker(counts: list[int]) -> tuple[int, ...] | None:
    """The first set a joker makes with two rack tiles, highest numbers first."""
    for number in range(NUMBERS, 0, -1):
        colours = [c for c in range(4) if counts[face_code(c, number)]]
        if len(colours) >= 2:
            return (face_code(colours[0], number), face_code(colours[1], number), JOKER)
        for colour in range(4):
            code = face_code(colour, number)
            if not counts[code] or number == 1:
                continue
            if counts[code - 1]:
                return (code - 1, code, JOKER) if number < NUMBERS else (JOKER, code - 1, code)
            if number > 2 and counts[code - 2]:
                return (code - 2, JOKER, code)
    return None


class _BlindSpots:
    """Easy's blind spots: which new sets and additions it overlooks, decided by the seed.

    Each possible play (this set from the rack, this tile onto that set) is
    overlooked with probability :data:`EASY_MISS`, decided by hashing the seed
    with the play itself.  So the same position and seed always give the same
    move, and an overlooked play stays overlooked until something about it
    changes, as a beginner keeps missing the same thing.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def overlooks(self, what: str) -> bool:
        rng = SplitMix64.from_text(f"rummy-easy|{self.seed}|{what}")
        return rng.below(EASY_MISS[1]) < EASY_MISS[0]


def _text(tiles: Sequence[int]) -> str:
    return " ".join(TEXTS[code] for code in tiles)


def _add_to_sets(
    sets: list[list[int]], counts: list[int], blind: _BlindSpots | None = None, passes: int = 99
) -> None:
    """Simple additions: each spare tile at either end of a set that stays a set; highest first."""
    for _ in range(passes):
        changed = False
        for code in sorted((c for c in range(CODES) if counts[c]), key=lambda c: (c == JOKER, -POINTS[c], c)):
            while counts[code]:
                target = None
                for tiles in sets:
                    if blind is not None and blind.overlooks(f"{TEXTS[code]}>{_text(tiles)}"):
                        continue
                    if is_set([*tiles, code]):
                        target = (tiles, False)
                        break
                    if is_set([code, *tiles]):
                        target = (tiles, True)
                        break
                if target is None:
                    break
                tiles, in_front = target
                if in_front:
                    tiles.insert(0, code)
                else:
                    tiles.append(code)
                counts[code] -= 1
                changed = True
        if not changed:
            return


def _opening(rack: list[int], deadline: float | None) -> tuple[Sets, int]:
    """The opening with the most tiles, then points, from the rack alone; ([], 0) if none reaches 30."""
    search = Search([0] * CODES, rack, opening=True, deadline=deadline)
    found = search.best()
    if found is None:
        return [], search.states
    return _sorted_sets(list(found.sets)), search.states


# -- the three players -----------------------------------------------------------------------


def _easy(table: Sets, rack: list[int], opened: bool, blind: _BlindSpots) -> Sets | None:
    counts = list(rack)
    new: Sets = []
    for tiles in _greedy_sets(counts, high_first=not opened):
        if blind.overlooks(_text(tiles)):
            for code in tiles:  # the tiles stay on the rack
                counts[code] += 1
        else:
            new.append(tiles)
    if not opened:
        value = sum(set_value(tiles) or 0 for tiles in new)
        return [*table, *new] if new and value >= OPENING_MINIMUM else None
    sets = [list(tiles) for tiles in table]
    # Jokers only ever complete a pair from the rack: Easy never adds one to a set.
    jokers = counts[JOKER]
    counts[JOKER] = 0
    _add_to_sets(sets, counts, blind, passes=1)
    counts[JOKER] = jokers
    after = [tuple(tiles) for tiles in sets] + new
    return after if _placed(table, after) else None


def _medium(
    table: Sets, rack: list[int], opened: bool, orders: tuple[bool, ...] = (False, True)
) -> tuple[Sets | None, int]:
    """The best play without taking sets apart (None: nothing), and the search states it took.

    New sets first (the exact search on the rack alone) and then additions, or
    the additions first; whichever places more (``orders``: which to try).
    """
    if not opened:
        new, states = _opening(rack, None)
        return ([*table, *new] if new else None), states
    best: Sets | None = None
    best_score = 0
    states = 0
    for additions_first in orders:
        counts = list(rack)
        sets = [list(tiles) for tiles in table]
        if additions_first:
            _add_to_sets(sets, counts)
        search = Search([0] * CODES, counts)
        found = search.best()
        states += search.states
        new = _sorted_sets(list(found.sets)) if found is not None else []
        for tiles in new:
            for code in tiles:
                counts[code] -= 1
        sets += [list(tiles) for tiles in new]
        if not additions_first:
            _add_to_sets(sets, counts)
        after = [tuple(tiles) for tiles in sets]
        score = _score(_placed(table, after))
        if score > best_score:
            best, best_score = after, score
    return best, states


def _medium_keeping_jokers(table: Sets, rack: list[int], opened: bool) -> tuple[Sets | None, int]:
    """Medium's move: as :func:`_medium`, but jokers stay on the rack unless they place more tiles."""
    with_jokers, states = _medium(table, rack, opened)
    if not rack[JOKER] or with_jokers is None:
        return with_jokers, states
    without = list(rack)
    without[JOKER] = 0
    no_jokers, more = _medium(table, without, opened)
    real_with = sum(code != JOKER for code in _placed(table, with_jokers))
    if no_jokers is not None and real_with <= len(_placed(table, no_jokers)):
        return no_jokers, states + more
    return with_jokers, states + more


def _key(tiles: Sequence[int]) -> tuple[int, ...]:
    """Sets that are the same set: runs (and sets that read both ways) as laid, groups in any order."""
    if run_reading(tiles) is None and group_reading(tiles) is not None:
        return tuple(sorted(tiles))
    return tuple(tiles)


def _most_tiles(
    table: Sets, rack: list[int], opened: bool, deadline: float | None
) -> tuple[Sets | None, bool, int]:
    """The play placing the most tiles this turn (None: nothing), whether the clock ran out, and
    the search states: the exact turn search (see the module's docstring)."""
    if not opened:
        try:
            new, states = _opening(rack, deadline)
        except OutOfTime:
            # The best found so far: whatever simple scan of the rack reaches 30.
            greedy = _greedy_sets(list(rack), high_first=True)
            worth = sum(set_value(tiles) or 0 for tiles in greedy)
            return ([*table, *greedy] if worth >= OPENING_MINIMUM else None), True, 0
        return ([*table, *new] if new else None), False, states
    # Medium's move in one order only: it is just where the search starts from.
    fallback, states = _medium(table, rack, opened, (False,))
    floor = _score(_placed(table, fallback)) if fallback is not None else TILE_WEIGHT
    table_counts = counts_of(code for tiles in table for code in tiles)
    search = Search(table_counts, rack, deadline=deadline)
    try:
        found = search.best(at_least=floor)
    except OutOfTime:
        return fallback, True, states + search.states
    states += search.states
    if found is None:
        return fallback, False, states
    sets = list(found.sets)
    kept = [False] * len(table)
    _mark_kept(table, kept, sets)
    if fallback is not None and found.score == floor:
        # Medium's move is as good; start from whichever of the two keeps more of the table.
        other_sets = list(fallback)
        other_kept = [False] * len(table)
        _mark_kept(table, other_kept, other_sets)
        if sum(other_kept) > sum(kept):
            sets, kept = other_sets, other_kept
    exhausted = False
    work = [0]
    try:
        sets = _least_change(table, rack, found.score, kept, sets, deadline, work)
    except OutOfTime:
        exhausted = True
    states += work[0]
    # ``sets`` covers every table tile outside the kept sets, plus the rack tiles placed.
    after = [tiles for j, tiles in enumerate(table) if kept[j]] + _sorted_sets(sets)
    return after, exhausted, states


def _counts_placed(table: Sets, after: Sets) -> tuple[int, ...]:
    return tuple(counts_of(_placed(table, after)))


def _smallest_opening(sets: Sets) -> Sets | None:
    """The fewest of ``sets`` (an opening) still worth 30, if that is fewer tiles than all of them."""
    best: Sets | None = None
    for mask in range(1, (1 << len(sets)) - 1):
        chosen = [tiles for i, tiles in enumerate(sets) if mask >> i & 1]
        if sum(set_value(tiles) or 0 for tiles in chosen) < OPENING_MINIMUM:
            continue
        size = sum(map(len, chosen))
        if best is None or size < sum(map(len, best)):
            best = chosen
    return best


def _hard(
    table: Sets,
    rack: list[int],
    opened: tuple[bool, bool],
    pool_size: int,
    opponent_tiles: int | None,
    seed: int,
    deadline: float,
    fresh: int | None = None,
) -> tuple[Sets | None, bool, int]:
    """Hard's play (None: draw or pass), whether the clock ran out, and the search states.

    The most tiles now (:func:`_most_tiles`) is the first candidate; then
    drawing instead, a smaller play (Medium's, the rack's own sets without
    touching the table, the most tiles keeping the jokers) and, before
    opening, the smallest opening; :func:`.planner.weigh` picks among them.
    """
    most, exhausted, states = _most_tiles(table, rack, opened[0], deadline)
    if most is None or exhausted or pool_size == 0 or opponent_tiles is None:
        return most, exhausted, states
    if len(_placed(table, most)) == sum(rack):
        return most, exhausted, states  # going out
    plays: list[Sets | None] = [most, None]
    if opened[0]:
        medium, more = _medium(table, rack, True)
        states += more
        plays.append(medium)
        search = Search([0] * CODES, rack, deadline=deadline)
        try:
            own = search.best()
        except OutOfTime:
            return most, True, states + search.states
        states += search.states
        if own is not None:
            plays.append([*table, *_sorted_sets(list(own.sets))])
        if rack[JOKER]:
            without = list(rack)
            without[JOKER] = 0
            keeping, out_of_time, more = _most_tiles(table, without, True, deadline)
            states += more
            if out_of_time:
                return most, True, states
            plays.append(keeping)
    else:
        smallest = _smallest_opening(most[len(table) :])
        if smallest is not None:
            plays.append([*table, *smallest])
    candidates: list[Candidate] = []
    chosen_plays: list[Sets | None] = []
    for play in plays:
        placed = _counts_placed(table, play) if play is not None else (0,) * CODES
        if play is not None and not any(placed):
            continue
        candidate = Candidate(placed)
        if candidate not in candidates:
            candidates.append(candidate)
            chosen_plays.append(play)
    table_counts = counts_of(code for tiles in table for code in tiles)
    verdict = weigh(candidates, table_counts, rack, opened, opponent_tiles, seed, deadline, fresh)
    return chosen_plays[verdict.choice], verdict.out_of_time, states + verdict.states


def _relevance(tiles: Sequence[int], rack: list[int]) -> int:
    """How much a table set has to do with the rack: jokers, and rack tiles of its numbers or next to it."""
    score = 0
    for code in tiles:
        if code == JOKER:
            score += 4
            continue
        colour, number = divmod(code, NUMBERS)
        for other in range(CODES - 1):
            if rack[other]:
                c, n = divmod(other, NUMBERS)
                if n == number or (c == colour and abs(n - number) <= 2):
                    score += rack[other]
    return score


def _least_change(
    table: Sets,
    rack: list[int],
    target: int,
    kept: list[bool],
    sets: Sets,
    deadline: float | None,
    work: list[int],
) -> Sets:
    """Keep as many table sets as possible while still scoring ``target``; updates ``kept``.

    ``sets`` (a placement scoring ``target`` with the sets marked in ``kept``
    left as they are) is improved in two steps, each a search on a small
    problem: the rack with only some of the changed sets' tiles.  First the
    changed sets most related to the rack are freed, 0, 1, 2, 4... of them,
    until the target is reached; then each freed set, in table order, is kept
    again if the target is still reached without it.  Returns the new sets
    for the tiles not in kept sets; ``work[0]`` counts the search states.

    Each question may take :data:`ATTEMPT_STATES` search states and all of
    them together :data:`CHANGE_STATES` (a count, not a clock, so the answer
    stays deterministic); a question not settled within that counts as "no".
    """

    def attempt(freed: list[int]) -> Sets | None:
        if work[0] >= CHANGE_STATES:
            return None
        counts = counts_of(code for i in freed for code in table[i])
        limit = min(ATTEMPT_STATES, CHANGE_STATES - work[0])
        search = Search(counts, rack, deadline=deadline, max_states=limit)
        try:
            found = search.best(at_least=target)
        except OutOfStates:
            found = None
        finally:
            work[0] += search.states
        return None if found is None else list(found.sets)

    changed = [i for i in range(len(table)) if not kept[i]]
    order = sorted(changed, key=lambda i: (-_relevance(table[i], rack), i))
    freed = list(changed)
    size = 0
    while size < len(order):
        trial = attempt(order[:size])
        if trial is not None:
            freed, sets = order[:size], trial
            break
        size = 2 * size if size else 1
    for i in sorted(freed):
        rest = [j for j in freed if j != i]
        trial = attempt(rest)
        if trial is not None:
            freed, sets = rest, trial
    kept[:] = [i not in freed for i in range(len(table))]
    # A freed set that the last search laid exactly as it was is kept after all.
    _mark_kept(table, kept, sets)
    return sets


def _mark_kept(table: Sets, kept: list[bool], sets: Sets) -> None:
    """Mark table sets that ``sets`` holds unchanged as kept, and take them out of ``sets``."""
    pending: dict[tuple[int, ...], list[int]] = {}
    for j, tiles in enumerate(table):
        if not kept[j]:
            pending.setdefault(_key(tiles), []).append(j)
    rest = []
    for tiles in sets:
        waiting = pending.get(_key(tiles))
        if waiting:
            kept[waiting.pop(0)] = True
        else:
            rest.append(tiles)
    sets[:] = rest


def _check_position(table: object, rack: object, opened: object, pool_size: object) -> tuple[Sets, list[int]]:
    if not isinstance(opened, bool):
        raise MalformedError(f"opened must be true or false, not {opened!r}")
    if isinstance(pool_size, bool) or not isinstance(pool_size, int) or pool_size < 0:
        raise MalformedError(f"pool_size must be a whole number from 0, not {pool_size!r}")
    sets = [tuple(tiles) for tiles in parse_table_codes(table)]
    codes = parse_tile_codes(rack)
    counts = counts_of(code for tiles in sets for code in tiles)
    for code in codes:
        counts[code] += 1
    check_box(counts, "the table and the rack")
    for index, tiles in enumerate(sets):
        if not is_set(tiles):
            raise MalformedError(f"set {index} of the table is neither a run nor a group")
    return sets, counts_of(codes)


_FRESH: Final[dict[str | None, int | None]] = {
    ActionKind.PLAY: 0,
    ActionKind.DRAW: 1,
    ActionKind.PASS: None,
    None: None,
}
"""How many of the other rack's tiles its last action leaves unknown to fit the table (None: all)."""


def choose_move(
    table: object,
    rack: object,
    opened: object,
    level: Level | str,
    pool_size: object,
    seed: int = 0,
    opponent_tiles: int | None = None,
    budget_s: float = DEFAULT_BUDGET_S,
    opponent_opened: bool | None = None,
    opponent_last: ActionKind | str | None = None,
) -> Move:
    """The computer's move for the seat whose rack is ``rack``, from plain JSON-ish values.

    ``table`` is a list of sets (lists of tile texts), ``rack`` a list of tile
    texts, ``opened`` whether this seat has opened, ``pool_size`` the tiles
    left to draw.  The same position, level and seed give the same move (Hard's
    only exception: a search cut short by ``budget_s``, which is reported).
    ``opponent_tiles`` (the other rack's size, if known) tells Medium when to
    stop saving its jokers, and lets Hard plan (without it Hard plays the turn
    search's move); ``opponent_opened`` (unknown: assumed once the table holds
    sets) tells Hard whether the other player can use the table yet;
    ``opponent_last`` (``"play"`` or ``"draw"``: the other seat's action just
    before this turn; unknown: None) tells Hard what the other rack cannot
    hold (see :func:`.planner.weigh`).
    """
    try:
        chosen = Level(level)
    except ValueError:
        raise MalformedError(f"level must be easy, medium or hard, not {level!r}") from None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedError(f"the seed must be a whole number, not {seed!r}")
    if not isinstance(budget_s, int | float) or isinstance(budget_s, bool) or budget_s <= 0:
        raise MalformedError(f"the budget must be a positive number of seconds, not {budget_s!r}")
    if opponent_tiles is not None and (
        isinstance(opponent_tiles, bool) or not isinstance(opponent_tiles, int) or opponent_tiles < 0
    ):
        raise MalformedError(f"opponent_tiles must be a whole number from 0 or null, not {opponent_tiles!r}")
    if opponent_opened is not None and not isinstance(opponent_opened, bool):
        raise MalformedError(f"opponent_opened must be true, false or null, not {opponent_opened!r}")
    if not (opponent_last is None or isinstance(opponent_last, str)) or opponent_last not in _FRESH:
        raise MalformedError(f"opponent_last must be play, draw, pass or null, not {opponent_last!r}")
    fresh = _FRESH[opponent_last]
    sets, counts = _check_position(table, rack, opened, pool_size)
    assert isinstance(opened, bool) and isinstance(pool_size, int)
    exhausted = False
    states = 0
    after: Sets | None
    if chosen is Level.EASY:
        after = _easy(sets, counts, opened, _BlindSpots(seed))
    elif chosen is Level.MEDIUM:
        # Jokers are kept for a better use while the hand goes on, and shed at its end.
        hurry = pool_size == 0 or (opponent_tiles is not None and opponent_tiles <= 2)
        after, states = (_medium if hurry else _medium_keeping_jokers)(sets, counts, opened)
    else:
        deadline = time.perf_counter() + budget_s
        their_opened = opponent_opened if opponent_opened is not None else bool(sets)
        after, exhausted, states = _hard(
            sets, counts, (opened, their_opened), pool_size, opponent_tiles, seed, deadline, fresh
        )
    return _as_move(sets, after, pool_size, exhausted, states)


def _as_move(sets: Sets, after: Sets | None, pool_size: int, exhausted: bool, states: int) -> Move:
    if after is None:
        kind = ActionKind.DRAW if pool_size > 0 else ActionKind.PASS
        return Move(kind, budget_exhausted=exhausted, states=states)
    played = tuple(TILES[code] for code in _placed(sets, after))
    table_after = tuple(tuple(TILES[code] for code in tiles) for tiles in after)
    return Move(ActionKind.PLAY, table_after, played, exhausted, states)


def most_tiles_move(
    table: object, rack: object, opened: object, pool_size: object, budget_s: float = DEFAULT_BUDGET_S
) -> Move:
    """The play placing the most tiles this turn, as Hard's turn search finds it, or a draw (a pass).

    This was the whole of Hard before it looked ahead; it is kept for Hard's
    first candidate, for the exactness check against the integer programme
    and as a benchmark opponent.  It is not a level offered to players.
    """
    sets, counts = _check_position(table, rack, opened, pool_size)
    assert isinstance(opened, bool) and isinstance(pool_size, int)
    after, exhausted, states = _most_tiles(sets, counts, opened, time.perf_counter() + budget_s)
    return _as_move(sets, after, pool_size, exhausted, states)


def bot_move(state: State, level: Level | str, seed: int = 0, budget_s: float = DEFAULT_BUDGET_S) -> Move:
    """The move of the seat to play in ``state``, seen through that seat's view only."""
    seat = state.turn
    return choose_move(
        table_json(state.table),
        rack_json(state.racks[seat]),
        state.opened[seat],
        level,
        len(state.pool),
        seed=seed,
        opponent_tiles=len(state.racks[1 - seat]),
        budget_s=budget_s,
        opponent_opened=state.opened[1 - seat],
        opponent_last=state.log[-1].action.kind if state.log and state.log[-1].seat != seat else None,
    )
