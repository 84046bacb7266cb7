"""Template helpers for the content site: paragraphs, navigation, language links."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.urls import reverse, translate_url
from django.utils import translation
from django.utils.safestring import SafeString

from ..models import HOME_KEY, Page
from ..text import render_paragraphs

register = template.Library()


@register.filter
def paragraphs(source: str) -> SafeString:
    """``{{ page.body|paragraphs }}``: escaped text, one ``<p>`` per block."""
    return render_paragraphs(source)


@register.simple_tag
def nav_pages() -> list[Page]:
    """Published pages for the main navigation (home has its own link)."""
    return list(Page.objects.published().exclude(key=HOME_KEY))


def _url_in(code: str, context: template.Context, path: str) -> str:
    with translation.override(code):
        if context.get("error_page"):
            # An error page has no translation of its own: offer each home.
            return reverse("rules:home")
        page = context.get("page")
        if isinstance(page, Page):
            return page.get_absolute_url()
        return translate_url(path, code)


@register.simple_tag(takes_context=True)
def language_alternates(context: template.Context) -> dict[str, Any]:
    """The current page's address in every language.

    Returns ``{"canonical": url, "x_default": url, "links": [...]}`` with
    absolute URLs for ``<link rel="canonical">`` / ``hreflang`` and, per
    language, ``code``, ``name`` (in that language), ``url`` and
    ``is_current`` for the language switcher. A page object in the context
    (``page``) supplies its translated slugs; other views are translated by
    URL name through ``translate_url``.
    """
    request = context.get("request")
    if request is None:
        return {"canonical": "", "x_default": "", "links": []}
    current = translation.get_language()
    links = []
    for code, _name in settings.LANGUAGES:
        url = _url_in(code, context, request.path)
        links.append(
            {
                "code": code,
                "name": translation.get_language_info(code)["name_local"],
                "url": url,
                "absolute_url": request.build_absolute_uri(url),
                "is_current": code == current,
            }
        )
    by_code = {link["code"]: link["absolute_url"] for link in links}
    return {
        "canonical": by_code.get(current, by_code[settings.LANGUAGE_CODE]),
        "x_default": by_code[settings.LANGUAGE_CODE],
        "links": links,
    }
