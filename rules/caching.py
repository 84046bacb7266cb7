"""Whole-page caching of the public content pages.

Each page is cached per URL and per language (``cache_page`` adds the active
language to its key, and the language is in the URL anyway). The pages do
not touch the session or the user, so their responses carry no
``Vary: Cookie`` and one cached copy serves every visitor of that URL;
LocaleMiddleware adds no ``Vary: Accept-Language`` to URLs with a language
prefix, so the browser's language never selects a copy either.

Every page shows the titles of the others (navigation, previous / next), so
one edit may change them all: saving or deleting any page or FAQ entry moves
the *content version*, which is part of every key, and all cached copies are
dropped at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.cache import cache_page

SERVER_SECONDS = 60 * 60
"""How long a page stays in the server's cache (edits drop it at once)."""
BROWSER_SECONDS = 5 * 60
"""How long a browser may keep a page without asking again."""
VERSION_KEY = "rules:content-version"


def content_version() -> str:
    version = cache.get(VERSION_KEY)
    if version is None:
        version = str(time.time_ns())
        cache.add(VERSION_KEY, version, None)
        version = cache.get(VERSION_KEY, version)
    return str(version)


def content_changed(**_kwargs: Any) -> None:
    """Signal receiver: a page or an FAQ entry was saved or deleted."""
    cache.set(VERSION_KEY, str(time.time_ns()), None)


View = Callable[..., HttpResponse]


def cached_public_page(view: View) -> View:
    """Cache a page view's 200 responses under the current content version."""

    @wraps(view)
    def short_lived(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if not response.has_header("Cache-Control"):
            # Set first: cache_page then keeps the smaller max-age for browsers.
            patch_cache_control(response, public=True, max_age=BROWSER_SECONDS)
        return response

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        cached = cache_page(SERVER_SECONDS, key_prefix=f"rules.{content_version()}")(short_lived)
        return cached(request, *args, **kwargs)

    return wrapper
