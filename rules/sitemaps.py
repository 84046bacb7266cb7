"""sitemap.xml: every public page in every language, with its alternates."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from game.core.registry import sitemap_url_names

from .models import Page

if TYPE_CHECKING:  # generic in the stubs only: not subscriptable at run time
    _Sitemap = Sitemap[Any]
else:
    _Sitemap = Sitemap


class TranslatedSitemap(_Sitemap):
    """Each item once per language, with every language as an alternate.

    The ``x-default`` alternate is the English address, as in the pages'
    own ``<link rel="alternate">``. (Django's ``x_default`` drops the language
    prefix instead, which only works without a prefix for the default language.)
    """

    i18n = True
    alternates = True
    x_default = False

    def get_urls(self, *args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        urls = super().get_urls(*args, **kwargs)
        for url in urls:
            default = [alt for alt in url["alternates"] if alt["lang_code"] == settings.LANGUAGE_CODE]
            if default:
                url["alternates"].append({"location": default[0]["location"], "lang_code": "x-default"})
        return urls


class PageSitemap(TranslatedSitemap):
    """The published content pages."""

    changefreq = "monthly"

    def items(self) -> list[Page]:
        return list(Page.objects.published())

    def location(self, item: Page) -> str:
        return item.get_absolute_url()

    def lastmod(self, item: Page) -> datetime:
        return item.updated

    def priority(self, item: Page) -> float:
        return 1.0 if item.key == "home" else 0.8


class GamePagesSitemap(TranslatedSitemap):
    """Each game's public pages, as its registry entry lists them."""

    changefreq = "weekly"
    priority = 0.7

    def items(self) -> list[str]:
        return sitemap_url_names()

    def location(self, item: str) -> str:
        return reverse(item)


SITEMAPS = {"pages": PageSitemap, "game": GamePagesSitemap}
