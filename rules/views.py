from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from .models import HOME_KEY, Page


def home(request: HttpRequest) -> HttpResponse:
    """The home page; a built-in welcome text until the content is loaded."""
    page = Page.objects.published().filter(key=HOME_KEY).first()
    return render(request, "rules/home.html", {"page": page})


def page_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A published page, looked up by its slug in the active language."""
    page = get_object_or_404(Page.objects.published().with_slug(slug))
    if page.key == HOME_KEY:
        return redirect(page.get_absolute_url(), permanent=True)
    return render(request, "rules/page.html", {"page": page})


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404 handler (used when DEBUG is off): the friendly, translated page."""
    return render(request, "404.html", {"error_page": True}, status=404)
