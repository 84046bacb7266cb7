"""A game in progress: selection, moves, undo, hints, shuffles, pauses and scoring.

:class:`Game` is a pure state machine.  Every action takes ``t``, the time in
milliseconds since the game's first deal was shown (the caller owns the
clock), and every accepted action is recorded as an :class:`Event`, so the log
a game produces replays to the very same result (:func:`replay`).

Two modes:

* **classic**: a stopwatch starts at the first pair removed and stops while
  paused; undo does not rewind it.  Hints and shuffles are counted; shuffles are
  unlimited.  Clearing the board wins and records the time.
* **arcade**: points for each pair, with a bonus for speed; a cost for each hint;
  points for each board cleared.  Three shuffles for the whole game, each clearing
  the undo history.  A cleared board leads to the next level.  No pairs left and no
  shuffles left: game over, for good.

Arcade scoring, exactly.  The client's predictor (``state.js`` with ``scoring.js``)
and the server's replay of a submitted log (:func:`replay`, ``replays.play_back``)
both follow it, and the conformance vectors hold them to it case by case.

* A pair scores 100 plus a speed bonus of up to 100, full when the pair comes
  within 2 s of the previous move and falling linearly to 0 at 10 s
  (:func:`speed_bonus`), on the game's own clock ``t``: a pause does not stop it.
  The moves the bonus counts from: a pair taken and not undone, a shuffle (the
  tiles are dealt anew, to be looked at anew) and the start of the level (the
  deal, or ``next_level``).  A hint or a pause is not a move.
* Undo puts the last pair back and takes away all the points it made, pair points
  and bonus (a cleared board, whose board points are in, cannot be undone).  An
  undone pair is not a move: after an undo the bonus clock stands where it stood
  before that pair, so the next pair counts from the move before the undone one.
  Undos in a row go back pair by pair, each setting the clock back to where it
  stood before the pair it puts back, as far as undo reaches (the last shuffle, or
  the start of the level).
* A hint costs 50, or the score when that is less: a hint at 0 costs nothing, and
  nothing is owed for it later.  A hint that was paid stays paid: undo takes back
  the points of a pair, never the hints paid after it.
* Clearing a board scores 2,000 + 500 x level (level counted up to 10).
* The balance is the points of the pairs taken and not undone, plus the board
  points, minus the hints paid; the score is the balance, or 0 when the balance is
  below 0: the score never goes below 0.  The balance goes below 0 only when an
  undo takes back points that had paid for hints: those hints stay paid, so the
  points earned next make up for them before the score rises from 0 again.

So undo, however it is used, never leaves more points than the same game without
the pairs it undid: their points go, the clock is as if they had never been taken,
and the hints cost at least as much in all as they would have cost without them.

The move counter counts pairs removed; undo does not lower it (like the
stopwatch, it records effort, not position).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .board import Board
from .codes import GameCode
from .dealing import Deal, Pair, deal, shuffle_tiles
from .errors import IllegalLogError, IllegalMoveError, MalformedError, MalformedLogError
from .events import Event, EventType, parse_log
from .tiles import Face

PAIR_POINTS: Final = 100
SPEED_BONUS: Final = 100
FULL_BONUS_MS: Final = 2_000
NO_BONUS_MS: Final = 10_000
HINT_COST: Final = 50
BOARD_POINTS: Final = 2_000
LEVEL_POINTS: Final = 500
LEVEL_POINTS_CAP: Final = 10
ARCADE_SHUFFLES: Final = 3
HINT_PENALTY_MS: Final = 15_000
"""Classic: added to the ranked time for each hint.  A hint saves the search for a pair, which
takes a good player a few seconds at the most (their pace is about a pair a second): 15 s is
several such searches, so a hint never pays on the leaderboard, and a player who hints every
move ranks far behind one who plays the board, however fast the clicks."""
SHUFFLE_PENALTY_MS: Final = 30_000
"""Classic: added to the ranked time for each shuffle.  A shuffle rescues a lost board (it
redeals the tiles left solvably), which no search or speed can do: it costs twice a hint, about
what replaying the last few pairs another way would have taken."""


def scoring_rules() -> dict[str, int]:
    """The scoring constants above by their lower-case names (``{"hint_cost": 50, ...}``).

    The client's predictor takes them from the server instead of keeping copies.
    The arcade figures score points; the classic penalties lengthen the ranked time
    (:attr:`Result.ranked_ms`); classic shuffles are without limit.
    """
    return {
        "pair_points": PAIR_POINTS,
        "speed_bonus": SPEED_BONUS,
        "full_bonus_ms": FULL_BONUS_MS,
        "no_bonus_ms": NO_BONUS_MS,
        "hint_cost": HINT_COST,
        "board_points": BOARD_POINTS,
        "level_points": LEVEL_POINTS,
        "level_points_cap": LEVEL_POINTS_CAP,
        "arcade_shuffles": ARCADE_SHUFFLES,
        "hint_penalty_ms": HINT_PENALTY_MS,
        "shuffle_penalty_ms": SHUFFLE_PENALTY_MS,
    }


def ranked_time(time_ms: int, hints: int, shuffles: int) -> int:
    """A classic entry's ranked time: the stopwatch plus the penalties for hints and shuffles."""
    return time_ms + HINT_PENALTY_MS * hints + SHUFFLE_PENALTY_MS * shuffles


