"""The game, defined once: a hand of two-player Tile Rummy as pure functions.

Everything that plays, shows or replays a hand (the site, rooms, bots,
replays) goes through these functions, in the manner of boardgame.io::

    state = new_hand("RM1-ABCDEFG", starting_seat=0)
    legal_kinds(state, 0)             # (ActionKind.PLAY, ActionKind.DRAW)
    state = apply(state, 0, Action.draw())
    view(state, 1)                    # what seat 1 may see, nothing more
    result(state)                     # None until the hand is over

A :class:`State` is immutable; :func:`apply` returns a new one or raises
:class:`IllegalTurnError` (with a ``code``) for a turn the rules forbid and
:class:`MalformedError` for input that cannot be read.

The rules.  Each seat gets 14 tiles; the starting seat moves first (seat 0 in
a match's first hand, then alternating: :func:`first_seat`).  On a turn a seat
either plays (confirms the whole table ``after`` its changes, checked by
:func:`~.turns.check_codes`), or draws the pool's next tile, or, only when the
pool is empty, passes.  Every action ends the turn.  A seat whose rack is
empty wins at once and scores what the other rack is worth; two passes in a
row end the hand, the lower rack wins and scores the difference, and equal
racks are a draw.  Racks count face values, a joker 30.

Every accepted action is appended to the state's log (play with its full
``after`` table, draw, pass; the seat too, as a check), and :func:`replay` of
that log gives the very same state.  JSON forms (all plain lists, objects,
strings, integers, booleans and null):

* action: ``{"type": "play", "after": [["R1", "R2", "R3"], ...]}``,
  ``{"type": "draw"}``, ``{"type": "pass"}``;
* log entry: an action with ``"seat"``: ``{"seat": 0, "type": "draw"}``;
  text form, one line per entry: ``0 play R1 R2 R3 | B5 K5 O5``, ``1 draw``,
  ``0 pass``;
* result: ``{"winner": 0 or 1 or null, "score": 23, "reason": "rack_empty" or
  "blocked", "rack_points": [0, 23]}``;
* state: ``{"code", "starting_seat", "racks", "table", "pool", "turn",
  "opened", "passes", "log", "result"}`` (see :meth:`State.to_json`);
* view: ``{"seat", "rack", "table", "pool_size", "turn", "opened",
  "opponent_tiles", "result"}`` (see :meth:`View.to_json`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final

from .codes import SEATS, HandCode, deal
from .errors import IllegalLogError, IllegalTurnError, MalformedError, MalformedLogError
from .tiles import (
    TILES,
    Rack,
    Table,
    Tile,
    counts_of,
    format_table,
    parse_table,
    parse_table_text,
    rack_json,
    rack_points,
    table_json,
)
from .turns import Verdict, check_codes

MAX_LOG: Final = 2_000
"""A hand has at most 78 draws and a play removes a tile, so real logs are far shorter."""


class ActionKind(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


class EndReason(StrEnum):
    RACK_EMPTY = "rack_empty"
    """A seat put down its last tile."""
    BLOCKED = "blocked"
    """Two passes in a row with the pool empty."""


def _seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise MalformedError(f"a seat is 0 or 1, not {seat!r}")
    return seat


def first_seat(hand_number: int) -> int:
    """Who starts hand ``hand_number`` (1, 2, ...) of a match: seat 0, then alternating."""
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
        raise MalformedError(f"hands are numbered from 1, not {hand_number!r}")
    return (hand_number - 1) % SEATS


def _keys(data: object, expected: set[str], what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise MalformedError(f"{what} must be an object, not {type(data).__name__}")
    if set(data) != expected:
        missing = sorted(expected - set(data))
        extra = sorted(map(str, set(data) - expected))
        problem = f"missing {', '.join(missing)}" if missing else f"unexpected {', '.join(extra)}"
        raise MalformedError(f"{what} has keys {sorted(expected)}: {problem}")
    return data


@dataclass(frozen=True, slots=True)
class Action:
    """What a seat does on its turn; ``after`` is the whole table after a play."""

    kind: ActionKind
    after: Table = ()

    @classmethod
    def play(cls, after: object) -> Action:
        return cls(ActionKind.PLAY, parse_table(after, "after"))

    @classmethod
    def draw(cls) -> Action:
        return cls(ActionKind.DRAW)

    @classmethod
    def pass_(cls) -> Action:
        return cls(ActionKind.PASS)

    @classmethod
    def from_json(cls, data: object) -> Action:
        if not isinstance(data, dict):
            raise MalformedError(f"an action must be an object, not {type(data).__name__}")
        kind = data.get("type")
        if kind == ActionKind.PLAY.value:
            return cls.play(_keys(data, {"type", "after"}, "a play")["after"])
        if kind in (ActionKind.DRAW.value, ActionKind.PASS.value):
            _keys(data, {"type"}, f"a {kind}")
            return cls(ActionKind(kind))
        raise MalformedError(f"unknown action type {kind!r} (known: play, draw, pass)")

    def to_json(self) -> dict[str, Any]:
        if self.kind is ActionKind.PLAY:
            return {"type": self.kind.value, "after": table_json(self.after)}
        return {"type": self.kind.value}


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One confirmed action, with the seat that took it."""

    seat: int
    action: Action

    @classmethod
    def from_json(cls, data: object) -> LogEntry:
        if not isinstance(data, dict) or "seat" not in data:
            raise MalformedError("a log entry is an action object with a seat")
        rest = {key: value for key, value in data.items() if key != "seat"}
        return cls(_seat(data["seat"]), Action.from_json(rest))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, **self.action.to_json()}

    @classmethod
    def parse(cls, line: object) -> LogEntry:
        """Read the text form: ``0 draw``, ``1 pass`` or ``0 play R1 R2 R3 | ...``."""
        if not isinstance(line, str):
            raise MalformedError(f"a log line must be text, not {type(line).__name__}")
        seat_text, _, rest = line.partition(" ")
        if seat_text not in ("0", "1"):
            raise MalformedError(f"a log line starts with the seat, 0 or 1, not {seat_text[:10]!r}")
        kind, space, table_text = rest.partition(" ")
        if kind == ActionKind.PLAY.value and space:
            return cls(int(seat_text), Action(ActionKind.PLAY, parse_table_text(table_text)))
        if kind in (ActionKind.DRAW.value, ActionKind.PASS.value) and not space:
            return cls(int(seat_text), Action(ActionKind(kind)))
        raise MalformedError(f"unknown log line {line[:40]!r}")

    def __str__(self) -> str:
        if self.action.kind is ActionKind.PLAY:
            return f"{self.seat} play {format_table(self.action.after)}"
        return f"{self.seat} {self.action.kind.value}"


