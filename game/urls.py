"""Visitor pages of the game app (under the language prefix)."""

from django.urls import path

from . import leaderboard, views

app_name = "game"
urlpatterns = [
    path("tiles/", views.tiles, name="tiles"),
    path("play/", views.play, name="play"),
    path("play/<str:code>/", views.play, name="play_code"),
    path("scores/", leaderboard.leaderboard, name="leaderboard"),
    path("scores/daily/", leaderboard.daily_leaderboard, name="daily_leaderboard"),
    path("scores/<int:pk>/", leaderboard.replay, name="replay"),
]