class Mode(StrEnum):
    CLASSIC = "classic"
    ARCADE = "arcade"

    @classmethod
    def parse(cls, value: object) -> Mode:
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls(value)
        raise MalformedError(f"mode must be 'classic' or 'arcade', not {value!r}")


class Status(StrEnum):
    PLAYING = "playing"
    NO_MOVES = "no_moves"
    """Tiles are left but no pair is free: undo or shuffle (or start anew)."""
    CLEARED = "cleared"
    """Classic: won.  Arcade: the level is done; ``next_level`` goes on."""
    GAME_OVER = "game_over"
    """Arcade only: no pairs and no shuffles left.  Final."""


class TapResult(StrEnum):
    SELECTED = "selected"
    DESELECTED = "deselected"
    MATCHED = "matched"
    BLOCKED = "blocked"
    """A blocked or empty spot was tapped: nothing removed, selection cancelled."""


def speed_bonus(elapsed_ms: int) -> int:
    """Arcade bonus for a pair removed ``elapsed_ms`` after the previous move (the module's docstring).

    ``elapsed_ms`` is wall time, pauses included.  The board is hidden while the
    game is paused, but the player still knows it: a pause that stopped the bonus
    clock would let anyone (a bot above all) think for as long as they liked,
    resume and take the pair at once for the full bonus.  Counting the pause
    costs an honest player who pauses for a real reason at most the bonus of
    the one pair that straddles the pause (100 points), and nothing else: the
    pairs after it count from that pair again.
    """
    if elapsed_ms <= FULL_BONUS_MS:
        return SPEED_BONUS
    if elapsed_ms >= NO_BONUS_MS:
        return 0
    return SPEED_BONUS * (NO_BONUS_MS - elapsed_ms) // (NO_BONUS_MS - FULL_BONUS_MS)


def board_points(level: int) -> int:
    return BOARD_POINTS + LEVEL_POINTS * min(level, LEVEL_POINTS_CAP)


@dataclass(frozen=True, slots=True)
class _Removal:
    a: int
    b: int
    face_a: Face
    face_b: Face
    points: int
    since: int
    """The bonus clock before this pair: the ``t`` of the move before it, where undo sets it back."""


@dataclass(frozen=True, slots=True)
class Result:
    """What a game (or its log) amounts to."""

    code: str
    mode: Mode
    status: Status
    level: int
    time_ms: int | None
    """Classic: the stopwatch at the winning pair; None until the board is cleared."""
    score: int
    moves: int
    hints: int
    shuffles: int
    duration_ms: int
    """Wall time of the last event, pauses included."""

    @property
    def ranked_ms(self) -> int | None:
        """Classic: what the leaderboards rank, the time plus the penalties (:func:`ranked_time`).

        None in arcade (ranked by score) and until the board is cleared.
        """
        if self.mode is not Mode.CLASSIC or self.time_ms is None:
            return None
        return ranked_time(self.time_ms, self.hints, self.shuffles)