def parse_log(data: object) -> tuple[LogEntry, ...]:
    """A log from its JSON form, a list of entries."""
    if not isinstance(data, list):
        raise MalformedLogError(0, f"a log must be a list, not {type(data).__name__}")
    if len(data) > MAX_LOG:
        raise MalformedLogError(MAX_LOG, f"a log holds at most {MAX_LOG} entries")
    entries = []
    for index, item in enumerate(data):
        try:
            entries.append(LogEntry.from_json(item))
        except MalformedError as error:
            raise MalformedLogError(index, str(error)) from None
    return tuple(entries)


def log_json(entries: Sequence[LogEntry]) -> list[dict[str, Any]]:
    return [entry.to_json() for entry in entries]


def format_log(entries: Sequence[LogEntry]) -> str:
    """The text form: one line per entry, joined by newlines (no newline at the end)."""
    return "\n".join(str(entry) for entry in entries)


def parse_log_text(text: object) -> tuple[LogEntry, ...]:
    if not isinstance(text, str):
        raise MalformedLogError(0, f"a log text must be text, not {type(text).__name__}")
    if text == "":
        return ()
    lines = text.split("\n")
    if len(lines) > MAX_LOG:
        raise MalformedLogError(MAX_LOG, f"a log holds at most {MAX_LOG} entries")
    entries = []
    for index, line in enumerate(lines):
        try:
            entries.append(LogEntry.parse(line))
        except MalformedError as error:
            raise MalformedLogError(index, str(error)) from None
    return tuple(entries)


