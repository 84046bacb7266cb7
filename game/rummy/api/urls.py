"""Tile Rummy's API routes, mounted at ``/api/rummy/`` (names: ``api:rummy:check``)."""

from django.urls import URLPattern, path, register_converter

from . import matches, views


class MatchConverter:
    """A match's address: 16 URL-safe characters (anything else cannot be one, so it is a 404)."""

    regex = "[A-Za-z0-9_-]{16}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(MatchConverter, "match")

urlpatterns: list[URLPattern] = [
    path("check/", views.CheckView.as_view(), name="check"),
    path("moves/", views.MoveView.as_view(), name="moves"),
    path("matches/", matches.MatchesView.as_view(), name="matches"),
    path("matches/<match:match>/", matches.MatchView.as_view(), name="match"),
    path("matches/<match:match>/actions/", matches.ActionsView.as_view(), name="actions"),
    path("matches/<match:match>/hands/", matches.HandsView.as_view(), name="hands"),
    path("rooms/", matches.RoomsView.as_view(), name="rooms"),
    path("rooms/<match:invite>/seat/", matches.RoomSeatView.as_view(), name="room_seat"),
]
