"""Whole-page caching of the public content pages.

Pages live in ``caches["pages"]``: each process's own memory, bounded (see the
"Cache" section of the settings), never the default cache, whose rate-limit
counters a flood of page requests must not push out.

A page's key is made of what selects its content and nothing else: the
scheme and host name (the pages carry absolute links; the port is left out, and
only a page asked for with the server's own port is stored), the path, the active
language, and the query parameters the view reads, if any (passed by name,
normalised). Unknown query strings (``?x=1``, ``?x=2``...) all share the one
copy. The pages do not touch the session or the user, so one copy serves
every visitor; a request that gets a personal answer (a staff member's
``?preview``) bypasses the cache both ways, while anyone else's ``?preview``
is the public page and is served from the cache like any other.

Every page shows the titles of the others (navigation, previous / next), so
one edit may change them all: saving or deleting any page or FAQ entry gives
the content a new stamp (:class:`rules.models.ContentVersion`, in the
database), which is part of every key. Each request reads the stamp (one
primary-key query), so an edit shows at once on every process.

Browsers may keep a page for ``BROWSER_SECONDS``; the response says so in
``Cache-Control`` alone. No ``Expires`` is sent: ``max-age`` takes precedence
over it in HTTP/1.1 anyway, and a copy served from the server's cache later
would carry a stale date.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBase, QueryDict
from django.http.request import split_domain_port
from django.template.response import SimpleTemplateResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language

from .models import ContentVersion

PAGE_CACHE = "pages"
SERVER_SECONDS = 60 * 60
"""How long a page stays in the server's cache (edits drop it at once)."""
BROWSER_SECONDS = 5 * 60
"""How long a browser may keep a page without asking again."""
KEY_PREFIX = "rules.page"

View = Callable[..., HttpResponse]
QueryKey = Callable[[QueryDict], str]
Personal = Callable[[HttpRequest], bool]


def content_version() -> str:
    """The content's current stamp, from the database."""
    return ContentVersion.current()


def content_changing(using: str = DEFAULT_DB_ALIAS, **_kwargs: Any) -> None:
    """``pre_save`` / ``pre_delete`` receiver: inside a transaction, the new stamp comes first.

    It commits together with the change, and the bump holds the version row
    before the page's own row is touched. Every writer of pages takes that
    row first (the sample loader locks it at the start), so two of them
    never wait for each other in a circle (a deadlock on PostgreSQL).
    """
    if transaction.get_connection(using).in_atomic_block:
        ContentVersion.bump(using)


def content_changed(using: str = DEFAULT_DB_ALIAS, **_kwargs: Any) -> None:
    """``post_save`` / ``post_delete`` receiver: outside a transaction, the new stamp comes after.

    In autocommit each statement commits at once: a stamp written before the
    change could be read, with the old text, by another process, which would
    cache the old text under the new stamp.
    """
    if not transaction.get_connection(using).in_atomic_block:
        ContentVersion.bump(using)


def page_key(request: HttpRequest, version: str, query: str = "") -> str:
    """The cache key of the page ``request`` asks for, under content ``version``.

    The host without its port: a client can write any port in ``Host`` (the
    allowed hosts name no port), and a key per port would make each one a miss.
    """
    host, _port = split_domain_port(request.get_host())
    selects = "\n".join([request.scheme or "", host, request.path, get_language() or "", query])
    return f"{KEY_PREFIX}.{version}.{hashlib.sha256(selects.encode('utf-8')).hexdigest()}"


def _own_port(request: HttpRequest) -> bool:
    """Whether ``Host`` names no port, or the one the server was reached on.

    Only such a page is stored: its absolute links carry the port it was asked
    with, and a copy made for a port of the client's choosing would send every
    visitor there.
    """
    _host, port = split_domain_port(request.get_host())
    return not port or port == str(request.META.get("SERVER_PORT", ""))


def _storable(request: HttpRequest, response: HttpResponseBase) -> bool:
    """Only a plain, public 200 to a GET: never an error, a cookie or a personal answer."""
    cache_control = response.get("Cache-Control", "")
    return (
        request.method == "GET"
        and response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not response.has_header("Vary")
        and not any(word in cache_control for word in ("private", "no-store", "no-cache"))
    )


def cached_public_page(
    *, query: QueryKey | None = None, personal: Personal | None = None
) -> Callable[[View], View]:
    """Cache a page view's 200 responses in ``caches["pages"]`` under the current content version.

    ``query`` turns the query parameters the view reads into a part of the key
    (normalised, so that equivalent spellings share a copy); every other
    parameter is ignored. A request for which ``personal`` is true is neither
    answered from nor stored in the cache.
    """

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in ("GET", "HEAD") or (personal is not None and personal(request)):
                return view(request, *args, **kwargs)
            pages = caches[PAGE_CACHE]
            key = page_key(request, content_version(), query(request.GET) if query else "")
            cached: HttpResponse | None = pages.get(key)
            if cached is not None:
                return cached
            response = view(request, *args, **kwargs)
            if not response.has_header("Cache-Control"):
                patch_cache_control(response, public=True, max_age=BROWSER_SECONDS)
            if _storable(request, response) and _own_port(request):

                def store(rendered: HttpResponse) -> None:
                    pages.set(key, rendered, SERVER_SECONDS)

                if isinstance(response, SimpleTemplateResponse) and not response.is_rendered:
                    response.add_post_render_callback(store)
                else:
                    store(response)
            return response

        return wrapper

    return decorator
