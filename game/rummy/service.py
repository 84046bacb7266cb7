"""The referee: Tile Rummy matches as one service, whatever carries the requests.

The HTTP API (``game.rummy.api``) is a thin layer over these functions, and
so will the WebSocket rooms be: every transport authenticates a seat
(:func:`open_seat`), reads what that seat may see (:func:`seat_state`), acts
(:func:`act`), starts the next hand (:func:`next_hand`) or, against the
computer, changes its level (:func:`change_level`).  A refusal is a
:class:`Refusal` with a stable code and the HTTP status a transport may use.

The hand is the log of confirmed actions (see :mod:`game.rummy.models`); the
engine replays it into a :class:`~game.rummy.engine.State` and applies each
new action, so the rules live in one place.  Against the computer the server
plays the computer's reply in the same request, right after the player's
action, so no hand is ever left waiting for the server to move; the client
shows it after a short pause.  The seat state holds only what the seat may
see: its rack, the table, counts, and the log as that seat saw it (its own
draws with the tile, the other seat's without).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.db import IntegrityError, connections, transaction
from django.db.models import Q
from django.utils import timezone

from game.common.rng import seed_from_text
from game.core import heavy
from game.core.keyed import keyed_letters

from .apps import RummyConfig
from .engine import (
    Action,
    ActionKind,
    HandCode,
    IllegalTurnError,
    Level,
    LogEntry,
    State,
    apply,
    bot_move,
    deal,
    first_seat,
    format_log,
    new_hand,
    parse_log_text,
    replay,
    view,
)
from .engine.codes import SECRET_SEED_LETTERS
from .engine.tiles import TILES, Tile, counts_of, rack_json, table_json
from .engine.turns import Reason
from .models import Hand, Match, Mode, key_digest, new_key, new_public_id

COMPUTER_SEAT: Final = 1
COMPUTER_BUDGET_S: Final = 1.0
"""At most this much search for the computer's reply (Hard), so that one request cannot hold a worker."""
KEEP_DAYS: Final = 30
"""A match nobody touched for this long is deleted by ``purge_stale``."""
ROOM_DAYS: Final = 7
"""An online room nobody touched for this long has expired: refused on access, then purged."""
DEAL_SALT: Final = "miaojong.rummy.deal"
"""Keeps the deals' HMACs apart from every other use of the secret key."""
TOUCH_MATCH_AFTER: Final = dt.timedelta(minutes=10)
"""A match's last activity is rewritten by play at most this often. It decides only expiry and
purging, counted in days, and leaving it alone spares most actions a transaction."""

STATUS: Final = {"not_found": 404} | {
    code: error.status for code, error in RummyConfig.game.api_error_codes.items()
}
"""The HTTP status of each refusal: the house's ``not_found``, then the game's own codes."""


class Refusal(Exception):
    """A request the referee turns down; nothing was stored."""

    def __init__(self, code: str, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = STATUS[code]
        self.extra = extra or {}


@dataclass(frozen=True)
class Seat:
    """A seat of a match, as its credential proved; ``hand`` is the current hand when it was
    read in the same query (the sockets' reads: one round trip instead of two)."""

    match: Match
    number: int
    hand: Hand | None = None


@dataclass(frozen=True)
class Credential:
    seat: int
    key: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "key": self.key}


