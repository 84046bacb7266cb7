"""The registry of games: each game's app describes itself once, here is where the site reads it.

A game's ``AppConfig`` subclasses :class:`GameAppConfig` and sets ``game`` to a
:class:`GameInfo`. The site's navigation, its URL mounting (pages under a translated prefix,
the API under ``/api/<slug>/``, sockets under ``/ws/<slug>/``), the sitemap, the home page's
cards, their stylesheets and what a game adds beside the home text, the API's error codes and
rate limits, the schema's enum names, the page texts' diagram fences (:class:`ContentFence`),
``purge_stale`` and the import contracts (``manage.py lint_imports``) all come from these
entries, in ``INSTALLED_APPS`` order. The sample pages of a game's ``content/`` folder
(``load_sample_content``), its catalogues (``make messages``) and its client (``tsc``) are found
in the game's folder. So adding a game touches no shared file but ``INSTALLED_APPS``:
tests/third_game/ proves it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.apps import AppConfig, apps
from django.db import models
from django.utils.functional import Promise
from django.utils.module_loading import import_string
from django.utils.safestring import SafeString

if TYPE_CHECKING:
    # What gettext_lazy returns, in the stubs: a Promise that stands for a str.
    from django_stubs_ext import StrPromise

StaleRows = Callable[[], "models.QuerySet[Any]"]
"""A query of rows ``purge_stale`` may delete, built anew for each batch."""


@dataclass(frozen=True)
class NavLink:
    """An entry of the site's main navigation: a URL name and its translated label."""

    url_name: str
    label: str | Promise


@dataclass(frozen=True)
class ContentFence:
    """A kind of fenced block in the page texts that a game draws (```` ```tiles ```` for Mahjong).

    ``render(text, show_errors)`` gives safe HTML (staff previews show mistakes,
    public pages leave a broken block out); ``errors(page_text)`` lists the
    mistakes of every such block of a page for the admin; ``help_text`` explains
    the notation to editors.
    """

    render: Callable[[str, bool], SafeString]
    errors: Callable[[str], list[str]] | None = None
    help_text: str | Promise | None = None


@dataclass(frozen=True)
class ErrorCode:
    """One of a game's own API error codes: what it means, its HTTP status, and what the game's
    client makes of it (the client's lists are tested against these flags, so the server stays
    their source)."""

    meaning: str
    status: int = 400
    final: bool = False
    """Sending the same request again can never succeed (a refused score: the game is over for good)."""
    stale: bool = False
    """The client's copy of the game is behind the server's: it reads it again to see why."""


@dataclass(frozen=True)
class GameInfo:
    """What the site needs to know about one game.

    ``slug`` is the URL namespace of the game's pages, its API prefix and its
    client storage namespace. ``url_prefix`` is translated (``gettext_lazy``)
    so the pages get slugs in each language. ``api_prefix`` is ``slug + "/"``
    for every game but Mahjong Solitaire, whose API predates the registry and
    keeps its paths at the root of ``/api/`` (a public contract).
    """

    slug: str
    name: str | Promise
    urls: str | None
    url_prefix: str | StrPromise
    api_urls: str | None = None
    api_prefix: str | None = None
    api_endpoints: Mapping[str, str] = field(default_factory=dict)
    nav: tuple[NavLink, ...] = ()
    sitemap: tuple[str, ...] = ()
    legacy_urls: str | None = None
    js_catalogue: str | None = None
    fences: Mapping[str, str] = field(default_factory=dict)
    """Fence name -> dotted path of a :class:`ContentFence` (imported once the apps are ready)."""
    stale_rows: Callable[[dt.datetime, int], Mapping[str, StaleRows]] | None = None
    tagline: str | Promise = ""
    """One sentence for the game's card on the home page."""
    play: tuple[NavLink, ...] = ()
    """The card's buttons: the main way to play first, then the others."""
    rules_page: str | None = None
    """The key of the content page with the game's rules, linked from its card."""
    api_error_codes: Mapping[str, ErrorCode] = field(default_factory=dict)
    """The game's own API error codes (beyond the shared ``CODES``), each written here once."""
    throttle_rates: Mapping[str, int] = field(default_factory=dict)
    """The game's rate-limit scopes (its views' ``throttle_scope``), each with its requests per
    minute per client address (``settings.THROTTLE_SCALE`` multiplies them all)."""
    api_enum_names: Mapping[str, str] = field(default_factory=dict)
    """Schema enum name -> dotted path of the choices it names (drf-spectacular's
    ``ENUM_NAME_OVERRIDES``), for choice sets several fields share."""
    engine: str | None = None
    """The game's pure rules package: ``manage.py lint_imports`` keeps it free of Django and the site."""
    home_stylesheets: tuple[str, ...] = ()
    """Static paths of the stylesheets the game's parts of the home page need: its card's picture
    and colour, what it shows beside the home text."""
    api_summary: str = ""
    """What the game's API offers, in a few words, for the schema's description."""
    home_template: str | None = None
    """A template the home page shows beside its text (Mahjong's daily challenge, say)."""
    websocket_urls: str | None = None
    """Dotted path of a module whose ``websocket_urlpatterns`` are mounted at ``/ws/<slug>/``."""
    picture: str | None = None
    """Dotted path of a function giving the picture on the game's home-page card (safe HTML, in
    the active language): drawn by the game's own engine, so it always shows the real game."""

    @property
    def mounted_api_prefix(self) -> str:
        return f"{self.slug}/" if self.api_prefix is None else self.api_prefix


