"""Permanent redirects from a page's old address to its URL name's current one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.urls import reverse


def moved_to(url_name: str) -> Callable[..., HttpResponsePermanentRedirect]:
    """A view answering 301 to ``url_name`` (same arguments, same query string), in the request's language."""

    def moved(request: HttpRequest, **kwargs: Any) -> HttpResponsePermanentRedirect:
        target = reverse(url_name, kwargs=kwargs or None)
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)

    return moved