class Game:
    """One game of Mahjong Solitaire from a game code, in either mode."""

    def __init__(self, code: GameCode | str, mode: Mode | str = Mode.CLASSIC) -> None:
        self.code = GameCode.parse(code) if isinstance(code, str) else code
        self.mode = Mode.parse(mode)
        self.level = 1
        self.deal: Deal = deal(self.code, 1)
        self.board = Board(self.deal.layout, self.deal.tiles)
        self.plan: tuple[Pair, ...] | None = self.deal.plan
        self.events: list[Event] = []
        self.selected: int | None = None
        self.moves = 0
        self.hints = 0
        self.shuffles = 0
        self._earned = 0
        self._penalties = 0
        self.status = Status.PLAYING
        self._history: list[_Removal] = []
        self._now = 0
        self._paused_at: int | None = None
        self._paused_total = 0
        self._clock_start: int | None = None
        # In t, not in active time: a pause must not stop the arcade bonus clock (speed_bonus).
        self._last_change = 0
        self.time_ms: int | None = None

    # -- clock ---------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def _active(self, t: int) -> int:
        """Milliseconds of unpaused time from the start of the game to ``t``."""
        paused = self._paused_total + (t - self._paused_at if self._paused_at is not None else 0)
        return t - paused

    def stopwatch(self, t: int) -> int:
        """Classic clock at ``t``: 0 before the first move, frozen at the win."""
        if self.time_ms is not None:
            return self.time_ms
        if self._clock_start is None:
            return 0
        return self._active(t) - self._clock_start

    def _begin(self, t: object, *, allow_paused: bool = False) -> int:
        if isinstance(t, bool) or not isinstance(t, int) or t < 0:
            raise MalformedError(f"t must be whole milliseconds from 0, not {t!r}")
        if t < self._now:
            raise MalformedError(f"time goes back from {self._now} to {t} ms")
        if self.paused and not allow_paused:
            raise IllegalMoveError("the game is paused")
        if self.status is Status.GAME_OVER:
            raise IllegalMoveError("the game is over")
        return t

    def _record(self, event: Event) -> None:
        self._now = event.t
        self.events.append(event)

    # -- what the player sees ---------------------------------------------------------------

    @property
    def score(self) -> int:
        """Arcade score: the balance of the points earned and the hints paid, or 0 below 0.

        The two are kept apart so that undo takes away exactly what a pair earned
        and leaves every hint paid (see the module's docstring).
        """
        return max(0, self._earned - self._penalties)

    @property
    def shuffles_left(self) -> int | None:
        """Arcade: shuffles remaining for the whole game; classic: None (unlimited)."""
        return ARCADE_SHUFFLES - self.shuffles if self.mode is Mode.ARCADE else None

    @property
    def removals(self) -> tuple[tuple[int, int, Face, Face], ...]:
        """The pairs undo can put back, oldest first, with their faces."""
        return tuple((r.a, r.b, r.face_a, r.face_b) for r in self._history)

    @property
    def can_undo(self) -> bool:
        return bool(self._history) and self.status in (Status.PLAYING, Status.NO_MOVES)

    def hint_pair(self) -> Pair | None:
        """The next pair of the current plan if both tiles are there and free, else any pair."""
        board = self.board
        if self.plan is not None:
            for a, b in self.plan:
                if board.has_tile(a) and board.has_tile(b):
                    if board.is_free(a) and board.is_free(b):
                        return (a, b)
                    break
        pairs = board.available_pairs()
        return pairs[0] if pairs else None

    # -- actions ---------------------------------------------------------------------------

    def tap(self, i: int, t: int) -> TapResult:
        """The selection rule: what tapping position ``i`` does."""
        self.board.check_index(i)
        self._begin(t)
        if self.status is not Status.PLAYING or not self.board.is_free(i):
            self.selected = None
            return TapResult.BLOCKED
        if self.selected is None:
            self.selected = i
            return TapResult.SELECTED
        if self.selected == i:
            self.selected = None
            return TapResult.DESELECTED
        if self.board.matches(self.selected, i):
            self.match(self.selected, i, t)
            return TapResult.MATCHED
        self.selected = i
        return TapResult.SELECTED

    def match(self, a: int, b: int, t: int) -> int:
        """Remove the pair ``a``, ``b``; returns the points it earned (0 in classic)."""
        self.board.check_index(a)
        self.board.check_index(b)
        self._begin(t)
        if self.status is not Status.PLAYING:
            raise IllegalMoveError(f"no pair can be taken now: the board is {self.status.value}")
        fa, fb = self.board.remove(a, b)
        active = self._active(t)
        if self._clock_start is None:
            self._clock_start = active
        points = 0
        if self.mode is Mode.ARCADE:
            points = PAIR_POINTS + speed_bonus(t - self._last_change)
        since, self._last_change = self._last_change, t
        self._earned += points
        self.moves += 1
        self.selected = None
        self._history.append(_Removal(a, b, fa, fb, points, since))
        self._record(Event.match(t, a, b))
        if self.board.is_empty:
            self.status = Status.CLEARED
            if self.mode is Mode.ARCADE:
                self._earned += board_points(self.level)
            else:
                self.time_ms = active - self._clock_start
        else:
            self._check_moves()
        return points

    def undo(self, t: int) -> None:
        self._begin(t)
        if self.status is Status.CLEARED:
            raise IllegalMoveError("the board is cleared: there is nothing to undo")
        if not self._history:
            raise IllegalMoveError("there is no move to undo")
        removal = self._history.pop()
        self.board.put_back(removal.a, removal.b, removal.face_a, removal.face_b)
        self._earned -= removal.points
        self._last_change = removal.since
        self.selected = None
        self.status = Status.PLAYING
        self._record(Event(t, EventType.UNDO))
        self._check_moves()

    def hint(self, t: int) -> Pair | None:
        """Count (and in arcade, pay for) a hint; returns the pair to show, if any.

        The price is :data:`HINT_COST`, or the whole score when it is less: the score never
        goes below 0, so a hint the score cannot pay for is not owed for later either.  What
        is paid stays paid, whatever is undone after.
        """
        self._begin(t)
        if self.status is Status.CLEARED:
            raise IllegalMoveError("the board is cleared: no hint needed")
        self.hints += 1
        if self.mode is Mode.ARCADE:
            self._penalties += min(HINT_COST, self.score)
        self._record(Event(t, EventType.HINT))
        return self.hint_pair()

    def shuffle(self, t: int) -> None:
        """Redeal the remaining tiles solvably over the same positions."""
        self._begin(t)
        if self.status is Status.CLEARED:
            raise IllegalMoveError("the board is cleared: nothing to shuffle")
        if self.mode is Mode.ARCADE and self.shuffles >= ARCADE_SHUFFLES:
            raise IllegalMoveError(f"all {ARCADE_SHUFFLES} shuffles of this game are used")
        result = shuffle_tiles(self.code, self.level, self.shuffles, self.board.tiles)
        self.board.replace_tiles(result.tiles)
        self.plan = result.plan
        self.shuffles += 1
        self._history.clear()
        self._last_change = t
        self.selected = None
        self.status = Status.PLAYING
        self._record(Event(t, EventType.SHUFFLE))
        self._check_moves()

    def pause(self, t: int) -> None:
        self._begin(t)
        if self.status is Status.CLEARED and self.mode is Mode.CLASSIC:
            raise IllegalMoveError("the game is won: the clock has stopped already")
        self._paused_at = t
        self.selected = None
        self._record(Event(t, EventType.PAUSE))

    def resume(self, t: int) -> None:
        self._begin(t, allow_paused=True)
        if self._paused_at is None:
            raise IllegalMoveError("the game is not paused")
        self._paused_total += t - self._paused_at
        self._paused_at = None
        self._record(Event(t, EventType.RESUME))

    def next_level(self, t: int) -> None:
        """Arcade: deal level k+1 after a cleared board, keeping score and shuffles left."""
        self._begin(t)
        if self.mode is not Mode.ARCADE:
            raise IllegalMoveError("levels exist only in arcade mode")
        if self.status is not Status.CLEARED:
            raise IllegalMoveError("the board must be cleared before the next level")
        self.level += 1
        self.deal = deal(self.code, self.level)
        self.board = Board(self.deal.layout, self.deal.tiles)
        self.plan = self.deal.plan
        self._history.clear()
        self._last_change = t
        self.selected = None
        self.status = Status.PLAYING
        self._record(Event(t, EventType.NEXT_LEVEL))
        self._check_moves()

    def _check_moves(self) -> None:
        if self.board.has_moves():
            self.status = Status.PLAYING
        elif self.mode is Mode.ARCADE and self.shuffles >= ARCADE_SHUFFLES:
            self.status = Status.GAME_OVER
        else:
            self.status = Status.NO_MOVES

    # -- results ---------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Play one recorded event."""
        t = event.t
        if event.type is EventType.MATCH:
            assert event.a is not None and event.b is not None
            self.match(event.a, event.b, t)
        elif event.type is EventType.UNDO:
            self.undo(t)
        elif event.type is EventType.HINT:
            self.hint(t)
        elif event.type is EventType.SHUFFLE:
            self.shuffle(t)
        elif event.type is EventType.PAUSE:
            if self.paused:
                raise IllegalMoveError("the game is paused already")
            self.pause(t)
        elif event.type is EventType.RESUME:
            self.resume(t)
        else:
            self.next_level(t)

    def result(self) -> Result:
        return Result(
            code=str(self.code),
            mode=self.mode,
            status=self.status,
            level=self.level,
            time_ms=self.time_ms,
            score=self.score,
            moves=self.moves,
            hints=self.hints,
            shuffles=self.shuffles,
            duration_ms=self._now,
        )


def replay(code: GameCode | str, mode: Mode | str, log: object) -> Result:
    """Check a recorded log against its deal and recompute its result.

    ``log`` is the JSON list of events.  Unreadable input raises
    :class:`MalformedLogError`; a move the rules forbid raises
    :class:`IllegalLogError`; both name the first bad event.
    """
    events = parse_log(log)
    game = Game(code, mode)
    for index, event in enumerate(events):
        try:
            game.apply(event)
        except IllegalMoveError as error:
            raise IllegalLogError(index, str(error)) from None
        except MalformedError as error:
            raise MalformedLogError(index, str(error)) from None
    return game.result()


def replay_events(code: GameCode | str, mode: Mode | str, events: Sequence[Event]) -> Result:
    """:func:`replay` for events already parsed (for example a :class:`Game`'s own)."""
    return replay(code, mode, [event.to_json() for event in events])
