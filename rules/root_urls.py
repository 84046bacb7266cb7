"""Addresses outside the language prefixes: sitemap.xml and robots.txt."""

from django.contrib.sitemaps.views import sitemap
from django.http import QueryDict
from django.urls import path

from .caching import cached_public_page
from .sitemaps import SITEMAPS
from .views import robots_txt


def sitemap_page(query: QueryDict) -> str:
    """The one parameter the sitemap reads, ``p`` (its page), as the number it means."""
    number = query.get("p", "1")
    try:
        return str(int(number))
    except ValueError:
        return number  # the sitemap answers 404, which is never cached


urlpatterns = [
    path(
        "sitemap.xml", cached_public_page(query=sitemap_page)(sitemap), {"sitemaps": SITEMAPS}, name="sitemap"
    ),
    path("robots.txt", robots_txt, name="robots_txt"),
]
