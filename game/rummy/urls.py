"""Tile Rummy's pages, under the language prefix and the game's translated prefix
(``/en/rummy/play/``, ``/it/rummy/gioca/``): each part of the address is translated."""

from django.urls import path, register_converter
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy
from django.views.generic import RedirectView

from . import views

# The same msgid as Mahjong's play page: the word is the same in every language.
PLAY = pgettext_lazy("URL part: the play page", "play/")
PASS_AND_PLAY = pgettext_lazy("URL part: the Rummy pass-and-play page", "pass-and-play/")
ONLINE = pgettext_lazy("URL part: the Rummy online rooms page", "online/")


class InviteConverter:
    """An online room's invitation: 16 URL-safe characters (anything else cannot be one: a 404)."""

    regex = "[A-Za-z0-9_-]{16}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(InviteConverter, "room_invite")

app_name = "rummy"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="rummy:play"), name="home"),
    path(PLAY, views.play_computer, name="play"),
    path(PASS_AND_PLAY, views.play_local, name="local"),
    path(ONLINE, views.online_lobby, name="online"),
    path(format_lazy("{}<room_invite:invite>/", ONLINE), views.online_room, name="room"),
]
