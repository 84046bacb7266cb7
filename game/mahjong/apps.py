from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.core.registry import ErrorCode, GameAppConfig, GameInfo, NavLink, StaleRows


def _stale_rows(now: dt.datetime, hidden_days: int) -> Mapping[str, StaleRows]:
    """Leaderboard entries an admin hid more than ``hidden_days`` ago (0 keeps them)."""
    from .models import Score  # models cannot be imported while the app registry loads

    if not hidden_days:
        return {}
    cutoff = now - dt.timedelta(days=hidden_days)
    return {
        f"hidden entries older than {hidden_days} days": lambda: Score.objects.filter(
            hidden=True, created__lt=cutoff
        )
    }


class MahjongConfig(GameAppConfig):
    name = "game.mahjong"
    # The app was "game" before the house had several games; keeping the label
    # keeps the game_score table, its migration history, its permissions and
    # the admin's addresses exactly as they were.
    label = "game"
    verbose_name = _("Mahjong Solitaire")

    game = GameInfo(
        slug="mahjong",
        name=_("Mahjong Solitaire"),
        urls="game.mahjong.urls",
        url_prefix=pgettext_lazy("URL prefix of the Mahjong Solitaire pages", "mahjong/"),
        api_urls="game.mahjong.api.urls",
        api_prefix="",
        api_summary="layouts, deals, shuffles, a solver, verified scores and leaderboards",
        api_endpoints={
            "layouts": "/api/layouts/",
            "deals": "/api/deals/",
            "deal": "/api/deals/{code}/",
            "shuffle": "/api/deals/{code}/shuffle/",
            "solve": "/api/solve/",
            "scores": "/api/scores/",
            "score": "/api/scores/{id}/",
            "leaderboards": "/api/leaderboards/",
        },
        nav=(
            NavLink("mahjong:tiles", _("Tiles")),
            NavLink("mahjong:leaderboard", _("Leaderboard")),
        ),
        sitemap=("mahjong:play", "mahjong:tiles"),
        tagline=_(
            "Clear a board of up to 144 tiles, in one of twelve layouts, by taking matching pairs "
            "of free tiles: every deal can be won."
        ),
        play=(NavLink("mahjong:play", _("Play")),),
        rules_page="how-to-play",
        picture="game.mahjong.diagrams.home_picture",
        legacy_urls="game.mahjong.legacy_urls",
        js_catalogue="game.mahjong",
        fences={"tiles": "game.mahjong.diagrams.TILES_FENCE"},
        stale_rows=_stale_rows,
        # A refused score is final unless the name was at fault: sending the same game again
        # cannot get past the others (static/mahjong/js/score_submission.js FINAL_REFUSALS).
        api_error_codes={
            "token_invalid": ErrorCode("the deal token is forged, altered or of another server", final=True),
            "token_expired": ErrorCode("the deal token is older than 24 hours", final=True),
            "already_submitted": ErrorCode(
                "a score was already submitted for this deal", status=409, final=True
            ),
            "name_invalid": ErrorCode("the player name breaks the naming rule"),
            "log_too_long": ErrorCode("the move log has too many events", final=True),
            "log_malformed": ErrorCode("an event of the move log cannot be read", final=True),
            "log_illegal": ErrorCode("an event of the move log is an illegal move", final=True),
            "not_cleared": ErrorCode("a classic game was sent before the board was cleared", final=True),
            "impossible_time": ErrorCode("the game claims more time than passed since the deal", final=True),
            "impossible_timing": ErrorCode(
                "a match came sooner than a person can see the board and tap two tiles", final=True
            ),
            "copied_log": ErrorCode(
                "the moves are those of a game already submitted on the same deal and mode",
                status=409,
                final=True,
            ),
            "daily_closed": ErrorCode(
                "the daily challenge of the token's date no longer takes entries", final=True
            ),
        },
        throttle_rates={
            "deals": 60,
            "scores": 10,
            "shuffle": 60,
            "solve": 20,  # each solve may take up to a second of CPU
            "replays": 60,  # a replay page (HTML), drawn from what the submission stored
            "boards": 60,  # a leaderboard or daily page (HTML): read from the database at each view
        },
        api_enum_names={
            "ModeEnum": "game.mahjong.api.serializers.MODES",
            "FaceEnum": "game.mahjong.engine.FACES",
            "EventTypeEnum": "game.mahjong.api.serializers.EVENT_TYPES",
        },
        engine="game.mahjong.engine",
        home_stylesheets=("mahjong/home.css",),
        home_template="mahjong/home_side.html",
    )
