"""API routes, mounted at ``/api/`` (no language prefix: the API speaks JSON, not a language).

Each game's routes come from the registry: under ``/api/<slug>/``, except
Mahjong Solitaire's, which keep their original paths at the root. Every
route's name lives in the one ``api`` namespace (``api:deals``), a game's
under its own nested namespace when it has a prefix (``api:rummy:check``).
"""

from django.urls import URLPattern, URLResolver, include, path, re_path

from game.core.registry import games

from . import views
from .errors import not_found

app_name = "api"


def _game_routes() -> list[URLPattern | URLResolver]:
    routes: list[URLPattern | URLResolver] = []
    for game in games():
        if game.api_urls is None:
            continue
        prefix = game.mounted_api_prefix
        if prefix:
            routes.append(path(prefix, include((game.api_urls, game.slug))))
        else:
            routes.append(path("", include(game.api_urls)))
    return routes


urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.ApiRootView.as_view(), name="root"),
    *_game_routes(),
    path("schema/", views.SchemaView.as_view(), name="schema"),
    path("docs/", views.DocsView.as_view(url_name="api:schema"), name="docs"),
    # Last: anything else under /api/ is a JSON 404, not the site's HTML page
    # ("[\s\S]", not ".": a path may hold an encoded newline, which "." would not match).
    re_path(r"^(?P<path>[\s\S]*)$", not_found, name="not-found"),
]
