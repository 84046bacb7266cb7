"""Addresses outside the language prefixes: sitemap.xml and robots.txt."""

from django.contrib.sitemaps.views import sitemap
from django.urls import path

from .caching import cached_public_page
from .sitemaps import SITEMAPS
from .views import robots_txt

urlpatterns = [
    path("sitemap.xml", cached_public_page(sitemap), {"sitemaps": SITEMAPS}, name="sitemap"),
    path("robots.txt", robots_txt, name="robots_txt"),
]
