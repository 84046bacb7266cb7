"""Mahjong Solitaire's pages, under the language prefix and the game's translated prefix
(``/en/mahjong/play/``, ``/it/mahjong/gioca/``): each part of the address is translated."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy
from django.views.generic import RedirectView

from . import board_pages, replay_pages, views

PLAY = pgettext_lazy("URL part: the play page", "play/")
TILES = pgettext_lazy("URL part: the tiles page", "tiles/")
SCORES = pgettext_lazy("URL part: the leaderboards", "scores/")
DAILY = pgettext_lazy("URL part: the daily leaderboard", "daily/")

app_name = "mahjong"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="mahjong:play"), name="home"),
    path(PLAY, views.play, name="play"),
    path(format_lazy("{}<str:code>/", PLAY), views.play, name="play_code"),
    path(TILES, views.tiles, name="tiles"),
    path("board.svg", views.board_picture, name="board_picture"),
    path(SCORES, board_pages.leaderboard, name="leaderboard"),
    path(format_lazy("{}{}", SCORES, DAILY), board_pages.daily_leaderboard, name="daily_leaderboard"),
    path(format_lazy("{}<int:pk>/", SCORES), replay_pages.replay, name="replay"),
]
