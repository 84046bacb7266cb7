from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.core.registry import GameAppConfig, GameInfo, NavLink, StaleRows


def _stale_rows(now: dt.datetime, hidden_days: int) -> Mapping[str, StaleRows]:
    """Online rooms idle for ``ROOM_DAYS`` days, other matches for ``KEEP_DAYS`` (their hands go too)."""
    from .models import Match  # models cannot be imported while the app registry loads
    from .service import KEEP_DAYS, ROOM_DAYS

    room_cutoff = now - dt.timedelta(days=ROOM_DAYS)
    cutoff = now - dt.timedelta(days=KEEP_DAYS)
    return {
        f"online rooms inactive for {ROOM_DAYS} days": lambda: Match.objects.rooms().inactive_since(
            room_cutoff
        ),
        f"matches inactive for {KEEP_DAYS} days": lambda: Match.objects.inactive_since(cutoff),
    }


class RummyConfig(GameAppConfig):
    name = "game.rummy"
    label = "rummy"
    verbose_name = _("Tile Rummy")

    game = GameInfo(
        slug="rummy",
        name=_("Tile Rummy"),
        urls="game.rummy.urls",
        url_prefix=pgettext_lazy("URL prefix of the Tile Rummy pages", "rummy/"),
        api_urls="game.rummy.api.urls",
        api_endpoints={
            "rummy_check": "/api/rummy/check/",
            "rummy_moves": "/api/rummy/moves/",
            "rummy_matches": "/api/rummy/matches/",
            "rummy_match": "/api/rummy/matches/{match}/",
            "rummy_actions": "/api/rummy/matches/{match}/actions/",
            "rummy_hands": "/api/rummy/matches/{match}/hands/",
            "rummy_rooms": "/api/rummy/rooms/",
            "rummy_room_seat": "/api/rummy/rooms/{invite}/seat/",
        },
        nav=(NavLink("rummy:play", _("Tile Rummy")),),
        sitemap=("rummy:play", "rummy:local", "rummy:online"),
        tagline=_(
            "Lay runs and groups from your rack and rearrange the table: against the computer or a friend."
        ),
        play=(
            NavLink("rummy:play", _("Play the computer")),
            NavLink("rummy:local", _("Pass and play")),
            NavLink("rummy:online", _("Play a friend online")),
        ),
        rules_page="rummy-rules",
        picture="game.rummy.diagrams.home_picture",
        js_catalogue="game.rummy",
        websocket_urls="game.rummy.sockets",
        stale_rows=_stale_rows,
        fences={"rummy": "game.rummy.diagrams.SETS_FENCE"},
        api_error_codes={
            "credential_missing": "no seat credential was sent (Authorization: Seat <key>)",
            "credential_invalid": "the seat credential is not one of this match's",
            "not_your_turn": "the other seat is to move",
            "stale_turn": "the action is for a hand or turn that is not the current one",
            "hand_over": "the hand is over",
            "pool_empty": "the pool is empty: pass instead of drawing",
            "pool_not_empty": "passing is allowed only once the pool is empty",
            "illegal_table": "the table confirmed breaks a rule (see reason and set)",
            "hand_not_over": "the next hand starts only once this one is over",
            "not_vs_computer": "only a match against the computer has a level",
            "room_full": "both seats of the online room are taken",
            "room_expired": "nobody played in the online room for 7 days: it has expired",
            "opponent_away": "the online room waits: the other player is not connected",
            "not_host": "only the online room's host may free its second seat",
            "seat_free": "the online room's second seat is free already",
            "opponent_here": "the second player is at the table: their seat cannot be freed",
        },
    )
