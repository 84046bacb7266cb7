"""Visitor pages of the game app (under the language prefix)."""

from django.urls import path  # noqa: F401

app_name = "game"
urlpatterns: list = []