class GameAppConfig(AppConfig):
    """Base of every game's app config: ``game`` describes the game to the site."""

    game: GameInfo


def games() -> list[GameInfo]:
    """Every installed game, in ``INSTALLED_APPS`` order."""
    return [config.game for config in apps.get_app_configs() if isinstance(config, GameAppConfig)]


def game_folders() -> list[Path]:
    """Each installed game's app folder, in ``INSTALLED_APPS`` order (its ``content/``, say)."""
    return [Path(config.path) for config in apps.get_app_configs() if isinstance(config, GameAppConfig)]


def nav_links() -> list[NavLink]:
    return [link for game in games() for link in game.nav]


def sitemap_url_names() -> list[str]:
    return [name for game in games() for name in game.sitemap]


def js_catalogue_packages() -> list[str]:
    """The apps whose djangojs catalogues the client's ``/jsi18n/`` serves."""
    return ["game.core", *(game.js_catalogue for game in games() if game.js_catalogue)]


def api_error_codes() -> dict[str, ErrorCode]:
    """Every game's own API error codes, by code."""
    return {code: error for game in games() for code, error in game.api_error_codes.items()}


def throttle_rates() -> dict[str, int]:
    """Every game's rate-limit scopes, with their requests per minute."""
    return {scope: rate for game in games() for scope, rate in game.throttle_rates.items()}


def api_enum_names() -> dict[str, str]:
    """Every game's schema enum names, with the dotted path of their choices."""
    return {name: dotted for game in games() for name, dotted in game.api_enum_names.items()}


def home_stylesheets() -> list[str]:
    """The stylesheets of every game's parts of the home page, each once."""
    return list(dict.fromkeys(sheet for game in games() for sheet in game.home_stylesheets))


def server_start_hooks() -> list[Callable[[], None]]:
    """Each game's WebSocket module's ``on_server_start`` (if it has one), for a server process to
    call as it starts, before it takes connections: what it must forget of an earlier run."""
    hooks = []
    for game in games():
        if game.websocket_urls is not None:
            hook = getattr(import_module(game.websocket_urls), "on_server_start", None)
            if hook is not None:
                hooks.append(hook)
    return hooks


def websocket_routes() -> list[Any]:
    """Every game's WebSocket routes, each under ``ws/<slug>/`` (for the ASGI router)."""
    from channels.routing import URLRouter
    from django.urls import path

    routes: list[Any] = []
    for game in games():
        if game.websocket_urls is not None:
            module = import_module(game.websocket_urls)
            # Channels nests routers rather than include(); the prefix is matched as a path start.
            routes.append(path(f"ws/{game.slug}/", URLRouter(module.websocket_urlpatterns)))  # type: ignore[arg-type]
    return routes


def content_fences() -> dict[str, ContentFence]:
    """Every game's fenced-block kinds for the page texts, by fence name."""
    fences: dict[str, ContentFence] = {}
    for game in games():
        for name, dotted in game.fences.items():
            fence = import_string(dotted)
            if not isinstance(fence, ContentFence):
                raise TypeError(f"{dotted} is not a ContentFence")
            fences[name] = fence
    return fences
