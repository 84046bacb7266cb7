"""Mahjong Solitaire's API routes. They sit at the root of ``/api/`` (``/api/deals/``, ...):
the paths predate the other games and are a public contract."""

from django.urls import URLPattern, path

from . import views

urlpatterns: list[URLPattern] = [
    path("layouts/", views.LayoutListView.as_view(), name="layouts"),
    path("deals/", views.DealCreateView.as_view(), name="deals"),
    path("deals/<str:code>/", views.DealDetailView.as_view(), name="deal"),
    path("deals/<str:code>/shuffle/", views.ShuffleView.as_view(), name="shuffle"),
    path("solve/", views.SolveView.as_view(), name="solve"),
    path("scores/", views.ScoreCreateView.as_view(), name="scores"),
    path("scores/<int:pk>/", views.ScoreDetailView.as_view(), name="score"),
    path("leaderboards/", views.LeaderboardView.as_view(), name="leaderboards"),
]
