from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.core.registry import ErrorCode, GameAppConfig, GameInfo, NavLink, StaleRows


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
        api_summary="turn checks, the computer's moves, matches and online rooms",
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
        # Those marked stale send the client to read the hand again (static/rummy/js/game.js
        # RELOAD_CODES): the table it shows is behind the server's.
        api_error_codes={
            "credential_missing": ErrorCode(
                "no seat credential was sent (Authorization: Seat <key>)", status=401
            ),
            "credential_invalid": ErrorCode("the seat credential is not one of this match's", status=403),
            "not_your_turn": ErrorCode("the other seat is to move", status=409, stale=True),
            "stale_turn": ErrorCode(
                "the action is for a hand or turn that is not the current one", status=409, stale=True
            ),
            "hand_over": ErrorCode("the hand is over", status=409, stale=True),
            "pool_empty": ErrorCode("the pool is empty: pass instead of drawing", status=409, stale=True),
            "pool_not_empty": ErrorCode(
                "passing is allowed only once the pool is empty", status=409, stale=True
            ),
            "illegal_table": ErrorCode("the table confirmed breaks a rule (see reason and set)"),
            "hand_not_over": ErrorCode(
                "the next hand starts only once this one is over", status=409, stale=True
            ),
            "not_vs_computer": ErrorCode("only a match against the computer has a level"),
            "room_full": ErrorCode("both seats of the online room are taken", status=409),
            "room_expired": ErrorCode(
                "nobody played in the online room for 7 days: it has expired", status=410
            ),
            "opponent_away": ErrorCode(
                "the online room waits: the other player is not connected", status=409
            ),
            "not_host": ErrorCode("only the online room's host may free its second seat", status=403),
            "seat_free": ErrorCode("the online room's second seat is free already", status=409),
            "opponent_here": ErrorCode(
                "the second player is at the table: their seat cannot be freed", status=409
            ),
        },
        throttle_rates={
            "rummy_check": 300,  # a check is cheap: players check as they arrange tiles
            "rummy_moves": 20,  # like solve: Hard may search for up to a second
            "rummy_matches": 20,  # a new match deals a hand and may play the computer's first move
            "rummy_actions": 120,  # each may include the computer's reply (up to a second for Hard)
        },
        api_enum_names={
            "RummyModeEnum": "game.rummy.api.serializers.MODES",
            "RummyNewMatchModeEnum": "game.rummy.api.serializers.NEW_MATCH_MODES",
            "RummyActionEnum": "game.rummy.api.serializers.ACTIONS",
        },
        engine="game.rummy.engine",
        home_stylesheets=("rummy/tiles.css", "rummy/card.css"),
    )
