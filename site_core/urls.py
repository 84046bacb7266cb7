"""URL configuration.

Pages for visitors live under a language prefix for every language
(``/en/``, ``/it/``, ...). A request for ``/`` is redirected by
LocaleMiddleware to the prefix of the visitor's language (cookie, then the
browser's Accept-Language, then English).
"""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import URLPattern, URLResolver, include, path
from django.views.i18n import JavaScriptCatalog

from game.core.registry import games, js_catalogue_packages
from site_core.admin_site import brand
from site_core.health import healthz


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers ask for /favicon.ico on pages that name no icon (the admin's): the site's icon."""
    return HttpResponsePermanentRedirect(static("rules/favicon.svg"))


brand(admin.site)

urlpatterns = [
    # For load balancers: no language prefix, no redirect (see SECURE_REDIRECT_EXEMPT).
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language
    path("api/", include("game.core.api.urls")),
    path("", include("rules.root_urls")),  # sitemap.xml, robots.txt
]


def _game_pages() -> list[URLPattern | URLResolver]:
    """Each game's pages under its translated prefix, then its old addresses (301s)."""
    pages: list[URLPattern | URLResolver] = [
        path(game.url_prefix, include(game.urls)) for game in games() if game.urls
    ]
    pages += [path("", include(game.legacy_urls)) for game in games() if game.legacy_urls]
    return pages


urlpatterns += i18n_patterns(
    # The client's interface texts (djangojs domains of the games and their core), with plurals.
    path("jsi18n/", JavaScriptCatalog.as_view(packages=js_catalogue_packages()), name="javascript-catalog"),
    *_game_pages(),
    # Last: the content pages' slugs are a catch-all.
    path("", include("rules.urls")),
    prefix_default_language=True,
)

handler404 = "rules.views.page_not_found"
handler400 = "rules.views.bad_request"
