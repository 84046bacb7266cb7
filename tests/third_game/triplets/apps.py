from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from game.core.registry import ErrorCode, GameAppConfig, GameInfo, NavLink


class TripletsConfig(GameAppConfig):
    name = "triplets"
    label = "triplets"
    verbose_name = "Triplets"

    game = GameInfo(
        slug="triplets",
        name="Triplets",
        urls="triplets.urls",
        url_prefix="triplets/",
        api_urls="triplets.api",
        api_endpoints={"triplets_check": "/api/triplets/check/"},
        nav=(NavLink("triplets:play", "Triplets"),),
        sitemap=("triplets:play",),
        tagline="Three tiles of one number and one colour make a triplet.",
        play=(NavLink("triplets:play", _("Play")),),
        rules_page="triplets-rules",
        api_error_codes={"not_a_triplet": ErrorCode("the tiles are not three of one number", status=422)},
        throttle_rates={"triplets_checks": 3},
        api_enum_names={"TripletColourEnum": "triplets.engine.COLOURS"},
        engine="triplets.engine",
        home_stylesheets=("triplets/card.css",),
    )
