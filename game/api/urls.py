"""API routes, mounted at ``/api/`` (no language prefix: the API speaks JSON, not a language)."""

from django.urls import URLPattern, path, re_path

from . import views
from .errors import not_found

app_name = "api"
urlpatterns: list[URLPattern] = [
    path("", views.ApiRootView.as_view(), name="root"),
    path("layouts/", views.LayoutListView.as_view(), name="layouts"),
    path("deals/", views.DealCreateView.as_view(), name="deals"),
    path("deals/<str:code>/", views.DealDetailView.as_view(), name="deal"),
    path("deals/<str:code>/shuffle/", views.ShuffleView.as_view(), name="shuffle"),
    path("solve/", views.SolveView.as_view(), name="solve"),
    path("scores/", views.ScoreCreateView.as_view(), name="scores"),
    path("scores/<int:pk>/", views.ScoreDetailView.as_view(), name="score"),
    path("leaderboards/", views.LeaderboardView.as_view(), name="leaderboards"),
    path("schema/", views.SchemaView.as_view(), name="schema"),
    path("docs/", views.DocsView.as_view(url_name="api:schema"), name="docs"),
    # Last: anything else under /api/ is a JSON 404, not the site's HTML page
    # ("[\s\S]", not ".": a path may hold an encoded newline, which "." would not match).
    re_path(r"^(?P<path>[\s\S]*)$", not_found, name="not-found"),
]