class StateCache:
    """The latest known state of each recent hand, by (code, first seat): equal logs are equal hands.

    A log only ever grows by one line at a time, so a state missing here is most often one
    action past the one kept (the other player's move, read by another process's socket):
    that costs one ``apply`` instead of replaying the whole hand. Only the latest state of a
    hand is kept: the earlier ones are never asked for again, and every object kept is one
    more for each of the garbage collector's full passes to walk, with the sockets waiting.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        """How many hands are kept."""
        self.states: OrderedDict[tuple[str, int], tuple[str, State]] = OrderedDict()
        self.lock = threading.Lock()  # the sockets' queries run in several threads

    def get(self, code: str, starting_seat: int, log: str) -> State:
        with self.lock:
            known = self.states.get((code, starting_seat))
            if known is not None:
                self.states.move_to_end((code, starting_seat))
        if known is not None and known[0] == log:
            return known[1]
        before, _, last = log.rpartition("\n")
        if known is not None and last and known[0] == before:
            entry = LogEntry.parse(last)
            state = apply(known[1], entry.seat, entry.action)
        else:
            state = replay(code, starting_seat, parse_log_text(log))
        self.remember(code, starting_seat, log, state)
        return state

    def remember(self, code: str, starting_seat: int, log: str, state: State) -> None:
        with self.lock:
            self.states[(code, starting_seat)] = (log, state)
            self.states.move_to_end((code, starting_seat))
            while len(self.states) > self.size:
                self.states.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.states.clear()


STATES: Final = StateCache(1024)


def hand_state(hand: Hand) -> State:
    return STATES.get(hand.code, hand.starting_seat, hand.log)


def current_hand(match: Match) -> Hand:
    hand = match.hands.order_by("-number").first()
    assert hand is not None, "a match always has a hand"
    return hand


def _computer_level(match: Match) -> Level | None:
    return Level(match.level) if match.mode == Mode.COMPUTER else None


def _with_computer_reply(match: Match, code: str, state: State) -> State:
    """The state after the computer's turn, if it is the computer's turn (else ``state``)."""
    level = _computer_level(match)
    if level is None or state.result is not None or state.turn != COMPUTER_SEAT:
        return state
    seed = seed_from_text(f"{code}|computer|{len(state.log)}")
    # In the pool's processes (the caller holds a slot): a Hard search, pure Python, would hold
    # this server process's interpreter lock, and every other request of it, for its whole length.
    move = heavy.run_in_pool(bot_move, state, level, seed=seed, budget_s=COMPUTER_BUDGET_S)
    return apply(state, COMPUTER_SEAT, move.action())


def _save(match: Match, hand: Hand, read_actions: int, state: State) -> None:
    """Store ``state``'s log if the hand is still as it was read; the race's loser gets stale_turn."""
    now = timezone.now()
    finished = state.result is not None
    log = format_log(state.log)
    result = state.result
    # No running score: each hand stands alone, so the match row only says when it was last played.
    touch_match = result is not None or match.updated < now - TOUCH_MATCH_AFTER
    # Most actions write the hand alone: one statement, with no transaction around it.
    with transaction.atomic() if touch_match else contextlib.nullcontext():
        written = Hand.objects.filter(pk=hand.pk, actions=read_actions).update(
            log=log, actions=len(state.log), finished=finished, updated=now
        )
        if not written:
            raise Refusal("stale_turn", "another action was confirmed first: reload the hand")
        if touch_match:
            Match.objects.filter(pk=match.pk).update(updated=now)
            match.updated = now
    hand.log, hand.actions, hand.finished, hand.updated = log, len(state.log), finished, now
    STATES.remember(hand.code, hand.starting_seat, hand.log, state)


def create_match(mode: Mode, level: Level | None) -> tuple[Match, list[Credential]]:
    """A new match with its first hand dealt; the credentials are shown this once."""
    keys = [new_key() for _ in range(2 if mode == Mode.LOCAL else 1)]
    with transaction.atomic():
        match = Match.objects.create(
            mode=mode,
            level=level.value if level is not None and mode == Mode.COMPUTER else "",
            seat0_digest=key_digest(keys[0]),
            seat1_digest=key_digest(keys[1]) if len(keys) > 1 else "",
        )
        _start_hand(match, 1)
    return match, [Credential(seat, key) for seat, key in enumerate(keys)]


def create_room() -> tuple[Match, Credential]:
    """An online room: its creator holds seat 0; its invitation gives the second seat, once."""
    key = new_key()
    with transaction.atomic():
        match = Match.objects.create(mode=Mode.ONLINE, seat0_digest=key_digest(key), invite=new_public_id())
        _start_hand(match, 1)
    return match, Credential(0, key)


def room_by_invite(invite: str) -> Match:
    match = Match.objects.rooms().filter(invite=invite).first()
    if match is None:
        raise Refusal("not_found", "there is no room with this invitation (it may have expired)")
    _check_alive(match)
    return match


def join_room(invite: str) -> tuple[Match, Credential]:
    """Take the second seat of the room ``invite`` names; a room whose seat is taken says so."""
    match = room_by_invite(invite)
    key = new_key()
    # One guest only, however many open the invitation at once: the seat is taken where it is empty.
    taken = Match.objects.filter(pk=match.pk, seat1_digest="").update(
        seat1_digest=key_digest(key), updated=timezone.now()
    )
    if not taken:
        raise Refusal("room_full", "both seats of this room are taken")
    match.refresh_from_db()
    return match, Credential(1, key)


def free_second_seat(seat: Seat) -> dict[str, Any]:
    """The host gives up on a guest who cannot come back (their browser forgot its seat): the
    second seat is free again under a new invitation (the old link takes nothing any more), and
    the hand in play is dealt again, so that nothing of the old racks reaches the next guest.
    Only while the guest is away: a guest at the table is never put out."""
    match = seat.match
    if match.mode != Mode.ONLINE or seat.number != 0:
        raise Refusal("not_host", "only the room's host may free its second seat")
    if not match.seat1_digest:
        raise Refusal("seat_free", "the second seat is free already")
    if match.connected(1):
        raise Refusal("opponent_here", "the second player is at the table: their seat cannot be freed")
    hand = current_hand(match)
    now = timezone.now()
    with transaction.atomic():
        # Only as it was read: a guest who came back meanwhile keeps their seat. A connection named
        # under a lease run out is a process gone (game.rummy.rooms), not a guest at the table.
        away = Q(channel1="") | Q(lease1__isnull=True) | Q(lease1__lte=now)
        freed = (
            Match.objects.filter(pk=match.pk, seat1_digest=match.seat1_digest)
            .filter(away)
            .update(
                seat1_digest="",
                channel1="",
                lease1=None,
                invite=new_public_id(),
                consent0=False,
                consent1=False,
                updated=now,
            )
        )
        if not freed:
            raise Refusal("opponent_here", "the second player came back: their seat stays theirs")
        Hand.objects.filter(pk=hand.pk).update(
            code=str(new_hand_code()), log="", actions=0, finished=False, updated=timezone.now()
        )
    match.refresh_from_db()
    return seat_state(Seat(match, 0), since=0, hand=Hand.objects.get(pk=hand.pk), refresh=False)


def _check_alive(match: Match) -> None:
    if match.mode == Mode.ONLINE and match.updated < timezone.now() - dt.timedelta(days=ROOM_DAYS):
        raise Refusal("room_expired", f"nobody played in this room for {ROOM_DAYS} days: it has expired")


def new_hand_code() -> HandCode:
    """The code of a hand the server deals: an HMAC of a fresh random id under the secret key.

    Fourteen letters, so that nobody can find the deal by trying codes against their own rack
    (:mod:`game.rummy.engine.codes`), and from the secret as well as the operating system's
    randomness, so that the codes shown after hands tell nothing of the next one's."""
    random_id = secrets.token_urlsafe(16)
    return HandCode(keyed_letters(DEAL_SALT, random_id, SECRET_SEED_LETTERS))


