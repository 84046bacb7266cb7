"""The referee: Tile Rummy matches as one service, whatever carries the requests.

The HTTP API (``game.rummy.api``) and the WebSocket rooms (``game.rummy.sockets``)
are thin layers over these functions: every transport authenticates a seat
(:func:`open_seat`), reads what that seat may see (:func:`seat_state`), acts
(:func:`act`), starts the next hand (:func:`next_hand`) or, against the
computer, changes its level (:func:`change_level`).  A refusal is a
:class:`Refusal` with a stable code, which knows no transport: the game's registry entry
(``api_error_codes``) gives each code its HTTP status, the sockets their close codes.
The referee has helpers of one job each: the cache of hands' states
(:mod:`.states`), the reads written in SQL (:mod:`.queries`) and the answer a
seat is shown (:mod:`.seat_states`, from the engine's per-seat views).

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
import secrets
from dataclasses import dataclass
from typing import Any, Final

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from game.common.rng import seed_from_text
from game.core import heavy
from game.core.keyed import keyed_letters

from .apps import RummyConfig
from .engine import (
    Action,
    HandCode,
    IllegalTurnError,
    Level,
    State,
    apply,
    bot_move,
    first_seat,
    format_log,
    new_hand,
)
from .engine.codes import SECRET_SEED_LETTERS
from .engine.turns import Reason
from .models import Hand, Match, Mode, key_digest, new_key, new_public_id
from .queries import current_hand as current_hand
from .queries import current_hand_with_match
from .seat_states import presence_of as presence_of
from .seat_states import seat_state as seat_state
from .states import STATES
from .states import hand_state as hand_state

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

REFUSALS: Final = frozenset({"not_found", *RummyConfig.game.api_error_codes})
"""The codes of the referee's refusals: the house's ``not_found``, then the game's own codes."""


class Refusal(Exception):
    """A request the referee turns down; nothing was stored."""

    def __init__(self, code: str, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        if code not in REFUSALS:
            raise ValueError(f"unknown refusal code {code!r}")
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


def open_seat(public_id: str, key: str | None, with_hand: bool = False) -> Seat:
    """The seat ``key`` holds in match ``public_id`` (and, ``with_hand``, its current hand, in the
    same read), or a refusal (cheap: one indexed read)."""
    hand: Hand | None = None
    if with_hand:
        # Every match has a hand from its creation on, so no hand means no match.
        hand = current_hand_with_match(public_id)
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
    if error.code in REFUSALS:
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
