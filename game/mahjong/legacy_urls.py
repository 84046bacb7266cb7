"""The pages' addresses before the games had prefixes (``/en/play/``): 301s to where they are now,
so that no link anyone shared breaks."""

from django.urls import path

from game.core.redirects import moved_to

urlpatterns = [
    path("play/", moved_to("mahjong:play")),
    path("play/<str:code>/", moved_to("mahjong:play_code")),
    path("tiles/", moved_to("mahjong:tiles")),
    path("scores/", moved_to("mahjong:leaderboard")),
    path("scores/daily/", moved_to("mahjong:daily_leaderboard")),
    path("scores/<int:pk>/", moved_to("mahjong:replay")),
]