def _start_hand(match: Match, number: int) -> Hand:
    code = str(new_hand_code())
    starting = first_seat(number)
    hand = Hand.objects.create(match=match, number=number, code=code, starting_seat=starting)
    state = _with_computer_reply(match, code, new_hand(code, starting))
    if state.log:
        _save(match, hand, 0, state)
    return hand


HAND_COLUMNS: Final = ("id", "number", "code", "starting_seat", "log", "actions", "finished")
"""What of a hand the referee reads with its match (not its dates)."""
_MATCH_FIELDS: Final = tuple(Match._meta.concrete_fields)
_MATCH_ATTNAMES: Final = [field.attname for field in _MATCH_FIELDS]
_HAND_FIELDS: Final = tuple(
    field for field in Hand._meta.concrete_fields if field.attname in {*HAND_COLUMNS, "match_id"}
)
"""Those columns and the match's key, in the model's order, as ``Model.from_db`` takes them."""
_HAND_ATTNAMES: Final = [field.attname for field in _HAND_FIELDS]
CURRENT_HAND_SQL: Final = (
    "SELECT " + ", ".join([f"m.{f.column}" for f in _MATCH_FIELDS] + [f"h.{f.column}" for f in _HAND_FIELDS])
    + f" FROM {Match._meta.db_table} m JOIN {Hand._meta.db_table} h ON h.match_id = m.id"
    " WHERE m.public_id = %s ORDER BY h.number DESC LIMIT 1"
)  # fmt: skip
_converters: dict[str, list[tuple[int, Any, list[Any]]]] = {}
"""By database alias: the columns of CURRENT_HAND_SQL whose values need converting, with how."""


def _row_converters(connection: Any) -> list[tuple[int, Any, list[Any]]]:
    """What Django's compiler would apply to each column of CURRENT_HAND_SQL on ``connection``
    (the backend's converters, then the column's own): e.g. SQLite's dates and booleans."""
    found = _converters.get(connection.alias)
    if found is None:
        found = []
        for index, field in enumerate((*_MATCH_FIELDS, *_HAND_FIELDS)):
            column = field.get_col(field.model._meta.db_table)
            functions = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            if functions:
                found.append((index, column, functions))
        _converters[connection.alias] = found
    return found


