"""Tile Rummy's API routes, mounted at ``/api/rummy/`` (names: ``api:rummy:check``)."""

from django.urls import URLPattern, path

from game.rummy import converters  # noqa: F401  (registers <public_id:...>)

from . import matches, views

urlpatterns: list[URLPattern] = [
    path("check/", views.CheckView.as_view(), name="check"),
    path("moves/", views.MoveView.as_view(), name="moves"),
    path("matches/", matches.MatchesView.as_view(), name="matches"),
    path("matches/<public_id:match>/", matches.MatchView.as_view(), name="match"),
    path("matches/<public_id:match>/actions/", matches.ActionsView.as_view(), name="actions"),
    path("matches/<public_id:match>/hands/", matches.HandsView.as_view(), name="hands"),
    path("matches/<public_id:match>/free-seat/", matches.FreeSeatView.as_view(), name="free_seat"),
    path("rooms/", matches.RoomsView.as_view(), name="rooms"),
    path("rooms/<public_id:invite>/seat/", matches.RoomSeatView.as_view(), name="room_seat"),
]
