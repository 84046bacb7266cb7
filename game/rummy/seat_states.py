"""What a seat is shown of its match: the one answer every transport sends a seat.

Built from the engine's views (:func:`~game.rummy.engine.view` for the rack,
the table and the counts; :mod:`~game.rummy.engine.seat_view` for the log as
the seat saw it) and what of the match the seat may know.  The hand's code
deals both racks and the pool: it is shown only once the hand is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .engine import view
from .engine.seat_view import events_seen, last_play
from .engine.tiles import rack_json
from .models import Hand, Match, Mode
from .queries import current_hand
from .states import hand_state

if TYPE_CHECKING:
    from .service import Seat


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
        "last_play": last_play(state),
        "events": events_seen(state, seat.number, len(state.log) if since is None else max(0, since)),
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
