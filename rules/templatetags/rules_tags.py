"""Template helpers for the content site: bodies, navigation, language links."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import template
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest
from django.urls import reverse, translate_url
from django.utils import translation
from django.utils.safestring import SafeString

from ..markdown import RenderedBody, render_body
from ..models import HOME_KEY, Page

register = template.Library()

# Open Graph wants a territory with each language.
OG_LOCALES = {"en": "en_GB", "it": "it_IT", "pl": "pl_PL", "ru": "ru_RU", "fr": "fr_FR"}


@register.filter
def paragraphs(source: str) -> SafeString:
    """``{{ page.body|paragraphs }}``: the body as safe HTML (see :mod:`rules.markdown`)."""
    return render_body(source).html


@register.simple_tag
def rendered(source: str, preview: bool = False) -> RenderedBody:
    """``{% rendered page.body preview as body %}``: ``body.html`` and ``body.contents``.

    ``contents`` lists the second-level headings; with ``preview`` true, a
    broken fenced block (a tile diagram) shows its errors instead of being
    left out.
    """
    return render_body(source, show_errors=bool(preview))


@register.simple_tag
def nav_pages() -> list[Page]:
    """Published pages for the main navigation (home has its own link)."""
    return list(Page.objects.published().exclude(key=HOME_KEY).filter(in_menu=True))


@register.simple_tag
def footer_pages() -> list[Page]:
    """Published pages linked from the footer only (e.g. about)."""
    return list(Page.objects.published().exclude(key=HOME_KEY).filter(in_menu=False))


def _url_in(code: str, context: template.Context, path: str) -> str:
    page = context.get("page")
    if not context.get("error_page") and not isinstance(page, Page):
        # Resolved in the page's own language (its prefix only matches then),
        # reversed by translate_url in the other one.
        return translate_url(path, code)
    with translation.override(code):
        if isinstance(page, Page) and not context.get("error_page"):
            return page.get_absolute_url()
        # An error page has no translation of its own: offer each home.
        return reverse("rules:home")


def _absolute_builder(request: HttpRequest) -> Callable[[str], str]:
    """``request.build_absolute_uri``, or the path alone when the request's host is not ours: the
    400 page that refuses such a host must not ask for it again (DisallowedHost, then a 500)."""
    try:
        request.get_host()
    except DisallowedHost:
        return lambda url: url
    return request.build_absolute_uri


@register.simple_tag(takes_context=True)
def language_alternates(context: template.Context) -> dict[str, Any]:
    """The current page's address in every language.

    Returns ``{"canonical": url, "x_default": url, "og_locale": ..., "links": [...]}``
    with absolute URLs for ``<link rel="canonical">`` / ``hreflang`` and, per
    language, ``code``, ``name`` (in that language), ``url``, ``og_locale``
    and ``is_current`` for the language switcher. A page object in the
    context (``page``) supplies its translated slugs; other views (the game's
    pages, for instance) are translated by URL name through ``translate_url``;
    ``alternates_query`` in the context is appended to every address.
    """
    request = context.get("request")
    if request is None:
        return {"canonical": "", "x_default": "", "og_locale": "", "links": []}
    current = translation.get_language()
    # A view whose page depends on its query string (a leaderboard) names the part that counts.
    query = context.get("alternates_query") or ""
    absolute = _absolute_builder(request)
    links = []
    for code, _name in settings.LANGUAGES:
        url = _url_in(code, context, request.path) + (f"?{query}" if query else "")
        links.append(
            {
                "code": code,
                "name": translation.get_language_info(code)["name_local"],
                "url": url,
                "absolute_url": absolute(url),
                "og_locale": OG_LOCALES.get(code, code),
                "is_current": code == current,
            }
        )
    by_code = {link["code"]: link["absolute_url"] for link in links}
    return {
        "canonical": by_code.get(current, by_code[settings.LANGUAGE_CODE]),
        "x_default": by_code[settings.LANGUAGE_CODE],
        "og_locale": OG_LOCALES.get(current, current),
        "links": links,
    }
