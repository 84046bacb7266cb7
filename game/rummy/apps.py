from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.core.registry import GameAppConfig, GameInfo


class RummyConfig(GameAppConfig):
    name = "game.rummy"
    label = "rummy"
    verbose_name = _("Tile Rummy")

    game = GameInfo(
        slug="rummy",
        name=_("Tile Rummy"),
        # The pages (play against the computer, pass and play) come with the site issue.
        urls=None,
        url_prefix=pgettext_lazy("URL prefix of the Tile Rummy pages", "rummy/"),
        api_urls="game.rummy.api.urls",
        api_endpoints={
            "rummy_check": "/api/rummy/check/",
            "rummy_moves": "/api/rummy/moves/",
        },
    )