def _current_hand_with_match(public_id: str) -> Hand | None:
    """The current hand of match ``public_id`` with its match, in one query, or None.

    The sockets' most frequent read (twice an action: the actor's, then the other seat's),
    so written in SQL and turned into models here: Django compiling the same
    ``select_related`` query took four times as long as running this one (460 against 115
    microseconds, measured), and a raw queryset still spent as long again resolving its
    columns. The values go through the converters Django itself would apply."""
    db = Match.objects.db
    connection = connections[db]
    with connection.cursor() as cursor:
        cursor.execute(CURRENT_HAND_SQL, [public_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for index, column, functions in _row_converters(connection):
        for function in functions:
            values[index] = function(values[index], column, connection)
    split = len(_MATCH_FIELDS)
    match = Match.from_db(db, _MATCH_ATTNAMES, values[:split])
    hand = Hand.from_db(db, _HAND_ATTNAMES, values[split:])
    hand.match = match
    return hand


def open_seat(public_id: str, key: str | None, with_hand: bool = False) -> Seat:
    """The seat ``key`` holds in match ``public_id`` (and, ``with_hand``, its current hand, in the
    same read), or a refusal (cheap: one indexed read)."""
    hand: Hand | None = None
    if with_hand:
        # Every match has a hand from its creation on, so no hand means no match.
        hand = _current_hand_with_match(public_id)
        match = hand.match if hand is not None else None
    else:
        match = Match.objects.filter(public_id=public_id).first()
    if match is None:
        raise Refusal("not_found", f"there is no match {public_id!r} (it may have expired)")
    if not key:
        raise Refusal("credential_missing", "send the seat's credential: Authorization: Seat <key>")
    seat = match.seat_of(key)
    if seat is None:
        raise Refusal("credential_invalid", "this credential holds no seat of this match")
    _check_alive(match)
    return Seat(match, seat, hand)


def _check_current(hand: Hand, hand_number: int, number: int) -> None:
    if hand_number != hand.number:
        raise Refusal("stale_turn", f"hand {hand_number} is not the current hand ({hand.number})")
    if number != hand.actions:
        raise Refusal(
            "stale_turn", f"action {number} is not the current one ({hand.actions} actions so far): reload"
        )


def act(seat: Seat, hand_number: int, number: int, action: Action) -> dict[str, Any]:
    """Confirm ``action`` for ``seat``; the seat state after it, and after the computer's reply."""
    hand = seat.hand or current_hand(seat.match)
    _check_current(hand, hand_number, number)
    _check_opponent_here(seat)
    state = hand_state(hand)
    try:
        state = apply(state, seat.number, action)
    except IllegalTurnError as error:
        raise _refusal_for(error) from None
    state = _with_computer_reply(seat.match, hand.code, state)
    _save(seat.match, hand, number, state)
    # The match row changes only when the hand ends (its time of last play): read it again only then.
    return seat_state(seat, since=number, hand=hand, refresh=state.result is not None)


def _check_opponent_here(seat: Seat) -> None:
    """An online room waits while the other player is away: no timer, and no one plays in their place."""
    match = seat.match
    if match.mode != Mode.ONLINE or match.connected(1 - seat.number):
        return
    if not match.seat1_digest:
        raise Refusal("opponent_away", "the other player has not joined the room yet")
    raise Refusal("opponent_away", f"Player {2 - seat.number} is not connected: the game waits for them")


def _refusal_for(error: IllegalTurnError) -> Refusal:
    if error.code in STATUS:
        return Refusal(error.code, str(error))
    assert error.code in {reason.value for reason in Reason}, error.code
    return Refusal("illegal_table", str(error), {"reason": error.code, "set": error.set_index})


def change_level(seat: Seat, level: Level) -> dict[str, Any]:
    if seat.match.mode != Mode.COMPUTER:
        raise Refusal("not_vs_computer", "a pass-and-play match has no computer level")
    Match.objects.filter(pk=seat.match.pk).update(level=level.value, updated=timezone.now())
    seat.match.level = level.value
    return seat_state(seat)


def next_hand(seat: Seat, hand_number: int) -> dict[str, Any]:
    """Start the hand after ``hand_number``, which must be the current one and over."""
    hand = seat.hand or current_hand(seat.match)
    if hand_number != hand.number:
        raise Refusal("stale_turn", f"hand {hand_number} is not the current hand ({hand.number})")
    if not hand.finished:
        raise Refusal("hand_not_over", "the current hand is not over yet")
    match = seat.match
    if match.mode == Mode.ONLINE:
        # Both players must want the next hand; each asks once, the second deals it.
        Match.objects.filter(pk=match.pk).update(**{f"consent{seat.number}": True}, updated=timezone.now())
        match.refresh_from_db(fields=["consent0", "consent1"])
        if not (match.consent0 and match.consent1):
            return seat_state(seat, hand=hand)
    try:
        with transaction.atomic():
            new = _start_hand(match, hand.number + 1)
            Match.objects.filter(pk=match.pk).update(consent0=False, consent1=False)
    except IntegrityError:
        if match.mode != Mode.ONLINE:
            raise Refusal("stale_turn", "the next hand was started already: reload") from None
        # Both consents arrived at once and the other request dealt it: the same outcome.
        new = current_hand(match)
    return seat_state(seat, since=0, hand=new)


@functools.lru_cache(maxsize=1024)
def _pool(code: str) -> tuple[Tile, ...]:
    """The hand's pool in drawing order. Every seat state names its seat's drawn tiles, and
    shuffling the box again for each was half of what the whole seat state cost (profiled)."""
    return deal(code).pool


def _events(state: State, seat: int, since: int) -> list[dict[str, Any]]:
    """The log after ``since`` as ``seat`` may see it: the other seat's draws hide the tile."""
    pool = _pool(state.code)
    draws = 0
    table: Sequence[Sequence[Any]] = ()
    events: list[dict[str, Any]] = []
    for index, entry in enumerate(state.log):
        event: dict[str, Any] | None = None
        if index >= since:
            event = {"n": index + 1, "seat": entry.seat, "type": entry.action.kind.value}
        if entry.action.kind is ActionKind.DRAW:
            if event is not None and entry.seat == seat:
                event["tile"] = str(pool[draws])
            draws += 1
        elif entry.action.kind is ActionKind.PLAY:
            if event is not None:
                event["after"] = table_json(entry.action.after)
                event["played"] = _played(table, entry)
            table = entry.action.after
        if event is not None:
            events.append(event)
    return events


def _played(before: Sequence[Sequence[Any]], entry: LogEntry) -> list[str]:
    had = counts_of(tile.code for tiles in before for tile in tiles)
    now = counts_of(tile.code for tiles in entry.action.after for tile in tiles)
    return rack_json(TILES[code] for code in range(len(now)) for _ in range(now[code] - had[code]))


def _last_play(state: State) -> dict[str, Any] | None:
    for index in range(len(state.log) - 1, -1, -1):
        entry = state.log[index]
        if entry.action.kind is ActionKind.PLAY:
            before: Sequence[Sequence[Any]] = ()
            for earlier in reversed(state.log[:index]):
                if earlier.action.kind is ActionKind.PLAY:
                    before = earlier.action.after
                    break
            return {"seat": entry.seat, "played": _played(before, entry)}
    return None


MATCH_STATE_FIELDS: Final = (
    "level", "consent0", "consent1", "seat1_digest", "channel0", "channel1",
)  # fmt: skip
"""What of the match a seat state shows (refreshed when the caller read the hand itself)."""


def seat_state(
    seat: Seat, since: int | None = None, hand: Hand | None = None, refresh: bool = True
) -> dict[str, Any]:
    """What ``seat`` may see of its match now; ``events`` are the actions numbered above ``since``.

    With ``hand`` (which the caller has just changed), the match is read again unless
    ``refresh`` is off (the caller knows it did not change it)."""
    match = seat.match
    if hand is None:
        hand = seat.hand or current_hand(match)
    elif refresh:
        match.refresh_from_db(fields=[*MATCH_STATE_FIELDS])
    state = hand_state(hand)
    shown = view(state, seat.number)
    over = state.result is not None
    return {
        "match": match.public_id,
        "mode": match.mode,
        "level": match.level or None,
        "seat": seat.number,
        "hand": hand.number,
        # It deals both racks and the pool: only once they are all shown.
        "code": hand.code if over else None,
        "starting_seat": hand.starting_seat,
        "number": len(state.log),
        "view": shown.to_json(),
        "last_play": _last_play(state),
        "events": _events(state, seat.number, len(state.log) if since is None else max(0, since)),
        "racks": [rack_json(rack) for rack in state.racks] if over else None,
        "players": [
            {"seat": 0, "kind": "human"},
            {"seat": 1, "kind": "computer" if match.mode == Mode.COMPUTER else "human"},
        ],
        **(_room_fields(match, seat.number) if match.mode == Mode.ONLINE else {}),
    }


def presence_of(match: Match) -> dict[str, Any]:
    """Who of an online room has a live connection, and whether the guest has come."""
    return {"connected": [match.connected(0), match.connected(1)], "joined": bool(match.seat1_digest)}


def _room_fields(match: Match, seat: int) -> dict[str, Any]:
    """What an online room adds: whether the guest came, who wants the next hand, who is
    connected, and (for the host, who shares it) the invitation."""
    fields: dict[str, Any] = {**presence_of(match), "consents": [match.consent0, match.consent1]}
    if seat == 0:
        fields["invite"] = match.invite
    return fields
