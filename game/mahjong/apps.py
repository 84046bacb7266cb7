from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.core.registry import GameAppConfig, GameInfo, NavLink, StaleRows


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
        api_error_codes={
            "impossible_timing": "a match came sooner than a person can see the board and tap two tiles",
            "copied_log": "the moves are those of a game already submitted on the same deal and mode",
            "daily_closed": "the daily challenge of the token's date no longer takes entries",
        },
    )
