"""Tile Rummy's pages: the table against the computer, and pass and play on one device.

Both are the same page and the same client; only the mode differs.  The page
holds no game: the client resumes this browser's match of that mode (its seat
credential is in localStorage) or starts one through the seat API, and the
server sends it its seat's view only.
"""

from __future__ import annotations

from typing import Any, Final

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .models import Level, Mode

MODE_TITLES: Final[dict[Mode, Promise]] = {
    Mode.COMPUTER: _("Tile Rummy against the computer"),
    Mode.LOCAL: _("Tile Rummy: pass and play"),
}


def _config(mode: Mode) -> dict[str, Any]:
    from rules.models import Page  # the content site's pages (the rules page may not exist yet)

    # The game menu links to the rules once the content page "rummy-rules" is published.
    rules = Page.objects.published().filter(key="rummy-rules").first()
    return {
        "language": get_language(),
        "mode": mode.value,
        "matchesUrl": reverse("api:rummy:matches"),
        "sprite": static("rummy/tiles.svg"),
        # Ordered as the level menu lists them; Easy is the first visit's level.
        "levels": [{"key": level.value, "name": str(level.label)} for level in Level],
        "otherModeUrl": reverse("rummy:local" if mode == Mode.COMPUTER else "rummy:play"),
        "rulesUrl": rules.get_absolute_url() if rules else None,
    }


def _play(request: HttpRequest, mode: Mode) -> HttpResponse:
    context = {"mode": mode.value, "title": MODE_TITLES[mode], "config": _config(mode)}
    return render(request, "rummy/play.html", context)


def play_computer(request: HttpRequest) -> HttpResponse:
    return _play(request, Mode.COMPUTER)


def play_local(request: HttpRequest) -> HttpResponse:
    return _play(request, Mode.LOCAL)