@dataclass(frozen=True, slots=True)
class Result:
    """How a hand ended: ``winner`` None is a draw."""

    winner: int | None
    score: int
    reason: EndReason
    rack_points: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "score": self.score,
            "reason": self.reason.value,
            "rack_points": list(self.rack_points),
        }


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know: never the other rack, never the pool or its order."""

    seat: int
    rack: Rack
    table: Table
    pool_size: int
    turn: int | None
    """The seat to move; None once the hand is over."""
    opened: tuple[bool, bool]
    opponent_tiles: int
    result: Result | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rack": rack_json(self.rack),
            "table": table_json(self.table),
            "pool_size": self.pool_size,
            "turn": self.turn,
            "opened": list(self.opened),
            "opponent_tiles": self.opponent_tiles,
            "result": None if self.result is None else self.result.to_json(),
        }


@dataclass(frozen=True, slots=True)
class State:
    """A hand in progress (or over).  Racks are kept in canonical order."""

    code: HandCode
    starting_seat: int
    racks: tuple[Rack, Rack]
    table: Table
    pool: tuple[Tile, ...]
    """Tiles still to draw, next first.  Secret: it never goes into a view."""
    turn: int
    opened: tuple[bool, bool]
    passes: int
    """Passes in a row just before this state (two end the hand)."""
    log: tuple[LogEntry, ...]
    result: Result | None

    def to_json(self) -> dict[str, Any]:
        return {
            "code": str(self.code),
            "starting_seat": self.starting_seat,
            "racks": [rack_json(rack) for rack in self.racks],
            "table": table_json(self.table),
            "pool": rack_json(self.pool),
            "turn": self.turn,
            "opened": list(self.opened),
            "passes": self.passes,
            "log": log_json(self.log),
            "result": None if self.result is None else self.result.to_json(),
        }

    @classmethod
    def from_json(cls, data: object) -> State:
        """Read a stored state; it must be exactly what its log replays to.

        The log is the source of truth: the racks, table and pool are checked
        against the replay, so a stored state that was tampered with or
        corrupted is refused (:class:`MalformedError`) rather than played on.
        """
        fields = _keys(data, set(cls.__dataclass_fields__), "a state")
        stored_fields = dict(fields)
        try:
            replayed = replay(fields["code"], fields["starting_seat"], fields["log"])
        except IllegalTurnError as error:
            raise MalformedError(f"the state's log is not a legal hand: {error}") from None
        if replayed.to_json() != stored_fields:
            differing = sorted(k for k, v in replayed.to_json().items() if stored_fields.get(k) != v)
            raise MalformedError(f"the state does not match its log: {', '.join(differing)} differ")
        return replayed


def new_hand(code: HandCode | str, starting_seat: int = 0) -> State:
    """A fresh hand dealt from ``code``, ``starting_seat`` to move first."""
    parsed = HandCode.parse(code)
    seat = _seat(starting_seat)
    dealt = deal(parsed)
    return State(parsed, seat, dealt.racks, (), dealt.pool, seat, (False, False), 0, (), None)


def result(state: State) -> Result | None:
    return state.result


def legal_kinds(state: State, seat: int) -> tuple[ActionKind, ...]:
    """The kinds of action ``seat`` may take now (empty when it is not its turn)."""
    seat = _seat(seat)
    if state.result is not None or seat != state.turn:
        return ()
    return (ActionKind.PLAY, ActionKind.DRAW) if state.pool else (ActionKind.PLAY, ActionKind.PASS)


def view(state: State, seat: int) -> View:
    seat = _seat(seat)
    return View(
        seat=seat,
        rack=state.racks[seat],
        table=state.table,
        pool_size=len(state.pool),
        turn=None if state.result is not None else state.turn,
        opened=state.opened,
        opponent_tiles=len(state.racks[1 - seat]),
        result=state.result,
    )


def check_play(state: State, seat: int, after: Table) -> Verdict:
    """The verdict on ``seat`` confirming ``after`` now (whoever's turn it is)."""
    seat = _seat(seat)
    return check_codes(
        [[tile.code for tile in tiles] for tiles in state.table],
        [tile.code for tile in state.racks[seat]],
        [[tile.code for tile in tiles] for tiles in after],
        state.opened[seat],
    )


def _with_rack(racks: tuple[Rack, Rack], seat: int, rack: Rack) -> tuple[Rack, Rack]:
    return (rack, racks[1]) if seat == 0 else (racks[0], rack)


def _blocked_result(racks: tuple[Rack, Rack]) -> Result:
    points = (rack_points(racks[0]), rack_points(racks[1]))
    if points[0] == points[1]:
        return Result(None, 0, EndReason.BLOCKED, points)
    winner = 0 if points[0] < points[1] else 1
    return Result(winner, abs(points[0] - points[1]), EndReason.BLOCKED, points)


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` takes ``action``; the state itself is unchanged."""
    seat = _seat(seat)
    if not isinstance(action, Action):
        raise MalformedError(f"an action must be an Action, not {type(action).__name__}")
    if state.result is not None:
        raise IllegalTurnError("hand_over", "the hand is over")
    if seat != state.turn:
        raise IllegalTurnError("not_your_turn", f"it is seat {state.turn}'s turn")
    following = 1 - seat
    if action.kind is ActionKind.DRAW:
        if not state.pool:
            raise IllegalTurnError("pool_empty", "the pool is empty: pass instead")
        rack = tuple(sorted((*state.racks[seat], state.pool[0])))
        racks = _with_rack(state.racks, seat, rack)
        log = (*state.log, _PLAIN_ENTRIES[seat, ActionKind.DRAW])
        return replace(state, racks=racks, pool=state.pool[1:], turn=following, passes=0, log=log)
    if action.kind is ActionKind.PASS:
        if state.pool:
            raise IllegalTurnError("pool_not_empty", "you may pass only when the pool is empty")
        passes = state.passes + 1
        ended = _blocked_result(state.racks) if passes >= 2 else None
        log = (*state.log, _PLAIN_ENTRIES[seat, ActionKind.PASS])
        return replace(state, turn=following, passes=passes, log=log, result=ended)
    if not isinstance(action.after, tuple) or not all(
        isinstance(tiles, tuple) and all(isinstance(tile, Tile) for tile in tiles) for tiles in action.after
    ):
        raise MalformedError("a play's after must be a table of tiles (use Action.play)")
    verdict = check_play(state, seat, action.after)
    verdict.raise_if_illegal()
    left = counts_of(tile.code for tile in state.racks[seat])
    for tile in verdict.played:
        left[tile.code] -= 1
    rack = tuple(TILES[code] for code in range(len(left)) for _ in range(left[code]))
    racks = _with_rack(state.racks, seat, rack)
    opened = (True, state.opened[1]) if seat == 0 else (state.opened[0], True)
    after = _sharing_sets(state.table, action.after)
    log = (*state.log, LogEntry(seat, Action(ActionKind.PLAY, after)))
    ended = None
    if not rack:
        other = rack_points(racks[following])
        ended = Result(seat, other, EndReason.RACK_EMPTY, (0, other) if seat == 0 else (other, 0))
    return replace(
        state, racks=racks, table=after, turn=following, opened=opened, passes=0, log=log, result=ended
    )


_PLAIN_ENTRIES: Final = {
    (seat, kind): LogEntry(seat, Action(kind))
    for seat in (0, 1)
    for kind in (ActionKind.DRAW, ActionKind.PASS)
}
"""The log entries of draws and passes, one object each, shared by every log."""


def _sharing_sets(before: Table, after: Table) -> Table:
    """``after`` with each set that was already on the table as the object it was there.

    A play names the whole table and most of it is unchanged: a finished hand's log names
    some 450 sets, 45 of them different. A server keeps the states of its rooms' hands, and
    the garbage collector walks every one of their objects on each full pass, with every
    socket of the process waiting; sharing the sets makes such a state about a quarter of
    the objects. Equal sets are equal values, so nothing else can tell."""
    known = {tiles: tiles for tiles in before}
    return tuple(known.get(tiles, tiles) for tiles in after)


def replay(code: HandCode | str, starting_seat: int, log: object) -> State:
    """The state a log leads to, from its JSON form or from entries.

    Unreadable input raises :class:`MalformedLogError`, an entry the rules
    forbid :class:`IllegalLogError`; both name the first bad entry.
    """
    if isinstance(log, list | tuple) and all(isinstance(entry, LogEntry) for entry in log):
        entries: tuple[LogEntry, ...] = tuple(log)
    else:
        entries = parse_log(log)
    state = new_hand(code, starting_seat)
    for index, entry in enumerate(entries):
        try:
            state = apply(state, entry.seat, entry.action)
        except IllegalTurnError as error:
            raise IllegalLogError(index, error) from None
    return state
