"""Is this board still winnable?  A complete solver that searches over pairings.

The idea (known from Michiel de Bondt's solver, 2012; this is our own
implementation): once it is decided which tile pairs with which, the order of
removal no longer matters.  Taking away a free *designated* pair can never hurt,
because removing tiles only ever frees others.  So the search only chooses
pairings, one group of four at a time (a face with two tiles left has one
pairing; four free tiles can go in any pairing).

Each state is judged by a *relaxed game* that can only be easier than the real
one: fixed pairs go when both tiles are free, and a face whose pairing is still
open may, once two of its tiles were free together, shed each tile as soon as
it is free.  If even that game gets stuck, the state is lost.  If every open
face happened to shed its tiles two or four at a time, the relaxed game was a
real game and its order is a winning plan.  Otherwise the first face that shed
a lone tile is *critical*: its pairing matters, and it is fixed the way its
order of shedding suggests, provided the relaxed game survives, and so on.  The
face for which no pairing survives is the one to branch on.

Two things learnt from conflict-driven SAT solvers make hard boards fast (on
random Turtle deals they cut the work of the slowest by five to twenty times).
A child starts from the pairings its parent had fixed on trial, as far as the
relaxed game allows (found by halving), instead of working them out again, so
the search stays near one line of play and only repairs it.  And the faces
branched on are remembered, recent ones counting more: among the critical faces
of a relaxed game, the one that caused most conflicts goes first, and a face
is first tried the way it was last paired on trial.

Boards that stay hard (after ``LEARN_AFTER`` units of work) are also explained,
again as SAT solvers do: a lost state is put down to the few of the pairings
branched on since the root that the relaxed game from the root still loses
with (each other one is dropped; a face none of whose tiles were ever free two
at a time before the game got stuck is dropped for nothing).  When a branch is
lost for a reason that does not involve the face just branched on, the other
pairings of that face need no trying (back-jumping), and every reason is
remembered, so that a later line making the same choices stops at once.  That
is what proves the hardest lost Turtles in about 2 s (45 s and 32 s before).
Restarts go on, with runs four times as long: the learnt reasons steer the
search away from what failed, and hard winnable boards still need fresh orders.

Also: pairings in which a tile would pair with one lying on top of it are never
tried; safe moves (a face's last two tiles both free, all four free, a free
designated pair) are made at once; failed states go into a table; a greedy
playout is tried where no pairing was designated yet; and the search restarts
with other orders on Luby's schedule, which cuts the heavy tail that
depth-first search has on some boards.

Before any search (see :func:`_quick_verdict`), the relaxed game from the board
as it is proves most lost boards lost at once (set A: 602 of its 684 lost
positions, for one unit), and up to ``PLAYOUTS`` random real games (a unit
each: a move takes two free tiles of a face of four whose other two can still
be free together; safe moves are made at once) clear most deals (set B: 835
of 1,000 within 300 games, half within 20).  These run only when compiled: in
pure Python the games cost more than the search they save.

The inner loops (the relaxed game, the safe moves, shrinking, the check against
learnt reasons, the random games) are compiled from ``_fastsolve.c`` where it
could be built (``pip install -e .``).  Each is a port of a Python function
kept as its reference (here, and ``leftover.playouts_py`` for the games); with
or without it the search takes the same steps, about thirty times faster
compiled.

The verdict is never wrong: "winnable" comes with a complete plan (checked by
replaying it), "not winnable" only after the search was exhausted (or the
relaxed game lost at once), and when the budget runs out first the answer is
"unknown".
"""

from __future__ import annotations

import functools
import time
import weakref
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeAlias

from game.common.rng import SplitMix64

from .board import Board, check_tiles
from .dealing import Pair, verify_plan
from .events import EventType
from .layout import Layout, iter_bits
from .play import Game
from .tiles import FACE_INDEX, MATCH_CLASS_OF, MATCH_CLASSES, Face

try:
    from . import _fastsolve as _fastsolve
except ImportError:  # not built (no compiler at install time): the same search in pure Python
    _fastsolve = None  # type: ignore[assignment]

DEFAULT_NODES: Final = 20_000
_CLOCK_EVERY: Final = 16
RESTART_UNIT: Final = 400
LEARN_AFTER: Final = 1_000
"""Units of work after which lost states are explained and learnt (see ``_Search._shrink``)."""
LEARNING_RESTARTS: Final = 4
"""How many times longer the runs between restarts are once the search learns."""
PLAYOUTS: Final = 300
"""Random games tried before the search, when the compiled part is there (each a unit of work)."""
PLAYOUT_SEED: Final = 18
ACTIVITY_GROWTH: Final = 1.05
"""How much more a conflict counts than the one before it (recent conflicts weigh most)."""


class Verdict(StrEnum):
    WINNABLE = "winnable"
    NOT_WINNABLE = "not_winnable"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work one call may do: units of work (see :attr:`Solution.nodes`), and optionally seconds."""

    nodes: int = DEFAULT_NODES
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Solution:
    verdict: Verdict
    plan: tuple[Pair, ...] | None
    """For a winnable board: pairs in an order that clears it."""
    nodes: int
    """Units of work spent: relaxed games and playouts (a machine-independent measure)."""

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when undecided within the budget."""
        if self.verdict is Verdict.UNKNOWN:
            return None
        return self.verdict is Verdict.WINNABLE


