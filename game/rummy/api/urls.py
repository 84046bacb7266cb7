"""Tile Rummy's API routes, mounted at ``/api/rummy/`` (names: ``api:rummy:check``)."""

from django.urls import URLPattern, path

from . import views

urlpatterns: list[URLPattern] = [
    path("check/", views.CheckView.as_view(), name="check"),
    path("moves/", views.MoveView.as_view(), name="moves"),
]
