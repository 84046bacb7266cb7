from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from .caching import cached_public_page
from .models import FAQ_KEY, HOME_KEY, FaqEntry, Page

PREVIEW_PARAMETER = "preview"


def _may_preview(request: HttpRequest) -> bool:
    """``?preview=1`` from someone who may edit pages shows unpublished ones too.

    Only a preview request looks at the user: ordinary page views never touch
    the session, so their cached copies are shared by every visitor. A preview
    is personal: it bypasses the page cache.
    """
    if PREVIEW_PARAMETER not in request.GET:
        return False
    user = request.user
    return bool(user.is_authenticated and user.is_staff and user.has_perm("rules.change_page"))


def _private(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, private=True, no_store=True)
    return response


def _neighbours(page: Page, pages: list[Page]) -> tuple[Page | None, Page | None]:
    """The pages before and after ``page`` in the navigation order."""
    keys = [item.key for item in pages]
    if page.key not in keys:
        return None, None
    index = keys.index(page.key)
    previous = pages[index - 1] if index > 0 else None
    following = pages[index + 1] if index + 1 < len(pages) else None
    return previous, following


@require_safe
@cached_public_page()
def home(request: HttpRequest) -> HttpResponse:
    """The home page; a built-in welcome text until the content is loaded."""
    page = Page.objects.published().filter(key=HOME_KEY).first()
    guides = list(Page.objects.published().exclude(key=HOME_KEY))
    return render(request, "rules/home.html", {"page": page, "guides": guides})


@require_safe
@cached_public_page(personal=_may_preview)
def page_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A published page, looked up by its slug in the active language."""
    preview = _may_preview(request)
    pages = Page.objects.all() if preview else Page.objects.published()
    page = pages.with_slug(slug).first()
    if page is None:
        raise Http404("No page has this address in this language.")
    if page.key == HOME_KEY:
        return redirect(page.get_absolute_url(), permanent=True)
    guides = list(Page.objects.published().exclude(key=HOME_KEY).filter(in_menu=True))
    previous, following = _neighbours(page, guides)
    context: dict[str, object] = {
        "page": page,
        "previous_page": previous,
        "next_page": following,
        "preview": preview,
        "faq_entries": [],
    }
    if page.key == FAQ_KEY:
        entries = FaqEntry.objects.all() if preview else FaqEntry.objects.published()
        context["faq_entries"] = list(entries)
    response = render(request, "rules/page.html", context)
    return _private(response) if preview else response


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    """Crawl everything but the admin and the API; point to the sitemap."""
    lines = [
        "User-agent: *",
        "Disallow: /admin/",
        "Disallow: /api/",
        "",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404 handler (used when DEBUG is off): the friendly, translated page."""
    return render(request, "404.html", {"error_page": True}, status=404)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400 handler (used when DEBUG is off), e.g. for thousands of query parameters: translated too."""
    return render(request, "400.html", {"error_page": True}, status=400)