class _OutOfBudget(Exception):
    pass


class _Restart(Exception):
    pass


def _luby(i: int) -> int:
    """The i-th term (from 1) of Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


class _Search:
    """Depth-first search over pairings, pruned and guided by a relaxed game."""

    def __init__(
        self, layout: Layout, classes: Sequence[int], budget: Budget, tables: bytes | None = None
    ) -> None:
        self.layout = layout
        self.up = layout.above_closure
        geometry = _geometry(layout)
        self.near, self.row, self.plane, self.cell, self.tile_at = geometry
        self.classes = list(classes)
        # What the relaxed game starts from, for the last state and the root (see _shrink).
        self._bases: dict[int, tuple[int, list[int], dict[int, list[int]]]] = {}
        self.members = [0] * MATCH_CLASSES
        for i, c in enumerate(classes):
            if c >= 0:
                self.members[c] |= 1 << i
        self._pairing_cells: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {}
        self.node_limit = budget.nodes
        self.deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        self.nodes = 0
        self.failed: dict[tuple[int, int], int] = {}
        """States proven lost, each with the branching choices that lose it (see :meth:`child`)."""
        self.path: list[Pair] = []
        self.run_limit = self.node_limit
        self.rng: SplitMix64 | None = None
        self.class_bit = [0 if c < 0 else 1 << c for c in classes]
        self._alive_of: dict[tuple[int, ...], list[int]] = {}
        # How often (recent times counting more) each face was the one branched on.
        self.activity = [0.0] * MATCH_CLASSES
        self.bump = 1.0
        # The pairing last chosen on trial for each face, tried first next time.
        self.phase: dict[int, int] = {}
        # Conflict learning (see _shrink), switched on once a board proves hard.
        self.root: tuple[int, int] = (0, 0)
        self.trail: list[int] = []
        self.nogoods: list[list[tuple[int, int]]] = [[] for _ in range(MATCH_CLASSES)]
        """Learnt lost sets of choices (as masks and packed pairings), under each of their faces."""
        self.nogood_bytes = [bytearray() for _ in range(MATCH_CLASSES)]
        """The same, as ``_fastsolve.first_learnt`` reads them (when compiled)."""
        self.forced = 0
        """The pairings the safe moves designate at once: groups of four with one possible pairing."""
        self.learn_from = LEARN_AFTER
        self.tables = tables
        """What the compiled part plays on (see :func:`_compiled_tables`); None to play in pure Python."""

    @functools.cached_property
    def members_grid(self) -> list[int]:
        """Each face's tiles as cells of the bit board (the pure-Python relaxed games need them)."""
        return [self._grid(mask) for mask in self.members]

    # -- helpers ---------------------------------------------------------------------------

    def _spend(self) -> None:
        """Count one unit of work (a relaxed game or a playout) against the budget."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _OutOfBudget
        if self.nodes > self.run_limit:
            raise _Restart
        if (
            self.deadline is not None
            and self.nodes % _CLOCK_EVERY == 0
            and time.perf_counter() > self.deadline
        ):
            raise _OutOfBudget

    def _spend_games(self, games: int) -> None:
        """Count games a compiled call played where ``_spend`` would have, one by one.

        Had the budget or the run ended in the middle, the pure-Python search would
        have stopped at that game; so does this one, so both search the same way.
        """
        limit = min(self.node_limit, self.run_limit)
        if self.nodes + games > limit:
            self.nodes = max(self.nodes, limit)
            games = 1
        self.nodes += games - 1
        self._spend()

    def _grid(self, tiles: int) -> int:
        """A set of tiles (by index) as a set of cells of the bit board."""
        cells = 0
        cell = self.cell
        while tiles:
            low = tiles & -tiles
            tiles ^= low
            cells |= 1 << cell[low.bit_length() - 1]
        return cells

    def _free_grid(self, board: int) -> int:
        """The free tiles of a bit board: not covered, and not flanked on both sides."""
        row = self.row
        covered = board >> self.plane
        covered |= (covered >> 1) | (covered << 1)
        covered |= (covered >> row) | (covered << row)
        # A neighbour two units to the side on this row or half a row up or down.
        rows = board | (board << row) | (board >> row)
        return board & ~(covered | ((rows << 2) & (rows >> 2)))

    def _cells(self, c: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """The three pairings of face ``c`` (four tiles) as (tile, tile, both cells) triples."""
        cells = self._pairing_cells.get(c)
        if cells is None:
            cell = self.cell
            cells = self._pairing_cells[c] = tuple(
                tuple((a, b, (1 << cell[a]) | (1 << cell[b])) for a, b in pairing)
                for pairing in _pairings(list(iter_bits(self.members[c])))
            )
        return cells

    def _dead(self, a: int, b: int) -> bool:
        """A pair that can never be free at once: one tile lies (transitively) on the other."""
        return bool((self.up[a] >> b) & 1 or (self.up[b] >> a) & 1)

    def _refresh(self, occupied: int, free: int, removed: int) -> int:
        layout = self.layout
        near = 0
        for i in iter_bits(removed):
            near |= layout.below[i] | layout.left[i] | layout.right[i]
        near &= occupied & ~free  # free tiles stay free
        return (free & ~removed) | layout.free_among(near, occupied)

    def _alive(self, group: list[int]) -> list[int]:
        """Numbers of the pairings of a group of four in which both pairs can be free at once."""
        key = tuple(group)
        alive = self._alive_of.get(key)
        if alive is None:
            alive = self._alive_of[key] = [
                k
                for k, (p, q) in enumerate(_pairings(group))
                if not self._dead(p[0], p[1]) and not self._dead(q[0], q[1])
            ]
        return alive[:]

    # -- one node ----------------------------------------------------------------------------

    def child(
        self,
        occupied: int,
        free: int,
        designated: int,
        hint: tuple[tuple[int, int], ...] = (),
        chosen: int = 0,
    ) -> int | None:
        """Search from a state; None when ``self.path`` then clears the board, else why it is lost.

        ``designated`` packs, for each group of four whose pairing is chosen, the
        pairing number plus one in two bits at position ``2 * class``.  ``hint``
        lists the (class, pairing) choices the parent made on trial, in order.
        ``chosen`` packs the same way the pairings branched on from the root to
        here.  A lost state answers with a part of ``chosen`` that already loses
        the root position: no winning game pairs those faces that way.
        """
        start = len(self.path)
        if self.trail:
            # Only learnt sets with the newest choice in them can have been completed by it.
            learnt = self._first_learnt(self.trail[-1], chosen)
            if learnt is not None:
                return learnt
        state = self._safe_moves(occupied, free, designated)
        if state is None:
            return self._fail(start, self._shrink(chosen))
        occupied, free, designated = state
        if not occupied:
            return None
        key = (occupied, designated)
        known = self.failed.get(key)
        if known is not None:
            # The reason recorded came with another path; it holds here only if this path made it too.
            return self._fail(start, known if chosen & _faces(known) == known else chosen)
        if not designated:
            # Below the top the greedy game hardly ever wins where the relaxed one does not.
            played = self._playout(occupied, free, designated)
            if played is not None:
                self.path.extend(played)
                return None
        # Pair the open groups one by one, each the first way (in the order the
        # relaxed game suggests) that keeps the relaxed game winnable.  Ending in
        # a real game is a win.  A group for which no way is left matters: branch
        # on it.
        relaxed = self._relaxed(occupied, designated)
        if relaxed is None:
            return self._fail(start, self._shrink(chosen), key)
        tentative, made, relaxed = self._follow(occupied, designated, hint, relaxed)
        wanted = dict(hint)
        while True:
            plan, criticals = relaxed
            if not criticals:
                self.path.extend(plan)
                return None
            c, natural = criticals[0]
            group = list(iter_bits(self.members[c] & occupied))
            options = self._alive(group)
            self._order(options, natural)
            preferred = wanted.get(c, self.phase.get(c))
            if preferred in options:
                options.remove(preferred)
                options.insert(0, preferred)
            for k in options:
                if self._known_lost(chosen | tentative | ((k + 1) << (2 * c)), c):
                    continue
                attempt = self._relaxed(occupied, tentative | ((k + 1) << (2 * c)))
                if attempt is not None:
                    tentative |= (k + 1) << (2 * c)
                    made.append((c, k))
                    self.phase[c] = k
                    relaxed = attempt
                    break
            else:
                break
        self._conflict(c)
        passed = tuple(made)
        face = 3 << (2 * c)
        reason = 0
        for k in options:
            choice = (k + 1) << (2 * c)
            self.trail.append(c)
            lost = self.child(occupied, free, designated | choice, passed, chosen | choice)
            self.trail.pop()
            if lost is None:
                return None
            if not lost & face:
                # Lost whichever way this face pairs: the other ways need no trying.
                reason = lost
                break
            reason |= lost & ~face
        else:
            # Every way of pairing the face loses: so do the choices that made each one lose.
            if self.learning:
                self._learn(reason)
        return self._fail(start, reason, key)

    def _known_lost(self, assumed: int, c: int) -> bool:
        """Whether pairings ``assumed`` (face ``c``'s among them) complete a learnt lost set."""
        return self._first_learnt(c, assumed) is not None

    def _first_learnt(self, c: int, chosen: int) -> int | None:
        """The first learnt lost set of choices under face ``c`` that ``chosen`` makes, if any."""
        if self.tables is not None and _fastsolve is not None:
            return _fastsolve.first_learnt(self.nogood_bytes[c], chosen)
        for mask, bits in self.nogoods[c]:
            if chosen & mask == bits:
                return bits
        return None

    @property
    def learning(self) -> bool:
        """Whether lost states are explained and learnt by now (the board proved hard)."""
        return self.nodes >= self.learn_from

    def _shrink(self, chosen: int) -> int:
        """The part of the branching choices ``chosen`` that the relaxed game from the root still loses.

        Each choice, latest first, is dropped when the relaxed game is still
        lost without it: dropping a constraint only makes the game easier, so
        the rest still proves the loss (no winning game makes those choices).  Small reasons let the
        search skip branches that cannot matter (back-jumping) and are learnt:
        any later state that made the same choices is lost at once.  Costs a
        relaxed game per choice, so it runs only once a board proved hard.
        """
        if not self.learning or not chosen:
            return chosen
        if self.tables is not None and _fastsolve is not None:
            shrunk, games = _fastsolve.shrink(self.tables, self.root[0], self.forced, chosen, self.trail)
            self._spend_games(games)
            if shrunk is None:
                return chosen
            self._learn(shrunk)
            return shrunk
        return self._shrink_py(chosen)

    def _shrink_py(self, chosen: int) -> int:
        """:meth:`_shrink` in pure Python (the reference of ``_fastsolve.shrink``)."""
        rounds = self._root_game(chosen)
        if not rounds[-1][0]:
            # Cleared from the root: the safe moves on the way saw more; keep all of ``chosen``.
            return chosen
        reason = chosen
        for c in reversed(self.trail):
            trial = reason & ~(3 << (2 * c))
            if trial == reason:
                continue
            # Up to the round in which two of its tiles are free at once, a face does
            # the same paired or not: the game without its pairing goes on from there.
            tiles = self.members_grid[c]
            start = next((r for r, state in enumerate(rounds) if (tiles & state[1]).bit_count() >= 2), None)
            if start is None:
                reason = trial  # stuck before the face mattered: the same game, lost
                continue
            attempt = self._root_game(trial, rounds[: start + 1])
            if attempt[-1][0]:
                reason, rounds = trial, attempt
        self._learn(reason)
        return reason

    def _learn(self, reason: int) -> None:
        """Remember a lost set of choices under each of its faces (see the check in :meth:`child`)."""
        mask = _faces(reason)
        entry = mask.to_bytes(16, "little") + reason.to_bytes(16, "little")
        c = 0
        while mask >> (2 * c):
            if (reason >> (2 * c)) & 3:
                if self.tables is not None:
                    self.nogood_bytes[c] += entry
                else:
                    self.nogoods[c].append((mask, reason))
            c += 1

    def _root_game(
        self, chosen: int, rounds: list[tuple[int, int, int, int]] | None = None
    ) -> list[tuple[int, int, int, int]]:
        """The relaxed game from the root with ``chosen`` designated, as the state at each round.

        A state is (board, free tiles, tiles seen free, faces opened); the last one is where
        the game ended: an empty board when it clears, else where it got stuck.
        ``rounds`` resumes a game that went the same way up to its last state.
        No safe moves first: the relaxed game makes the same removals itself,
        and the pairings they would designate at once (``forced``) are fixed
        from the start, as which pairings are possible depends on the layout only.
        """
        self._spend()
        occupied = self.root[0]
        base = self._bases.get(occupied)
        if base is None:
            base = self._bases[occupied] = (self._grid(occupied), *self._partners(occupied))
        grid, partner, groups = base
        partner = partner[:]
        designated = chosen | self.forced
        rest = designated
        while rest:
            c = ((rest & -rest).bit_length() - 1) // 2
            rest &= ~(3 << (2 * c))
            if c in groups:
                for a, b, cells in self._cells(c)[((designated >> (2 * c)) & 3) - 1]:
                    partner[a] = partner[b] = cells
        rounds = list(rounds) if rounds else [(grid, self._free_grid(grid), 0, 0)]
        board, free, seen, opened = rounds[-1]
        class_bit = self.class_bit
        tile_at = self.tile_at
        members = self.members_grid
        while board:
            removed = 0
            touched = 0
            fresh = free & ~seen
            seen |= fresh
            while fresh:
                top = fresh.bit_length() - 1
                fresh ^= 1 << top
                t = tile_at[top]
                pair = partner[t]
                if not pair:
                    touched |= class_bit[t]
                elif pair & free == pair:
                    removed |= pair
            while touched:
                low = touched & -touched
                touched ^= low
                loose = members[low.bit_length() - 1] & free
                if loose.bit_count() >= 2 or opened & low:
                    opened |= low
                    removed |= loose
            if not removed:
                break
            board &= ~removed
            free = self._free_grid(board)
            rounds.append((board, free, seen, opened))
        return rounds

    def _follow(
        self,
        occupied: int,
        designated: int,
        hint: tuple[tuple[int, int], ...],
        relaxed: tuple[list[Pair], list[tuple[int, int]]],
    ) -> tuple[int, list[tuple[int, int]], tuple[list[Pair], list[tuple[int, int]]]]:
        """Take over the longest start of the parent's trial choices that the relaxed game survives.

        A child differs from its parent by one pairing, so most of what the
        parent tried still holds; finding how much by halving costs a few
        relaxed games instead of one per choice, and keeps the search near the
        parent's line.  Returns the designations, the choices taken and the
        relaxed game played with them.
        """
        usable = [
            (c, k)
            for c, k in hint
            if not (designated >> (2 * c)) & 3 and (self.members[c] & occupied).bit_count() == 4
        ]
        good, bad = 0, len(usable) + 1
        while bad - good > 1:
            middle = (good + bad) // 2
            trial = designated
            for c, k in usable[:middle]:
                trial |= (k + 1) << (2 * c)
            attempt = self._relaxed(occupied, trial)
            if attempt is None:
                bad = middle
            else:
                good, relaxed = middle, attempt
        for c, k in usable[:good]:
            designated |= (k + 1) << (2 * c)
        return designated, usable[:good], relaxed

    def _conflict(self, c: int) -> None:
        """Face ``c`` had no pairing left: it goes first among the critical faces from now on."""
        self.activity[c] += self.bump
        self.bump *= ACTIVITY_GROWTH
        if self.bump > 1e100:
            self.activity = [a / 1e100 for a in self.activity]
            self.bump /= 1e100

    def _order(self, options: list[int], natural: int) -> None:
        """Natural pairing first; after a restart, half the time a random order instead."""
        if self.rng is not None:
            self.rng.shuffle(options)
            if self.rng.below(2):
                options.sort(key=lambda k: k != natural)
        else:
            options.sort(key=lambda k: k != natural)

    def _safe_moves(self, occupied: int, free: int, designated: int) -> tuple[int, int, int] | None:
        """:meth:`_safe_moves_py`, compiled when it could be built."""
        if self.tables is not None and _fastsolve is not None:
            made = _fastsolve.safe_moves(self.tables, occupied, free, designated)
            if made is None:
                return None
            self.path.extend(made[0])
            return made[1:]
        return self._safe_moves_py(occupied, free, designated)

    def _safe_moves_py(self, occupied: int, free: int, designated: int) -> tuple[int, int, int] | None:
        """Make every move that cannot spoil a win; None if the state is plainly lost.

        Safe: a face's last two tiles when both are free; all four tiles of a face
        when all are free; a designated pair when both are free.  A group of four
        with one possible pairing left gets it designated.
        """
        members = self.members
        progress = True
        while progress:
            progress = False
            for c in range(MATCH_CLASSES):
                rest = members[c] & occupied
                if not rest:
                    continue
                loose = rest & free
                count = rest.bit_count()
                if count == 2:
                    if loose == rest:
                        self.path.append(tuple(iter_bits(rest)))  # type: ignore[arg-type]
                        occupied &= ~rest
                        free = self._refresh(occupied, free, rest)
                        progress = True
                    continue
                if count != 4:
                    return None
                group = list(iter_bits(rest))
                if loose == rest:
                    self.path.extend(((group[0], group[1]), (group[2], group[3])))
                    occupied &= ~rest
                    free = self._refresh(occupied, free, rest)
                    designated &= ~(3 << (2 * c))
                    progress = True
                    continue
                choice = (designated >> (2 * c)) & 3
                if not choice:
                    alive = self._alive(group)
                    if not alive:
                        return None
                    if len(alive) > 1:
                        continue
                    choice = alive[0] + 1
                    designated |= choice << (2 * c)
                for a, b in _pairings(group)[choice - 1]:
                    pair = (1 << a) | (1 << b)
                    if loose & pair == pair:
                        self.path.append((a, b))
                        occupied &= ~pair
                        free = self._refresh(occupied, free, pair)
                        designated &= ~(3 << (2 * c))
                        progress = True
                        break
        # A group reduced to two tiles is a forced pair: check it can ever be free at once.
        for c in range(MATCH_CLASSES):
            rest = members[c] & occupied
            if rest.bit_count() == 2:
                a, b = iter_bits(rest)
                if self._dead(a, b):
                    return None
        return occupied, free, designated

    def _relaxed(self, occupied: int, designated: int) -> tuple[list[Pair], list[tuple[int, int]]] | None:
        """:meth:`_relaxed_py`, compiled when it could be built (the same answers, about 30 times faster)."""
        self._spend()
        if self.tables is not None and _fastsolve is not None:
            return _fastsolve.relaxed(self.tables, occupied, designated, self.activity)
        return self._relaxed_py(occupied, designated)

    def _relaxed_py(self, occupied: int, designated: int) -> tuple[list[Pair], list[tuple[int, int]]] | None:
        """Play a relaxed game that can only be easier than the real one.

        Fixed pairs (designated, or the last two of a face) go when both are free.
        A face whose pairing is open may, once two of its tiles were free together,
        shed each tile as soon as it is free.  If even this cannot clear the board,
        the state is lost (None).  If it clears it and every open face shed its
        tiles two or four at a time, the relaxed game was a real one: its plan is
        returned with no critical group.  Otherwise the faces that shed a lone
        tile are critical, returned in the order they did so, each with the
        pairing its order of shedding suggests.
        """
        base = self._bases.get(occupied)
        if base is None:
            if len(self._bases) > 1:
                del self._bases[next(k for k in self._bases if k != self.root[0])]
            base = self._bases[occupied] = (self._grid(occupied), *self._partners(occupied))
        board, partner, groups = base
        partner = partner[:]
        rest_designated = designated
        while rest_designated:
            low = rest_designated & -rest_designated
            c = (low.bit_length() - 1) // 2
            rest_designated &= ~(3 << (2 * c))
            if c in groups:
                for a, b, cells in self._cells(c)[((designated >> (2 * c)) & 3) - 1]:
                    partner[a] = partner[b] = cells
        # The hot loop of the solver, event-driven: only tiles that have just come
        # free can change anything.  Bit boards only; the plan is spelled out at the end.
        class_bit = self.class_bit
        tile_at = self.tile_at
        members = self.members_grid
        free = self._free_grid(board)
        went: list[int] = []
        lone: list[tuple[int, int]] = []
        opened = 0
        odd: list[int] = []
        odd_seen = 0
        seen = 0
        while board:
            removed = 0
            touched = 0
            fresh = free & ~seen
            seen |= fresh
            while fresh:
                top = fresh.bit_length() - 1
                fresh ^= 1 << top
                t = tile_at[top]
                pair = partner[t]
                if not pair:
                    touched |= class_bit[t]
                elif pair & free == pair and not pair & removed:
                    removed |= pair
                    went.append(pair)
            while touched:
                low = touched & -touched
                touched ^= low
                c = low.bit_length() - 1
                loose = members[c] & free
                count = loose.bit_count()
                if count < 2 and not opened & low:
                    continue
                opened |= low
                removed |= loose
                lone.append((c, loose))
                if count % 2:
                    if not odd_seen & low:
                        odd_seen |= low
                        odd.append(c)
                else:
                    went.append(loose)
            if not removed:
                return None
            board &= ~removed
            free = self._free_grid(board)
        if odd:
            # Only one critical face is used, so only its pairing is worked out: the
            # first, unless a later one was branched on more (see _conflict).
            activity = self.activity
            first = max(odd, key=lambda g: activity[g])
            batches = [[tile_at[cell] for cell in iter_bits(m)] for g, m in lone if g == first]
            return [], [(first, self._natural_pairing(batches))]
        plan: list[Pair] = []
        for mask in went:
            tiles = [tile_at[cell] for cell in iter_bits(mask)]
            plan.extend(zip(tiles[::2], tiles[1::2], strict=True))
        return plan, []

    def _partners(self, occupied: int) -> tuple[list[int], dict[int, list[int]]]:
        """Each tile's forced pair (as bit-board cells, 0 if none) and the groups of four."""
        partner = [0] * len(self.classes)
        groups: dict[int, list[int]] = {}
        for c in range(MATCH_CLASSES):
            rest = self.members[c] & occupied
            if not rest:
                continue
            if rest.bit_count() == 2:
                a, b = iter_bits(rest)
                partner[a] = partner[b] = (1 << self.cell[a]) | (1 << self.cell[b])
            else:
                groups[c] = list(iter_bits(rest))
        return partner, groups

    def _playout(self, occupied: int, free: int, designated: int) -> list[Pair] | None:
        """A real game played greedily: a plan that clears the board, or None.

        Fixed pairs go when free; an open face with two or four tiles free takes
        them; with three free it keeps back the one holding up the fewest tiles.
        Cheap, and it wins most boards outright.
        """
        self._spend()
        members = self.members
        near_of = self.near
        pairs: list[int] = []
        groups: list[int] = []
        for c in range(MATCH_CLASSES):
            rest = members[c] & occupied
            if not rest:
                continue
            choice = (designated >> (2 * c)) & 3
            if rest.bit_count() == 2:
                pairs.append(rest)
            elif choice:
                for a, b in _pairings(list(iter_bits(rest)))[choice - 1]:
                    pairs.append((1 << a) | (1 << b))
            else:
                groups.append(c)
        plan: list[Pair] = []
        while occupied:
            removed = 0
            waiting: list[int] = []
            for pair in pairs:
                if pair & free == pair:
                    removed |= pair
                    plan.append(tuple(iter_bits(pair)))  # type: ignore[arg-type]
                else:
                    waiting.append(pair)
            pairs = waiting
            still_open: list[int] = []
            for c in groups:
                loose = members[c] & free
                count = loose.bit_count()
                if count < 2:
                    still_open.append(c)
                    continue
                tiles = list(iter_bits(loose))
                if count == 3:
                    keep = min(tiles, key=lambda t: (near_of[t] & occupied).bit_count())
                    tiles.remove(keep)
                if len(tiles) == 2:
                    rest = members[c] & occupied & ~loose
                    if count == 3:
                        rest |= 1 << keep
                    pairs.append(rest)
                mask = (1 << tiles[0]) | (1 << tiles[1])
                if len(tiles) == 4:
                    mask = loose
                removed |= mask
                plan.extend(zip(tiles[::2], tiles[1::2], strict=True))
            groups = still_open
            if not removed:
                return None
            occupied &= ~removed
            free = self._refresh(occupied, free, removed)
        return plan

    def _natural_pairing(self, batches: list[list[int]]) -> int:
        """The pairing of a group that follows the order in which its tiles came free.

        ``batches`` are the tiles shed together, in order: ``[a, b], [c], [d]``
        pairs ``a-b`` and ``c-d``; ``[a, b, c], [d]`` keeps back, to wait for
        ``d``, the one of ``a, b, c`` that holds up the fewest other tiles.
        """
        tiles = [t for batch in batches for t in batch]
        group = sorted(tiles)
        first = batches[0]
        if len(first) == 3:
            layout = self.layout
            keep = min(
                first,
                key=lambda t: (layout.below[t] | layout.left[t] | layout.right[t]).bit_count(),
            )
            pair = frozenset(t for t in first if t != keep)
        else:
            pair = frozenset(first[:2])
        for k, (p, _q) in enumerate(_pairings(group)):
            if frozenset(p) == pair or frozenset(_q) == pair:
                return k
        raise AssertionError("a pairing of four tiles always exists")

    def _fail(self, start: int, reason: int, key: tuple[int, int] | None = None) -> int:
        del self.path[start:]
        if key is not None:
            self.failed[key] = reason
        return reason


def _faces(packed: int) -> int:
    """The two-bit fields in use in a packed set of pairings (``3 << 2 * class`` for each class)."""
    return ((packed | (packed >> 1)) & _LOW_BITS) * 3


_LOW_BITS: Final = int("01" * MATCH_CLASSES, 2)


_Geometry: TypeAlias = tuple[list[int], int, int, list[int], list[int]]
_GEOMETRY: weakref.WeakKeyDictionary[Layout, _Geometry] = weakref.WeakKeyDictionary()
"""Per layout, for as long as it lives (a layout made later at the same address starts afresh)."""


def _geometry(layout: Layout) -> _Geometry:
    """A layout's neighbours (below, left, right) of each tile, and its bit board of the half-unit grid.

    With a margin of two columns and one row, "covered" and "has a neighbour on
    the left" become a few shifts of the whole board instead of a loop over
    tiles.  Returns the neighbours, the row and plane sizes, each tile's cell
    and each cell's tile.
    """
    geometry = _GEOMETRY.get(layout)
    if geometry is None:
        positions = layout.positions
        near = [layout.below[i] | layout.left[i] | layout.right[i] for i in range(len(layout))]
        row = max(p.x for p in positions) + 6
        plane = row * (max(p.y for p in positions) + 4)
        cell = [(p.z * plane) + (p.y + 1) * row + p.x + 2 for p in positions]
        tile_at = [0] * (plane * (max(p.z for p in positions) + 1))
        for i, c in enumerate(cell):
            tile_at[c] = i
        geometry = _GEOMETRY[layout] = (near, row, plane, cell, tile_at)
    return geometry


_TABLES: weakref.WeakKeyDictionary[Layout, bytes] = weakref.WeakKeyDictionary()


def _compiled_tables(layout: Layout, classes: Sequence[int]) -> bytes:
    """The board as ``_fastsolve.relaxed`` reads it (see the comment at the top of _fastsolve.c).

    The tile count, each tile's class (a byte, padded to eight), then each tile's
    ``above``, ``left``, ``right``, ``below | left | right`` and ``above_closure``, 32 bytes each.
    The layout's part is made once per layout.
    """
    masks = _TABLES.get(layout)
    if masks is None:
        near = _geometry(layout)[0]
        masks = _TABLES[layout] = b"".join(
            mask.to_bytes(32, "little")
            for relation in (layout.above, layout.left, layout.right, near, layout.above_closure)
            for mask in relation
        )
    n = len(classes)
    header = n.to_bytes(8, "little") + bytes([c & 0xFF for c in classes])
    return header + bytes(-n % 8) + masks


def _pairings(group: list[int]) -> tuple[tuple[Pair, Pair], ...]:
    """The three ways to pair up four tiles ``t0 < t1 < t2 < t3``."""
    t0, t1, t2, t3 = group
    return (((t0, t1), (t2, t3)), ((t0, t2), (t1, t3)), ((t0, t3), (t1, t2)))


_CLASS_OF_LABEL: Final[dict[str | None, int]] = {
    None: -1,
    **{face: MATCH_CLASS_OF[index] for face, index in FACE_INDEX.items()},
}
"""Each checked item's match class, -1 for a taken tile: one lookup a tile (an easy board's
whole search costs little more than turning its labels into classes)."""


def solve_tiles(layout: Layout, tiles: Sequence[Face | None], budget: Budget | None = None) -> Solution:
    """Decide whether the board (``tiles[i]`` on ``layout.positions[i]``, None if taken) can be cleared."""
    check_tiles(layout, tiles, must_pair=False)
    classes = [_CLASS_OF_LABEL[face] for face in tiles]
    occupied = int("".join(["0" if c < 0 else "1" for c in reversed(classes)]), 2)
    budget = budget or Budget()
    tables = None if _fastsolve is None else _compiled_tables(layout, classes)
    games = 0
    if tables is not None and _fastsolve is not None and budget.nodes > 1:
        quick = _quick_verdict(tables, classes, occupied, min(PLAYOUTS, budget.nodes - 1))
        games = quick.nodes
        if quick.verdict is not Verdict.UNKNOWN:
            if quick.plan is not None:
                verify_plan(layout, tiles, quick.plan)
            return quick
    search = _Search(layout, classes, budget, tables)
    search.nodes += games
    search.learn_from += games  # the search then runs as it would without them
    free = layout.free_mask(occupied)
    search.root = (occupied, free)
    for c in range(MATCH_CLASSES):
        group = search.members[c]
        if group.bit_count() == 4:
            alive = search._alive(list(iter_bits(group)))
            if len(alive) == 1:
                search.forced |= (alive[0] + 1) << (2 * c)
    # Restarts with other orders (Luby's schedule) cut the heavy tail of depth-first
    # search; what was proven lost stays in the table from one run to the next.
    run = 0
    while True:
        run += 1
        # Learnt reasons steer the search away from what failed, as restarts do, without
        # throwing the line of play away: once learning, runs are longer.
        unit = RESTART_UNIT * (LEARNING_RESTARTS if search.learning else 1)
        search.run_limit = search.nodes + unit * _luby(run)
        search.path.clear()
        search.trail.clear()
        try:
            won = search.child(occupied, free, 0) is None
            break
        except _Restart:
            search.rng = SplitMix64(run)
        except (_OutOfBudget, RecursionError):
            return Solution(Verdict.UNKNOWN, None, search.nodes)
    if not won:
        return Solution(Verdict.NOT_WINNABLE, None, search.nodes)
    plan = tuple(search.path)
    verify_plan(layout, tiles, plan)
    return Solution(Verdict.WINNABLE, plan, search.nodes)


def _quick_verdict(tables: bytes, classes: Sequence[int], occupied: int, playouts: int) -> Solution:
    """What the compiled part decides before any search: most boards, for a fraction of a millisecond.

    The relaxed game from the board as it is (nothing paired yet) proves most
    lost boards lost at once, and once in a while wins outright; then random
    games clear most deals.  Unknown when neither decides (the search does).
    Needs every face to have 0, 2 or 4 tiles on the board (else the search says lost).
    """
    assert _fastsolve is not None
    counts = Counter(classes)
    del counts[-1]
    if any(count not in (2, 4) for count in counts.values()):
        return Solution(Verdict.UNKNOWN, None, 0)
    relaxed = _fastsolve.relaxed(tables, occupied, 0, [0.0] * MATCH_CLASSES)
    if relaxed is None:
        return Solution(Verdict.NOT_WINNABLE, None, 1)
    if not relaxed[1]:
        return Solution(Verdict.WINNABLE, tuple(relaxed[0]), 1)
    played, games = _fastsolve.playouts(tables, occupied, PLAYOUT_SEED, playouts)
    if played is not None:
        return Solution(Verdict.WINNABLE, tuple(played), 1 + games)
    return Solution(Verdict.UNKNOWN, None, 1 + games)


def solve(board: Board, budget: Budget | None = None) -> Solution:
    """:func:`solve_tiles` for a :class:`Board` in play."""
    return solve_tiles(board.layout, board.tiles, budget)


def undos_to_winnable(
    board: Board, removals: Sequence[tuple[int, int, Face, Face]], budget: Budget | None = None
) -> int | None:
    """How many of the last ``removals`` to put back before the board is winnable again.

    Every board it tries shares the one ``budget`` (its units of work and its
    deadline), so that a long history costs no more than one solve: what a
    request may spend.  None when even undoing all of them does not help, or
    when the budget runs out or a board stays undecided first (so a count is
    always the fewest undos).  Each step back only adds tiles that were
    removable, so once a winnable board is found, no earlier one needs checking.
    """
    budget = budget or Budget()
    nodes = budget.nodes
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    earlier = board.copy()
    for count, (a, b, face_a, face_b) in enumerate(reversed(removals), start=1):
        seconds = None if deadline is None else deadline - time.perf_counter()
        if nodes <= 0 or (seconds is not None and seconds <= 0):
            return None
        earlier.put_back(a, b, face_a, face_b)
        solution = solve(earlier, Budget(nodes=nodes, seconds=seconds))
        if solution.verdict is Verdict.WINNABLE:
            return count
        if solution.verdict is Verdict.UNKNOWN:
            return None
        nodes -= solution.nodes
    return None


def dead_end(game: Game, budget: Budget | None = None) -> int | None:
    """The index in ``game.events`` of the move after which the board stopped being winnable.

    Looks back from the end through the boards after each event until one is
    winnable; the event after it is the fatal one, provided every board from
    there to the end is lost.  A board the solver cannot decide in its budget
    counts as lost when a lost board comes before it with only removals in
    between (removing tiles never makes a lost board winnable again).  None
    when the board is still winnable (or cleared), or no certain answer exists.
    """
    budget = budget or Budget()
    boards: list[Board] = []
    replayed = Game(game.code, game.mode)
    for event in game.events:
        replayed.apply(event)
        boards.append(replayed.board.copy())
    if not boards or solve(boards[-1], budget).verdict is not Verdict.NOT_WINNABLE:
        return None
    resets = {EventType.UNDO, EventType.SHUFFLE, EventType.NEXT_LEVEL}
    lost_from = len(boards) - 1
    undecided = False
    for index in range(len(boards) - 2, -2, -1):
        board = (
            boards[index]
            if index >= 0
            else Board(replayed.deal.layout, Game(game.code, game.mode).deal.tiles)
        )
        verdict = solve(board, budget).verdict
        if verdict is Verdict.WINNABLE:
            return None if undecided else index + 1
        if verdict is Verdict.NOT_WINNABLE:
            if undecided and any(game.events[i].type in resets for i in range(index + 1, lost_from)):
                return None
            lost_from, undecided = index, False
        else:
            undecided = True
    return None
