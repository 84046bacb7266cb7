"""API routes, mounted at ``/api/`` (no language prefix: the API speaks JSON, not a language)."""

from django.urls import path  # noqa: F401

app_name = "api"
urlpatterns: list = []
