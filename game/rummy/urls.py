"""Tile Rummy's pages, under the language prefix and the game's translated prefix
(``/en/rummy/play/``, ``/it/rummy/gioca/``): each part of the address is translated."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy
from django.views.generic import RedirectView

from game.rummy import converters  # noqa: F401  (registers <public_id:...>)

from . import views

# The same msgid as Mahjong's play page: the word is the same in every language.
PLAY = pgettext_lazy("URL part: the play page", "play/")
PASS_AND_PLAY = pgettext_lazy("URL part: the Rummy pass-and-play page", "pass-and-play/")
ONLINE = pgettext_lazy("URL part: the Rummy online rooms page", "online/")

app_name = "rummy"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="rummy:play"), name="home"),
    path(PLAY, views.play_computer, name="play"),
    path(PASS_AND_PLAY, views.play_local, name="local"),
    path(ONLINE, views.online_lobby, name="online"),
    path(format_lazy("{}<public_id:invite>/", ONLINE), views.online_room, name="room"),
]
